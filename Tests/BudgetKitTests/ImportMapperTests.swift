import Testing
@testable import BudgetKit

/// Every row of `text` read with `options`.
func importRows(_ text: String, _ options: ImportOptions = ImportOptions(), file: String = "bank.csv") throws -> [ImportRow] {
    var reader = ImportReader(file: file, options: options, text: text)
    var rows: [ImportRow] = []
    while let row = try reader.next() { rows.append(row) }
    return rows
}

@Suite struct ImportMapperTests {
    let day = Day(year: 2026, month: 11, day: 21)!

    @Test func readsBackExactlyWhatExportWrites() throws {
        let writer = CSVWriter()
        var text = ""
        writer.writeRow(["id", "date", "amount", "category", "payee", "note"], to: &text)
        let payees = ["Café, \"Chez Paul\"", "two\nlines", " padded ", "", "=cmd", "Łódź 🍰", "a\r\nb"]
        for (index, payee) in payees.enumerated() {
            writer.writeRow([.number(String(index + 1)), .number(day.adding(days: index).description),
                             .money(Money(minorUnits: Int64(index * 1001 - 2000))), "Food", .text(payee),
                             .text(index == 2 ? "note, \"quoted\"" : "")], to: &text)
        }
        let rows = try importRows(text)
        #expect(rows.map(\.payee) == payees)
        #expect(rows.map(\.date) == payees.indices.map { day.adding(days: $0) })
        #expect(rows.map(\.amount.minorUnits) == payees.indices.map { Int64($0 * 1001 - 2000) })
        #expect(rows.allSatisfy { $0.convention == .stored && $0.category == "Food" && $0.categoryField == 4 })
        #expect(rows[2].note == "note, \"quoted\"")
        #expect(rows.map(\.line) == [2, 3, 5, 6, 7, 8, 9])
        #expect(rows[0].importKey == "default|2026-11-21|-20.00|Café, \"Chez Paul\"|1")
    }

    @Test func keepsStoredAmountsAsTheyAre() throws {
        let rows = try importRows("date,amount,category\n2026-11-21,12.50,Food\n2026-11-21,-2.25,Food\n")
        #expect(rows.map { $0.storedAmount(in: .expense) } == [Money(minorUnits: 1250), Money(minorUnits: -225)])
        #expect(rows.map { $0.storedAmount(in: .income) } == [Money(minorUnits: 1250), Money(minorUnits: -225)])
    }

    @Test func readsABanksSemicolonFileWithDecimalCommasAndNegatedAmounts() throws {
        var options = ImportOptions()
        options.delimiter = ";"
        options.skipLines = 2
        options.dateColumn = ImportColumn("Buchungstag")
        options.dateFormat = ImportDateFormat(pattern: "DD.MM.YYYY")!
        options.amount = .signed(ImportColumn("Betrag"))
        options.payeeColumn = ImportColumn("Empfänger")
        options.noteColumn = ImportColumn("5")
        options.decimalComma = true
        options.negate = true
        options.source = "giro"
        let text = """
            Konto;DE00 1234
            Zeitraum;"01.11.2026 - 30.11.2026"
            Buchungstag;Empfänger;Betrag;Währung;Verwendungszweck
            21.11.2026;Bäckerei;-3,20;EUR;Brötchen
            21.11.2026;Arbeitgeber GmbH;2.500,00;EUR;Gehalt November
            22.11.2026;Bäckerei; -1.003,20 ;EUR;
            """
        let rows = try importRows(text, options)
        #expect(rows.map(\.line) == [4, 5, 6])
        #expect(rows.map(\.amount.minorUnits) == [-320, 250_000, -100_320])
        #expect(rows.allSatisfy { $0.convention == .bank && $0.category == nil })
        #expect(rows.map(\.payee) == ["Bäckerei", "Arbeitgeber GmbH", "Bäckerei"])
        #expect(rows.map(\.note) == ["Brötchen", "Gehalt November", ""])
        #expect(rows[0].storedAmount(in: .expense) == Money(minorUnits: 320))
        #expect(rows[1].storedAmount(in: .income) == Money(minorUnits: 250_000))
        #expect(rows[1].storedAmount(in: .expense) == Money(minorUnits: -250_000))
        #expect(rows[0].importKey == "giro|2026-11-21|-3.20|Bäckerei|1")
    }

