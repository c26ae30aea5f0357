import FoundationEssentials
import Testing
@testable import BudgetKit

/// Issue 13 item B: filters over several categories and accounts and over payee or note text,
/// and a request changed while the list lives, delivered as a diff.
@Suite struct LiveTransactionsRequestTests {
    /// Food, Rent, Fun; accounts Main (the default), Cash, Savings; rows with payees and notes
    /// that hold wildcards and letters with case and accents.
    func book(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        for name in ["Food", "Rent", "Fun"] { try store.addCategory(named: name, monthlyBudget: .zero) }
        try store.addAccount(named: "Cash")
        try store.addAccount(named: "Savings")
        let rows: [(String, String, String, String, String)] = [
            ("2026-01-05", "Food", "100% Organic", "", "Main"),
            ("2026-02-05", "Rent", "Landlord", "rent for ÄRGER street", "Main"),
            ("2026-03-05", "Fun", "Cinema_Club", "", "Cash"),
            ("2026-04-05", "Food", "Bakery", "50% off", "Cash"),
            ("2026-05-05", "Fun", "Straße Café", "", "Savings"),
            ("2026-06-05", "Rent", "Landlord", "Note_1", "Savings"),
            ("2026-07-05", "Food", "CinemaXClub", "ärger again", "Main"),
        ]
        for (index, row) in rows.enumerated() {
            try store.addTransaction(amount: Money(minorUnits: Int64(100 * (index + 1))), category: row.1, payee: row.2,
                                     date: Day(iso: row.0)!, note: row.3, account: row.4)
        }
        return store
    }

    func payees(_ store: BudgetStore, _ filter: TransactionFilter) throws -> [String] {
        try store.transactions(matching: filter).map(\.payee)
    }

