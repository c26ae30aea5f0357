import Testing
@testable import BudgetKit

/// Issue "Trust" item 26: names, payees and rules ignore case over all of Unicode, and
/// canonically equivalent spellings are one.
@Suite struct CaseFoldingTests {
    @Test(arguments: [("Straße", "strasse"), ("STRASSE", "strasse"), ("ẞ", "ss"), ("Cafe\u{301}", "café"), ("CAFÉ", "café"),
                      ("ΣΊΣΥΦΟΣ", "σίσυφοσ"), ("ﬀ", "ff"), ("Food", "food")])
    func textFoldsToOneKey(text: String, folded: String) {
        #expect(Array(text.caseFolded().utf8) == Array(folded.utf8))
        #expect(Array(text.caseFolded().caseFolded().utf8) == Array(folded.utf8))
    }

    @Test(arguments: [("Straße", "STRASSE"), ("Café", "Cafe\u{301}"), ("Cafe\u{301}", "CAFÉ")])
    func namesThatDifferOnlyInCaseOrNormalizationAreOneCategory(first: String, second: String) throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: first, monthlyBudget: .zero)
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.duplicateCategory(second)) { try store.addCategory(named: second, monthlyBudget: .zero) }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(try store.category(named: second).name == first)
        try store.addTransaction(amount: Money(minorUnits: 100), category: second)
        #expect(try store.transactions(matching: TransactionFilter(category: second)).count == 1)
    }

    @Test func payeeSearchAndRulesFoldTheSameWay() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Transport", monthlyBudget: .zero)
        try store.addTransaction(amount: Money(minorUnits: 250), category: "Transport", payee: "Hauptstraße 5")
        try store.addTransaction(amount: Money(minorUnits: 300), category: "Transport", payee: "Cafe\u{301} am Eck")
        #expect(try store.transactions(matching: TransactionFilter(payee: "STRASSE")).map(\.payee) == ["Hauptstraße 5"])
        #expect(try store.transactions(matching: TransactionFilter(payee: "café")).count == 1)
        try store.addRule(pattern: "HAUPTSTRASSE", category: "Transport")
        #expect(try store.rule(matchingPayee: "hauptstraße")?.pattern == "HAUPTSTRASSE")
    }
}
