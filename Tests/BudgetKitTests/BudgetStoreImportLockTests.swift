import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// Issue "Trust" item 24: an import reads its whole input before it takes the write lock, and a
/// dry run never takes it. Another store on the same file plays the other process, its busy
/// timeout 0: with the lock held, its write fails at once (it would otherwise wait 10 seconds).
@Suite struct BudgetStoreImportLockTests {
    let day = Day(year: 2026, month: 11, day: 1)!

    /// A source handing out `lines` one per call, calling `between` before each call.
    func slowSource(_ lines: [String], between: @escaping (Int) throws -> Void) -> () throws -> [UInt8]? {
        var call = 0
        return {
            defer { call += 1 }
            try between(call)
            return call < lines.count ? Array(lines[call].utf8) : nil
        }
    }

    @Test func anotherProcessCanWriteWhileTheInputIsStillBeingRead() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let other = try storeThatNeverWaits(store.path)
        var written: [Int64] = []
        let lines = ["date,amount,category,payee\n", "2026-11-21,1.00,Food,A\n", "2026-11-22,2.00,Food,B\n"]
        var rows = ImportReader(file: "slow.csv", options: ImportOptions(), chunks: slowSource(lines) { call in
            written.append(try other.addTransaction(amount: Money(minorUnits: 100), category: "Food", payee: "Other \(call)", date: day).id)
        })
        #expect(try store.importTransactions(from: &rows) == ImportSummary(added: 2, skipped: 0, dryRun: false))
        #expect(written.count == lines.count + 1)
        #expect(try store.transactions().count == lines.count + 1 + 2)
    }

    @Test func aDryRunNeverTakesTheWriteLock() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let other = try storeThatNeverWaits(store.path)
        func write(_ payee: String) throws {
            try other.addTransaction(amount: Money(minorUnits: 100), category: "Food", payee: payee, date: day)
        }
        let lines = ["date,amount,category,payee\n", "2026-11-21,1.00,Food,A\n", "2026-11-22,2.00,Food,B\n"]
        var rows = ImportReader(file: "slow.csv", options: ImportOptions(), chunks: slowSource(lines) { try write("read \($0)") })
        var listed: [String] = []
        let summary = try store.importTransactions(from: &rows, dryRun: true) {
            try write("listed \($0.row.payee)")
            listed.append($0.transaction.payee)
        }
        #expect(summary == ImportSummary(added: 2, skipped: 0, dryRun: true))
        #expect(listed == ["A", "B"])
        // The other store's writes, and nothing of the import.
        #expect(try store.transactions().map(\.payee) == ["read 0", "read 1", "read 2", "read 3", "listed A", "listed B"])
    }

    @Test func aCategoryDeletedWhileTheFileIsReadStopsTheImport() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        try store.addCategory(named: "Gifts", monthlyBudget: .zero)
        let other = try BudgetStore(path: store.path)
        let lines = ["date,amount,category,payee\n", "2026-11-21,1.00,Food,A\n", "2026-11-22,2.00,gifts,B\n"]
        var rows = ImportReader(file: "slow.csv", options: ImportOptions(), chunks: slowSource(lines) { call in
            if call == lines.count { try other.deleteCategory(named: "Gifts") }
        })
        #expect(throws: BudgetError.missingCategories(file: "slow.csv", [MissingCategory(name: "gifts", line: 3, column: 3, header: "category")], more: 0)) {
            try store.importTransactions(from: &rows)
        }
        #expect(try store.transactions().isEmpty)
        #expect(try store.categories().map(\.name) == ["Food", "Salary"])
    }

    @Test func theRulesAndDefaultAsTheyAreWhenFilingDecide() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        try store.addCategory(named: "Other", monthlyBudget: .zero)
        let other = try BudgetStore(path: store.path)
        var options = ImportOptions()
        options.defaultCategory = "Other"
        let lines = ["date,amount,payee\n", "2026-11-21,1.00,Coffee Bar\n", "2026-11-22,2.00,Bakery\n"]
        var rows = ImportReader(file: "slow.csv", options: options, chunks: slowSource(lines) { call in
            if call == lines.count { try other.addRule(pattern: "coffee", category: "Food") }
        })
        #expect(try store.importTransactions(from: &rows).added == 2)
        #expect(try store.transactions().map(\.category) == ["Food", "Other"])

        try store.addCategory(named: "Spare", monthlyBudget: .zero)
        options.defaultCategory = "Spare"
        var again = ImportReader(file: "slow.csv", options: options, chunks: slowSource(["date,amount,payee\n", "2026-11-23,1.00,Tea\n"]) {
            if $0 == 2 { try other.deleteCategory(named: "Spare") }
        })
        #expect(throws: BudgetError.unknownCategory("Spare")) { try store.importTransactions(from: &again) }
        #expect(try store.transactions().count == 2)
    }

    @Test func aSourceErrorLeavesNothingStagedOrWritten() throws {
        struct Unplugged: Error, Equatable {}
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let before = try bookDump(store)
        var rows = ImportReader(file: "slow.csv", options: ImportOptions(), chunks: slowSource(["date,amount,category\n", "2026-11-21,1,Food\n"]) {
            if $0 == 2 { throw Unplugged() }
        })
        #expect(throws: Unplugged()) { try store.importTransactions(from: &rows) }
        #expect(try bookDump(store) == before)
        #expect(try store.connection.int64("SELECT count(*) FROM temp.sqlite_master") == 0)
        #expect(try importText(store, "date,amount,category\n2026-11-21,1,Food\n").added == 1)
    }
}

/// Another store on the book at `path` whose writes never wait for the write lock: held by
/// someone else, it fails them at once (`databaseBusy`). The lock tests' "did not wait" check,
/// exact where a time limit was not (a write can take seconds on a loaded machine).
func storeThatNeverWaits(_ path: String) throws -> BudgetStore {
    let store = try BudgetStore(path: path)
    try store.connection.execute("PRAGMA busy_timeout = 0")
    return store
}
