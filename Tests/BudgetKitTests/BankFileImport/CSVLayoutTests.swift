import Testing
@testable import BudgetKit

/// Issue 11 item 9 (its CSV part): a bank's header found after its preamble and recognised.
@Suite struct CSVLayoutTests {
    func rows(_ text: String, _ options: ImportOptions = ImportOptions()) throws -> (rows: [ImportRow], layout: CSVLayout?) {
        var reader = ImportReader(file: "bank.csv", options: options, text: text)
        var rows: [ImportRow] = []
        while let row = try reader.next() { rows.append(row) }
        return (rows, reader.layout)
    }

    @Test func aGermanHeaderIsFoundAfterThePreambleWithItsDelimiter() throws {
        let text = """
            Kontonummer:;DE89370400440532013000
            Zeitraum:;01.11.2026 - 30.11.2026
            Kontostand:;1.500,00 EUR

            Buchungstag;Valuta;Auftraggeber;Empfänger;Verwendungszweck;Betrag (EUR)
            03.11.2026;03.11.2026;Erika Mustermann;Bäckerei Müller;Brötchen;-4,75
            25.11.2026;25.11.2026;Arbeitgeber GmbH;Erika Mustermann;Gehalt;2.500,00

            """
        let (rows, layout) = try rows(text)
        #expect(layout == CSVLayout(delimiter: ";", headerLine: 5, date: "Buchungstag", amount: "Betrag (EUR)", payee: "Empfänger",
                                    payer: "Auftraggeber", note: "Verwendungszweck"))
        // The payee is the other party: the recipient of money out, the payer of money in.
        #expect(rows.map { "\($0.date) \($0.amount) \($0.payee) \($0.note) \($0.convention)" } == [
            "2026-11-03 -4.75 Bäckerei Müller Brötchen bank",
            "2026-11-25 2500.00 Arbeitgeber GmbH Gehalt bank",
        ])
    }

    @Test func aFrenchHeaderWithDebitAndCreditColumns() throws {
        let text = "Date opération;Libellé;Débit;Crédit\n03/11/2026;CARTE BOULANGERIE;4,75;\n25/11/2026;VIREMENT SALAIRE;;2 500,00\n"
        var options = ImportOptions()
        options.dateOrder = .dayMonthYear
        let (rows, layout) = try rows(text, options)
        #expect(layout?.debit == "Débit" && layout?.credit == "Crédit" && layout?.payee == "Libellé")
        #expect(rows.map { "\($0.date) \($0.amount) \($0.payee)" } == ["2026-11-03 -4.75 CARTE BOULANGERIE", "2026-11-25 2500.00 VIREMENT SALAIRE"])
    }

    @Test func anEnglishHeaderWithDollarsAndParentheses() throws {
        let text = "Posting Date,Description,Amount,Status\n11/03/2026,Coffee,-$4.75,Posted\n11/13/2026,Refund,$3.00,Pending\n"
        var options = ImportOptions()
        options.dateOrder = .monthDayYear
        let (rows, layout) = try rows(text, options)
        #expect(layout?.date == "Posting Date" && layout?.payee == "Description" && layout?.status == "Status")
        #expect(rows.map { "\($0.date) \($0.amount) \($0.pending)" } == ["2026-11-03 -4.75 false", "2026-11-13 3.00 true"])
    }

    @Test func budgetsOwnExportIsReadAsBefore() throws {
        let (rows, layout) = try rows("date,amount,category,payee\n2026-11-03,4.75,Food,Coffee\n")
        #expect(layout == nil)
        #expect(rows.first?.convention == .stored)
    }

    @Test func aFileWithoutARecognisableHeaderNamesTheOptions() throws {
        let message = "no header found in the first 2 lines (a date column and an amount column, or debit and credit columns): "
            + "name the columns with --date-column and --amount-column, and the lines before the header with --skip-lines; "
            + "for a file without a header, --no-header and columns by number"
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let before = try bookDump(store)
        #expect(throws: BudgetError.badInput(file: "bank.csv", line: 2, column: 1, message: message)) {
            try importText(store, "Wann,Wieviel\n2026-11-03,4.75\n", bankOptions())
        }
        #expect(try bookDump(store) == before)
    }

    @Test(arguments: [
        ("a;b;c\n1;2;3\n", ";"), ("a\tb\n1\t2\n", "\t"), ("a,b;c\n", ","), ("\"x;y;z\",b,c\n", ","),
    ] as [(String, Unicode.Scalar)])
    func theDelimiterIsTheOneFoundMostOnALine(_ text: String, _ delimiter: Unicode.Scalar) {
        #expect(CSVHeaderRecognizer.delimiter(of: Array(text.utf8)) == delimiter)
    }

    /// A line that is a header under one delimiter decides, before any count: budget's own
    /// header with payees full of semicolons was read as a `;` file ("no header found").
    @Test(arguments: [
        ("date,amount,category,payee\n2026-11-01,5.00,Food,A;B;C;D;E\n", ","),
        ("Konto;Giro;1;2;3;4\nBuchungstag,Betrag,Empfänger\n03.11.2026,\"1,5\",X\n", ","),
        ("\"Buchungstag\";\"Betrag (EUR)\";\"Empfänger, GmbH\"\n03.11.2026;1,5;X\n", ";"),
        ("Date\tAmount\tPayee\n2026-11-01\t1,5\tA;B\n", "\t"),
    ] as [(String, Unicode.Scalar)])
    func theDelimiterIsTheOneThatSplitsAHeader(_ text: String, _ delimiter: Unicode.Scalar) {
        #expect(CSVHeaderRecognizer.delimiter(of: Array(text.utf8)) == delimiter)
    }

    /// A delimiter given is used as it is, a comma included (a `,` given was taken for the
    /// default, and the file's `;` used), and the error of a header it does not split names it.
    @Test func aDelimiterGivenIsUsedEvenWhenItIsAComma() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let before = try bookDump(store)
        var options = ImportOptions()
        options.delimiter = ","
        let message = "no header found in the first 2 lines (a date column and an amount column, or debit and credit columns): "
            + "name the columns with --date-column and --amount-column, and the lines before the header with --skip-lines; "
            + "for a file without a header, --no-header and columns by number; fields were split at ',', as --delimiter says"
        #expect(throws: BudgetError.badInput(file: "bank.csv", line: 2, column: 1, message: message)) {
            try importText(store, "date;amount;category;payee\n2026-11-01;5.00;Food;A,B\n", options)
        }
        #expect(try bookDump(store) == before)
        options.delimiter = nil
        let summary = try importText(store, "date;amount;category;payee\n2026-11-01;5.00;Food;A,B\n", options)
        #expect(summary.added == 1)
        #expect(try store.transactions().map(\.payee) == ["A,B"])
    }

    /// A bank's header that merely holds a lowercase `date` or `amount` is a bank's: its amounts
    /// are the money flow and its payee column is found (it was read as budget's own layout).
    @Test(arguments: ["Date,Description,amount", "date,Description,Amount", "date,description,amount", "date,x,amount",
                      "id,date,description,amount", "date,description,amount,note", "date,description,amount,account"])
    func aBanksHeaderHoldingALowercaseDateOrAmountIsRecognised(header: String) throws {
        func row(_ date: String, _ payee: String, _ amount: String) -> String {
            header.split(separator: ",").map { field -> String in
                switch field.lowercased() {
                case "date": date
                case "amount": amount
                case "description", "x": payee
                default: ""
                }
            }.joined(separator: ",")
        }
        let (rows, layout) = try rows(header + "\n" + row("2026-11-03", "Coffee Shop", "-4.75") + "\n" + row("2026-11-04", "Refund Store", "10.00") + "\n")
        #expect(layout?.headerLine == 1)
        #expect(rows.map(\.convention) == [.bank, .bank])
        if header != "date,x,amount" { #expect(rows.map(\.payee) == ["Coffee Shop", "Refund Store"]) }
    }

    /// Headers budget writes (every export's column set) or a person writes with budget's names
    /// (its own columns only, or a `category` column beside others) keep budget's layout.
    @Test(arguments: [
        "id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled",
        "id,date,amount,category,payee,note", "date,amount", "date,amount,payee", "date,amount,payee,status",
        "date,amount,category,payee,memo", "date,amount,payee,,",
        // A file a script wrote with budget's names and a column of its own: spending stays
        // positive (read as a bank's, its signs were flipped without a word).
        "date,amount,payee,note,balance", "date,amount,payee,memo", "id,date,amount,note",
    ])
    func budgetsOwnHeadersKeepBudgetsLayout(header: String) throws {
        let fields = header.split(separator: ",", omittingEmptySubsequences: false)
        let row = fields.map { $0 == "date" ? "2026-11-03" : $0 == "amount" ? "4.75" : $0 == "category" ? "Food" : "" }
        let (rows, layout) = try rows(header + "\n" + row.joined(separator: ",") + "\n")
        #expect(layout == nil)
        #expect(rows.map(\.convention) == [.stored])
    }

    /// A first line naming budget's `date` that no bank header matches is resolved as budget's
    /// own, so its error names the column it lacks.
    @Test func aHeaderOfBudgetsNamesThatIsNoBanksNamesTheMissingColumn() {
        #expect(throws: BudgetError.badInput(file: "bank.csv", line: 1, column: 1,
                                             message: "no column named 'amount' in the header (it has 'date', 'Value', 'Notes')")) {
            _ = try rows("date,Value,Notes\n2026-11-03,1,x\n")
        }
    }

    /// A German cooperative bank's export writes the amount without a sign and says which way
    /// it went in the next column, unnamed (`Umsatz;" "`), or in a named one: a purchase of
    /// 54,37 `S` was read as 54.37 received (a refund), quietly adding twice its amount.
    @Test(arguments: [
        ("\"Umsatz\";\" \"", nil, 8), ("\"Umsatz\";\"\"", nil, 8), ("\"Betrag\";\"Soll/Haben\"", "Soll/Haben", 8),
        ("\"Betrag (EUR)\";\"S/H\"", "S/H", 8), ("\"Betrag\";\"DR/CR\"", "DR/CR", 8),
    ] as [(String, String?, Int)])
    func aSignColumnSaysWhichWayASignlessAmountWent(_ amountAndSign: String, _ name: String?, _ column: Int) throws {
        let text = """
            "Buchungstag";"Valuta";"Auftraggeber/Zahlungsempfänger";"Empfänger/Zahlungspflichtiger";"Konto-Nr.";"Vorgang/Verwendungszweck";\(amountAndSign)
            "03.11.2026";"03.11.2026";"Erika Mustermann";"REWE Markt GmbH";"123";"Einkauf";"54,37";"S"
            "12.11.2026";"12.11.2026";"Erika Mustermann";"REWE Markt GmbH";"123";"Pfand";"1,25";"h"
            "25.11.2026";"25.11.2026";"Erika Mustermann";"ACME GmbH";"456";"Gehalt";"3.250,00";"H"
            "28.11.2026";"28.11.2026";"Erika Mustermann";"Stadtwerke";"789";"Strom";"-86,00";"S"

            """
        let (rows, layout) = try rows(text)
        #expect(layout?.sign == name && layout?.signColumn == column && layout?.payee == "Empfänger/Zahlungspflichtiger")
        #expect(rows.map { "\($0.date) \($0.amount) \($0.payee)" } == [
            "2026-11-03 -54.37 REWE Markt GmbH", "2026-11-12 1.25 REWE Markt GmbH", "2026-11-25 3250.00 ACME GmbH",
            "2026-11-28 -86.00 Stadtwerke",
        ])
    }

    /// A column with no name after the amount holding something else (or nothing, as a line's
    /// trailing `;` makes) leaves the bank's signs as written.
    @Test func anUnnamedColumnAfterTheAmountWithOtherWordsLeavesTheSigns() throws {
        let (rows, layout) = try rows("Buchungstag;Empfänger;Betrag;;\n03.11.2026;REWE;-54,37;;\n04.11.2026;ACME;100,00;x;\n")
        #expect(layout?.signColumn == 4 && layout?.sign == nil)
        #expect(rows.map(\.amount.description) == ["-54.37", "100.00"])
    }

    /// A named sign column's word that is no sign, and a negative amount it says came in, are
    /// errors at the sign's cell, and nothing is imported.
    @Test(arguments: [
        ("54,37;X", "invalid sign 'X': expected S or H (Soll, Haben), D or C, DR or CR"),
        ("-54,37;H", "the amount is negative, but its sign 'H' says money in"),
    ])
    func aSignThatCannotBeReadStopsTheImport(_ cells: String, _ message: String) throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let before = try bookDump(store)
        #expect(throws: BudgetError.badInput(file: "bank.csv", line: 2, column: 4, message: message)) {
            try importText(store, "Buchungstag;Empfänger;Betrag;Soll/Haben\n03.11.2026;REWE;\(cells)\n", bankOptions())
        }
        #expect(try bookDump(store) == before)
    }

    /// A cooperative bank's payee column is found.
    @Test func aCooperativeBanksPayeeColumnIsFound() throws {
        let name = "Empfänger/Zahlungspflichtiger"
        let (rows, layout) = try rows("Buchungstag;\(name);Verwendungszweck;Betrag\n03.11.2026;REWE Markt GmbH;Einkauf;-54,37\n")
        #expect(layout?.payee == name)
        #expect(rows.map(\.payee) == ["REWE Markt GmbH"])
    }

    /// DKB's and Deutsche Bank's payee columns are left to `--payee-column`: earlier versions
    /// found no payee in them, and a payee found now would give every row of a statement
    /// imported before a new import key, so the next overlapping statement would import its
    /// days again (helper-74: "Imported 2", Stadtwerke 86.00 twice, exit 0).
    @Test(arguments: ["Auftraggeber / Begünstigter", "Begünstigter / Auftraggeber"])
    func aPayeeColumnEarlierVersionsDidNotFindStaysUnfound(_ name: String) throws {
        let (rows, layout) = try rows("Buchungstag;\(name);Verwendungszweck;Betrag\n03.11.2026;REWE Markt GmbH;Einkauf;-54,37\n")
        #expect(layout?.payee == nil)
        #expect(rows.map(\.payee) == [""])
    }
}
