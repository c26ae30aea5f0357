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

    @Test(arguments: ["coffee", "COFFEE", "Coffee Bar", "the coffee shop"])
    func aRuleAnEarlierRuleOfTheSameCategoryAlreadyCoversIsRefusedAndChangesNothing(pattern: String) throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Eating out", monthlyBudget: .zero)
        let coffee = try store.addRule(pattern: "coffee", category: "Eating out")
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.duplicateRule(pattern: pattern, category: "Eating out", existing: coffee)) {
            try store.addRule(pattern: pattern, category: "eating out")
        }
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func aBroaderPatternOrAnotherCategoryIsNotADuplicate() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Eating out", monthlyBudget: .zero)
        try store.addCategory(named: "Food", monthlyBudget: .zero)
        try store.addRule(pattern: "coffee bar", category: "Eating out")
        try store.addRule(pattern: "coffee", category: "Eating out")
        try store.addRule(pattern: "bar", category: "Food")
        #expect(try store.rules().map(\.pattern) == ["coffee bar", "coffee", "bar"])
        #expect(BudgetError.duplicateRule(pattern: "Coffee", category: "Eating out",
                                          existing: ImportRule(id: 2, pattern: "coffee", category: "Eating out")).description
                == "rule 2 ('coffee' to 'Eating out') already catches every payee containing 'Coffee'")
    }

    /// A rule that only sets a payee meets the same duplicate rule as one that sets a category.
    @Test(arguments: ["bar", "BAR", "the bar"])
    func aPayeeRuleAnEarlierPayeeRuleAlreadyCoversIsRefusedAndChangesNothing(pattern: String) throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: .zero)
        let bar = try store.addRule(pattern: "bar", payee: "X", category: nil)
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.duplicateRule(pattern: pattern, category: nil, existing: bar)) {
            try store.addRule(pattern: pattern, payee: " X ", category: nil)
        }
        #expect(try dumpOfEveryTable(store) == before)
        // Another payee, a category too, or another field is another rule.
        try store.addRule(pattern: pattern, payee: "Y", category: nil)
        try store.addRule(pattern: pattern, payee: "X", category: "Food")
        try store.addRule(pattern: pattern, field: .note, payee: "X", category: nil)
        #expect(try store.rules().count == 4)
        #expect(BudgetError.duplicateRule(pattern: "bar", category: nil, existing: bar).description
                == "rule 1 ('bar' setting payee 'X') already catches every payee containing 'bar'")
    }

    @Test func duplicatesAreFoundIgnoringCaseBeyondASCII() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Transport", monthlyBudget: .zero)
        let strasse = try store.addRule(pattern: "Straße", category: "Transport")
        #expect(throws: BudgetError.duplicateRule(pattern: "STRASSENBAHN", category: "Transport", existing: strasse)) {
            try store.addRule(pattern: "STRASSENBAHN", category: "Transport")
        }
        #expect(try store.rule(matchingPayee: "Hauptstrasse 5")?.id == strasse.id)
    }
}