    @Test func readsDebitAndCreditColumnsAsAMoneyFlow() throws {
        var options = ImportOptions()
        options.dateFormat = ImportDateFormat(pattern: "MM/DD/YYYY")!
        options.dateColumn = .named("Posted")
        options.amount = .debitCredit(debit: ImportColumn("Debit"), credit: ImportColumn("Credit"))
        options.payeeColumn = ImportColumn("Description")
        let text = """
            Posted,Description,Debit,Credit
            11/21/2026,COFFEE BAR,3.20,
            11/21/2026,ACME PAYROLL,,"2,000.00"
            11/22/2026,SHOP REFUND,,5.00
            11/23/2026,SIGNED DEBIT,-7.00,
            11/24/2026,BOTH,10.00,4.00
            """
        let rows = try importRows(text, options)
        #expect(rows.map(\.amount.minorUnits) == [-320, 200_000, 500, -700, -600])
        #expect(rows.allSatisfy { $0.convention == .bank })
        #expect(rows.map { $0.storedAmount(in: .expense).minorUnits } == [320, -200_000, -500, 700, 600])
    }

    @Test func matchesHeaderNamesIgnoringCaseAndSpacesWhenNoneMatchesExactly() throws {
        let rows = try importRows(" Date ,AMOUNT,Payee\n2026-11-21,1.00,x\n")
        #expect(rows.map(\.payee) == ["x"])
    }

    @Test func readsColumnsByNumberWithoutAHeader() throws {
        var options = ImportOptions()
        options.hasHeader = false
        options.dateColumn = .number(2)
        options.amount = .signed(.number(1))
        options.payeeColumn = .number(3)
        let rows = try importRows("1.00,2026-11-21,first\n2.00,2026-11-22,second\n", options)
        #expect(rows.map(\.payee) == ["first", "second"])
        #expect(rows.map(\.line) == [1, 2])
    }

    @Test func leavesOptionalColumnsEmptyWhenTheHeaderLacksThemOrTheRowIsShort() throws {
        let rows = try importRows("date,amount,payee,category\n2026-11-21,1.00\n2026-11-21,1.00,x,\n")
        #expect(rows.map(\.payee) == ["", "x"])
        #expect(rows.map(\.note) == ["", ""])
        #expect(rows.map(\.category) == [nil, nil])
        #expect(rows.map(\.importKey) == ["default|2026-11-21|1.00||1", "default|2026-11-21|1.00|x|1"])
    }

    @Test func numbersTwoIdenticalCoffeesSoBothImport() throws {
        let rows = try importRows("date,amount,payee\n2026-11-21,3.20,Coffee\n2026-11-21,3.20,Coffee\n")
        #expect(rows.map(\.importKey) == ["default|2026-11-21|3.20|Coffee|1", "default|2026-11-21|3.20|Coffee|2"])
    }

    static let badRows: [(String, String)] = [
        ("date,amount\n31/02/2026,1.00\n", "bank.csv:2:1: invalid date '31/02/2026' (expected YYYY-MM-DD)"),
        ("date,amount\n,1.00\n", "bank.csv:2:1: empty date"),
        ("date,amount\n2026-11-21,\n", "bank.csv:2:2: empty amount"),
        ("date,amount\n2026-11-21,  \n", "bank.csv:2:2: empty amount"),
        ("date,x,amount\n\n2026-11-21,,\"12,3,4\"\n", "bank.csv:3:3: invalid amount '12,3,4': its digit grouping is wrong"),
        ("date,amount\n2026-11-21,12.3456\n", "bank.csv:2:2: invalid amount '12.3456': it has more than two decimals"),
        ("date,amount\n2026-11-21,12 apples\n", "bank.csv:2:2: invalid amount '12 apples': it is not a number like 12.50"),
        ("date,amount\n2026-11-21\n", "bank.csv:2:2: missing amount: the row has 1 field"),
        ("date,Value\n2026-11-21,1\n", "bank.csv:1:1: no column named 'amount' in the header (it has 'date', 'Value')"),
        ("Amount,amount,date\n", "bank.csv:1:1: 2 columns named 'AMOUNT' in the header (it has 'Amount', 'amount', 'date')"),
        ("date,amount\n2026-11-21,\"1\"x\n", "bank.csv:2:2: unexpected text after the closing quote of a quoted field"),
    ]

