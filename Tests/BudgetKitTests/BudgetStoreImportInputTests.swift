import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// A new book with an expense category Food and an income category Salary, from 2026-11.
func importBook(_ dir: TemporaryDirectory, _ name: String = "budget.sqlite3") throws -> BudgetStore {
    let store = try dir.store(name)
    let nov = Month(year: 2026, month: 11)!
    try store.addCategory(named: "Food", monthlyBudget: Money(minorUnits: 30_000), from: nov)
    try store.addCategory(named: "Salary", monthlyBudget: Money(minorUnits: 300_000), kind: .income, from: nov)
    return store
}

/// Imports `text` as `bank.csv`.
@discardableResult
func importText(_ store: BudgetStore, _ text: String, _ options: ImportOptions = ImportOptions(), dryRun: Bool = false,
                observe: ((ImportedRow) throws -> Void)? = nil) throws -> ImportSummary {
    var rows = ImportReader(file: "bank.csv", options: options, text: text)
    return try store.importTransactions(from: &rows, dryRun: dryRun, observe: observe)
}

/// Issue "Trust" items 10 and 16, and the import keys: what the importer reads, and what it
/// refuses to take for nothing.
@Suite struct BudgetStoreImportInputTests {
    /// The transcoder finds the NUL before the CSV reader would (issue 11 item 2).
    static let nul = BudgetError.bankFile(BankFileError(BankFileLocation(file: "bank.csv", line: 2), .nulCharacter(byteOffset: 54)))

