#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What runs killed part-way (`kill -9`, a crash, a power cut) leave behind: the temporary files
/// of ``BookFile/temporary(beside:)`` (`NAME.partial-` and 16 hex digits, as large as the book)
/// and the `-journal`, `-wal` or `-shm` SQLite made beside them. The next backup or restore
/// removes those in the folders it works in (``BookFile/removeLeftovers(beside:)``).
///
/// A file another process is writing right now (a backup of the same book running beside) is
/// never removed: ``BookFile/temporary(beside:)`` takes an exclusive `flock` on each file as it
/// makes it and holds it while the file is open, and the kernel lets go of it when the writer
/// ends, however it ends; a file whose lock cannot be had at once is someone's work in progress.
/// A process id in the name would not do as well: ids are reused, and another machine or
/// container sharing the folder has ids of its own.
///
/// A file is removed only when all of these hold, so a name that merely looks like one is kept:
/// - its name is `NAME.partial-` and 16 lowercase hex digits whose last 4 are budget's mark of
///   the rest (``mark(_:_:)``), or whose `NAME` is the very path this run works on (the names of
///   earlier versions had no mark); with nothing after, or one of SQLite's suffixes;
/// - it is a regular file (never a link or a folder) of this user, with mode 0600, as budget
///   and SQLite make them whatever the umask;
/// - it starts as such a file does: with nothing, zeros, or the header SQLite writes (database,
///   rollback journal, write-ahead log, shared memory);
/// - nothing wrote it for ``leftoverAge`` seconds: a file is not locked yet for the moment
///   between its `open` and its `flock`, and on a network file system that emulates `flock`
///   with record locks SQLite's own `close` of it may drop the lock early;
/// - its lock can be had at once; a `-journal`, `-wal` or `-shm` goes with its file, or on its
///   own when that file is gone, when it passes the same tests of name, owner, mode, start and
///   age.
extension BookFile {
    /// How long, in seconds, a leftover must have gone unwritten before it may be removed.
    static let leftoverAge = 60

    /// The 16 hex digits after `.partial-` in a new temporary file's name beside `path`: 12
    /// random ones and their ``mark(_:_:)``.
    static func temporaryDigits(beside path: String) -> String {
        let random = String(UInt64.random(in: 0..<(1 << 48)), radix: 16)
        let digits = String(repeating: "0", count: 12 - random.count) + random
        return digits + mark(fileName(of: path), digits)
    }

    /// 4 hex digits made from a temporary file's name and its 12 random digits (FNV-1a, folded
    /// to 16 bits). Not a secret, a signature: a name another program chose carries it once in
    /// 65,536 times, and must then pass every other test of a leftover too.
    static func mark(_ name: String, _ digits: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in (name + ".partial-" + digits).utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let folded = String((hash >> 16) ^ (hash & 0xFFFF), radix: 16)
        return String(repeating: "0", count: 4 - folded.count) + folded
    }

