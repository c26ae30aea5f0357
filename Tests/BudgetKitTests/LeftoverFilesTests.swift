import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// What killed backups and restores leave beside a book or a backup (`NAME.partial-…`, as large
/// as the book, and SQLite's `-journal` beside it) goes with the next backup or restore, once no
/// process holds it; a file another process is writing, and anything budget did not make, stays.
@Suite struct LeftoverFilesTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    func book(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch")
        return store
    }

    /// Sets the file's modification time `seconds` back.
    func age(_ path: String, by seconds: Int = 120) {
        var times = [timeval(tv_sec: time(nil) - seconds, tv_usec: 0), timeval(tv_sec: time(nil) - seconds, tv_usec: 0)]
        precondition(lutimes(path, &times) == 0, "cannot age \(path)")
    }

    /// Waits until no process holds the lock on `path`: a process another test spawned while the
    /// file was open holds a copy of its descriptor until it runs its program (close-on-exec).
    /// A lock still held after 20 s fails the test that waits, not the whole run.
    func waitUntilUnlocked(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            Issue.record("cannot open \(path)")
            return
        }
        defer { close(descriptor) }
        let deadline = time(nil) + 20
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard time(nil) < deadline else {
                Issue.record("\(path) is still locked after 20 s")
                return
            }
            usleep(1_000)
        }
        flock(descriptor, LOCK_UN)
    }

    /// What a run killed while writing leaves: a temporary file made as budget makes them, part of
    /// a book in it, its writer gone (its descriptor closed, as the kernel does at a kill), aged.
    @discardableResult
    func killedWrite(beside path: String, journal: Bool = false) throws -> String {
        let file = try BookFile.temporary(beside: path)
        let bytes = Array(BookFile.magic) + [UInt8](repeating: 7, count: 40_000)
        bytes.withUnsafeBytes { _ = write(file.descriptor, $0.baseAddress, $0.count) }
        close(file.descriptor)
        waitUntilUnlocked(file.path)
        if journal {
            let descriptor = open(file.path + "-journal", O_WRONLY | O_CREAT | O_EXCL, 0o600)
            let header: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7, 0, 0, 0, 1]
            header.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            age(file.path + "-journal")
        }
        age(file.path)
        return file.path
    }

    @Test func theNextBackupRemovesWhatKilledRunsLeftBesideItsTargetAndTheBook() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let target = dir.file("backup.sqlite3")
        let leftovers = [try killedWrite(beside: target, journal: true), try killedWrite(beside: store.path),
                         try killedWrite(beside: store.path, journal: true)]
        // A failed backup of the last release removed its file and left the -journal alone.
        let orphan = try killedWrite(beside: target, journal: true)
        unlink(orphan)
        #expect(folderNames(dir.path).filter { $0.contains(".partial-") }.count == 6)
        try store.backup(to: target)
        #expect(folderNames(dir.path) == ["backup.sqlite3", "budget.sqlite3", "budget.sqlite3-shm", "budget.sqlite3-wal"])
        #expect(tableDump(target) == tableDump(store.path))
        #expect(leftovers.allSatisfy { !BookFile.exists($0) && !BookFile.exists($0 + "-journal") })
    }

    /// Yesterday's backup to a dated name was killed: today's, to another name in that folder,
    /// removes what it left (its name carries budget's mark).
    @Test func aKilledBackupToAnotherNameInTheFolderGoesToo() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let backups = dir.file("backups")
        #expect(mkdir(backups, 0o700) == 0)
        let yesterday = try killedWrite(beside: backups + "/budget-2026-11-26.sqlite3", journal: true)
        try store.backup(to: backups + "/budget-2026-11-27.sqlite3")
        #expect(folderNames(backups) == ["budget-2026-11-27.sqlite3"])
        #expect(!BookFile.exists(yesterday))
    }

    /// A `-wal` the sqlite3 shell made beside a leftover someone opened to rescue it (mode 0644,
    /// or written a moment ago) stays, though the leftover goes: its companions pass the same
    /// tests as it does (they were removed for being a regular file of this user alone).
    @Test func aCompanionThatFailsTheTestsOfALeftoverStays() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let target = dir.file("backup.sqlite3")
        let leftover = try killedWrite(beside: target)
        let header: [UInt8] = [0x37, 0x7F, 0x06, 0x82, 0, 0, 0, 0]
        func companion(_ suffix: String, mode: mode_t, aged: Bool) {
            let descriptor = open(leftover + suffix, O_WRONLY | O_CREAT | O_EXCL, mode)
            header.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            fchmod(descriptor, mode)
            close(descriptor)
            if aged { age(leftover + suffix) }
        }
        companion("-wal", mode: 0o644, aged: true)
        companion("-shm", mode: 0o600, aged: false)
        try store.backup(to: target)
        #expect(!BookFile.exists(leftover))
        #expect(BookFile.exists(leftover + "-wal") && BookFile.exists(leftover + "-shm"))
    }

    /// Names made by earlier versions have no mark: they go only beside the path they were for.
    @Test func anUnmarkedNameOfAnEarlierVersionGoesOnlyBesideItsOwnPath() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let target = dir.file("backup.sqlite3")
        let made = try killedWrite(beside: target)
        let digits = String(made.suffix(16))
        let unmarked = target + ".partial-" + digits.prefix(12) + (digits.hasSuffix("0000") ? "0001" : "0000")
        #expect(rename(made, unmarked) == 0)
        try store.backup(to: dir.file("other.sqlite3"))
        #expect(BookFile.exists(unmarked))
        try store.backup(to: target)
        #expect(!BookFile.exists(unmarked))
        #expect(tableDump(target) == tableDump(store.path))
    }

    @Test func theNextRestoreAndStreamedBackupRemoveThemToo() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let backup = dir.file("backup.sqlite3")
        try store.backup(to: backup)
        try killedWrite(beside: store.path, journal: true)
        _ = try BudgetStore.restore(bookAt: store.path, from: backup)
        #expect(!folderNames(dir.path).contains { $0.contains(".partial-") })

        let staging = dir.file("tmp")
        #expect(mkdir(staging, 0o700) == 0)
        try killedWrite(beside: staging + "/budget-backup", journal: true)
        try killedWrite(beside: store.path)
        try store.backup(stagingIn: [staging]) { _ in }
        #expect(folderNames(staging) == [])
        #expect(!folderNames(dir.path).contains { $0.contains(".partial-") })
    }

    /// A backup of the same book running in another process right now: its file is never
    /// removed, however old it looks, and it is removed once its writer is gone.
    @Test func aFileItsWriterStillHoldsIsKeptAndGoesOnceTheWriterIsGone() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let live = try BookFile.temporary(beside: dir.file("backup.sqlite3"))
        let bytes = Array(BookFile.magic)
        bytes.withUnsafeBytes { _ = write(live.descriptor, $0.baseAddress, $0.count) }
        age(live.path, by: 3600)
        try store.backup(to: dir.file("backup.sqlite3"))
        #expect(BookFile.exists(live.path))
        #expect(BookFile.removeLeftovers(beside: dir.file("backup.sqlite3")) == [])
        close(live.descriptor)
        waitUntilUnlocked(live.path)
        #expect(BookFile.removeLeftovers(beside: dir.file("backup.sqlite3")) == [live.path])
    }

    /// A file written a moment ago may be one just made and not locked yet: it stays. The age is
    /// measured to a time the test gives, so a test thread that waits its turn changes nothing.
    @Test func aFileWrittenLessThanAMinuteAgoIsKept() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let young = try killedWrite(beside: store.path)
        var info = stat()
        #expect(stat(young, &info) == 0)
        let written = info.st_mtim.tv_sec
        #expect(BookFile.removeLeftovers(beside: store.path, now: written + time_t(BookFile.leftoverAge) - 1) == [])
        #expect(BookFile.removeLeftovers(beside: store.path, now: written + time_t(BookFile.leftoverAge)) == [young])
    }

    /// Names and files that look like leftovers, but budget did not make them.
    enum LookAlike: String, CaseIterable {
        case wordAfterPartial, fewerDigits, upperCaseDigits, moreAfterTheDigits, otherFileName, otherSuffix
        case widerMode, otherOwner, symbolicLink, directory, textInside, journalOfText

        func make(beside path: String) -> String {
            let digits = "0123456789abcdef"
            var name = path + ".partial-" + digits
            var bytes = Array(BookFile.magic), mode: mode_t = 0o600
            switch self {
            case .wordAfterPartial: name = path + ".partial-notes.txt"
            case .fewerDigits: name = path + ".partial-1234abcd"
            case .upperCaseDigits: name = path + ".partial-0123456789ABCDEF"
            case .moreAfterTheDigits: name += ".old"
            case .otherFileName: name = BookFile.folder(of: path) + "/other.sqlite3.partial-" + digits
            case .otherSuffix: name += "-backup"
            case .widerMode: mode = 0o644
            case .otherOwner, .symbolicLink, .directory: break
            case .textInside: bytes = Array("my notes about the budget\n".utf8)
            case .journalOfText: name += "-journal"; bytes = Array("my notes about the budget\n".utf8)
            }
            switch self {
            case .symbolicLink:
                let target = BookFile.folder(of: path) + "/linked"
                writeFile(target, bytes)
                chmod(target, 0o600)
                symlink(target, name)
            case .directory:
                mkdir(name, 0o700)
            default:
                writeFile(name, bytes)
                chmod(name, mode)
                if self == .otherOwner { chown(name, 4321, 4321) }
            }
            var times = [timeval(tv_sec: time(nil) - 7200, tv_usec: 0), timeval(tv_sec: time(nil) - 7200, tv_usec: 0)]
            lutimes(name, &times)
            return name
        }
    }

    @Test func theLookAlikesDigitsDoNotCarryBudgetsMark() {
        #expect(BookFile.mark("other.sqlite3", "0123456789ab") != "cdef")
        #expect(BookFile.mark("budget.sqlite3", "0123456789ab") != "cdef")
        #expect(BookFile.mark("budget.sqlite3", "0123456789ab") == BookFile.mark("budget.sqlite3", "0123456789ab"))
        #expect(BookFile.mark("budget.sqlite3", "0123456789ab") != BookFile.mark("budget.sqlite3", "0123456789ac"))
    }

    @Test(arguments: LookAlike.allCases)
    func aFileBudgetDidNotMakeIsNeverRemoved(_ lookAlike: LookAlike) throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let name = lookAlike.make(beside: store.path)
        let before = folderNames(dir.path)
        try store.backup(to: dir.file("backup.sqlite3"))
        _ = try BudgetStore.restore(bookAt: store.path, from: dir.file("backup.sqlite3"))
        #expect(BookFile.exists(name))
        #expect(before.allSatisfy(folderNames(dir.path).contains))
    }
}
