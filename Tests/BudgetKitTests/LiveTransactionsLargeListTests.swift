import Testing
@testable import BudgetKit

/// A list large enough that its date-ordered keys load in two halves at once, on two connections.
@Suite(.serialized) struct LiveTransactionsLargeListTests {
    /// A book with `rows` transactions over 2022-2026 in two categories, with payees cycling.
    func largeBook(_ dir: TemporaryDirectory, rows: Int) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: Money(minorUnits: 100))
        try store.addCategory(named: "Rent", monthlyBudget: Money(minorUnits: 100))
        #expect(sqliteShell(dir.file("budget.sqlite3"), """
            INSERT INTO change_log_pause VALUES (1);
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows - 1))
            INSERT INTO transactions (date, amount, category_id, payee)
            SELECT date('2022-01-01', '+' || ((i * 7919) % 1826) || ' days'), i % 1000, 1 + i % 2, 'Payee ' || (i % 7) FROM n;
            DELETE FROM change_log_pause;
            INSERT INTO change_log (entity, row_id) VALUES ('reload', NULL);
            """) == 0)
        return store
    }

    @Test func twoHalvesLoadedAtOnceGiveTheSameOrderAsOneScan() throws {
        let dir = TemporaryDirectory()
        let store = try largeBook(dir, rows: LiveTransactions.parallelKeysThreshold + 5_000)
        let requests = [
            TransactionRequest(),
            TransactionRequest(sort: TransactionSort(.date, ascending: false)),
            TransactionRequest(sectioning: .month),
            TransactionRequest(filter: TransactionFilter(payee: "payee 3"), sort: TransactionSort(.date, ascending: false),
                               sectioning: .month),
        ]
        for request in requests {
            let live = try LiveTransactions(store: store, request: request)
            var expected = try store.transactions(matching: request.filter).map { (day: $0.date, id: $0.id) }
            expected.sort { request.sort.ascending ? ($0.day, $0.id) < ($1.day, $1.id) : ($0.day, $0.id) > ($1.day, $1.id) }
            #expect(live.count == expected.count)
            // elementsEqual: a failure names the request, not two hundred thousand ids.
            #expect(live.map(\.id).elementsEqual(expected.map(\.id)), "\(request)")
            if request.sectioning == .month {
                #expect(live.sections.count == 60)
                #expect(live.sections.map(\.count).reduce(0, +) == live.count)
            }
        }
    }

    @Test func aLargeListStillDeliversExactChanges() throws {
        let dir = TemporaryDirectory()
        let store = try largeBook(dir, rows: LiveTransactions.parallelKeysThreshold + 1)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let added = try store.addTransaction(amount: Money(minorUnits: 1), category: "Food", date: Day(iso: "2024-06-15")!)
        let changes = recorder.take()
        #expect(changes.count == 1)
        #expect(changes.first?.insertions.map(\.transaction.id) == [added.id])
        #expect(live.index(ofTransactionID: added.id).map { live[$0].id } == added.id)
        #expect(live.count == LiveTransactions.parallelKeysThreshold + 2)
    }
}
