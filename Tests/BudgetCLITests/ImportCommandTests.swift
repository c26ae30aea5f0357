import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct ImportCommandTests {
    /// A giro account's statement as a German bank writes it: a preamble, `;`, DD.MM.YYYY,
    /// decimal comma, debit and credit columns.
    static let giro = """
    Kontoauszug Girokonto
    IBAN;DE12 3456 7890
    Buchungstag;Empfänger;Verwendungszweck;Soll;Haben
    01.12.2026;Café Kranz;Kaffee;3,20;
    01.12.2026;Café Kranz;Kaffee;3,20;
    02.12.2026;ACME GmbH;Gehalt Dezember;;3.000,00
    03.12.2026;REWE Markt;Rückgabe Pfand;;1,25
    04.12.2026;REWE Markt;Einkauf;1.234,56;

    """

    static let giroOptions = [
        "--delimiter", ";", "--skip-lines", "2", "--date-column", "Buchungstag", "--date-format", "DD.MM.YYYY",
        "--decimal-comma", "--debit-column", "Soll", "--credit-column", "Haben", "--payee-column", "Empfänger",
        "--note-column", "Verwendungszweck", "--source", "giro",
    ]

    /// A book with Food (expense), Groceries (expense) and Salary (income).
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("add-category", "Groceries", "400", "--from", "2026-01")
        sandbox.succeed("add-category", "Salary", "3000", "--income", "--from", "2026-01")
        return sandbox
    }

    func transactions(_ sandbox: Sandbox) throws -> [String] {
        try BudgetStore(path: sandbox.database).transactions().map {
            "\($0.date) \($0.amount) \($0.category) \($0.payee) | \($0.note)"
        }
    }

    @Test func anExportImportsBackExactly() throws {
        let source = book()
        let payees = ["Chez \"Paul\", Paris", "two\nlines", "Łódź 🍰 café", "a\r\nb", " padded ", "", "=SUM(A1)", "-minus"]
        for (index, payee) in payees.enumerated() {
            source.succeed("add", "\(index * 7 + 1).\(index)5", index == 2 ? "Salary" : "Food", "--date", "2026-11-0\(index + 1)",
                           "--note", index == 1 ? "a, \"note\"\nwith a line" : "", "--", payee)
        }
        source.succeed("add", "-2.25", "Groceries", "Refund, \"partial\"", "--date", "2026-11-09")
        let exported = source.succeed("export")

        let target = book()
        let file = target.write("export.csv", exported)
        let result = target.run("import", file)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Imported 9 transactions from \(file).\n")
        #expect(target.succeed("export") == exported)
    }

    /// `export --format tsv` quotes nothing and escapes a tab, a line break and a backslash
    /// (`\t`, `\n`, `\r`, `\\`): import reads that file back exactly, never keeping `\t` as two
    /// characters, taking a `"` for CSV quoting, or refusing a control character as binary data.
    @Test func aTSVExportImportsBackExactly() throws {
        let source = book()
        let payees = ["Chez \"Paul\", Paris", "tab\there", "two\nlines", "a\r\nb", "back\\slash, \\n is no line break",
                      "\"quoted\"", "bell \u{7} and \u{1b}[31mred", " padded ", "", "=SUM(A1)"]
        for (index, payee) in payees.enumerated() {
            source.succeed("add", "\(index + 1).\(index)5", index == 2 ? "Salary" : "Food", "--date", "2026-11-\(10 + index)",
                           "--note", index == 1 ? "a\t\"note\"\\\nwith a line\\" : "", "--", payee)
        }
        let exported = source.succeed("export", "--format", "tsv")
        #expect(exported.contains("\ttab\\there\t") && exported.contains("\t\"quoted\"\t"))

        let target = book()
        let file = target.write("export.tsv", exported)
        let result = target.run("import", file)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Imported 10 transactions from \(file).\n")
        #expect(target.succeed("export", "--format", "tsv") == exported)
        #expect(target.succeed("export") == source.succeed("export"))
    }

    /// In a file with `export --format tsv`'s header, a backslash that starts none of its
    /// escapes (a hand-edited `C:\Users`) or ends a field is an error naming its row and
    /// column, never kept or dropped by a guess.
    @Test func aTSVExportWithABackslashThatIsNoEscapeIsRefused() throws {
        let sandbox = book()
        let header = TransactionField.allCases.map(\.rawValue).joined(separator: "\t")
        let file = sandbox.write("edited.tsv", header + "\n"
            + "1\t2026-11-03\t12.50\tFood\tLunch\t\texpense\tMain\t\t\t\t\t\n"
            + "2\t2026-11-04\t3.00\tFood\tShop\tsaved in C:\\Users\texpense\tMain\t\t\t\t\t\n")
        let message = "a backslash that starts no escape (the TSV export writes a tab as \\t, a line break as \\n or \\r, "
            + "a backslash as \\\\)"
        try sandbox.expectRefusedWithItsDryRun(["import", file], status: 65,
                                               stderr: "budget: error: \(file):3:6: \(message)\n" + ImportBadInputTests.hint)
        let ending = sandbox.write("ending.tsv", header + "\n1\t2026-11-03\t12.50\tFood\tLunch\\\t\texpense\tMain\t\t\t\t\t\n")
        try sandbox.expectRefusedWithItsDryRun(["import", ending], status: 65,
                                               stderr: "budget: error: \(ending):2:5: \(message)\n" + ImportBadInputTests.hint)
    }

    @Test func standardInputIsReadWithADash() {
        let sandbox = book()
        let result = sandbox.run("import", "-", stdin: "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\n")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from standard input.\n")
        let bad = sandbox.run("import", "-", stdin: "date,amount,category\n2026-11-21,3.2.0,Food\n")
        #expect(bad.status == 65)
        #expect(bad.stderr == """
        budget: error: <stdin>:2:2: invalid amount '3.2.0': it is not a number like 12.50
        hint: fix that row and run the command again; nothing was imported

        """)
    }

    @Test func aBankStatementImportsWithMappingOptions() throws {
        let sandbox = book()
        sandbox.succeed("rule", "add", "rewe", "Groceries")
        sandbox.succeed("rule", "add", "acme", "Salary")
        let file = sandbox.write("giro.csv", Self.giro)
        let result = sandbox.run(["import", file, "--default-category", "Food"] + Self.giroOptions)
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 5 transactions from \(file).\n")
        // Money out is spending, money in is income, or a refund in an expense category.
        #expect(try transactions(sandbox) == [
            "2026-12-01 3.20 Food Café Kranz | Kaffee",
            "2026-12-01 3.20 Food Café Kranz | Kaffee",
            "2026-12-02 3000.00 Salary ACME GmbH | Gehalt Dezember",
            "2026-12-03 -1.25 Groceries REWE Markt | Rückgabe Pfand",
            "2026-12-04 1234.56 Groceries REWE Markt | Einkauf",
        ])
    }

    @Test func negateReadsASignedColumnAsTheBanksMoneyFlow() throws {
        let sandbox = book()
        let file = sandbox.write("visa.csv", """
        Date,Description,Amount,Type
        11/21/2026,Coffee Bar,-3.20,Food
        11/22/2026,Payroll,2500.00,Salary
        11/23/2026,Coffee Bar,1.00,Food

        """)
        let result = sandbox.run("import", file, "--date-format", "MM/DD/YYYY", "--payee-column", "2", "--amount-column", "3",
                                 "--category-column", "Type", "--negate", "-q")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(try transactions(sandbox) == [
            "2026-11-21 3.20 Food Coffee Bar | ", "2026-11-22 2500.00 Salary Payroll | ", "2026-11-23 -1.00 Food Coffee Bar | ",
        ])
    }

    @Test func theFilesCategoryBeatsRulesAndRulesBeatTheDefault() throws {
        let sandbox = book()
        sandbox.succeed("rule", "add", "MARKT", "Groceries")
        sandbox.succeed("rule", "add", "rewe", "Salary")
        let file = sandbox.write("mixed.csv", """
        date,amount,payee,category
        2026-11-01,10.00,REWE Markt,Food
        2026-11-02,11.00,Rewe Markt,
        2026-11-03,12.00,Bakery,

        """)
        #expect(sandbox.run("import", file, "--default-category", "Food").status == 0)
        #expect(try transactions(sandbox) == [
            "2026-11-01 10.00 Food REWE Markt | ",   // the file's category
            "2026-11-02 11.00 Groceries Rewe Markt | ",   // the first rule added that matches
            "2026-11-03 12.00 Food Bakery | ",   // the default
        ])
    }

    @Test func importingAgainAddsNothingAndSaysSo() throws {
        let sandbox = book()
        let file = sandbox.write("giro.csv", Self.giro)
        sandbox.succeed(["import", file, "--default-category", "Food"] + Self.giroOptions)
        let before = try sandbox.snapshot()
        let again = sandbox.run(["import", file, "--default-category", "Food"] + Self.giroOptions)
        #expect(again.status == 0)
        #expect(again.stderr == "Imported 0 transactions from \(file); skipped 5 already imported.\n")
        #expect(try sandbox.snapshot() == before)
        // Another source is another account: its keys never collide with giro's.
        let other = sandbox.run(["import", file, "--default-category", "Food"] + Self.giroOptions.dropLast(2) + ["--source", "visa"])
        #expect(other.stderr == "Imported 5 transactions from \(file).\n")
    }

    @Test func anOverlappingStatementAddsOnlyItsNewRows() throws {
        let sandbox = book()
        let november = sandbox.write("november.csv", """
        date,amount,category,payee
        2026-11-20,3.20,Food,Coffee
        2026-11-21,3.20,Food,Coffee
        2026-11-21,3.20,Food,Coffee

        """)
        let later = sandbox.write("later.csv", """
        date,amount,category,payee
        2026-11-21,3.20,Food,Coffee
        2026-11-21,3.20,Food,Coffee
        2026-11-21,9.90,Food,Bakery
        2026-11-22,3.20,Food,Coffee

        """)
        #expect(sandbox.run("import", november).stderr == "Imported 3 transactions from \(november).\n")
        #expect(sandbox.run("import", later).stderr == "Imported 2 transactions from \(later); skipped 2 already imported.\n")
        #expect(try transactions(sandbox) == [
            "2026-11-20 3.20 Food Coffee | ", "2026-11-21 3.20 Food Coffee | ", "2026-11-21 3.20 Food Coffee | ",
            "2026-11-21 9.90 Food Bakery | ", "2026-11-22 3.20 Food Coffee | ",
        ])
    }

    @Test func twoIdenticalCoffeesOnOneDayBothImportOnce() throws {
        let sandbox = book()
        let file = sandbox.write("coffees.csv", "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\n2026-11-21,3.20,Food,Coffee\n")
        #expect(sandbox.run("import", file).stderr == "Imported 2 transactions from \(file).\n")
        #expect(sandbox.run("import", file).stderr == "Imported 0 transactions from \(file); skipped 2 already imported.\n")
        #expect(try transactions(sandbox).count == 2)
    }

    @Test func aDryRunListsTheRowsAndWritesNothing() throws {
        let sandbox = book()
        let file = sandbox.write("coffees.csv", "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\n")
        sandbox.succeed("import", file)
        let bigger = sandbox.write("more.csv", """
        date,amount,category,payee,note
        2026-11-21,3.20,Food,Coffee,
        2026-11-22,-1.50,Food,"Bakery, refund",stale

        """)
        let before = try sandbox.snapshot()
        let table = sandbox.run("import", bigger, "--dry-run")
        #expect(table.status == 0)
        #expect(table.stdout == """
        ID  DATE        AMOUNT  CATEGORY  PAYEE           NOTE   STATUS
         1  2026-11-21    3.20  Food      Coffee                 skip
         2  2026-11-22   -1.50  Food      Bakery, refund  stale  new
        --  ----------  ------  --------  --------------  -----  ------
            New spent    -1.50
            New earned    0.00
            New net       1.50

        """)
        #expect(table.stderr == "Dry run: would import 1 transaction from \(bigger); would skip 1 already imported.\n")
        #expect(sandbox.run("import", bigger, "--dry-run", "--format", "csv").stdout == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled,status
        1,2026-11-21,3.20,Food,Coffee,,expense,Main,,,,,,skip
        2,2026-11-22,-1.50,Food,"Bakery, refund",stale,expense,Main,,,,,,new

        """)
        #expect(sandbox.run("import", bigger, "--dry-run", "--format", "json").stdout == """
        [
          {"id": 1, "date": "2026-11-21", "amount": 3.20, "category": "Food", "payee": "Coffee", "note": "", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "transfer_reconciled": "", "status": "skip"},
          {"id": 2, "date": "2026-11-22", "amount": -1.50, "category": "Food", "payee": "Bakery, refund", "note": "stale", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "transfer_reconciled": "", "status": "new"}
        ]

        """)
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.run("import", bigger).stderr == "Imported 1 transaction from \(bigger); skipped 1 already imported.\n")
    }

    /// A dry run's footer keeps spending and income apart, as `list` does: it once printed one
    /// "Total new" of expenses and income added together (54.37 - 1.25 + 3250.00 = 3303.12,
    /// neither spending nor income nor net). Transfers are neither; a split counts by its parts.
    @Test func aDryRunsTotalsKeepSpendingAndIncomeApart() throws {
        let sandbox = book()
        sandbox.succeed("add-account", "Savings")
        let file = sandbox.write("mixed.csv", """
        date,amount,category,payee,kind,account,transfer_account,split
        2026-11-03,54.37,Food,Rewe,expense,Main,,
        2026-11-12,-1.25,Food,Rewe,expense,Main,,
        2026-11-25,3250.00,Salary,ACME,income,Main,,
        2026-11-26,500.00,,,transfer,Main,Savings,
        2026-11-27,20.00,Food,Market,expense,Main,,1/2
        2026-11-27,30.00,Groceries,Market,expense,Main,,2/2

        """)
        let before = try sandbox.snapshot()
        let run = sandbox.run("import", file, "--dry-run")
        #expect(run.status == 0)
        // Spent: 54.37 - 1.25 + 20.00 + 30.00 = 103.12; earned 3250.00; net 3250.00 - 103.12.
        #expect(run.stdout == """
        ID  DATE         AMOUNT  CATEGORY        PAYEE   NOTE  ACCOUNT  STATUS
         1  2026-11-03    54.37  Food            Rewe          Main     new
         2  2026-11-12    -1.25  Food            Rewe          Main     new
         3  2026-11-25  3250.00  Salary          ACME          Main     new
         4  2026-11-26   500.00  Main → Savings                Main     new
         5  2026-11-27    20.00  Food            Market        Main     new
         5  2026-11-27    30.00  Groceries       Market        Main     new
        --  ----------  -------  --------------  ------  ----  -------  ------
            New spent    103.12
            New earned  3250.00
            New net     3146.88

        """)
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aDryRunOfMoreRowsThanATableHoldsStreamsEveryRowAndTheTotal() throws {
        let sandbox = book()
        let file = sandbox.write("long.csv", """
        date,amount,category,payee
        2026-11-21,3.20,Food,Coffee
        2026-11-22,1.50,Food,Bakery
        2026-11-23,9.90,Food,Tea
        2026-11-24,12345.67,Groceries,The big weekly shop
        2026-11-25,0.99,Food,Gum

        """)
        let before = try sandbox.snapshot()
        // Tables hold 2 rows here: aligned by the first 2, AMOUNT with 4 characters of room for
        // the totals (the 4th row fits them too), the 4th widens CATEGORY and PAYEE.
        let streamed = sandbox.run("import", file, "--dry-run", tableBufferedRows: 2)
        #expect(streamed.status == 0)
        #expect(streamed.stdout == """
        ID  DATE            AMOUNT  CATEGORY  PAYEE   NOTE  STATUS
         1  2026-11-21        3.20  Food      Coffee        new
         2  2026-11-22        1.50  Food      Bakery        new
         3  2026-11-23        9.90  Food      Tea           new
         4  2026-11-24    12345.67  Groceries  The big weekly shop        new
         5  2026-11-25        0.99  Food       Gum                        new
        --  ----------  ----------  ---------  -------------------  ----  ------
            New spent     12361.26
            New earned        0.00
            New net      -12361.26

        """)
        #expect(streamed.stderr == "Dry run: would import 5 transactions from \(file).\n")
        #expect(try sandbox.snapshot() == before)
        // Within the rows a table holds, the same rows are aligned by all of them.
        #expect(sandbox.run("import", file, "--dry-run").stdout == """
        ID  DATE           AMOUNT  CATEGORY   PAYEE                NOTE  STATUS
         1  2026-11-21       3.20  Food       Coffee                     new
         2  2026-11-22       1.50  Food       Bakery                     new
         3  2026-11-23       9.90  Food       Tea                        new
         4  2026-11-24   12345.67  Groceries  The big weekly shop        new
         5  2026-11-25       0.99  Food       Gum                        new
        --  ----------  ---------  ---------  -------------------  ----  ------
            New spent    12361.26
            New earned       0.00
            New net     -12361.26

        """)
    }

    @Test(arguments: [TableWriter.bufferedRows, 2])
    func aDryRunsTableComesBeforeItsSummaryAndWarningsInAFileTheyShare(tableBufferedRows: Int) throws {
        // `budget import --dry-run FILE > log 2>&1`, the table written whole, then streamed.
        let sandbox = book()
        let file = sandbox.write("refunds.csv", """
        date,amount,category,payee
        2026-11-21,-3.20,Food,Coffee
        2026-11-22,-1.50,Food,Bakery
        2026-11-23,-9.90,Food,Tea

        """)
        let run = sandbox.runIntoOneFile("import", file, "--dry-run", tableBufferedRows: tableBufferedRows)
        #expect(run.status == 0)
        let room = tableBufferedRows == 2 ? "    " : ""   // a streamed table's room for the total in AMOUNT
        let rule = tableBufferedRows == 2 ? "----" : ""
        #expect(run.text == """
        ID  DATE        \(room)AMOUNT  CATEGORY  PAYEE   NOTE  STATUS
         1  2026-11-21  \(room) -3.20  Food      Coffee        new
         2  2026-11-22  \(room) -1.50  Food      Bakery        new
         3  2026-11-23  \(room) -9.90  Food      Tea           new
        --  ----------  \(rule)------  --------  ------  ----  ------
            New spent   \(room)-14.60
            New earned  \(room)  0.00
            New net     \(room) 14.60
        Dry run: would import 3 transactions from \(file).
        budget: warning: 3 of 3 rows have a negative amount, which budget's own layout reads as money in (a refund, or income)
        hint: if the file is a bank's, where money out is negative, add --negate

        """)
    }

    @Test func aDryRunsRecordsComeBeforeItsSummaryInAFileTheyShare() throws {
        // `budget import --dry-run FILE --format csv|json > log 2>&1`: the summary never lands
        // inside the records (it once ended a JSON object's line).
        let sandbox = book()
        let file = sandbox.write("coffee.csv", "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\n")
        let summary = "Dry run: would import 1 transaction from \(file).\n"
        let csv = sandbox.runIntoOneFile("import", file, "--dry-run", "--format", "csv")
        #expect(csv.status == 0)
        #expect(csv.text == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled,status
        1,2026-11-21,3.20,Food,Coffee,,expense,Main,,,,,,new

        """ + summary)
        let json = sandbox.runIntoOneFile("import", file, "--dry-run", "--format", "json")
        #expect(json.status == 0)
        #expect(json.text == """
        [
          {"id": 1, "date": "2026-11-21", "amount": 3.20, "category": "Food", "payee": "Coffee", "note": "", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "transfer_reconciled": "", "status": "new"}
        ]

        """ + summary)
    }

    @Test func aLargeFileImportsWholeWithNoProgressBarOffATerminal() throws {
        let sandbox = book()
        var text = "date,amount,category,payee,note\n"
        for index in 0..<25_000 {
            text += "2026-11-\(index % 20 + 10),\(index % 97).\(index % 10)5,Food,\"Shop \(index % 13), \"\"Ltd\"\"\",row \(index)\n"
        }
        let file = sandbox.write("many.csv", text)
        #expect(text.utf8.count > ProgressBar.minimumSize)
        // Many chunks of read(2), and stderr is not a terminal: the summary alone.
        #expect(sandbox.run("import", file).stderr == "Imported 25000 transactions from \(file).\n")
        #expect(sandbox.run("import", file).stderr == "Imported 0 transactions from \(file); skipped 25000 already imported.\n")
        let notes = try BudgetStore(path: sandbox.database).transactions().map(\.note)
        #expect(notes.count == 25_000 && Set(notes).count == 25_000 && notes.allSatisfy { $0.hasPrefix("row ") })
    }

    /// An empty file imported nothing and exited 0: a cron job whose download failed took it
    /// for a statement of nothing. It is an error, as a header without rows is; standard
    /// input closed at once (`echo -n | budget import -`) too. Nothing is written.
    @Test(arguments: ["", "\u{FEFF}", "\n\r\n"])
    func anEmptyFileIsAnError(text: String) throws {
        let sandbox = book()
        let file = sandbox.write("empty.csv", text)
        let before = sandbox.succeed("export"), log = sandbox.succeed("log", "--format", "csv")
        for dryRun in [false, true] {
            let result = sandbox.run(["import", file] + (dryRun ? ["--dry-run"] : []))
            #expect(result.status == 65)
            #expect(result.stdout == "")
            #expect(result.stderr == "budget: error: \(file) is empty: there is nothing to import\n"
                + "hint: a download or an export that failed can leave an empty file; check where it came from\n")
        }
        let piped = sandbox.run(["import", "-"], stdin: text)
        #expect(piped.status == 65)
        #expect(piped.stderr.hasPrefix("budget: error: <stdin> is empty: there is nothing to import\n"))
        #expect(sandbox.succeed("export") == before)
        #expect(sandbox.succeed("log", "--format", "csv") == log)
    }
}
