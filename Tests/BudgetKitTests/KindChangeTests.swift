import Testing
@testable import BudgetKit

/// Issue "Trust" item 2: an amount never changes meaning silently between an expense and an
/// income category.
@Suite struct KindChangeTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    let nov = Month(year: 2026, month: 11)!

    /// Food (expense) with a 12.50 lunch, Salary (income), Fun (expense).
    func book(_ dir: TemporaryDirectory) throws -> (BudgetStore, Transaction) {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: nov)
        try store.addCategory(named: "Salary", monthlyBudget: money("3000"), kind: .income, from: nov)
        try store.addCategory(named: "Fun", monthlyBudget: money("50"), from: nov)
        let lunch = try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch", date: nov.firstDay)
        return (store, lunch)
    }

    @Test func editingIntoACategoryOfTheOtherKindIsRefusedAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        let (store, lunch) = try book(dir)
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.transactionWouldChangeKind(id: lunch.id, amount: money("12.50"), from: "Food", fromKind: .expense, to: "Salary", toKind: .income)) {
            try store.editTransaction(id: lunch.id, TransactionChanges(category: "salary", payee: "Boss"))
        }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(BudgetError.transactionWouldChangeKind(id: 1, amount: money("12.50"), from: "Food", fromKind: .expense,
                                                       to: "Salary", toKind: .income).description
                == "moving transaction 1 (12.50) from expense category 'Food' to income category 'Salary' would change what its amount means")
    }

    @Test(arguments: [(KindChange.keepAmount, "12.50"), (.negateAmount, "-12.50")])
    func editingAcrossKindsDoesWhatTheCallerChose(choice: KindChange, amount: String) throws {
        let dir = TemporaryDirectory()
        let (store, lunch) = try book(dir)
        let moved = try store.editTransaction(id: lunch.id, TransactionChanges(category: "Salary"), kindChange: choice)
        #expect(moved.category == "Salary")
        #expect(moved.amount == money(amount))
        #expect(try store.transaction(id: lunch.id) == moved)
    }

    @Test func aNewAmountGivenWithTheNewCategoryIsExplicitAndTheSameKindNeedsNoChoice() throws {
        let dir = TemporaryDirectory()
        let (store, lunch) = try book(dir)
        #expect(try store.editTransaction(id: lunch.id, TransactionChanges(amount: money("20"), category: "Salary")).amount == money("20"))
        let back = try store.editTransaction(id: lunch.id, TransactionChanges(amount: money("5"), category: "Food"))
        #expect(try store.editTransaction(id: back.id, TransactionChanges(category: "Fun")).amount == money("5"))
        // A choice is ignored when the kind does not change.
        #expect(try store.editTransaction(id: back.id, TransactionChanges(category: "Food"), kindChange: .negateAmount).amount == money("5"))
    }

    @Test func movingADeletedCategorysTransactionsToTheOtherKindIsRefusedAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        let (store, _) = try book(dir)
        try store.addTransaction(amount: money("3"), category: "Food", date: nov.firstDay)
        try store.addRule(pattern: "market", category: "Food")
        let before = try dumpOfEveryTable(store)
        let refusal = BudgetError.moveWouldChangeKind(from: "Food", fromKind: .expense, to: "Salary", toKind: .income, transactionCount: 2)
        #expect(throws: refusal) { try store.deleteCategory(named: "Food", .moveTransactions(to: "SALARY")) }
        #expect(throws: refusal) { try store.deleteCategory(named: "Food", movingTransactionsTo: "Salary", force: false) }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(refusal.description
                == "moving 2 transactions from expense category 'Food' to income category 'Salary' would change what their amounts mean")
    }

    @Test func movingAcrossKindsWithNegateKeepsTheMoneyFlow() throws {
        let dir = TemporaryDirectory()
        let (store, lunch) = try book(dir)
        let result = try store.deleteCategory(named: "Food", .moveTransactions(to: "Salary", kindChange: .negateAmount))
        #expect(result.kindChange == .negateAmount)
        #expect(result.transactionsMoved == 1)
        #expect(try store.transaction(id: lunch.id).amount == money("-12.50"))
        #expect(try store.monthlyReport(for: nov).net == money("-12.50"))
    }

    @Test func anEmptyCategoryMovesToTheOtherKindWithoutAChoice() throws {
        let dir = TemporaryDirectory()
        let (store, _) = try book(dir)
        try store.addRule(pattern: "fair", category: "Fun")
        let result = try store.deleteCategory(named: "Fun", .moveTransactions(to: "Salary"))
        #expect(result.kindChange == nil)
        #expect(result.rulesMoved.map(\.category) == ["Salary"])
    }

    @Test func negatingAnAmountWithNoNegationIsRefused() throws {
        let dir = TemporaryDirectory()
        let (store, lunch) = try book(dir)
        try store.connection.run("UPDATE transactions SET amount = ?", [.integer(.min)])
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.totalTooLarge) {
            try store.editTransaction(id: lunch.id, TransactionChanges(category: "Salary"), kindChange: .negateAmount)
        }
        #expect(throws: BudgetError.totalTooLarge) {
            try store.deleteCategory(named: "Food", .moveTransactions(to: "Salary", kindChange: .negateAmount))
        }
        #expect(try dumpOfEveryTable(store) == before)
    }
}
