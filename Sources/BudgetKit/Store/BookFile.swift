#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The book's file as the file system sees it: looked at before SQLite opens it, and made whole
/// before it gets its name.
///
/// SQLite opens whatever is at a path and creates what is missing, so left alone it would turn a
/// typo'd path into an empty book, leave a stray `-journal` beside a FIFO, and initialize a
/// zero-byte or truncated file as a fresh book. Hence: ``Connection`` never creates a file; a new
/// book (or backup) is written whole into a temporary file beside its final name, synced, and
/// linked into place, so a zero-byte or half-written file under a book's name is always damage
/// done by someone else, refused and left as it was.
enum BookFile {
    /// What is at a path.
    enum State: Equatable {
        /// Nothing (or a missing folder on the way).
        case missing
        /// A regular file, or a symbolic link to one.
        case regular
        /// A directory, FIFO, device or socket.
        case other(FileKind)
        /// A symbolic link to nothing; `target` is where it points, as a path usable from here.
        case danglingLink(target: String)
    }

    /// A failed system call: its `errno`.
    struct Failure: Error {
        let code: Int32

        /// The system's words for it, in lower case ("no space left on device").
        var message: String { BookFile.words(for: code) }
    }

    /// The first bytes of every SQLite database file.
    static let magic = Array("SQLite format 3\0".utf8)

    /// Looks at `path` without opening it.
    ///
    /// - Throws: ``BudgetError/cannotOpenDatabase(path:reason:)`` when the path cannot be looked at
    ///   (a folder on the way without search permission).
    static func state(of path: String) throws(BudgetError) -> State {
        var info = stat()
        if stat(path, &info) == 0 {
            return FileKind(mode: UInt32(info.st_mode)).map { .other($0) } ?? .regular
        }
        let code = errno
        guard code == ENOENT || code == ENOTDIR else {
            throw .cannotOpenDatabase(path: path, reason: words(for: code))
        }
        guard lstat(path, &info) == 0, (UInt32(info.st_mode) & 0o170000) == 0o120000 else { return .missing }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return .missing }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .danglingLink(target: target.hasPrefix("/") ? target : folder(of: path) + "/" + target)
    }

    /// The folder holding `path` ("." for a bare name, "/" for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether anything (even a dangling link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `mkdir -p` of the folder holding `path`, each new folder with mode 0700.
    ///
    /// - Returns: the folders it made, outermost first (not one another process made meanwhile).
    /// - Throws: ``BudgetError/cannotOpenDatabase(path:reason:)`` naming the folder that is a file
    ///   or cannot be made.
    @discardableResult
    static func makeDirectories(for path: String) throws(BudgetError) -> [String] {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return [] }
        let folder = String(path[..<slash])
        var info = stat()
        if stat(folder, &info) == 0 {
            if FileKind(mode: UInt32(info.st_mode)) != .directory {
                throw .cannotOpenDatabase(path: path, reason: "\(folder) is not a directory")
            }
            return []
        }
        let made = try makeDirectories(for: folder)
        if mkdir(folder, 0o700) == 0 { return made + [folder] }
        guard errno == EEXIST else {
            throw .cannotOpenDatabase(path: path, reason: "cannot create \(folder): " + words(for: errno))
        }
        return made
    }

    /// A new, empty file beside `path` (same folder, so it can be linked to `path`), named
    /// `PATH.partial-` and 16 hex digits (``temporaryDigits(beside:)``), mode 0600 whatever the
    /// umask, never through a symbolic link, and locked (`flock`) while its descriptor is open:
    /// the lock tells ``removeLeftovers(beside:)`` that its writer is alive, and goes when the
    /// writer ends, even by `kill -9`.
    ///
    /// - Returns: its path and an open descriptor (for `fsync`); the caller closes and removes it.
    static func temporary(beside path: String) throws(Failure) -> (path: String, descriptor: Int32) {
        while true {
            let name = path + ".partial-" + temporaryDigits(beside: path)
            let descriptor = open(name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                // A file system without locks leaves it unlocked: the sweep cannot lock it either.
                flock(descriptor, LOCK_EX | LOCK_NB)
                fchmod(descriptor, 0o600)
                return (name, descriptor)
            }
            guard errno == EEXIST else { throw Failure(code: errno) }
        }
    }

    /// What SQLite may make beside a database file: its rollback journal, write-ahead log and
    /// shared-memory index.
    static let companionSuffixes = ["-journal", "-wal", "-shm"]

    /// Removes the temporary file at `path` and what SQLite made beside it (a `VACUUM INTO`
    /// stopped by a full disk leaves its `-journal`).
    static func removeTemporary(_ path: String) {
        unlink(path)
        for suffix in companionSuffixes { unlink(path + suffix) }
    }

    /// Gives the whole, synced file `temporary` the name `path`, only if nothing is at `path` yet
    /// (not even a dangling link), then syncs the folder so the name survives a power cut.
    ///
    /// `link()` is the atomic "create if absent" of names; on a file system without hard links
    /// (FAT, some network mounts) `renameat2(RENAME_NOREPLACE)` does the same.
    ///
    /// - Throws: ``Failure`` with `EEXIST` when something is at `path`; `temporary` is then left.
    static func publish(_ temporary: String, as path: String) throws(Failure) {
        if link(temporary, path) == 0 {
            unlink(temporary)
        } else {
            let code = errno
            guard [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(code), let renameNoReplace else { throw Failure(code: code) }
            guard renameNoReplace(AT_FDCWD, temporary, AT_FDCWD, path, 1) == 0 else {
                throw Failure(code: errno == EINVAL ? code : errno)
            }
        }
        syncFolder(of: path)
    }

    /// glibc's `renameat2`, which Swift's Glibc module does not declare; flag 1 is RENAME_NOREPLACE.
    private static let renameNoReplace: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()

    /// Flushes the folder holding `path`, so a name just made or removed in it is on disk.
    /// Best effort: some file systems refuse `fsync` on a folder, and the data is synced already.
    static func syncFolder(of path: String) {
        let descriptor = open(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes all of `bytes` to `descriptor`, going on after short writes and interruptions.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            offset += written
        }
    }

    /// Copies the file at `source` to the open, empty file `descriptor`, then syncs it.
    static func copy(_ source: String, to descriptor: Int32) throws(Failure) {
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard input >= 0 else { throw Failure(code: errno) }
        defer { close(input) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            if count == 0 { break }
            try writeAll(descriptor, UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        guard fsync(descriptor) == 0 else { throw Failure(code: errno) }
    }

    /// `strerror` in lower case, as messages quote it.
    static func words(for code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
