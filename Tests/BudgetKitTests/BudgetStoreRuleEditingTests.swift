import Testing
@testable import BudgetKit

/// Rules of schema 5: fields, modes, directions, payees; edited and moved; read back from v1.
@Suite struct BudgetStoreRuleEditingTests {
    func book(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Shopping", monthlyBudget: .zero)
        try store.addCategory(named: "Salary", monthlyBudget: .zero, kind: .income)
        return store
    }

    @Test func aRuleCanSetAPayeeACategoryOrBothWithEveryOption() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let clean = try store.addRule(pattern: "^amazon mktplace", mode: .pattern, payee: " Amazon ", category: nil)
        let both = try store.addRule(pattern: "payroll", field: .any, direction: .moneyIn, payee: "ACME", category: "salary")
        #expect(clean == ImportRule(id: clean.id, pattern: "^amazon mktplace", category: nil, mode: .pattern, payee: "Amazon"))
        #expect(both == ImportRule(id: both.id, pattern: "payroll", category: "Salary", field: .any, direction: .moneyIn, payee: "ACME"))
        #expect(try store.rules() == [clean, both])
    }

    @Test(arguments: [
        ("", ImportRule.Mode.contains, Optional("Shopping"), Optional<String>.none, BudgetError.invalidRulePattern("")),
        ("(x", .pattern, "Shopping", nil, .invalidRuleExpression("(x", reason: "unmatched ( or \\(")),
        ("x", .contains, nil, nil, .ruleWithoutAction),
        ("x", .contains, nil, "Bad\u{7}", .invalidPayeeName("Bad\u{7}")),
        ("x", .contains, nil, "  ", .invalidPayeeName("  ")),
        ("x", .exact, "Nope", nil, .unknownCategory("Nope")),
    ])
    func aBadRuleIsRefusedAndTheBookIsUnchanged(pattern: String, mode: ImportRule.Mode, category: String?, payee: String?,
                                                 error: BudgetError) throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.addRule(pattern: "coffee", category: "Shopping")
        let before = try dumpOfEveryTable(store)
        #expect(throws: error) { try store.addRule(pattern: pattern, mode: mode, payee: payee, category: category) }
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func anEditChangesOnlyWhatItNamesAndKeepsTheRulesPlace() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let first = try store.addRule(pattern: "amazon", category: "Shopping")
        let second = try store.addRule(pattern: "acme", category: "Salary")
        let edited = try store.editRule(id: first.id, RuleChanges(mode: .exact, direction: .set(.moneyOut), payee: .set("Amazon")))
        #expect(edited == ImportRule(id: first.id, pattern: "amazon", category: "Shopping", mode: .exact, direction: .moneyOut, payee: "Amazon"))
        let cleared = try store.editRule(id: first.id, RuleChanges(direction: .clear, category: .clear))
        #expect(cleared.category == nil && cleared.direction == nil && cleared.payee == "Amazon")
        #expect(try store.rules().map(\.id) == [first.id, second.id])
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.ruleWithoutAction) { try store.editRule(id: first.id, RuleChanges(payee: .clear)) }
        #expect(throws: BudgetError.invalidRuleExpression("a{2000}", reason: "its {m,n} repetitions multiply to more than 1000")) {
            try store.editRule(id: first.id, RuleChanges(pattern: "a{2000}", mode: .pattern))
        }
        #expect(throws: BudgetError.unknownRule(99)) { try store.editRule(id: 99, RuleChanges(pattern: "x")) }
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func rulesMoveToAPlaceOrBeforeOrAfterAnotherAndTheFirstMatchWins() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let a = try store.addRule(pattern: "acme", category: "Shopping")
        let b = try store.addRule(pattern: "acme", field: .note, category: "Salary")
        let c = try store.addRule(pattern: "acme", mode: .exact, category: "Salary")
        #expect(try store.moveRule(id: c.id, to: .position(1)).map(\.id) == [c.id, a.id, b.id])
        #expect(try store.moveRule(id: c.id, to: .after(b.id)).map(\.id) == [a.id, b.id, c.id])
        #expect(try store.moveRule(id: a.id, to: .before(c.id)).map(\.id) == [b.id, a.id, c.id])
        #expect(try store.rules().map(\.id) == [b.id, a.id, c.id])
        #expect(try store.rule(matchingPayee: "ACME")?.id == a.id)
        try store.moveRule(id: c.id, to: .position(1))
        #expect(try store.rule(matchingPayee: "ACME")?.id == c.id)
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.invalidRulePosition(4, count: 3)) { try store.moveRule(id: a.id, to: .position(4)) }
        #expect(throws: BudgetError.invalidRulePosition(0, count: 3)) { try store.moveRule(id: a.id, to: .position(0)) }
        #expect(throws: BudgetError.unknownRule(42)) { try store.moveRule(id: a.id, to: .before(42)) }
        #expect(throws: BudgetError.unknownRule(42)) { try store.moveRule(id: 42, to: .position(1)) }
        #expect(throws: BudgetError.ruleMovedBesideItself(a.id)) { try store.moveRule(id: a.id, to: .before(a.id)) }
        #expect(throws: BudgetError.ruleMovedBesideItself(a.id)) { try store.moveRule(id: a.id, to: .after(a.id)) }
        #expect(throws: BudgetError.unknownRule(42)) { try store.moveRule(id: 42, to: .after(42)) }
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func aVersion1BooksRulesReadBackTheSameInTheirOldOrder() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v1.sqlite3", in: dir))
        #expect(try store.rules() == [ImportRule(id: 1, pattern: "coffee", category: "Café"), ImportRule(id: 2, pattern: "market", category: "Food")])
        #expect(try store.connection.int64("PRAGMA user_version") == Int64(Schema.migrator.latestVersion))
        #expect(try store.connection.prepare("SELECT id, position FROM rules ORDER BY id").map { [$0.int64(0), $0.int64(1)] } == [[1, 1], [2, 2]])
        let rule = try store.addRule(pattern: "rent", category: "Rent")
        #expect(try store.rules().last == rule)
        #expect(try store.importProfiles().isEmpty)
    }
}
