import BudgetKit
import Testing
@testable import BudgetCLI

/// A bank's CSV file whose rows state balances (``SkippedBalanceRow``): Bank of America's first
/// row, a cooperative bank's lines after its rows. Skipped, and said so, never silently; any
/// other row with an empty amount is still an error.
@Suite struct ImportBalanceRowTests {
    /// Food and Salary, the salary's payee ruled into Salary.
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Salary", "3000", "--income", "--from", "2026-01")
        sandbox.succeed("-q", "rule", "add", "acme", "Salary")
        return sandbox
    }

    /// Bank of America's checking account download: a summary block, a blank line, the header,
    /// then a row for the beginning balance with no amount.
    static func bankOfAmerica(_ rows: String) -> String {
        """
        Description,,Summary Amt.
        Beginning balance as of 01/01/2026,,"1,234.56"
        Total credits,,"2,500.00"
        Total debits,,"-154.75"
        Ending balance as of 01/31/2026,,"3,579.81"

        Date,Description,Amount,Running Bal.
        \(rows)
        """
    }

    static let rows = """
        01/01/2026,Beginning balance as of 01/01/2026,,"1,234.56"
        01/02/2026,"STARBUCKS STORE 123 01/02 PURCHASE","-4.75","1,229.81"
        01/15/2026,"ACME CORP DES:PAYROLL ID:XXXXX","2,500.00","3,729.81"
        01/20/2026,"SHELL OIL 57444","-150.00","3,579.81"

        """

    /// Its beginning balance row was refused (`bofa.csv:8:3: empty amount`, exit 65), so the
    /// file could not be imported at all.
    @Test func bankOfAmericasBeginningBalanceRowIsSkippedAndNamed() throws {
        let sandbox = book()
        let file = sandbox.write("bofa.csv", Self.bankOfAmerica(Self.rows))
        let before = try sandbox.snapshot()
        let howRead = """
            Read as csv (utf-8, ','), header on line 7: date 'Date', amount 'Amount', payee 'Description'; \
            signs as the bank's (money out negative).
            Read dates month first, as line 10's '01/15/2026' can only be read that way.

            """
        let dryRun = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == howRead + """
            Would skip line 8 ('Beginning balance as of 01/01/2026'): a balance with no amount, not a transaction.
            Dry run: would import 3 transactions from \(file).

            """)
        #expect(dryRun.stdout.split(separator: "\n").count == 4)
        #expect(try sandbox.snapshot() == before)

        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == """
            Read dates month first, as line 10's '01/15/2026' can only be read that way.
            Skipped line 8 ('Beginning balance as of 01/01/2026'): a balance with no amount, not a transaction.
            Imported 3 transactions from \(file).

            """)
        #expect(try sandbox.query("SELECT date, amount, payee FROM transactions ORDER BY id") == [
            "2026-01-02|475|STARBUCKS STORE 123 01/02 PURCHASE", "2026-01-15|250000|ACME CORP DES:PAYROLL ID:XXXXX",
            "2026-01-20|15000|SHELL OIL 57444",
        ])
        // Again: the rows are skipped as imported, the balance row named again.
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.status == 0)
        #expect(again.stderr.hasSuffix("""
            Skipped line 8 ('Beginning balance as of 01/01/2026'): a balance with no amount, not a transaction.
            Imported 0 transactions from \(file); skipped 3 already imported.

            """))
        #expect(try sandbox.query("SELECT count(*) FROM transactions") == ["3"])
    }

    /// A download of a month without transactions: the balance row alone imports nothing, as a
    /// bank file's statement of no entries does (it was `empty amount`, exit 65).
    @Test func aFileOfTheBalanceRowAloneImportsNothing() throws {
        let sandbox = book()
        let file = sandbox.write("bofa.csv", Self.bankOfAmerica("""
            01/01/2026,Beginning balance as of 01/01/2026,,"1,234.56"

            """))
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == """
            Skipped line 8 ('Beginning balance as of 01/01/2026'): a balance with no amount, not a transaction.
            Imported 0 transactions from \(file).

            """)
        #expect(try sandbox.query("SELECT count(*) FROM transactions") == ["0"])
    }

    /// Only the first row is taken for the balance: an empty amount anywhere else, whatever the
    /// description says, is the error it always was, and nothing is imported.
    @Test(arguments: [
        // A row with no amount that states no balance.
        "01/01/2026,OPENING DEPOSIT,\"1,234.56\",\"1,234.56\"\n01/02/2026,STARBUCKS,,\"1,229.81\"\n",
        // A balance row that is not the first.
        "01/01/2026,OPENING DEPOSIT,\"1,234.56\",\"1,234.56\"\n01/02/2026,Beginning balance as of 01/02/2026,,\"1,234.56\"\n",
        // A row with no amount after the balance row.
        "01/01/2026,Beginning balance as of 01/01/2026,,\"1,234.56\"\n01/02/2026,STARBUCKS,,\"1,229.81\"\n",
    ])
    func anEmptyAmountOnAnyOtherRowIsStillAnError(rows: String) throws {
        let sandbox = book()
        let file = sandbox.write("bofa.csv", Self.bankOfAmerica(rows))
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--default-category", "Food", "--date-order", "mdy"], status: 65, stderr: """
            budget: error: \(file):9:3: empty amount
            hint: fix that row and run the command again; nothing was imported

            """)
    }

    /// A cooperative bank's CSV file as its online banking writes it (the account Giro, its
    /// number, an opening balance of 1500.00 on 2026-11-01): a preamble, the header, the rows,
    /// then after a line of empty cells the statement's opening and closing balances
    /// (`Anfangssaldo`, `Endsaldo`) as two more lines with a date, an amount and `H`; some banks
    /// write the word in the date column. `balanceLines` stands for those two.
    static func cooperativeBank(wordInDateColumn: Bool = false, balanceLines: String? = nil, rows: Bool = true) -> String {
        let header = #""Buchungstag";"Valuta";"Auftraggeber/Zahlungsempfänger";"Empfänger/Zahlungspflichtiger";"Vorgang/Verwendungszweck";"Kundenreferenz";"Währung";"Umsatz";" ""#
        func balance(_ word: String, _ day: String, _ amount: String) -> String {
            wordInDateColumn ? #""\#(word)";"";"";"";"";"";"EUR";"\#(amount)";"H""# : #""\#(day)";;;;;"\#(word)";"EUR";"\#(amount)";"H""#
        }
        let bookings = rows ? """
            "03.11.2026";"03.11.2026";"Erika Mustermann";"REWE Markt GmbH";"Einkauf";"";"EUR";"54,37";"S"
            "25.11.2026";"25.11.2026";"Erika Mustermann";"ACME GmbH";"Gehalt";"";"EUR";"3.250,00";"H"

            """ : ""
        let balances = balanceLines ?? balance("Anfangssaldo", "01.11.2026", "1.500,00") + "\n" + balance("Endsaldo", "30.11.2026", "4.695,63")
        return "\"Volksbank Musterstadt eG\"\n\n\"Umsatzanzeige\"\n" + header + "\n" + bookings + ";;;;;;;;\n" + balances + "\n"
    }

    /// The cooperative bank's book: ``book()`` and the account Giro with the file's number.
    func cooperativeBook() -> Sandbox {
        let sandbox = book()
        sandbox.succeed("-q", "add-account", "Giro", "--number", "37040044/0532013000", "--opening", "1500", "--on", "2026-11-01")
        return sandbox
    }

    /// The balance lines were imported as two payments in of 1500.00 and 4695.63 with no payee,
    /// exit 0 (once the line of empty cells, refused as an empty date, was deleted); since
    /// 2026-11-27 they were passed over without a word, while Bank of America's balance row
    /// was named: now they are named as it is, the dry run saying the same.
    @Test(arguments: [false, true])
    func aCooperativeBanksBalanceLinesAreSkippedAndNamed(wordInDateColumn: Bool) throws {
        let sandbox = cooperativeBook()
        let file = sandbox.write("umsatz.csv", Self.cooperativeBank(wordInDateColumn: wordInDateColumn))
        let before = try sandbox.snapshot()
        let dryRun = sandbox.run("import", file, "--account", "Giro", "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == """
            Read as csv (utf-8, ';'), header on line 4: date 'Buchungstag', amount 'Umsatz', payee 'Empfänger/Zahlungspflichtiger', \
            note 'Vorgang/Verwendungszweck'; signs from column 9 (S or D out, H or C in), else signs as the bank's (money out negative).
            Would skip line 8 ('Anfangssaldo'): a statement's balance, not a transaction.
            Would skip line 9 ('Endsaldo'): a statement's balance, not a transaction.
            Dry run: would import 2 transactions from \(file).

            """)
        #expect(dryRun.stdout.split(separator: "\n").count == 3)
        #expect(try sandbox.snapshot() == before)

        let result = sandbox.run("import", file, "--account", "Giro", "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            Skipped line 8 ('Anfangssaldo'): a statement's balance, not a transaction.
            Skipped line 9 ('Endsaldo'): a statement's balance, not a transaction.
            Imported 2 transactions from \(file).

            """)
        #expect(try sandbox.query("SELECT date, amount, payee, note FROM transactions ORDER BY id") == [
            "2026-11-03|5437|REWE Markt GmbH|Einkauf", "2026-11-25|325000|ACME GmbH|Gehalt",
        ])
        #expect(sandbox.succeed("accounts", "--date", "2026-11-30", "--format", "csv").contains("Giro,checking,37040044/0532013000,4695.63,"))
    }

    /// A statement without bookings: its balance lines alone import nothing, named, as Bank of
    /// America's balance row alone does (it was `no rows after the header`, exit 65).
    @Test func aFileOfACooperativeBanksBalanceLinesAloneImportsNothing() throws {
        let sandbox = cooperativeBook()
        let file = sandbox.write("umsatz.csv", Self.cooperativeBank(rows: false))
        let result = sandbox.run("import", file, "--account", "Giro", "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == """
            Skipped line 6 ('Anfangssaldo'): a statement's balance, not a transaction.
            Skipped line 7 ('Endsaldo'): a statement's balance, not a transaction.
            Imported 0 transactions from \(file).

            """)
        #expect(try sandbox.query("SELECT count(*) FROM transactions") == ["0"])
    }

    /// A file of nothing but balance lines lists the first 50 and counts the rest, so that
    /// neither the output nor the memory kept grows with it.
    @Test func balanceLinesBeyondTheFiftyListedAreCounted() throws {
        let sandbox = cooperativeBook()
        let lines = (0..<53).map { _ in #""30.11.2026";;;;;"Endsaldo";"EUR";"4.695,63";"H""# }.joined(separator: "\n")
        let file = sandbox.write("umsatz.csv", Self.cooperativeBank(balanceLines: lines))
        let result = sandbox.run("import", file, "--account", "Giro", "--default-category", "Food", "--dry-run")
        #expect(result.status == 0)
        let expected = (8..<58).map { "Would skip line \($0) ('Endsaldo'): a statement's balance, not a transaction.\n" }.joined()
            + "Would skip 3 more lines stating a balance, not transactions.\n"
            + "Dry run: would import 2 transactions from \(file).\n"
        #expect(result.stderr.hasSuffix(expected))
    }
}
