import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// A backup appears under its name only when whole; a kill, a full disk or a leftover never
/// leaves a broken book under that name nor blocks the next backup.
@Suite struct BudgetStoreBackupTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    /// A book with Food and `count` transactions.
    func book(_ dir: TemporaryDirectory, count: Int = 3) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.writing {
            for index in 0..<count {
                try store.connection.run("INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-11-01', ?, 1, ?)",
                                         [.integer(Int64(index)), .text("payee number \(index) with some words to take room")])
            }
        }
        return store
    }

    @Test func aBackupIsAWholePrivateBookAndLeavesNoTemporaryFile() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let target = dir.file("backup.sqlite3")
        try store.backup(to: target)
        #expect(fileMode(target) == 0o600)
        #expect(tableDump(target) == tableDump(store.path))
        #expect(try BudgetStore.check(bookAt: target) == [])
        #expect(!folderNames(dir.path).contains { $0.contains(".partial-") })
    }

    @Test func theBackupsNameAppearsOnlyOnceTheCopyIsWhole() async throws {
        let dir = TemporaryDirectory()
        let store = try book(dir, count: 60_000)
        let target = dir.file("backup.sqlite3")
        // Watch the name from another thread while the copy is written: the first time it is
        // seen, the file must already have its final size. The watching lasts until the backup
        // has returned (then one more look), however long a loaded machine makes the copy.
        let returned = Counter()
        let watcher = Task.detached { () -> Int64? in
            var info = stat()
            while true {
                let backupReturned = returned.count > 0
                if stat(target, &info) == 0 { return Int64(info.st_size) }
                if backupReturned { return nil }
            }
        }
        let backup = Result { try store.backup(to: target) }
        returned.bump()
        try backup.get()
        let firstSeen = await watcher.value
        var info = stat()
        #expect(stat(target, &info) == 0)
        #expect(firstSeen == Int64(info.st_size))
    }

    @Test func leftoversOfAKilledBackupNeitherBlockNorBecomeTheBackup() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let target = dir.file("backup.sqlite3")
        // What a kill -9 part-way leaves: a half-written temporary file (and its journal).
        let leftover = target + ".partial-1234abcd"
        writeFile(leftover, Array(BookFile.magic) + [UInt8](repeating: 7, count: 3000))
        writeFile(leftover + "-journal", [1, 2, 3])
        try store.backup(to: target)
        #expect(tableDump(target) == tableDump(store.path))
        #expect(fileBytes(leftover)?.count == 3016)
    }

    @Test func aBackupNeverOverwritesAFileOrALink() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let file = dir.file("exists"), link = dir.file("link")
        writeFile(file, [])
        #expect(symlink(dir.file("nowhere"), link) == 0)
        #expect(throws: BudgetError.backupExists(path: file)) { try store.backup(to: file) }
        #expect(throws: BudgetError.backupExists(path: link)) { try store.backup(to: link) }
        #expect(fileBytes(file) == [])
        #expect(!BookFile.exists(dir.file("nowhere")))
    }

    @Test func aBackupIntoAMissingFolderSaysSoAndLeavesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let target = dir.file("no/such/backup.sqlite3")
        #expect(throws: BudgetError.cannotWriteBackup(path: target, reason: "no such file or directory")) {
            try store.backup(to: target)
        }
    }

    @Test(.enabled(if: canMountTmpfs)) func aBackupOnAFullDiskLeavesNothingUnderItsNameAndTheNextOneWorks() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir, count: 1_000)
        let disk = try #require(TinyDisk(in: dir, kilobytes: 2048))
        let target = disk.path + "/backup.sqlite3"
        disk.fill()
        #expect(throws: BudgetError.self) { try store.backup(to: target) }
        do {
            try store.backup(to: target)
        } catch let error as BudgetError {
            guard case .cannotWriteBackup(target, _) = error else {
                Issue.record("expected cannotWriteBackup, got \(error)")
                return
            }
        }
        #expect(folderNames(disk.path) == ["filler"])
        disk.free()
        try store.backup(to: target)
        #expect(tableDump(target) == tableDump(store.path))
    }

    /// A disk with room for part of the copy: `VACUUM INTO` fails half-way, and the `-journal`
    /// it made goes with the copy (it was left behind, and no later run removed it).
    @Test(.enabled(if: canMountTmpfs)) func aBackupLargerThanTheRoomLeftLeavesNeitherCopyNorJournal() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir, count: 20_000)
        let before = tableDump(store.path)
        let disk = try #require(TinyDisk(in: dir, kilobytes: 1024))
        let target = disk.path + "/backup.sqlite3"
        do {
            try store.backup(to: target)
            Issue.record("a backup larger than the disk was written")
        } catch let error as BudgetError {
            guard case .cannotWriteBackup(target, _) = error else {
                Issue.record("expected cannotWriteBackup, got \(error)")
                return
            }
        }
        #expect(folderNames(disk.path) == [])
        #expect(!folderNames(dir.path).contains { $0.contains(".partial-") })
        #expect(tableDump(store.path) == before)
    }

    @Test func aStreamedBackupIsTheWholeBookAndLeavesNothingBesideNorInTheStagingFolder() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir, count: 3_000)
        let staging = dir.file("tmp")
        #expect(mkdir(staging, 0o700) == 0)
        var bytes: [UInt8] = []
        var chunks = 0
        try store.backup(stagingIn: [staging]) { chunk in
            bytes += chunk
            chunks += 1
        }
        #expect(chunks > 1)
        let copy = dir.file("streamed.sqlite3")
        writeFile(copy, bytes)
        #expect(tableDump(copy) == tableDump(store.path))
        #expect(!folderNames(dir.path).contains { $0.contains(".partial-") })
        #expect(folderNames(staging) == [])
    }

    struct ClosedPipe: Error, Equatable {}

    @Test func aStreamedBackupStopsWithTheWritersErrorAndLeavesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        #expect(throws: ClosedPipe()) { try store.backup(stagingIn: [dir.path]) { _ in throw ClosedPipe() } }
        #expect(!folderNames(dir.path).contains { $0.contains(".partial-") })
    }

    /// What this process has open in `folder` whose name is already removed: the path and mode.
    func openRemovedFiles(in folder: String) -> [(path: String, mode: UInt32)] {
        folderNames("/proc/self/fd").compactMap { name in
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/fd/" + name, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard target.hasPrefix(folder + "/"), target.hasSuffix(" (deleted)") else { return nil }
            var info = stat()
            guard let descriptor = Int32(name), fstat(descriptor, &info) == 0 else { return nil }
            return (target, UInt32(info.st_mode) & 0o7777)
        }
    }

    /// The copy holds the whole book: made in the staging folder, readable by its owner alone,
    /// its name gone before the first chunk goes out, and the file gone after the last.
    @Test func aStreamedBackupIsStagedInTheGivenFolderPrivatelyAndRemoved() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir, count: 3_000)
        let staging = dir.file("tmp")
        #expect(mkdir(staging, 0o777) == 0)
        var seen: [(path: String, mode: UInt32)] = []
        var namesWhileStreaming: [String] = []
        try store.backup(stagingIn: [staging]) { _ in
            if seen.isEmpty {
                seen = openRemovedFiles(in: staging)
                namesWhileStreaming = folderNames(staging)
            }
        }
        #expect(seen.count == 1)
        #expect(seen.first?.path.hasPrefix(staging + "/budget-backup.partial-") == true)
        #expect(seen.first?.mode == 0o600)
        #expect(namesWhileStreaming == [])
        #expect(openRemovedFiles(in: staging).isEmpty)
        #expect(folderNames(staging) == [])
        #expect(!folderNames(dir.path).contains { $0.contains(".partial-") })
    }

    /// A staging folder that is missing, or full, is passed over for the next one, then the
    /// book's own folder; when none will do, the error names the first and why.
    @Test(.enabled(if: canMountTmpfs)) func aStreamedBackupFallsBackWhenTheStagingFolderCannotTakeTheCopy() throws {
        let dir = TemporaryDirectory()
        let folder = dir.file("books")
        #expect(mkdir(folder, 0o700) == 0)
        let store = try BudgetStore(path: folder + "/budget.sqlite3")
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.writing {
            for index in 0..<5_000 {
                try store.connection.run("INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-11-01', ?, 1, ?)",
                                         [.integer(Int64(index)), .text("payee number \(index) with some words to take room")])
            }
        }
        let disk = try #require(TinyDisk(in: dir, kilobytes: 1024))
        disk.fill(leaving: 64 * 1024)
        let good = dir.file("good")
        #expect(mkdir(good, 0o700) == 0)
        for folders in [[dir.file("missing"), good], [disk.path, good], [disk.path], []] {
            var bytes: [UInt8] = []
            try store.backup(stagingIn: folders) { bytes += $0 }
            let copy = dir.file("streamed.sqlite3")
            writeFile(copy, bytes)
            #expect(tableDump(copy) == tableDump(store.path), "staging in \(folders)")
            unlink(copy)
            #expect(folderNames(disk.path) == ["filler"])
            #expect(folderNames(good) == [])
            #expect(!folderNames(folder).contains { $0.contains(".partial-") })
        }
        // The book's folder cannot be written either (root ignores permissions: immutable).
        #expect(system("chattr +i '\(folder)'") == 0)
        defer { _ = system("chattr -i '\(folder)'") }
        #expect(throws: BudgetError.cannotStageBackup(folder: disk.path, reason: "no space left on device")) {
            try store.backup(stagingIn: [disk.path]) { _ in Issue.record("a chunk was written") }
        }
        #expect(throws: BudgetError.cannotStageBackup(folder: dir.file("missing"), reason: "no such file or directory")) {
            try store.backup(stagingIn: [dir.file("missing"), disk.path]) { _ in Issue.record("a chunk was written") }
        }
        #expect(folderNames(disk.path) == ["filler"])
        #expect(!folderNames(folder).contains { $0.contains(".partial-") })
    }
}
