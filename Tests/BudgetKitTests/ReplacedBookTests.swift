import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

extension LiveAsyncTests {
    /// Review 56 finding 1: the book deleted, or another file moved or made at its path, while
    /// live results follow it. They stop with ``BudgetError/bookReplaced(path:)``, told through
    /// the delegate and the `changes` sequence, and never show rows of a file that is no longer
    /// the book (after a `mv`, the old connection read the new book's -wal over the old file's
    /// pages: a mix of two books). A restore keeps the file, and live results follow it
    /// (BudgetStoreRestoreTests).
    @Suite struct ReplacedBookTests {
        enum Replacement: CaseIterable {
            /// `mv new.sqlite3 book.sqlite3`
            case movedOver
            /// `rm book.sqlite3*`, then a new book made at the same path
            case deletedAndMadeAgain
            /// `rm book.sqlite3*`
            case deleted
        }

        /// A book with Food and one transaction paid to `payee`.
        static func book(_ path: String, payee: String) throws -> BudgetStore {
            let store = try BudgetStore(path: path)
            try store.addCategory(named: "Food", monthlyBudget: Money(parsing: "100"))
            try store.addTransaction(amount: Money(parsing: "1"), category: "Food", payee: payee, date: Day(iso: "2026-11-01")!)
            return store
        }

        /// Puts another file at `path`, or none.
        static func replace(_ path: String, _ replacement: Replacement, in dir: TemporaryDirectory) throws {
            switch replacement {
            case .movedOver:
                let other = dir.file("new.sqlite3")
                let store = try book(other, payee: "NEWBOOK")
                try store.addTransaction(amount: Money(parsing: "3"), category: "Food", payee: "NEWBOOK2", date: Day(iso: "2026-11-01")!)
                #expect(rename(other, path) == 0)
            case .deletedAndMadeAgain:
                for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
                _ = try book(path, payee: "REPLACED")
            case .deleted:
                for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
            }
        }

        final class FailureRecorder: LiveTransactionsDelegate {
            var failures: [BudgetError?] = []
            var changeSets = 0
            func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {
                changeSets += 1
            }
            func liveTransactions(_ transactions: LiveTransactions, didFailToSyncWith error: any Error) {
                failures.append(error as? BudgetError)
            }
        }

        @Test(arguments: Replacement.allCases)
        func aWatcherTellsTheDelegateOnceAndTheListKeepsNoRowOfTheOtherFile(replacement: Replacement) throws {
            let dir = TemporaryDirectory()
            let store = try Self.book(dir.file("book.sqlite3"), payee: "ORIGINAL")
            let live = try LiveTransactions(store: store)
            let recorder = FailureRecorder()
            live.delegate = recorder
            let watcher = try DatabaseWatcher(store: store)
            try Self.replace(store.path, replacement, in: dir)
            #expect(watcher.wait(milliseconds: 20_000))
            let replaced = BudgetError.bookReplaced(path: store.path)
            #expect(recorder.failures == [replaced])
            #expect(recorder.changeSets == 0)
            #expect(live.lastSyncError as? BudgetError == replaced)
            #expect(live.count == 1)
            // Told once: later checks stay quiet, and a sync asked for fails the same way.
            #expect(!watcher.wait(milliseconds: 200))
            #expect(recorder.failures == [replaced])
            #expect(throws: replaced) { try live.processPendingChanges() }
            #expect(throws: replaced) { try LiveTransactions(store: store) }
        }

        @Test(arguments: Replacement.allCases)
        func theChangesSequenceYieldsTheReplacementAsAFailure(replacement: Replacement) async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let store = try Self.book(dir.file("book.sqlite3"), payee: "ORIGINAL")
                let report = try LiveMonthlyReport(store: store, month: Month(iso: "2026-11")!)
                var iterator = report.changes.makeAsyncIterator()
                try store.addTransaction(amount: Money(parsing: "2"), category: "Food", payee: "SECOND", date: Day(iso: "2026-11-02")!)
                guard case .success(let first)? = await iterator.next() else {
                    Issue.record("no change set for this store's write")
                    return
                }
                #expect(first.report.expenseTotals.actual == (try Money(parsing: "3")))
                try Self.replace(store.path, replacement, in: dir)
                guard case .failure(let error)? = await iterator.next() else {
                    Issue.record("the replaced book was not reported")
                    return
                }
                #expect(error as? BudgetError == .bookReplaced(path: store.path))
                #expect(report.report.expenseTotals.actual == (try Money(parsing: "3")))
            }
        }
    }
}
