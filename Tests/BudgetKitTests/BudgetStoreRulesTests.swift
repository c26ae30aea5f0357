import Testing
@testable import BudgetKit

@Suite struct BudgetStoreRulesTests {
    @Test func addsListsAndRemovesRulesInTheOrderTheyWereAdded() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Eating out", monthlyBudget: .zero)
        try store.addCategory(named: "Food", monthlyBudget: .zero)
        let coffee = try store.addRule(pattern: "Coffee", category: "eating OUT")
        let market = try store.addRule(pattern: "market", category: "Food")
        #expect(coffee.category == "Eating out")
        #expect(try store.rules() == [coffee, market])
        try store.removeRule(id: coffee.id)
        #expect(try store.rules() == [market])
    }

    @Test func theFirstRuleAddedWinsMatchingAnywhereInThePayeeIgnoringCase() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Eating out", monthlyBudget: .zero)
        try store.addCategory(named: "Food", monthlyBudget: .zero)
        try store.addRule(pattern: "CAFÉ", category: "Eating out")
        try store.addRule(pattern: "café market", category: "Food")
        #expect(try store.rule(matchingPayee: "Le Café Market")?.category == "Eating out")
        #expect(try store.rule(matchingPayee: "supermarket") == nil)
    }

    @Test func rejectsAnEmptyPatternAnUnknownCategoryAndAnUnknownRule() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: .zero)
        #expect(throws: BudgetError.invalidRulePattern("")) { try store.addRule(pattern: "", category: "Food") }
        #expect(throws: BudgetError.unknownCategory("Fod")) { try store.addRule(pattern: "x", category: "Fod") }
        #expect(throws: BudgetError.unknownRule(42)) { try store.removeRule(id: 42) }
        #expect(try store.rules().isEmpty)
        #expect(BudgetError.unknownRule(42).description == "no rule with id 42")
        #expect(BudgetError.invalidRulePattern("").description == "invalid rule pattern '': it must not be empty")
    }

    @Test func deletingACategoryDeletesItsRules() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: .zero)
        try store.addRule(pattern: "market", category: "Food")
        try store.deleteCategory(named: "Food")
        #expect(try store.rules().isEmpty)
    }
}
