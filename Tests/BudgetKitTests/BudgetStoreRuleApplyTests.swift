import Testing
@testable import BudgetKit

/// Rules on import and on existing transactions (`rule apply`), payees and their merging,
/// import profiles.
@Suite struct BudgetStoreRuleApplyTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    func day(_ text: String) -> Day { try! Day(parsing: text) }

    func book(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: .zero)
        try store.addCategory(named: "Shopping", monthlyBudget: .zero)
        try store.addCategory(named: "Salary", monthlyBudget: .zero, kind: .income)
        return store
    }

    @Test func importCleansPayeesByTheBanksTextAndKeysRowsByIt() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.addRule(pattern: "^amazon mktplace pmts [0-9]+$", mode: .pattern, payee: "Amazon", category: nil)
        try store.addRule(pattern: "amazon", category: "Shopping")
        try store.addRule(pattern: "acme", direction: .moneyIn, category: "Salary")
        let text = "date,amount,payee\n2026-11-02,-23.99,AMAZON MKTPLACE PMTS 1234\n2026-11-03,2500.00,ACME Payroll\n2026-11-04,-3.00,ACME Kiosk\n"
        var options = ImportOptions()
        options.negate = true
        options.defaultCategory = "Food"
        var rows = ImportReader(file: "bank.csv", options: options, text: text)
        try store.importTransactions(from: &rows)
        #expect(try store.transactions().map { "\($0.payee)|\($0.category)|\($0.amount)" }
                == ["Amazon|Shopping|23.99", "ACME Payroll|Salary|2500.00", "ACME Kiosk|Food|3.00"])
        let before = try dumpOfEveryTable(store)
        var again = ImportReader(file: "bank.csv", options: options, text: text)
        let result = try store.importTransactions(from: &again)
        #expect(result.added == 0)
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func applyChangesExistingRowsInOneGoAndADryRunWritesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let amazon = try store.addTransaction(amount: money("23.99"), category: "Food", payee: "AMAZON MKTPLACE PMTS 1234", date: day("2026-11-02"))
        let kiosk = try store.addTransaction(amount: money("3.00"), category: "Food", payee: "Kiosk", date: day("2026-11-03"))
        let old = try store.addTransaction(amount: money("5.00"), category: "Food", payee: "amazon.de", date: day("2026-10-01"))
        let clean = try store.addRule(pattern: "amazon", payee: "Amazon", category: nil)
        let shop = try store.addRule(pattern: "amazon", category: "Shopping")
        let before = try dumpOfEveryTable(store)
        let preview = try store.applyRules(TransactionFilter(from: day("2026-11-01")), dryRun: true)
        #expect(try dumpOfEveryTable(store) == before)
        #expect(preview.count == 1)
        #expect(preview[0].before == amazon)
        #expect(preview[0].after.payee == "Amazon" && preview[0].after.category == "Shopping")
        #expect(preview[0].payeeRule == clean.id && preview[0].categoryRule == shop.id)
        let applied = try store.applyRules()
        #expect(applied.map(\.after.id) == [old.id, amazon.id])
        #expect(try store.transactions().map { "\($0.id) \($0.payee) \($0.category)" }
                == ["\(old.id) Amazon Shopping", "\(amazon.id) Amazon Shopping", "\(kiosk.id) Kiosk Food"])
        #expect(try store.applyRules().isEmpty)
    }

    @Test func aMoveAcrossKindsIsRefusedUnlessTheKindChangeIsChosen() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        // Money in, filed as a refund in Food: a rule says it is salary.
        let pay = try store.addTransaction(amount: money("-2500.00"), category: "Food", payee: "ACME", date: day("2026-11-01"))
        try store.addRule(pattern: "acme", direction: .moneyIn, category: "Salary")
        let before = try dumpOfEveryTable(store)
        let refused = try store.applyRules()
        #expect(refused.count == 1 && refused[0].refusedCategory == "Salary" && !refused[0].changes)
        #expect(try dumpOfEveryTable(store) == before)
        let moved = try store.applyRules(kindChange: .negateAmount)
        #expect(moved[0].after.amount == money("2500.00") && moved[0].after.category == "Salary")
        #expect(try store.transactions().first == Transaction(id: pay.id, date: pay.date, amount: money("2500.00"), category: "Salary",
                                                             payee: "ACME", kind: .income, account: "Main"))
    }

    @Test func transfersAndSplitsAreLeftAlone() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.addAccount(named: "Savings")
        try store.transfer(amount: money("100.00"), from: "Main", to: "Savings", date: day("2026-11-01"), payee: "acme")
        try store.addTransaction(amount: money("10.00"), splits: [SplitPart(category: "Food", amount: money("10.00"))], payee: "acme",
                                 date: day("2026-11-02"))
        try store.addRule(pattern: "acme", payee: "ACME", category: "Shopping")
        #expect(try store.applyRules().isEmpty)
    }

    /// A regular expression the sqlite3 shell stored unchecked is named by its rule, never as
    /// if the caller had typed it; nothing is applied or imported.
    @Test func aPatternStoredByHandIsNamedByItsRuleOnApplyAndImportAndNothingChanges() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.addRule(pattern: "amazon", category: "Shopping")
        try store.addRule(pattern: "^acme", mode: .pattern, category: "Salary")
        try store.addTransaction(amount: money("1.00"), category: "Food", payee: "amazon", date: day("2026-11-01"))
        #expect(sqliteShell(dir.file("budget.sqlite3"), "UPDATE rules SET pattern = '(' WHERE id = 2") == 0)
        let before = try dumpOfEveryTable(store)
        let refused = BudgetError.invalidStoredRulePattern(ruleID: 2, pattern: "(", reason: "unmatched ( or \\(")
        #expect(throws: refused) { try store.applyRules() }
        #expect(throws: refused) { try store.applyRules(dryRun: true) }
        var options = ImportOptions()
        options.defaultCategory = "Food"
        var rows = ImportReader(file: "bank.csv", options: options, text: "date,amount,payee\n2026-11-02,2.00,amazon\n")
        #expect(throws: refused) { try store.importTransactions(from: &rows) }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(refused.description == "rule 2 has an invalid pattern '(': unmatched ( or \\(")
    }

    @Test func payeesAreListedWithCountsAndMergedCaseFolded() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.addTransaction(amount: money("10.00"), category: "Food", payee: "AMAZON", date: day("2026-11-01"))
        try store.addTransaction(amount: money("5.00"), category: "Food", payee: "amazon", date: day("2026-11-02"))
        try store.addTransaction(amount: money("-1.00"), category: "Food", payee: "amazon", date: day("2026-11-03"))
        try store.addTransaction(amount: money("100.00"), category: "Salary", payee: "ACME", date: day("2026-11-03"))
        try store.addTransaction(amount: money("2.00"), category: "Food", payee: "", date: day("2026-11-03"))
        #expect(try store.payees() == [
            PayeeSummary(name: "ACME", transactionCount: 1, net: money("100.00")),
            PayeeSummary(name: "AMAZON", transactionCount: 1, net: money("-10.00")),
            PayeeSummary(name: "amazon", transactionCount: 2, net: money("-4.00")),
        ])
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.unknownPayee("Amazn")) { try store.mergePayees(["amazon", "Amazn"], into: "Amazon") }
        #expect(throws: BudgetError.invalidPayeeName("A\u{0}")) { try store.mergePayees(["amazon"], into: "A\u{0}") }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(try store.mergePayees(["AmAzOn"], into: "Amazon") == 3)
        #expect(try store.payees().map(\.name) == ["ACME", "Amazon"])
        #expect(try store.mergePayees(["amazon"], into: "Amazon") == 0)
    }

    /// Each spelling `payees()` lists may be given, though the first already folds the others in:
    /// every name is checked before anything changes.
    @Test func mergingEverySpellingThatFoldsAlikeChecksAllNamesFirst() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        for payee in ["AMAZON", "Amazon", "amazon.de"] {
            try store.addTransaction(amount: money("1.00"), category: "Food", payee: payee, date: day("2026-11-01"))
        }
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.unknownPayee("Amzon")) { try store.mergePayees(["AMAZON", "Amazon", "Amzon"], into: "Amazon Inc") }
        #expect(throws: BudgetError.unknownPayee("")) { try store.mergePayees(["AMAZON", ""], into: "Amazon Inc") }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(try store.mergePayees(["AMAZON", "Amazon", "amazon.de"], into: "Amazon Inc") == 3)
        #expect(try store.payees() == [PayeeSummary(name: "Amazon Inc", transactionCount: 3, net: money("-3.00"))])
    }

    /// More names than one statement binds (900) are checked, all of them, before any is merged.
    @Test func mergingMoreNamesThanOneStatementBindsChecksThemAllFirst() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let names = (1...950).map { "Shop \($0)" }
        var options = ImportOptions()
        options.defaultCategory = "Food"
        var rows = ImportReader(file: "shops.csv", options: options,
                                text: "date,amount,payee\n" + names.map { "2026-11-02,1.00,\($0)\n" }.joined())
        try store.importTransactions(from: &rows)
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.unknownPayee("Shop 951")) { try store.mergePayees(names + ["Shop 951"], into: "Shops") }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(try store.mergePayees(names.map { $0.uppercased() } + names, into: "Shops") == 950)
        #expect(try store.payees() == [PayeeSummary(name: "Shops", transactionCount: 950, net: money("-950.00"))])
    }

    @Test func importProfilesAreSavedListedShownReplacedAndRemovedIgnoringCase() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        #expect(try store.saveImportProfile(named: " Giro ", options: ["--delimiter", ";", "--payee-column", "Empfänger"]) == false)
        try store.saveImportProfile(named: "card", options: [])
        #expect(try store.importProfiles() == [ImportProfile(name: "card", options: []),
                                               ImportProfile(name: "Giro", options: ["--delimiter", ";", "--payee-column", "Empfänger"])])
        #expect(try store.saveImportProfile(named: "GIRO", options: ["--negate"]) == true)
        #expect(try store.importProfile(named: "giro") == ImportProfile(name: "GIRO", options: ["--negate"]))
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.invalidProfileName("")) { try store.saveImportProfile(named: "", options: []) }
        #expect(throws: BudgetError.invalidProfileName("a\u{1B}")) { try store.saveImportProfile(named: "a\u{1B}", options: []) }
        #expect(throws: BudgetError.unknownImportProfile("nope")) { try store.removeImportProfile(named: "nope") }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(try store.removeImportProfile(named: "Card").name == "card")
        #expect(try store.importProfiles().map(\.name) == ["GIRO"])
    }

    @Test func applyWalksRowsBeyondOneChunkOnceInOrderAsOneHistoryEntry() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        // Three days, so the chunks end in the middle of a day: each row must still come once.
        let count = BudgetStore.ruleApplyChunk * 2 + 10
        try store.write {
            for index in 0..<count {
                let date = day(["2026-11-03", "2026-11-01", "2026-11-02"][index % 3])
                try store.addTransaction(amount: money("1.00"), category: "Food", payee: index % 2 == 0 ? "Amazon \(index)" : "Kiosk", date: date)
            }
        }
        try store.addRule(pattern: "amazon", category: "Shopping")
        let entries = try store.history().count
        let preview = try store.applyRules(dryRun: true)
        var applied: [RuleOutcome] = []
        try store.applyRules { applied.append($0) }
        #expect(applied.count == (count + 1) / 2)
        #expect(applied == preview)
        let sorted = applied.sorted { ($0.before.date, $0.before.id) < ($1.before.date, $1.before.id) }
        #expect(applied.map(\.before.id) == sorted.map(\.before.id))
        #expect(try store.history().count == entries + 1)
        #expect(try store.transactions().filter { $0.category == "Shopping" }.count == (count + 1) / 2)
        #expect(try store.applyRules().isEmpty)
    }
}
