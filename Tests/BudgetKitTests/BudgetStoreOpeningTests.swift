import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// Opening a book: reading never creates, a new book is whole and private, and anything at the
/// path that is not a whole book is refused and left exactly as it was.
@Suite struct BudgetStoreOpeningTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    func book(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("budget.sqlite3")
        let store = try BudgetStore(path: path)
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch")
        checkpoint(path)
        return path
    }

    @Test func readAccessOnAMissingPathThrowsAndCreatesNothingNotEvenFolders() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("typo/nested/budget.sqlite3")
        #expect(throws: BudgetError.databaseNotFound(path: path)) { try BudgetStore(path: path, access: .read) }
        #expect(throws: BudgetError.databaseNotFound(path: dir.file("budget.sqlite3"))) {
            try BudgetStore(path: dir.file("budget.sqlite3"), access: .read)
        }
        #expect(folderNames(dir.path) == [])
    }

    @Test func readAccessOpensAnExistingBook() throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        #expect(try BudgetStore(path: path, access: .read).transactions().map(\.payee) == ["Lunch"])
    }

    @Test func aWriteProtectedBookIsReadAndRefusesWrites() throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        // Root ignores permission bits: make the file immutable instead (what 0444 is to others).
        #expect(system("chattr +i '\(path)'") == 0)
        defer { _ = system("chattr -i '\(path)'") }
        let before = fileBytes(path)
        let store = try BudgetStore(path: path, access: .read)
        #expect(try store.transactions().count == 1)
        #expect(throws: BudgetError.readOnlyDatabase(path: path)) { try store.addTransaction(amount: money("1"), category: "Food") }
        #expect(fileBytes(path) == before)
    }

    @Test func aBookInAFolderNobodyCanWriteIsReadAndRefusesWrites() throws {
        let dir = TemporaryDirectory()
        let folder = dir.file("locked")
        #expect(mkdir(folder, 0o700) == 0)
        let path = folder + "/budget.sqlite3"
        try BudgetStore(path: path).addCategory(named: "Food", monthlyBudget: money("300"))
        checkpoint(path)
        let before = fileBytes(path)
        // SQLite cannot make the -shm file there, which a WAL book needs even to be read.
        #expect(system("chattr +i '\(folder)'") == 0)
        defer { _ = system("chattr -i '\(folder)'") }
        let store = try BudgetStore(path: path, access: .read)
        #expect(try store.categories().map(\.name) == ["Food"])
        #expect(throws: BudgetError.readOnlyDatabase(path: path)) { try store.addCategory(named: "Rent", monthlyBudget: money("1")) }
        #expect(try BudgetStore(path: path).categories().count == 1)
        #expect(fileBytes(path) == before)
        #expect(folderNames(folder) == ["budget.sqlite3"])
    }

    @Test func aNewBookIsWholeAndPrivateWhateverTheUmask() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("new/budget.sqlite3")
        let store = try withUmask(0) { try BudgetStore(path: path) }
        #expect(fileMode(path) == 0o600)
        #expect(fileMode(dir.file("new")) == 0o700)
        #expect(try store.categories() == [])
        #expect(!folderNames(dir.file("new")).contains { $0.contains(".partial-") })
        #expect(try BudgetStore.check(bookAt: path) == [])
    }

    @Test func aDanglingSymbolicLinkGetsItsBookWhereItPointsPrivate() throws {
        let dir = TemporaryDirectory()
        let link = dir.file("budget.sqlite3"), target = dir.file("elsewhere.sqlite3")
        #expect(symlink("elsewhere.sqlite3", link) == 0)
        #expect(throws: BudgetError.databaseNotFound(path: link)) { try BudgetStore(path: link, access: .read) }
        #expect(!BookFile.exists(target))
        try withUmask(0o022) { try BudgetStore(path: link).addCategory(named: "Food", monthlyBudget: money("300")) }
        #expect(fileMode(target) == 0o600)
        #expect(try BookFile.state(of: link) == .regular)
        #expect(try BudgetStore(path: target, access: .read).categories().map(\.name) == ["Food"])
    }

    @Test(arguments: [BudgetStore.Access.read, .write])
    func aZeroByteFileIsRefusedAndLeftEmpty(access: BudgetStore.Access) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        writeFile(path, [])
        #expect(throws: BudgetError.emptyDatabaseFile(path: path)) { try BudgetStore(path: path, access: access) }
        #expect(fileBytes(path) == [])
        #expect(folderNames(dir.path) == ["budget.sqlite3"])
    }

    /// Cut to fewer bytes than a header, than a page, and than the pages the header counts.
    @Test(arguments: [50, 2000, 4096 * 2])
    func aTruncatedBookIsRefusedAndLeftAsItWas(length: Int) throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        let whole = try #require(fileBytes(path))
        #expect(whole.count > length)
        writeFile(path, Array(whole.prefix(length)))
        for access in [BudgetStore.Access.read, .write] {
            #expect(throws: BudgetError.self) { try BudgetStore(path: path, access: access) }
            do {
                _ = try BudgetStore(path: path, access: access)
            } catch let error as BudgetError {
                guard case .truncatedDatabase(path, Int64(length), _) = error else {
                    Issue.record("expected truncatedDatabase, got \(error)")
                    continue
                }
            }
        }
        #expect(fileBytes(path) == Array(whole.prefix(length)))
        #expect(folderNames(dir.path) == ["budget.sqlite3"])
    }

    /// Another process's checkpoint writes the header's new page count before it extends the
    /// file, and removes its `-wal` last: a book that grows back within the reads' grace is
    /// opened, not called truncated (eight processes adding at once were once refused so).
    @Test func aBookThatGrowsWhileItIsReadIsNotCalledTruncated() throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        let whole = try #require(fileBytes(path))
        #expect(whole.count > 4096 * 2)
        writeFile(path, Array(whole.prefix(4096 * 2)))
        // The rest of the pages arrive during the second pause between reads, appended as a
        // checkpoint's writes would.
        var pauses = 0
        let header = try BookHeader.read(path) {
            pauses += 1
            if pauses == 2 {
                let descriptor = open(path, O_WRONLY | O_APPEND)
                Array(whole.dropFirst(4096 * 2)).withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
        }
        #expect(pauses == 2)
        #expect(header.size == Int64(whole.count))
        #expect(fileBytes(path) == whole)
        // A file that stays short is truncated after every read.
        writeFile(path, Array(whole.prefix(4096 * 2)))
        pauses = 0
        #expect(throws: BudgetError.truncatedDatabase(path: path, size: 4096 * 2, expected: Int64(whole.count))) {
            try BookHeader.read(path) { pauses += 1 }
        }
        #expect(pauses == BookHeader.truncationRetries - 1)
    }

    @Test func aFIFOIsRefusedWithoutBlockingOrAStrayJournal() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        #expect(mkfifo(path, 0o600) == 0)
        for access in [BudgetStore.Access.read, .write] {
            #expect(throws: BudgetError.notARegularFile(path: path, kind: .fifo)) { try BudgetStore(path: path, access: access) }
        }
        #expect(folderNames(dir.path) == ["budget.sqlite3"])
    }

    @Test func aCharacterDeviceIsRefused() throws {
        let hadJournal = BookFile.exists("/dev/null-journal")
        #expect(throws: BudgetError.notARegularFile(path: "/dev/null", kind: .characterDevice)) {
            try BudgetStore(path: "/dev/null")
        }
        #expect(BookFile.exists("/dev/null-journal") == hadJournal)
    }

    @Test(arguments: [-1, 0])
    func anImpossibleSchemaVersionIsRefusedAndLeftAsItWas(version: Int) throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        #expect(system("sqlite3 '\(path)' 'PRAGMA user_version = \(version)'") == 0)
        let before = fileBytes(path)
        #expect(throws: BudgetError.unknownSchemaVersion(path: path, version: version)) { try BudgetStore(path: path) }
        #expect(fileBytes(path) == before)
    }

    @Test func anEmptySQLiteDatabaseIsNotMadeIntoABook() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        #expect(system("sqlite3 '\(path)' 'CREATE TABLE t (x); DROP TABLE t;'") == 0)
        let before = fileBytes(path)
        #expect(throws: BudgetError.notABudgetDatabase(path: path)) { try BudgetStore(path: path) }
        #expect(fileBytes(path) == before)
    }

    @Test func manyProcessesCreatingOneNewBookAtOnceAllUseTheSameBook() async throws {
        let dir = TemporaryDirectory()
        let path = dir.file("deep/budget.sqlite3")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    // An error is a failed expectation, never a crash of the whole run.
                    #expect(throws: Never.self) {
                        let store = try BudgetStore(path: path)
                        _ = try? store.addCategory(named: "Food", monthlyBudget: Money(minorUnits: 100))
                        try store.addTransaction(amount: Money(minorUnits: Int64(index)), category: "Food")
                    }
                }
            }
        }
        #expect(try BudgetStore(path: path).transactions().count == 8)
        #expect(folderNames(dir.file("deep")).filter { $0.contains(".partial-") } == [])
    }

    @Test(.enabled(if: canMountTmpfs)) func aBookCreatedOnAFullDiskLeavesNothingAtItsPath() throws {
        let dir = TemporaryDirectory()
        let disk = try #require(TinyDisk(in: dir, kilobytes: 1024))
        disk.fill()
        let path = disk.path + "/budget.sqlite3"
        #expect(throws: BudgetError.self) { try BudgetStore(path: path) }
        do {
            _ = try BudgetStore(path: path)
        } catch let error as BudgetError {
            guard case .diskProblem(path, _) = error else {
                Issue.record("expected diskProblem, got \(error)")
                return
            }
        }
        #expect(folderNames(disk.path) == ["filler"])
        disk.free()
        #expect(try BudgetStore(path: path).categories() == [])
    }

    /// A book made in folders made for it, then failing (here its temporary file's name is too
    /// long where the book's own is not), takes its folders back: nothing of it is left.
    @Test func aBookThatCannotBeMadeLeavesNoFolderMadeForIt() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("new/deeper/" + String(repeating: "b", count: 240))
        #expect(throws: BudgetError.cannotOpenDatabase(path: path, reason: "file name too long")) { try BudgetStore(path: path) }
        #expect(folderNames(dir.path) == [])
    }

    /// With room for the book's file but not for what opening it needs next (its -shm file),
    /// the book made is taken back: whatever the room, a new book opens or nothing is left.
    @Test(.enabled(if: canMountTmpfs)) func aNewBookThatCannotBeOpenedOnANearlyFullDiskLeavesNothing() throws {
        let dir = TemporaryDirectory()
        let disk = try #require(TinyDisk(in: dir, kilobytes: 1024))
        let path = disk.path + "/new/budget.sqlite3"
        var failures = 0
        for free in stride(from: 240, through: 330, by: 10) {
            // A failed write recorded, not a crash of the whole run (it once failed under load).
            guard disk.fill(bytes: (1024 - free) * 1024) else {
                Issue.record("no room for \((1024 - free)) KB of filler on an empty 1024 KB disk")
                break
            }
            do {
                #expect(try BudgetStore(path: path).created != nil)
                for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
                rmdir(disk.path + "/new")
            } catch {
                failures += 1
                #expect(folderNames(disk.path) == ["filler"], "with \(free) KB free: \(error)")
            }
            disk.free()
        }
        #expect(failures > 0)
    }
}
