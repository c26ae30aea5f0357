#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first 100 bytes of an SQLite database file, read with plain `read()` before SQLite opens it,
/// so that a file that is not a whole database is refused before SQLite can initialize or "recover"
/// it. (SQLite treats a file shorter than one page as an empty database, and writes into it.)
///
/// See <https://www.sqlite.org/fileformat2.html#the_database_header>.
struct BookHeader: Equatable {
    /// The file's size in bytes.
    let size: Int64
    /// The page size (512 to 65536).
    let pageSize: Int
    /// The database size in pages the header records, when the header says it is valid.
    let pageCount: Int64?
    /// `PRAGMA application_id` as of the last write to the main file (a WAL may hold a newer one).
    let applicationID: Int32
    /// `PRAGMA user_version` as of the last write to the main file.
    let userVersion: Int32

    /// The smallest size a whole file with this header can have: one page, or all its pages.
    var expectedSize: Int64 { Int64(pageSize) * max(1, pageCount ?? 1) }

    /// Reads the header of the file at `path` and checks that the file can be a whole database.
    ///
    /// The size is only checked when no `-wal` or `-journal` file is beside the database: with one,
    /// the main file may lawfully be shorter until SQLite replays or rolls back the journal.
    ///
    /// Another process's checkpoint may be under way while it reads: it writes the header's new
    /// page count first, extends the file after, and removes the `-wal` last. So the size is
    /// taken after the header and the look for a journal, and a file that still seems short is
    /// read again, five times over some 80 ms, before it is called truncated (a busy book with
    /// several writers was once refused so; a truly truncated file stays short).
    ///
    /// - Throws: ``BudgetError/databaseNotFound(path:)``, ``BudgetError/notARegularFile(path:kind:)``,
    ///   ``BudgetError/emptyDatabaseFile(path:)``, ``BudgetError/notABudgetDatabase(path:)`` (no
    ///   SQLite header), ``BudgetError/truncatedDatabase(path:size:expected:)``, or
    ///   ``BudgetError/cannotOpenDatabase(path:reason:)`` when it cannot be read.
    ///
    /// - Parameter pause: what runs between two reads of a file that seems truncated (20 ms).
    static func read(_ path: String, pause: () -> Void = { usleep(20_000) }) throws(BudgetError) -> BookHeader {
        var attempt = 0
        while true {
            do {
                return try readOnce(path)
            } catch .truncatedDatabase(let path, let size, let expected) {
                attempt += 1
                if attempt >= truncationRetries { throw .truncatedDatabase(path: path, size: size, expected: expected) }
                pause()
            }
        }
    }

    /// How many times ``read(_:)`` reads a file that seems truncated before it says so.
    static let truncationRetries = 5

    private static func readOnce(_ path: String) throws(BudgetError) -> BookHeader {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .databaseNotFound(path: path) }
            throw .cannotOpenDatabase(path: path, reason: BookFile.words(for: code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotOpenDatabase(path: path, reason: BookFile.words(for: errno)) }
        if let kind = FileKind(mode: UInt32(info.st_mode)) { throw .notARegularFile(path: path, kind: kind) }
        let size = Int64(info.st_size)
        if size == 0 { throw .emptyDatabaseFile(path: path) }
        var bytes = [UInt8](repeating: 0, count: 100)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(count)) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .cannotOpenDatabase(path: path, reason: BookFile.words(for: errno)) }
            if got == 0 { break }
            count += got
        }
        guard bytes[..<min(count, 16)].elementsEqual(BookFile.magic.prefix(min(count, 16))) else {
            throw .notABudgetDatabase(path: path)
        }
        guard count == 100 else { throw .truncatedDatabase(path: path, size: size, expected: 512) }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { throw .notABudgetDatabase(path: path) }
        func word(_ offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let pages = word(28)
        let journal = hasJournal(path)
        // The size now, after the header and the journal: see ``read(_:)``.
        var after = stat()
        let sizeNow = fstat(descriptor, &after) == 0 ? Int64(after.st_size) : size
        let header = BookHeader(size: sizeNow, pageSize: pageSize,
                                pageCount: pages > 0 && word(24) == word(92) ? Int64(pages) : nil,
                                applicationID: Int32(bitPattern: word(68)), userVersion: Int32(bitPattern: word(60)))
        if sizeNow < header.expectedSize && !journal {
            throw .truncatedDatabase(path: path, size: sizeNow, expected: header.expectedSize)
        }
        return header
    }

    /// Whether a `-wal` or `-journal` file is beside the database (beside the file a symbolic link
    /// points to, where SQLite looks).
    static func hasJournal(_ path: String) -> Bool {
        var real = path
        if let resolved = realpath(path, nil) {
            real = String(cString: resolved)
            free(resolved)
        }
        return BookFile.exists(real + "-wal") || BookFile.exists(real + "-journal")
    }
}
