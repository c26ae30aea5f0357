import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// `check` finds every kind of damage (SQLite's, and rows that break the book's own rules) and
/// names the rows; damage met by any other operation is a clear, typed error.
@Suite struct BudgetStoreCheckTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    /// Food (id 1) with a budget from 2026-11, Rent (id 2), a rule, and transactions 1 to 3.
    func book(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("budget.sqlite3")
        let store = try BudgetStore(path: path)
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: Month(year: 2026, month: 11)!)
        try store.addCategory(named: "Rent", monthlyBudget: money("900"), from: Month(year: 2026, month: 11)!)
        try store.addRule(pattern: "bakery", category: "Food")
        for (amount, category) in [("12.50", "Food"), ("900", "Rent"), ("4.20", "Food")] {
            try store.addTransaction(amount: money(amount), category: category, payee: "Shop", date: Day(iso: "2026-11-03")!)
        }
        return path
    }

    @Test func aHealthyBookHasNoProblems() throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        #expect(try BudgetStore(path: path).check() == [])
        #expect(try BudgetStore.check(bookAt: path) == [])
    }

    /// Damage written with the sqlite3 shell (foreign keys off, CHECK constraints ignored), and
    /// the problem `check` must report for it.
    static let damage: [(sql: String, problems: [BookProblem])] = [
        ("INSERT INTO transactions (id, date, amount, category_id) VALUES (9, '2026-11-04', 100, 42)",
         [.missingReference(table: "transactions", rowID: 9, parentTable: "categories")]),
        ("UPDATE transactions SET date = '2026-02-30' WHERE id = 2", [.invalidTransactionDate(transactionID: 2, date: "2026-02-30")]),
        ("UPDATE transactions SET date = '3 Nov 2026' WHERE id = 1", [.invalidTransactionDate(transactionID: 1, date: "3 Nov 2026")]),
        ("UPDATE transactions SET amount = 12.5 WHERE id = 3", [.invalidTransactionAmount(transactionID: 3, stored: "12.5")]),
        ("UPDATE transactions SET amount = 'lots' WHERE id = 3", [.invalidTransactionAmount(transactionID: 3, stored: "lots")]),
        ("UPDATE transactions SET amount = -10000000000000 WHERE id = 1",
         [.invalidTransactionAmount(transactionID: 1, stored: "-10000000000000")]),
        ("UPDATE categories SET name_key = 'FOOD' WHERE id = 1", [.wrongNameKey(categoryID: 1, name: "Food", stored: "FOOD")]),
        ("UPDATE categories SET name = ' Rent', name_key = ' rent' WHERE id = 2", [.invalidCategoryName(categoryID: 2, name: " Rent")]),
        ("UPDATE categories SET kind = 'savings' WHERE id = 2",
         [.damaged("CHECK constraint failed in categories"), .invalidCategoryKind(categoryID: 2, kind: "savings")]),
        ("UPDATE budgets SET month = '2026-13' WHERE category_id = 1", [.invalidBudgetMonth(categoryID: 1, month: "2026-13")]),
        ("UPDATE budgets SET scope = 'always' WHERE category_id = 2",
         [.damaged("CHECK constraint failed in budgets"), .invalidBudgetScope(categoryID: 2, month: "2026-11", scope: "always")]),
        ("UPDATE budgets SET amount = '3 hundred' WHERE category_id = 1",
         [.invalidBudgetAmount(categoryID: 1, month: "2026-11", stored: "3 hundred")]),
        ("UPDATE rules SET pattern = '' WHERE id = 1", [.invalidRulePattern(ruleID: 1, pattern: "")]),
        ("UPDATE rules SET mode = 'pattern', pattern = '(' WHERE id = 1",
         [.invalidRuleExpression(ruleID: 1, pattern: "(", reason: "unmatched ( or \\(")]),
        ("UPDATE rules SET mode = 'pattern', pattern = 'a\\1' WHERE id = 1",
         [.invalidRuleExpression(ruleID: 1, pattern: "a\\1", reason: "back-references like \\1 are not supported")]),
        ("DELETE FROM rules; DELETE FROM categories WHERE id = 2",
         // In the schema's order of tables: transactions was made again by schema 4.
         [.missingReference(table: "budgets", rowID: nil, parentTable: "categories"),
          .missingReference(table: "transactions", rowID: 2, parentTable: "categories")]),
        ("DROP TRIGGER transactions_logged_insert", [.missingSchemaObject(type: "trigger", name: "transactions_logged_insert")]),
        ("DROP INDEX transactions_by_date; CREATE INDEX transactions_by_date ON transactions(amount)",
         [.alteredSchemaObject(type: "index", name: "transactions_by_date")]),
        ("INSERT INTO change_log_pause VALUES (1)", [.changeLogPaused]),
        ("UPDATE sqlite_sequence SET seq = 1 WHERE name = 'change_log'",
         [.changeLogSequenceBehind(sequence: 1, newest: 7)]),
    ]

    @Test(arguments: BudgetStoreCheckTests.damage)
    func damageWrittenByHandIsFoundAndNamed(sql: String, problems: [BookProblem]) throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        #expect(sqliteShell(path, "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON; \(sql);") == 0)
        let before = tableDump(path)
        #expect(try BudgetStore.check(bookAt: path) == problems)
        #expect(try BudgetStore(path: path, access: .read).check() == problems)
        #expect(tableDump(path) == before)
    }

    /// The root page of `table` in the book at `path`.
    func rootPage(_ path: String, _ table: String) -> Int {
        Int(shellOutput("sqlite3 '\(path)' \"SELECT rootpage FROM sqlite_schema WHERE name = '\(table)'\"")
            .filter(\.isNumber))!
    }

    /// Overwrites page `page` (1-based) of the checkpointed book at `path` with garbage.
    func damagePage(_ path: String, _ page: Int) {
        checkpoint(path)
        #expect(system("head -c 4096 /dev/urandom | dd of='\(path)' bs=4096 seek=\(page - 1) conv=notrunc status=none") == 0)
    }

    @Test func aDamagedPageIsReportedNotThrownAndTheFileIsLeftAlone() throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        damagePage(path, rootPage(path, "transactions"))
        let before = fileBytes(path)
        let problems = try BudgetStore.check(bookAt: path)
        #expect(!problems.isEmpty)
        #expect(problems.allSatisfy { if case .damaged = $0 { true } else { false } })
        #expect(fileBytes(path) == before)
    }

    @Test func aBookWhoseSchemaCannotBeReadIsStillChecked() throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        // Page 1 past its 100-byte file header is the root of the schema table: break its page header.
        checkpoint(path)
        #expect(system("printf '\\377\\377\\377\\377\\377\\377\\377\\377' | dd of='\(path)' bs=1 seek=100 conv=notrunc status=none") == 0)
        #expect(throws: BudgetError.corruptDatabase(path: path)) { try BudgetStore(path: path) }
        let problems = try BudgetStore.check(bookAt: path)
        #expect(problems.first.map { if case .damaged = $0 { true } else { false } } == true)
    }

    @Test func anImpossibleVersionIsAProblemAndANewerOneAnError() throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        #expect(system("sqlite3 '\(path)' 'PRAGMA user_version = -1'") == 0)
        #expect(try BudgetStore.check(bookAt: path) == [.unknownSchemaVersion(-1)])
        let newer = Schema.migrator.latestVersion + 1
        #expect(system("sqlite3 '\(path)' 'PRAGMA user_version = \(newer)'") == 0)
        #expect(throws: BudgetError.newerDatabase(path: path, version: newer, supported: Schema.migrator.latestVersion)) {
            try BudgetStore.check(bookAt: path)
        }
    }

    @Test func checkingAMissingBookCreatesNothing() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("typo.sqlite3")
        #expect(throws: BudgetError.databaseNotFound(path: path)) { try BudgetStore.check(bookAt: path) }
        #expect(folderNames(dir.path) == [])
    }

    @Test func damageMetByAReadAWriteOrABackupIsTheCorruptDatabaseError() throws {
        let dir = TemporaryDirectory()
        let path = try book(dir)
        damagePage(path, rootPage(path, "transactions"))
        let store = try BudgetStore(path: path)
        let corrupt = BudgetError.corruptDatabase(path: path)
        #expect(throws: corrupt) { try store.transactions() }
        #expect(throws: corrupt) { try store.addTransaction(amount: money("1"), category: "Food") }
        #expect(throws: corrupt) { try store.backup(to: dir.file("backup.sqlite3")) }
        #expect(throws: corrupt) { try store.backup(stagingIn: [dir.path]) { _ in } }
        #expect(!BookFile.exists(dir.file("backup.sqlite3")))
    }
}