    /// The last part of `path`.
    static func fileName(of path: String) -> String {
        String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...])
    }

    /// Removes the leftovers of killed runs in the folder of `path`: budget's temporary files of
    /// any name there, and those beside `path` itself (see the extension's comment). Best
    /// effort: what cannot be looked at or removed (a read-only folder) stays.
    ///
    /// Complexity: one pass over the folder's names, and a few system calls for each leftover.
    ///
    /// - Parameter now: the time a file's age is measured to (tests give their own).
    /// - Returns: the paths removed, sorted.
    @discardableResult
    static func removeLeftovers(beside path: String, now: time_t = time(nil)) -> [String] {
        let folder = folder(of: path), own = fileName(of: path)
        var found: [(name: String, suffix: String)] = []
        guard let directory = opendir(folder) else { return [] }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let suffix = leftoverSuffix(of: name, own: own) { found.append((name, suffix)) }
        }
        closedir(directory)
        var removed: [String] = []
        for (name, suffix) in found where suffix.isEmpty {
            removed += removeUnheld(folder + "/" + name, now: now)
        }
        for (name, suffix) in found where !suffix.isEmpty {
            let file = folder + "/" + name
            // Its database file is gone (removed above, or by a run killed while removing both).
            if !exists(String(file.dropLast(suffix.count))), removeOrphan(file, suffix: suffix, now: now) { removed.append(file) }
        }
        return removed.sorted()
    }

    /// For budget's temporary file name (`NAME.partial-` and 16 hex digits, marked or with
    /// `NAME` equal to `own`): `""`, or the SQLite suffix after the digits. `nil` for any other.
    private static func leftoverSuffix(of name: String, own: String) -> String? {
        let bytes = Array(name.utf8), tag = Array(".partial-".utf8)
        guard let start = bytes.indices.last(where: { bytes[$0...].starts(with: tag) }).map({ $0 + tag.count }),
              bytes.count >= start + 16,
              bytes[start..<start + 16].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        let base = String(decoding: bytes[..<(start - tag.count)], as: UTF8.self)
        let digits = String(decoding: bytes[start..<start + 12], as: UTF8.self)
        guard base == own || mark(base, digits) == String(decoding: bytes[(start + 12)..<(start + 16)], as: UTF8.self) else { return nil }
        let suffix = String(decoding: bytes[(start + 16)...], as: UTF8.self)
        return suffix.isEmpty || companionSuffixes.contains(suffix) ? suffix : nil
    }

    /// Whether `info` is a regular file of this user, mode 0600, unwritten for ``leftoverAge``.
    private static func isStale(_ info: stat, now: time_t) -> Bool {
        (UInt32(info.st_mode) & 0o170000) == 0o100000 && info.st_uid == geteuid()
            && (UInt32(info.st_mode) & 0o7777) == 0o600 && now - info.st_mtim.tv_sec >= leftoverAge
    }

    /// Opens `path` to look at it, only if it is still the file `info` describes.
    private static func openSame(_ path: String, as info: stat) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard isSame(info, descriptor) else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Removes the temporary file at `path` when no process holds its lock, with what SQLite
    /// made beside it.
    private static func removeUnheld(_ path: String, now: time_t) -> [String] {
        var info = stat()
        guard lstat(path, &info) == 0, isStale(info, now: now), let descriptor = openSame(path, as: info) else { return [] }
        defer { close(descriptor) }   // holding the lock until the names are gone
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, startsAsMade(descriptor, suffix: ""),
              lstat(path, &info) == 0, isSame(info, descriptor), unlink(path) == 0 else { return [] }
        var removed = [path]
        // What SQLite made beside it, by the same tests as the file: a `-wal` the sqlite3 shell
        // made while someone looked into the leftover (mode 0644, or still written) stays.
        for suffix in companionSuffixes where removeOrphan(path + suffix, suffix: suffix, now: now) {
            removed.append(path + suffix)
        }
        return removed
    }

    /// Removes the `-journal`, `-wal` or `-shm` at `path` whose database file is gone (or is
    /// being removed), when it passes the tests a leftover must pass.
    private static func removeOrphan(_ path: String, suffix: String, now: time_t) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, isStale(info, now: now), let descriptor = openSame(path, as: info) else { return false }
        defer { close(descriptor) }
        return startsAsMade(descriptor, suffix: suffix) && unlink(path) == 0
    }

    /// Whether the name still leads to the open file.
    private static func isSame(_ info: stat, _ descriptor: Int32) -> Bool {
        var opened = stat()
        return fstat(descriptor, &opened) == 0 && opened.st_dev == info.st_dev && opened.st_ino == info.st_ino
    }

    /// Whether the file starts as one budget or SQLite makes: empty, zeros (pages not written
    /// yet), or the header of a database, rollback journal, write-ahead log or shared memory.
    private static func startsAsMade(_ descriptor: Int32, suffix: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return count == 0 }
        let start = buffer[..<count]
        if start.allSatisfy({ $0 == 0 }) { return true }
        // A rollback journal's first 8 bytes (its magic) are zero until its header is whole:
        // SQLite writes the rest of the header first (a kill then leaves one so).
        if suffix == "-journal" && start.prefix(8).allSatisfy({ $0 == 0 }) { return true }
        let headers: [[UInt8]]
        switch suffix {
        case "-journal": headers = [[0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]]
        case "-wal": headers = [[0x37, 0x7F, 0x06, 0x82], [0x37, 0x7F, 0x06, 0x83]]
        case "-shm": headers = [withUnsafeBytes(of: UInt32(3_007_000)) { Array($0) }]   // in the machine's byte order
        default: headers = [magic]
        }
        return headers.contains { header in header.starts(with: start.prefix(header.count)) }
    }
}
