#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BudgetStore {
    /// Writes a consistent copy of the whole book to a new file at `path` (mode 0600), while
    /// other processes may go on writing. Never overwrites anything, even an empty file or a
    /// dangling symbolic link.
    ///
    /// The copy is written into a temporary file beside `path` (`PATH.partial-…`), synced, and
    /// only then linked to `path`: a kill or a full disk at any moment leaves nothing under
    /// `path`, so whatever is found at `path` is a whole book. A kill leaves the temporary file,
    /// which the next backup or restore removes once its writer is gone (see
    /// ``BookFile/removeLeftovers(beside:)``), as it does those of killed runs beside the book.
    ///
    /// ```swift
    /// try store.backup(to: "/media/usb/budget-2026-11.sqlite3")
    /// ```
    ///
    /// - Throws: ``BudgetError/backupExists(path:)``, ``BudgetError/cannotWriteBackup(path:reason:)``
    ///   (no such folder, no permission, disk full), or the book's own errors
    ///   (``BudgetError/corruptDatabase(path:)``) when it cannot be read whole.
    public func backup(to path: String) throws {
        // Checked first for a quick answer; link() below is what really never overwrites.
        if BookFile.exists(path) { throw BudgetError.backupExists(path: path) }
        BookFile.removeLeftovers(beside: path)
        BookFile.removeLeftovers(beside: self.path)
        let copy = try writeCopy(beside: path, reportingAs: path)
        defer {
            close(copy.descriptor)
            BookFile.removeTemporary(copy.path)
        }
        do {
            try BookFile.publish(copy.path, as: path)
        } catch where error.code == EEXIST {
            throw BudgetError.backupExists(path: path)
        } catch {
            throw BudgetError.cannotWriteBackup(path: path, reason: error.message)
        }
    }

    /// Writes a consistent copy of the whole book to `write`, a chunk (up to 64 KiB) at a time:
    /// for `budget backup -` to standard output.
    ///
    /// The copy is first made whole in a temporary file (`FOLDER/budget-backup.partial-…`, mode
    /// 0600: it holds the whole book) in the first of `folders` where it can be written, else
    /// beside the book (`BOOK.partial-…`): a book in a read-only folder streams too. The file's
    /// name is removed before the first chunk is written and the file itself on every way out,
    /// so nothing is left behind once streaming starts. What killed runs left in those folders
    /// and beside the book goes first (see ``BookFile/removeLeftovers(beside:)``).
    ///
    /// ```swift
    /// try store.backup(stagingIn: ["/tmp"]) { chunk in try output.write(chunk) }
    /// ```
    ///
    /// - Parameters:
    ///   - folders: where to make the temporary copy, in order (`$TMPDIR`, `/tmp`); the book's
    ///     own folder is tried last.
    ///   - write: called with each chunk in order; what it throws ends the backup and is thrown
    ///     unchanged (a closed pipe, for example).
    /// - Throws: ``BudgetError/cannotStageBackup(folder:reason:)`` naming the first folder and why
    ///   when the copy could be made in none of them (full, read-only, missing), the book's own
    ///   errors, or what `write` throws.
    public func backup(stagingIn folders: [String], writingTo write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var firstFailure: BudgetError?
        BookFile.removeLeftovers(beside: path)
        for base in folders.map({ $0 + "/budget-backup" }) + [path] {
            let copy: (path: String, descriptor: Int32)
            if base != path { BookFile.removeLeftovers(beside: base) }
            do {
                copy = try writeCopy(beside: base, reportingAs: nil)
            } catch BudgetError.cannotWriteBackup(_, let reason) {
                firstFailure = firstFailure ?? .cannotStageBackup(folder: BookFile.folder(of: base), reason: reason)
                continue
            }
            defer { close(copy.descriptor) }
            unlink(copy.path)
            try stream(copy.descriptor, from: BookFile.folder(of: base), to: write)
            return
        }
        throw firstFailure ?? BudgetError.cannotStageBackup(folder: BookFile.folder(of: path), reason: BookFile.words(for: ENOENT))
    }

    /// Reads the open file `descriptor` from its start to `write`, 64 KiB at a time.
    private func stream(_ descriptor: Int32, from folder: String, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw BudgetError.cannotStageBackup(folder: folder, reason: BookFile.words(for: errno))
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw BudgetError.cannotStageBackup(folder: folder, reason: BookFile.words(for: errno)) }
            if count == 0 { return }
            try buffer.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// `VACUUM INTO` a new temporary file beside `neighbour` (`NEIGHBOUR.partial-…`), synced: a
    /// consistent, compacted copy of the book with no -wal of its own. The caller closes the
    /// descriptor and removes the file. When it throws, nothing is left.
    ///
    /// - Parameter target: the path errors name (the temporary file's when `nil`).
    /// - Throws: ``BudgetError/cannotWriteBackup(path:reason:)`` when the copy cannot be written
    ///   there, or the book's own errors.
    func writeCopy(beside neighbour: String, reportingAs target: String?) throws -> (path: String, descriptor: Int32) {
        let copy: (path: String, descriptor: Int32)
        do {
            copy = try BookFile.temporary(beside: neighbour)
        } catch {
            throw BudgetError.cannotWriteBackup(path: target ?? neighbour + ".partial-…", reason: error.message)
        }
        do {
            try connection.vacuum(into: copy.path)
            guard fsync(copy.descriptor) == 0 else { throw BookFile.Failure(code: errno) }
            return copy
        } catch {
            close(copy.descriptor)
            BookFile.removeTemporary(copy.path)
            if let failure = error as? BookFile.Failure {
                throw BudgetError.cannotWriteBackup(path: target ?? copy.path, reason: failure.message)
            }
            let sqlite = error as? SQLiteError
            if let sqlite, sqlite.isCorrupt || sqlite.isNotADatabase || sqlite.isBusy {
                throw BudgetStore.translate(sqlite, path: path)
            }
            // SQLite's "database or disk is full" would read as the book's disk: say whose it is.
            let reason = sqlite?.isFull == true ? BookFile.words(for: ENOSPC) : sqlite?.message ?? "\(error)"
            throw BudgetError.cannotWriteBackup(path: target ?? copy.path, reason: reason)
        }
    }
}
