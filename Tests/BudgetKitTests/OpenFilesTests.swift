#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// Two stores on one book in one process (a second connection, as the live results' tests and
/// `SharedStore` users make): opening the second must not drop the first one's locks.
@Suite struct OpenFilesTests {
    @Test(arguments: [false, true])
    func anotherProcesssCommitsStillReachAStoreAfterASecondStoreOpensTheSameBook(secondStore: Bool) throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("1"))
        // Before the fix, the second store's read of the header closed a descriptor of the book,
        // which dropped every lock of this process on it: the sqlite3 shell, closing, then took
        // itself for the last connection and deleted the -wal file this process still wrote to.
        let second: BudgetStore? = secondStore ? try BudgetStore(path: store.path, access: .read) : nil
        for amount in 1...3 {
            #expect(sqliteShell(store.path, "INSERT INTO transactions (date, amount, category_id) VALUES ('2026-01-01', \(amount), 1);") == 0)
            #expect(try store.transactions().count == amount)
            #expect(access(store.path + "-wal", F_OK) == 0)
        }
        try store.addTransaction(amount: money("4"), category: "Food")
        #expect(shellOutput("sqlite3 '\(store.path)' 'SELECT count(*) FROM transactions'").hasPrefix("4"))
        #expect(try second?.transactions().count ?? 4 == 4)
    }

    @Test func theRegistryCountsEveryConnectionToAFileUntilItCloses() throws {
        let dir = TemporaryDirectory()
        var store: BudgetStore? = try dir.store()
        let path = store!.path
        #expect(OpenFiles.contains(path: path))
        var reader: LiveReader? = try store!.makeLiveReader()
        store = nil
        #expect(OpenFiles.contains(path: path))
        reader = nil
        _ = reader
        #expect(!OpenFiles.contains(path: path))
    }
}