    @Test(arguments: badRows)
    func rejectsABadRowNamingItsLineAndColumn(text: String, message: String) {
        var options = ImportOptions()
        if text.hasPrefix("Amount") { options.amount = .signed(.named("AMOUNT")) }
        #expect(thrownMessage { _ = try importRows(text, options) } == message)
    }

    @Test func rejectsDatesNotInTheGivenFormatNamingTheFormat() {
        var options = ImportOptions()
        options.dateFormat = ImportDateFormat(pattern: "DD/MM/YYYY")!
        #expect(thrownMessage { _ = try importRows("date,amount\n31/02/2026,1\n", options) }
            == "bank.csv:2:1: invalid date '31/02/2026' (expected DD/MM/YYYY)")
    }

    @Test func emptyCellsPastTheHeaderAreAllowedAndAValueThereIsRefused() throws {
        let rows = try importRows("date,amount,payee\n2026-11-20,1.00,Shop,,\n2026-11-21,2.00,Cafe, \n2026-11-22,3.00\n")
        #expect(rows.map(\.amount) == [Money(minorUnits: 100), Money(minorUnits: 200), Money(minorUnits: 300)])
        #expect(rows.map(\.payee) == ["Shop", "Cafe", ""])
        #expect(thrownMessage { _ = try importRows("date,amount,payee\n2026-11-20,1,234.56,Shop\n") }
            == "bank.csv:2:4: 4 fields, but the header has 3: a value holding ',' must be quoted, or the header lacks a column's name")
        var options = ImportOptions()
        options.hasHeader = false
        options.dateColumn = .number(1)
        options.amount = .signed(.number(2))
        #expect(try importRows("2026-11-20,1.00,x,y,z\n", options).count == 1)
    }

    @Test func rejectsColumnsTheHeaderDoesNotHave() {
        var options = ImportOptions()
        options.payeeColumn = ImportColumn("Payee Name")
        #expect(thrownMessage { _ = try importRows("date,amount\n", options) }
            == "bank.csv:1:1: no column named 'Payee Name' in the header (it has 'date', 'amount')")
        options.payeeColumn = .number(3)
        #expect(thrownMessage { _ = try importRows("date,amount\n", options) } == "bank.csv:1:1: no column 3: the header has 2 columns")
        options = ImportOptions()
        options.hasHeader = false
        #expect(thrownMessage { _ = try importRows("\n\n2026-11-21,1\n", options) }
            == "bank.csv:3:1: no header to find column 'date' in: without a header, name columns by number")
    }

    @Test func rejectsARowWithNeitherDebitNorCredit() {
        var options = ImportOptions()
        options.amount = .debitCredit(debit: .named("out"), credit: .named("in"))
        #expect(thrownMessage { _ = try importRows("date,out,in\n2026-11-21,,\n", options) }
            == "bank.csv:2:2: empty amount: both the debit and the credit are empty")
        #expect(thrownMessage { _ = try importRows("date,out,in\n2026-11-21,,x\n", options) }
            == "bank.csv:2:3: invalid amount 'x': it is not a number like 12.50")
    }

    @Test func importsNothingFromAnEmptyFileOrAHeaderAlone() throws {
        #expect(try importRows("").isEmpty)
        #expect(try importRows("id,date,amount,category,payee,note\n").isEmpty)
    }
}

@Suite struct ImportMapperKindTests {
    @Test func readsTheKindOfTheFilesCategoryIgnoringCaseAndSpaces() throws {
        let rows = try importRows("date,amount,category,kind\n2026-11-21,1,Food, Expense \n2026-11-21,1,Pay,INCOME\n2026-11-21,1,Food,\n2026-11-21,1,,income\n")
        #expect(rows.map(\.kind) == [.expense, .income, nil, nil])
        #expect(rows.map(\.kindField) == [4, 4, nil, nil])
    }

    @Test func readsTheKindColumnNamedInTheOptions() throws {
        var options = ImportOptions()
        options.kindColumn = .number(2)
        #expect(try importRows("date,t,amount,category\n2026-11-21,income,1,Pay\n", options).map(\.kind) == [.income])
        options.kindColumn = .named("Type")
        #expect(thrownMessage { _ = try importRows("date,amount,category\n", options) }
            == "bank.csv:1:1: no column named 'Type' in the header (it has 'date', 'amount', 'category')")
    }
}
