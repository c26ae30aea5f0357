#if canImport(Glibc)
import Glibc
#endif
import Synchronization
@testable import BudgetKit

/// The bytes of the file at `path`; `nil` when there is no regular file to read (a FIFO would block).
func fileBytes(_ path: String) -> [UInt8]? {
    var info = stat()
    guard stat(path, &info) == 0, (UInt32(info.st_mode) & 0o170000) == 0o100000 else { return nil }
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        result += buffer[0..<count]
    }
    return result
}

/// Writes `bytes` to a new file at `path`.
func writeFile(_ path: String, _ bytes: [UInt8]) {
    guard let file = fopen(path, "wb") else { preconditionFailure("cannot write \(path)") }
    precondition(fwrite(bytes, 1, bytes.count, file) == bytes.count)
    fclose(file)
}

/// What a shell command printed on stdout.
func shellOutput(_ command: String) -> String {
    guard let pipe = popen(command, "r") else { return "" }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, pipe)
        if count <= 0 { break }
        result += buffer[0..<count]
    }
    pclose(pipe)
    return String(decoding: result, as: UTF8.self)
}

/// Every row of the book's own tables, as the sqlite3 shell prints them, opened read-only (so the
/// file is not changed by looking): what "the book is unchanged" and "equal to the backup" compare.
func tableDump(_ path: String, asRelease: Bool = false) -> String {
    // A book of schema 4 or later has accounts; `asRelease` reads what schema 1 had.
    let transactions = asRelease ? "SELECT id, date, amount, category_id, payee, note, import_key FROM transactions ORDER BY id;"
        : """
        SELECT * FROM transactions ORDER BY id; SELECT 'accounts'; SELECT * FROM accounts ORDER BY id; \
        SELECT 'splits'; SELECT * FROM transaction_splits ORDER BY transaction_id, position; \
        SELECT 'reconciliations'; SELECT * FROM reconciliations ORDER BY id;
        """
    // Schema 5 gave rules a place, a field, a mode, a direction and a payee.
    let rules = asRelease ? "SELECT id, pattern, category_id FROM rules ORDER BY id;" : "SELECT * FROM rules ORDER BY id;"
    return shellOutput("""
        sqlite3 -readonly '\(path)' "SELECT 'categories'; SELECT * FROM categories ORDER BY id; \
        SELECT 'budgets'; SELECT * FROM budgets ORDER BY category_id, scope, month; \
        SELECT 'transactions'; \(transactions) SELECT 'rules'; \(rules)" 2>&1
        """)
}

/// The names in a folder, sorted, without `.` and `..`.
func folderNames(_ path: String) -> [String] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// The permission bits of the file at `path` (`nil` when missing).
func fileMode(_ path: String) -> UInt32? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt32(info.st_mode) & 0o777
}

/// The umask every thread of this process shares: tests that set it take turns.
private let umaskTurns = Mutex(())

/// Runs `body` with the process's umask set to `mask`, then sets back the one before. Two tests
/// setting it at once could each run under the other's, and the one to finish last left the
/// process with the umask of the other's start.
@discardableResult
func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
    try umaskTurns.withLock { _ in
        let previous = umask(mask)
        defer { umask(previous) }
        return try body()
    }
}

/// Folds the -wal into the main file and removes it, so the file alone is the whole book.
func checkpoint(_ path: String) {
    precondition(system("sqlite3 '\(path)' 'PRAGMA wal_checkpoint(TRUNCATE)' > /dev/null") == 0)
}

/// A tmpfs of `kilobytes` mounted on a new folder in `dir` (root only), unmounted when released:
/// a real full disk.
final class TinyDisk {
    let path: String
    /// Kept until the disk is unmounted, so the folder is removed after.
    private let dir: TemporaryDirectory

    init?(in dir: TemporaryDirectory, kilobytes: Int) {
        self.dir = dir
        path = dir.file("tiny")
        guard mkdir(path, 0o700) == 0, system("mount -t tmpfs -o size=\(kilobytes)k tmpfs '\(path)' 2>/dev/null") == 0 else {
            return nil
        }
    }

    deinit {
        _ = system("umount '\(path)'")
    }

    /// Fills the disk with a file until it has no room left, or `room` bytes (rounded up to
    /// whole KiB).
    func fill(leaving room: Int = 0) {
        _ = system("cat /dev/zero > '\(path)/filler' 2>/dev/null")
        if room > 0 { _ = system("truncate -s -\((room + 1023) / 1024)K '\(path)/filler'") }
    }

    /// Frees the room `fill()` took.
    func free() {
        unlink(path + "/filler")
    }

    /// Writes a filler file of `bytes` once the disk holds nothing else (up to 20 seconds):
    /// files just removed may still take room for a moment, while a store released on another
    /// thread closes them, or a child another test is starting holds a copy of their
    /// descriptors until it runs its program. Whether the file was written whole.
    func fill(bytes: Int) -> Bool {
        let deadline = time(nil) + 20
        var info = statvfs()
        while statvfs(path, &info) == 0, info.f_blocks > info.f_bfree, time(nil) <= deadline { usleep(10_000) }
        guard let file = fopen(path + "/filler", "wb") else { return false }
        defer { fclose(file) }
        return fwrite([UInt8](repeating: 0, count: bytes), 1, bytes, file) == bytes && fflush(file) == 0
    }
}

/// Whether this process may mount a tmpfs (root in a system that allows it).
let canMountTmpfs: Bool = {
    let dir = TemporaryDirectory()
    return TinyDisk(in: dir, kilobytes: 64) != nil
}()