    @Test func aNulByteIsRefusedSoRowsThatDifferOnlyAfterItAreNeverMerged() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let before = try bookDump(store)
        let text = "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\u{0}Bar\n2026-11-21,3.20,Food,Coffee\u{0}Shop\n"
        #expect(throws: Self.nul) { try importText(store, text) }
        #expect(throws: Self.nul) {
            try importText(store, text, dryRun: true)
        }
        #expect(try bookDump(store) == before)
    }

    @Test func textHoldingANulIsStoredWholeNeverCutAtIt() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let day = Day(year: 2026, month: 11, day: 21)!
        try store.addTransaction(amount: Money(minorUnits: 320), category: "Food", payee: "Coffee\u{0}Bar", date: day, note: "\u{0}x")
        try store.addTransaction(amount: Money(minorUnits: 320), category: "Food", payee: "Coffee\u{0}Shop", date: day)
        #expect(try store.transactions().map(\.payee) == ["Coffee\u{0}Bar", "Coffee\u{0}Shop"])
        #expect(try store.transactions().map(\.note) == ["\u{0}x", ""])
        #expect(try store.connection.prepare("SELECT budget_fold(?)").first([.text("CAFÉ\u{0}BAR")]) { $0.text(0) } == "café\u{0}bar")
        #expect(try store.connection.int64("SELECT length(CAST(? AS BLOB))", [.text("a\u{0}b")]) == 3)
    }

    @Test func aFileWithCROnlyLineEndsSkipsItsPreambleAndImportsEveryRow() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        var options = ImportOptions()
        options.skipLines = 2
        let text = "Bank export\rAccount 1\rdate,amount,category,payee\r2026-11-21,1.00,Food,A\r2026-11-22,2.00,Food,B\r"
        #expect(try importText(store, text, options) == ImportSummary(added: 2, skipped: 0, dryRun: false))
        #expect(try store.transactions().map(\.payee) == ["A", "B"])
    }

    @Test(arguments: [
        ("a\nb\n", 5, BudgetError.noRowsAfterSkipping(file: "bank.csv", skipLines: 5, lineCount: 2)),
        ("a\rb\rc", 3, BudgetError.noRowsAfterSkipping(file: "bank.csv", skipLines: 3, lineCount: 3)),
        ("Account\n\n\n", 1, BudgetError.noRowsAfterSkipping(file: "bank.csv", skipLines: 1, lineCount: 3)),
        ("date,amount,category,payee\n", 0, BudgetError.noRowsAfterHeader(file: "bank.csv", line: 1)),
        ("Account\r\nPeriod\r\ndate,amount,category,payee\r\n\r\n", 2, BudgetError.noRowsAfterHeader(file: "bank.csv", line: 3)),
    ])
    func aFileThatIsNotEmptyButYieldsNoRowsIsAnError(text: String, skipLines: Int, error: BudgetError) throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let before = try bookDump(store)
        var options = ImportOptions()
        options.skipLines = skipLines
        #expect(throws: error) { try importText(store, text, options) }
        #expect(throws: error) { try importText(store, text, options, dryRun: true) }
        #expect(try bookDump(store) == before)
    }

    /// An empty file is an error (a download that failed), as a header without rows is.
    @Test(arguments: ["", "\n\r\n", "\u{FEFF}"])
    func anEmptyFileIsAnError(text: String) throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let before = try bookDump(store)
        for dryRun in [false, true] {
            #expect(throws: BudgetError.emptyImportFile(file: "bank.csv")) { try importText(store, text, dryRun: dryRun) }
        }
        #expect(try bookDump(store) == before)
    }

    @Test func aFileWhoseEveryRowWasImportedBeforeIsNoError() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let text = "date,amount,category,payee\n2026-11-21,1.00,Food,A\n"
        try importText(store, text)
        #expect(try importText(store, text) == ImportSummary(added: 0, skipped: 1, dryRun: false))
    }

    @Test func keysAreByteForByteTheOnesImportKeyerMakes() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let payees = ["a|b", #"back\slash"#, #"\|"#, "Café 🍰", "", "x", "x", "x", "ÉCOLE", "école", "x", " x "]
        let amounts = ["-0.50", "0.00", "-3.20", "12.99", "-0.50", "1", "1.00", "1", "-0.50", "-0.50", "2", "2"]
        var text = "date,amount,category,payee\n"
        let writer = CSVWriter()
        for (index, payee) in payees.enumerated() {
            writer.writeRow([.number("2026-11-\(21 + index % 2)"), .number(amounts[index]), "Food", .text(payee)], to: &text)
        }
        var options = ImportOptions()
        options.source = #"vi|sa\"#
        try importText(store, text, options)
        var keyer = ImportKeyer(source: options.source)
        let expected = try payees.indices.map {
            keyer.key(date: Day(year: 2026, month: 11, day: 21 + $0 % 2)!, amount: try Money(parsing: amounts[$0]), payee: payees[$0])
        }
        let stored = try store.connection.prepare("SELECT import_key FROM transactions ORDER BY id").map { $0.text(0) }
        #expect(stored == expected)
        #expect(stored[7] == #"vi\|sa\\|2026-11-22|1.00|x|2"#)
        #expect(Set(stored).count == payees.count)
    }

    /// The fixture book was made by budget 0.1.0, whose import keyed rows in memory: the same
    /// statement must be recognised, row for row.
    @Test func aBookImportedBeforeRecognisesTheSameStatement() throws {
        let dir = TemporaryDirectory()
        let fixture = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Fixtures/book-v1.sqlite3"
        #expect(system("cp '\(fixture)' '\(dir.file("book.sqlite3"))'") == 0)
        let store = try dir.store("book.sqlite3")
        // The change log may note the rows the statement met again; the book's data may not change.
        let before = try bookDump(store, withChangeLog: false)
        var options = ImportOptions()
        options.source = "visa"
        options.negate = true
        options.defaultCategory = "Salary"
        let bank = """
            date,amount,payee
            2026-11-16,-3.20,Coffee Bar
            2026-11-16,-3.20,Coffee Bar
            2026-11-17,-21.00,Super Market
            2026-11-18,1200.00,ACME bonus

            """
        #expect(try importText(store, bank, options) == ImportSummary(added: 0, skipped: 4, dryRun: false))
        #expect(try bookDump(store, withChangeLog: false) == before)
    }
}
