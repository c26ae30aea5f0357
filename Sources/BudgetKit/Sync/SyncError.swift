/// What can go wrong with devices, changeset files and the shared sync folder, each case naming
/// the offending path or value.
///
/// These belong in ``BudgetError``; they wait here until the CLI's error words (an exhaustive
/// switch over ``BudgetError``) can take them, so that adding them breaks no build. `description`
/// is a developer-facing line; the sentences people read are the CLI's.
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A device name that cannot be used: empty, longer than ``Device/maximumNameLength``
    /// characters, or with control characters.
    case invalidDeviceName(String)
    /// A file in the sync folder that cannot be used; `problem` says why. Nothing of it was applied.
    case invalidChangesetFile(path: String, problem: ChangesetFileProblem)
    /// Writing a changeset file found its name taken: this device's sequence number was used
    /// before, by this device or by another using the same ``DeviceID`` (a copied book). The
    /// file there was left as it was.
    case changesetFileExists(path: String)
    /// A changeset file could not be written (folder read-only, disk full...); nothing was left
    /// under its name.
    case cannotWriteChangesetFile(path: String, reason: String)
    /// A changeset file could not be read (missing, no permission, not a regular file).
    case cannotReadChangesetFile(path: String, reason: String)
    /// The sync folder cannot be listed (missing, not a folder, no permission).
    case cannotOpenSyncFolder(path: String, reason: String)
    /// The book at `path` has transactions or categories of its own and has never synced, while
    /// the folder already holds another book: two histories whose ids overlap cannot be merged.
    case bookNotEmpty(path: String)
    /// The folder `path` lacks `file`, the last changeset file this device published: it is not
    /// the folder the book syncs with (a mistyped path that exists, its parent, another book's
    /// folder). Publishing there would number the next file after `file`, which the other devices
    /// would never see, and they would wait for it for good. Nothing was published or applied.
    case notTheBooksFolder(path: String, file: String)
    /// Another process of this machine synced through `path` (``SyncFolderLock``) for all of
    /// `seconds`. Nothing was read or written.
    case syncFolderBusy(path: String, seconds: Int)
    /// All ten device slots of the book are taken.
    case noFreeSlot
    /// This book shares a sync folder but its device (named `device`) has no slot there yet, so
    /// it cannot make ids: a copied or restored book is a new device until its next sync.
    case noSlotYet(device: String)

    public var description: String {
        switch self {
        case .invalidDeviceName(let name):
            return "invalid device name '\(name)'"
        case .invalidChangesetFile(let path, let problem):
            return "\(path): \(problem)"
        case .changesetFileExists(let path):
            return "\(path) already exists"
        case .cannotWriteChangesetFile(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .cannotReadChangesetFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .cannotOpenSyncFolder(let path, let reason):
            return "cannot open the sync folder \(path): \(reason)"
        case .bookNotEmpty(let path):
            return "\(path) has entries of its own and the sync folder holds another book"
        case .notTheBooksFolder(let path, let file):
            return "\(path) lacks \(file), the last file this device published"
        case .syncFolderBusy(let path, let seconds):
            return "another sync through \(path) ran for \(seconds) s"
        case .noFreeSlot:
            return "all ten device slots are taken"
        case .noSlotYet(let device):
            return "device \(device) has no slot in the sync folder yet"
        }
    }
}

/// What is wrong with a changeset file (``SyncError/invalidChangesetFile(path:problem:)``).
public enum ChangesetFileProblem: Hashable, Sendable, CustomStringConvertible {
    /// It does not start like a changeset file.
    case notAChangesetFile
    /// It is shorter than its header says: `size` bytes, `expected` at least.
    case truncated(size: Int64, expected: Int64)
    /// It is longer than its header says: `size` bytes, `expected` exactly.
    case trailingBytes(size: Int64, expected: Int64)
    /// Its header's checksum does not match, or a header field is impossible.
    case damagedHeader
    /// Its changes' checksum does not match, or they are not a well-formed changeset.
    case damagedChanges
    /// It was written by a newer `budget`, in file format `version`; this one reads up to `supported`.
    case newerFormat(version: Int, supported: Int)
    /// Its header announces more changes than any changeset can hold.
    case tooLarge(length: Int64, limit: Int64)
    /// Its name says one device and sequence number, its header another (a renamed or copied file).
    case misnamed(device: DeviceID, sequence: UInt64)
    /// It was recorded by a book of a newer schema than this one reads: update budget.
    case newerSchema(version: Int, supported: Int)

    public var description: String {
        switch self {
        case .notAChangesetFile: return "not a changeset file"
        case .truncated(let size, let expected): return "truncated (\(size) bytes, expected at least \(expected))"
        case .trailingBytes(let size, let expected): return "\(size) bytes where \(expected) were expected"
        case .damagedHeader: return "damaged header"
        case .damagedChanges: return "damaged changes"
        case .newerFormat(let version, let supported): return "file format \(version) is newer than \(supported)"
        case .tooLarge(let length, let limit): return "announces \(length) bytes of changes, more than \(limit)"
        case .misnamed(let device, let sequence): return "its header names device \(device), sequence \(sequence)"
        case .newerSchema(let version, let supported): return "recorded by a book of schema \(version), newer than \(supported)"
        }
    }
}