    @Test func theTextFilterMatchesPayeeOrNoteIgnoringCaseWithWildcardsTakenLiterally() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        #expect(try payees(store, TransactionFilter(text: "%")) == ["100% Organic", "Bakery"])
        #expect(try payees(store, TransactionFilter(text: "_")) == ["Cinema_Club", "Landlord"])
        #expect(try payees(store, TransactionFilter(text: "cinema_club")) == ["Cinema_Club"])
        #expect(try payees(store, TransactionFilter(text: "ärger")) == ["Landlord", "CinemaXClub"])
        #expect(try payees(store, TransactionFilter(text: "STRASSE")) == ["Straße Café"])
        #expect(try payees(store, TransactionFilter(text: "café")) == ["Straße Café"])
        #expect(try payees(store, TransactionFilter(text: "' OR 1=1 --")) == [])
        // The same rows in a live list.
        let live = try LiveTransactions(store: store, request: TransactionRequest(filter: TransactionFilter(text: "%")))
        #expect(try live.snapshot().transactions.map(\.payee) == ["100% Organic", "Bakery"])
    }

    @Test func severalCategoriesAndAccountsMatchRowsInAnyOfThem() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        #expect(try payees(store, TransactionFilter(categories: ["food", "FUN"])) == ["100% Organic", "Cinema_Club", "Bakery", "Straße Café", "CinemaXClub"])
        #expect(try payees(store, TransactionFilter(categories: ["Rent"], categoryIDs: [3])) == ["Landlord", "Cinema_Club", "Straße Café", "Landlord"])
        #expect(try payees(store, TransactionFilter(accounts: ["cash", "Savings"])) == ["Cinema_Club", "Bakery", "Straße Café", "Landlord"])
        #expect(try payees(store, TransactionFilter(categories: ["Food"], accounts: ["Main"])) == ["100% Organic", "CinemaXClub"])
        #expect(throws: BudgetError.unknownCategory("Travel")) { try store.transactions(matching: TransactionFilter(categories: ["Food", "Travel"])) }
        #expect(throws: BudgetError.unknownAccount("Bank")) { try LiveTransactions(store: store, request: TransactionRequest(filter: TransactionFilter(accounts: ["Bank"]))) }
        // A live list resolves the names once and follows the categories through a rename.
        let live = try LiveTransactions(store: store, request: TransactionRequest(filter: TransactionFilter(categories: ["Food", "Fun"])))
        try store.renameCategory(named: "Fun", to: "Leisure")
        try store.addTransaction(amount: Money(minorUnits: 5), category: "Leisure", date: Day(iso: "2026-08-01")!)
        #expect(live.count == 6)
    }

    @Test func aRequestSavedAsJSONBeforeTheseFieldsStillDecodes() throws {
        let json = """
            {"filter":{"category":"Food","minAmount":-500,"payee":"café"},"sort":{"key":"payee","ascending":false},"sectioning":"category"}
            """
        let request = try JSONDecoder().decode(TransactionRequest.self, from: Data(json.utf8))
        #expect(request == TransactionRequest(filter: TransactionFilter(category: "Food", payee: "café", minAmount: Money(minorUnits: -500)),
                                              sort: TransactionSort(.payee, ascending: false), sectioning: .category))
        let full = TransactionRequest(filter: TransactionFilter(text: "x", categories: ["A"], categoryIDs: [1], accounts: ["B"], accountIDs: [2]))
        #expect(try JSONDecoder().decode(TransactionRequest.self, from: JSONEncoder().encode(full)) == full)
    }

    @Test(arguments: [nil, TransactionSectioning.month, .category])
    func changingTheFilterDeliversRowsLeavingAsDeletionsAndRowsEnteringAsInsertions(sectioning: TransactionSectioning?) throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let first = TransactionRequest(filter: TransactionFilter(categories: ["Food", "Rent"]), sort: TransactionSort(.amount, ascending: false),
                                       sectioning: sectioning)
        let live = try LiveTransactions(store: store, request: first)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        var second = first
        second.filter = TransactionFilter(from: Day(iso: "2026-03-01"), to: Day(iso: "2026-06-30"))
        try live.setRequest(second)
        let changeSet = try #require(recorder.take().first)
        #expect(!changeSet.isReload)
        #expect(changeSet.deletions.count == 3 && changeSet.insertions.count == 2)
        #expect(changeSet.moves.isEmpty && changeSet.updates.isEmpty)
        let fresh = try LiveTransactionsOracle.snapshot(of: store, request: second)
        #expect(changeSet.applied(to: before) == fresh)
        #expect(changeSet.batchUpdateProblems(before: before) == [])
        #expect(try live.snapshot() == fresh)
        #expect(live.request == second)
        // The list follows commits with its new filter.
        try store.addTransaction(amount: Money(minorUnits: 1), category: "Fun", date: Day(iso: "2026-04-01")!)
        #expect(recorder.take().first?.insertions.count == 1)
    }

    @Test func changingTheSortIsADiffAndChangingTheSectioningAReload() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        try live.setRequest(TransactionRequest(sort: TransactionSort(.payee)))
        try live.setRequest(TransactionRequest(sort: TransactionSort(.payee), sectioning: .month))
        #expect(recorder.take().map(\.isReload) == [false, true])
        #expect(try live.snapshot() == (try LiveTransactionsOracle.snapshot(of: store, request: live.request)))
    }

    @Test func aFailedFilterChangeLeavesTheListAsItWas() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let (live, source) = try LiveTransactions.failable(store: store)
        let before = try live.snapshot()
        source.failOnce("forEachKey")
        #expect(throws: FailingSource.InjectedFailure.self) {
            try live.setRequest(TransactionRequest(filter: TransactionFilter(text: "land")))
        }
        #expect(live.request == TransactionRequest())
        #expect(try live.snapshot() == before)
        #expect(throws: BudgetError.unknownCategory("Nope")) {
            try live.setRequest(TransactionRequest(filter: TransactionFilter(categories: ["Nope"])))
        }
        #expect(try live.snapshot() == before)
    }
}
