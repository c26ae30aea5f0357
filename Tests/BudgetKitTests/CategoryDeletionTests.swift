import Testing
@testable import BudgetKit

/// Issue "Trust" item 3: deleting a category says what moved and what went, and its rules
/// follow its transactions.
@Suite struct CategoryDeletionTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    let nov = Month(year: 2026, month: 11)!

    @Test func rulesFollowMovedTransactionsKeepingTheirIdsAndOrder() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Snacks", monthlyBudget: money("20"), from: nov)
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: nov)
        try store.addCategory(named: "Fun", monthlyBudget: money("50"), from: nov)
        let crisps = try store.addRule(pattern: "crisps", category: "Snacks")
        let fair = try store.addRule(pattern: "fair", category: "Fun")
        let kiosk = try store.addRule(pattern: "Kiosk", category: "Snacks")
        try store.addTransaction(amount: money("2"), category: "Snacks", date: nov.firstDay)
        try store.addTransaction(amount: money("3"), category: "Snacks", date: nov.lastDay)
        let result = try store.deleteCategory(named: "snacks", .moveTransactions(to: "food"))
        #expect(result == CategoryDeletionResult(
            category: "Snacks", kind: .expense, movedTo: "Food", transactionsMoved: 2, kindChange: nil, transactionsDeleted: 0,
            rulesMoved: [ImportRule(id: crisps.id, pattern: "crisps", category: "Food"), ImportRule(id: kiosk.id, pattern: "Kiosk", category: "Food")],
            duplicateRulesRemoved: [], rulesDeleted: [],
            budgetHistory: [BudgetChange(month: nov, amount: money("20"), scope: .from)]))
        #expect(try store.rules() == [ImportRule(id: crisps.id, pattern: "crisps", category: "Food"), fair,
                                      ImportRule(id: kiosk.id, pattern: "Kiosk", category: "Food")])
        #expect(try store.rule(matchingPayee: "KIOSK 24")?.category == "Food")
        #expect(try store.transactions().map(\.category) == ["Food", "Food"])
    }

    @Test func aMovedRuleThatDuplicatesAnEarlierRuleOfTheTargetIsRemovedAndReported() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: nov)
        try store.addCategory(named: "Snacks", monthlyBudget: money("20"), from: nov)
        let market = try store.addRule(pattern: "market", category: "Food")
        let marketAgain = try store.addRule(pattern: "MARKET", category: "Snacks")
        let kiosk = try store.addRule(pattern: "kiosk", category: "Snacks")
        let result = try store.deleteCategory(named: "Snacks", .moveTransactions(to: "Food"))
        #expect(result.duplicateRulesRemoved == [ImportRule(id: marketAgain.id, pattern: "MARKET", category: "Food")])
        #expect(result.rulesMoved == [ImportRule(id: kiosk.id, pattern: "kiosk", category: "Food")])
        #expect(try store.rules() == [market, ImportRule(id: kiosk.id, pattern: "kiosk", category: "Food")])
    }

    @Test func withoutAMoveTheRulesAndTransactionsGoAndTheResultSaysSo() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: nov)
        let market = try store.addRule(pattern: "market", category: "Food")
        try store.addTransaction(amount: money("2"), category: "Food", date: nov.firstDay)
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.categoryInUse("Food", transactionCount: 1)) { try store.deleteCategory(named: "Food") }
        #expect(throws: BudgetError.moveToSameCategory("Food")) { try store.deleteCategory(named: "Food", .moveTransactions(to: "FOOD")) }
        #expect(try dumpOfEveryTable(store) == before)
        let result = try store.deleteCategory(named: "Food", .deleteTransactions)
        #expect(result.transactionsDeleted == 1)
        #expect(result.transactionsMoved == 0)
        #expect(result.movedTo == nil)
        #expect(result.rulesDeleted == [market])
        #expect(try store.rules().isEmpty)
        #expect(try store.transactions().isEmpty)
    }

    /// Only transactions that go count as deleted; a split keeping parts of other categories is
    /// named with its amounts before and after.
    @Test func aSplitKeepingOtherPartsIsReportedApartFromTheDeletedTransactions() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: nov)
        try store.addCategory(named: "Shop", monthlyBudget: money("100"), from: nov)
        let plain = try store.addTransaction(amount: money("3"), category: "Food", date: nov.firstDay)
        let market = try store.addTransaction(amount: money("10"), splits: [SplitPart(category: "Food", amount: money("4")),
                                                                            SplitPart(category: "Shop", amount: money("6"))], date: nov.firstDay)
        try store.addTransaction(amount: money("5"), splits: [SplitPart(category: "Food", amount: money("2")),
                                                              SplitPart(category: "Food", amount: money("3"))], date: nov.firstDay)
        let result = try store.deleteCategory(named: "Food", .deleteTransactions)
        #expect(result.transactionsDeleted == 2)
        #expect(result.splitsShrunk == [CategoryDeletionResult.ShrunkSplit(transactionID: market.id, amountBefore: money("10"), amount: money("6"))])
        #expect(try store.transactions().map { "\($0.id) \($0.amount)" } == ["\(market.id) 6.00"])
        #expect(throws: BudgetError.unknownTransaction(plain.id)) { try store.transaction(id: plain.id) }
        #expect(try store.check() == [])
    }
}
