import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// `restore` puts a checked backup in place of the book in one commit, keeps the book as it was,
/// refuses anything that is not a whole book, and is safe while the book is open elsewhere.
@Suite struct BudgetStoreRestoreTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    func day(_ text: String) -> Day { Day(iso: text)! }

    /// A book with Food, Rent, a rule and three transactions, and a backup of it taken then.
    func bookAndBackup(_ dir: TemporaryDirectory) throws -> (book: String, backup: String) {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addCategory(named: "Rent", monthlyBudget: money("900"))
        try store.addRule(pattern: "bakery", category: "Food")
        for (amount, category) in [("12.50", "Food"), ("900", "Rent"), ("4.20", "Food")] {
            try store.addTransaction(amount: money(amount), category: category, payee: "Shop", date: day("2026-11-03"))
        }
        let backup = dir.file("backup.sqlite3")
        try store.backup(to: backup)
        return (store.path, backup)
    }

    /// Changes the book after its backup: a new category, one transaction more, one less.
    func changeBook(_ path: String) throws {
        let store = try BudgetStore(path: path)
        try store.addCategory(named: "Fun", monthlyBudget: money("50"))
        try store.addTransaction(amount: money("30"), category: "Fun", payee: "Cinema")
        try store.deleteTransactions(ids: [1])
    }

    @Test func aRestoredBookHoldsExactlyTheBackupAndThePreviousBookIsKept() throws {
        let dir = TemporaryDirectory()
        let (book, backup) = try bookAndBackup(dir)
        try changeBook(book)
        let changed = tableDump(book)
        let backupBytes = fileBytes(backup)
        let restoration = try BudgetStore.restore(bookAt: book, from: backup)
        #expect(restoration.backupVersion == Schema.migrator.latestVersion)
        #expect(tableDump(book) == tableDump(backup))
        #expect(fileBytes(backup) == backupBytes)
        let kept = try #require(restoration.keptBookPath)
        #expect(kept.hasPrefix(book + ".before-restore-"))
        #expect(tableDump(kept) == changed)
        #expect(fileMode(kept) == 0o600)
        #expect(try BudgetStore.check(bookAt: book) == [])
        #expect(try BudgetStore.check(bookAt: kept) == [])
        #expect(!folderNames(dir.path).contains { $0.contains(".partial-") })
        // The restored book is an ordinary book: it takes writes.
        try BudgetStore(path: book).addTransaction(amount: money("1"), category: "Rent")
        #expect(try BudgetStore(path: book).transactions().count == 4)
    }

    @Test func aSecondRestoreInTheSameSecondKeepsUnderANewName() throws {
        let dir = TemporaryDirectory()
        let (book, backup) = try bookAndBackup(dir)
        let first = try BudgetStore.restore(bookAt: book, from: backup).keptBookPath
        try changeBook(book)
        let changed = tableDump(book)
        let second = try BudgetStore.restore(bookAt: book, from: backup).keptBookPath
        #expect(first != nil && second != nil && first != second)
        #expect(tableDump(try #require(second)) == changed)
        #expect(tableDump(book) == tableDump(backup))
    }

    @Test func restoringWhereThereIsNoBookMakesTheBook() throws {
        let dir = TemporaryDirectory()
        let (_, backup) = try bookAndBackup(dir)
        let book = dir.file("new/budget.sqlite3")
        let restoration = try BudgetStore.restore(bookAt: book, from: backup)
        #expect(restoration.keptBookPath == nil)
        #expect(tableDump(book) == tableDump(backup))
        #expect(fileMode(book) == 0o600)
    }

    /// Backups that are not whole books of a version this budget knows.
    enum BadBackup: String, CaseIterable {
        case missing, empty, text, truncated, foreign, newer, impossibleVersion, damaged, fifo
    }

    /// Writes the bad backup at `path` (made from the good backup at `good`), and says what
    /// `restore` must call it.
    func make(_ kind: BadBackup, at path: String, from good: String) -> BudgetError {
        switch kind {
        case .missing: return .databaseNotFound(path: path)
        case .empty:
            writeFile(path, [])
            return .emptyDatabaseFile(path: path)
        case .text:
            writeFile(path, Array("date,amount\n2026-11-01,12.50\n".utf8))
            return .notABudgetDatabase(path: path)
        case .truncated:
            let whole = fileBytes(good)!
            writeFile(path, Array(whole.prefix(whole.count / 2)))
            return .truncatedDatabase(path: path, size: Int64(whole.count / 2), expected: Int64(whole.count))
        case .foreign:
            #expect(system("sqlite3 '\(path)' 'CREATE TABLE notes (body TEXT)'") == 0)
            return .notABudgetDatabase(path: path)
        case .newer:
            writeFile(path, fileBytes(good)!)
            let newer = Schema.migrator.latestVersion + 1
            #expect(system("sqlite3 '\(path)' 'PRAGMA user_version = \(newer)'") == 0)
            return .newerDatabase(path: path, version: newer, supported: Schema.migrator.latestVersion)
        case .impossibleVersion:
            writeFile(path, fileBytes(good)!)
            #expect(system("sqlite3 '\(path)' 'PRAGMA user_version = -1'") == 0)
            return .unknownSchemaVersion(path: path, version: -1)
        case .damaged:
            writeFile(path, fileBytes(good)!)
            let root = shellOutput("sqlite3 '\(path)' \"SELECT rootpage FROM sqlite_schema WHERE name = 'transactions'\"").filter(\.isNumber)
            #expect(system("head -c 4096 /dev/urandom | dd of='\(path)' bs=4096 seek=\(Int(root)! - 1) conv=notrunc status=none") == 0)
            return .corruptDatabase(path: path)
        case .fifo:
            #expect(mkfifo(path, 0o600) == 0)
            return .notARegularFile(path: path, kind: .fifo)
        }
    }

    @Test(arguments: BadBackup.allCases)
    func aBackupThatIsNotAWholeKnownBookIsRefusedAndNothingChanges(kind: BadBackup) throws {
        let dir = TemporaryDirectory()
        let (book, good) = try bookAndBackup(dir)
        try changeBook(book)
        checkpoint(book)
        let bad = dir.file("bad.sqlite3")
        let reason = make(kind, at: bad, from: good)
        let bookBytes = fileBytes(book), badBytes = fileBytes(bad)
        let names = folderNames(dir.path)
        #expect(throws: BudgetError.invalidBackup(path: bad, reason: reason)) { try BudgetStore.restore(bookAt: book, from: bad) }
        #expect(fileBytes(book) == bookBytes)
        #expect(fileBytes(bad) == badBytes)
        #expect(folderNames(dir.path) == names)
    }

    @Test func anotherProgramsDatabaseIsNeverReplaced() throws {
        let dir = TemporaryDirectory()
        let (_, backup) = try bookAndBackup(dir)
        let other = dir.file("other.sqlite3")
        #expect(system("sqlite3 '\(other)' 'CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES (1)'") == 0)
        let before = fileBytes(other)
        #expect(throws: BudgetError.notABudgetDatabase(path: other)) { try BudgetStore.restore(bookAt: other, from: backup) }
        #expect(fileBytes(other) == before)
        #expect(!folderNames(dir.path).contains { $0.contains("before-restore") || $0.contains(".partial-") })
    }

    @Test func aDamagedBookIsReplacedAndKeptAsItWas() throws {
        let dir = TemporaryDirectory()
        let (book, backup) = try bookAndBackup(dir)
        checkpoint(book)
        let root = shellOutput("sqlite3 '\(book)' \"SELECT rootpage FROM sqlite_schema WHERE name = 'transactions'\"").filter(\.isNumber)
        #expect(system("head -c 4096 /dev/urandom | dd of='\(book)' bs=4096 seek=\(Int(root)! - 1) conv=notrunc status=none") == 0)
        let damaged = fileBytes(book)
        #expect(try BudgetStore.check(bookAt: book) != [])
        let kept = try #require(try BudgetStore.restore(bookAt: book, from: backup).keptBookPath)
        #expect(try BudgetStore.check(bookAt: book) == [])
        #expect(tableDump(book) == tableDump(backup))
        // Kept page by page: the damage is still there to recover from.
        #expect(fileBytes(kept)?.count == damaged?.count)
        #expect(try BudgetStore.check(bookAt: kept) != [])
    }

    /// Files at the book's path that SQLite cannot open as a database at all.
    @Test(arguments: [[UInt8](), Array("not a database, just some text".utf8), Array(BookFile.magic) + [0, 16]])
    func aFileThatIsNoDatabaseAtAllIsReplacedAndKept(content: [UInt8]) throws {
        let dir = TemporaryDirectory()
        let (_, backup) = try bookAndBackup(dir)
        let book = dir.file("broken.sqlite3")
        writeFile(book, content)
        writeFile(book + "-wal", [1, 2, 3])   // stale: must never be replayed into the restored book
        let kept = try #require(try BudgetStore.restore(bookAt: book, from: backup).keptBookPath)
        #expect(fileBytes(kept) == content)
        #expect(fileBytes(kept + "-wal") == [1, 2, 3])
        #expect(!BookFile.exists(book + "-wal"))
        #expect(tableDump(book) == tableDump(backup))
        #expect(try BudgetStore.check(bookAt: book) == [])
    }

    @Test func aBackupCopiedWithItsWalIsRestoredWithWhatTheWalHolds() throws {
        let dir = TemporaryDirectory()
        let (book, _) = try bookAndBackup(dir)
        let open = try BudgetStore(path: book)   // keeps the -wal in place while copying
        try open.addTransaction(amount: money("77"), category: "Food", payee: "In the WAL")
        let copied = dir.file("copied.sqlite3")
        writeFile(copied, fileBytes(book)!)
        writeFile(copied + "-wal", fileBytes(book + "-wal")!)
        let target = dir.file("target.sqlite3")
        _ = try BudgetStore.restore(bookAt: target, from: copied)
        #expect(try BudgetStore(path: target).transactions().contains { $0.payee == "In the WAL" })
    }

    @Test func aRestoreWhileTheBookIsOpenAndWatchedReloadsLiveListsAndKeepsTheFileSound() throws {
        let dir = TemporaryDirectory()
        let (book, backup) = try bookAndBackup(dir)
        try changeBook(book)
        let store = try BudgetStore(path: book)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let watcher = try DatabaseWatcher(store: store)
        #expect(live.count == 3)
        _ = try BudgetStore.restore(bookAt: book, from: backup)
        #expect(watcher.wait(milliseconds: 20_000))
        #expect(recorder.changes == [.reload])
        #expect(try live.snapshot() == (try LiveTransactions(store: store).snapshot()))
        #expect(Array(live) == (try BudgetStore(path: backup, access: .read).transactions()))
        // The open store goes on working on the restored book, and the book stays sound.
        try store.addTransaction(amount: money("2"), category: "Food")
        try live.processPendingChanges()
        #expect(live.count == 4)
        #expect(try BudgetStore.check(bookAt: book) == [])
    }

    @Test func aRestoreWithAHighChangeLogStillReloadsAListThatIsAhead() throws {
        let dir = TemporaryDirectory()
        let (book, _) = try bookAndBackup(dir)
        // A backup whose change log is far ahead of the book's: a list must not read its entries.
        let other = TemporaryDirectory()
        let (_, backup) = try bookAndBackup(other)
        #expect(sqliteShell(backup, "UPDATE sqlite_sequence SET seq = 500 WHERE name = 'change_log';") == 0)
        let store = try BudgetStore(path: book)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let watcher = try DatabaseWatcher(store: store)
        _ = try BudgetStore.restore(bookAt: book, from: backup)
        #expect(watcher.wait(milliseconds: 20_000))
        #expect(recorder.changes == [.reload])
        #expect(try ChangeTracker.highWater(in: store.connection) == 501)
    }

    @Test func theBookMadeByTheLastReleaseRestoresAsItIsAndIsNeverTouched() throws {
        let fixture = String(#filePath).split(separator: "/").dropLast().joined(separator: "/")
        let release = "/" + fixture + "/Fixtures/book-v1.sqlite3"
        let before = fileBytes(release)
        let dir = TemporaryDirectory()
        let book = dir.file("budget.sqlite3")
        let restoration = try BudgetStore.restore(bookAt: book, from: release)
        #expect(restoration.backupVersion == 1)
        #expect(fileBytes(release) == before)
        #expect(!BookFile.exists(release + "-shm") && !BookFile.exists(release + "-wal"))
        let copy = dir.file("release.sqlite3")   // read a copy: SQLite makes a -shm beside a WAL book it reads
        writeFile(copy, try #require(before))
        // Schema 4 gave every transaction an account: the release's columns read back as they were.
        #expect(tableDump(book, asRelease: true) == tableDump(copy, asRelease: true))
        #expect(try BudgetStore.check(bookAt: book) == [])
    }
}
