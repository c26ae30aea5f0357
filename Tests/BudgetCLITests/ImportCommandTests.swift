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
            Total new    -1.50

        """)
        #expect(table.stderr == "Dry run: would import 1 transaction from \(bigger); would skip 1 already imported.\n")
        #expect(sandbox.run("import", bigger, "--dry-run", "--format", "csv").stdout == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,status
        1,2026-11-21,3.20,Food,Coffee,,expense,Main,,,,,skip
        2,2026-11-22,-1.50,Food,"Bakery, refund",stale,expense,Main,,,,,new

        """)
        #expect(sandbox.run("import", bigger, "--dry-run", "--format", "json").stdout == """
        [
          {"id": 1, "date": "2026-11-21", "amount": 3.20, "category": "Food", "payee": "Coffee", "note": "", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "status": "skip"},
          {"id": 2, "date": "2026-11-22", "amount": -1.50, "category": "Food", "payee": "Bakery, refund", "note": "stale", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "status": "new"}
        ]

        """)
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.run("import", bigger).stderr == "Imported 1 transaction from \(bigger); skipped 1 already imported.\n")
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

    @Test func anEmptyFileImportsNothing() {
        let sandbox = book()
        let file = sandbox.write("empty.csv", "")
        #expect(sandbox.run("import", file).stderr == "Imported 0 transactions from \(file).\n")
    }

    @Test func importHelpIsGeneratedFromItsSpec() {
        let result = Sandbox().run("import", "--help")
        #expect(result.status == 0)
        #expect(result.stdout == Self.importHelp)
    }

    static let importHelp = """
    OVERVIEW: Import bank files: CSV, OFX, QFX, QIF, CAMT, MT940.

    The format is found from the content (--file-format overrides it): CSV or TSV,
    OFX 1.x and 2.x, QFX, QIF, CAMT.052/053/054, MT940. The encoding is detected
    (UTF-8, UTF-16 with a byte order mark, else Windows-1252; --encoding overrides
    it). Amounts are read as banks write them ($4.75, (3.00), 4.75-, 1.234,56) and
    dates too (03.11.2026, 11/3/26, 3 Nov 2026, a date-time is its day; two-digit
    years 69-99 are 19xx, 00-68 20xx); one that could be read two ways is an error
    naming --decimal-comma, --decimal-point or --date-order.

    A bank file naming its account number (OFX ACCTID, CAMT IBAN, MT940 :25:) goes
    into the account with that --number; rows the bank gives an id are keyed by it.
    When the statement states a closing balance, the account's balance as the bank
    sees it is checked after the import: a difference is printed and the exit status
    is 3 (the rows stay). A deleted imported transaction stays deleted on a new
    import (listed as ignored); --include-deleted brings it back.

    With no options a CSV file is read as 'budget export' writes it, exactly. For a
    bank's CSV file, name its columns by header text or by number from 1:
      budget import giro.csv --delimiter ';' --skip-lines 4 \\
        --date-column Buchungstag --date-format DD.MM.YYYY --decimal-comma \\
        --amount-column Betrag --negate --payee-column Empfänger \\
        --default-category Other --source giro

    Signs: a signed amount column is read in budget's own way (spending positive, as
    exported); with --negate it is the bank's money flow (money out negative). With
    debit and credit columns, money out is spending and money in is income, or a
    refund in an expense category.

    A row's category is the file's category column, else the first matching rule
    (see 'budget rule'), else --default-category. Every category the file names that
    the book lacks is listed at once; --create-categories creates them instead, of
    the kind its kind column gives (what 'budget export' writes), so an export
    imports into an empty book.

    All or nothing: the whole file is read and checked before the book is locked,
    and a bad row stops the import (FILE:LINE:COLUMN, exit 65) with the book
    unchanged. A field is at most 1 MiB, a row 4 MiB; a NUL byte is refused.
    Importing a row again adds nothing: each row keeps a key made of the source,
    date, amount, payee and its number among identical rows in the file. Says on
    standard error how many rows were imported and skipped; --dry-run lists them
    instead (status new, or skip when already imported) and writes nothing.

    Rows go to --account, else to the account the file's account column names (as
    'budget export' writes it), else to the default account. A row naming a
    transfer_account is a transfer; rows whose split column counts 1/2, 2/2 are the
    parts of one split. A row dated on or before its account's last reconciliation
    is refused unless --force.

    USAGE: budget import [<options>] <file>

    ARGUMENTS:
      <file>                  The file (CSV, OFX, QFX, QIF, CAMT, MT940), or - for
                              standard input.

    OPTIONS:
      --delimiter <char>      The field separator: one character, like ; or tab
                              (default: a comma).
      --skip-lines <n>        Lines to skip before the header (a bank's preamble).
                              (default: 0)
      --date-column <column>  The date's column: header text, or a number from 1.
                              (default: date)
      --date-format <pattern> How dates are written: YYYY, MM and DD with
                              separators, like DD.MM.YYYY or MM/DD/YYYY. (default:
                              YYYY-MM-DD)
      --amount-column <column>
                              The signed amount's column (default: amount).
      --debit-column <column> The column of money out, with --credit-column.
      --credit-column <column>
                              The column of money in, with --debit-column.
      --payee-column <column> The payee's column (default: payee, if the header has
                              it).
      --category-column <column>
                              The category's column (default: category, if the
                              header has it).
      --ignore-category-column
                              Ignore the file's category column (a bank's own
                              categories): use rules and --default-category.
      --note-column <column>  The note's column (default: note, if the header has
                              it).
      --kind-column <column>  The column of each row's category kind, expense or
                              income (default: kind, if the header has it).
      --create-categories     Create the categories the file names and the book
                              lacks, of the file's kind (budget 0).
      --default-category <name>
                              The category of rows that neither the file nor a rule
                              puts in one.
      --file-format <format>  The file's format: csv, tsv, ofx, qfx, qif, camt.052,
                              camt.053, camt.054 or mt940 (default: found from the
                              content). (values: csv, tsv, ofx, qfx, qif, camt.052,
                              camt.053, camt.054, mt940)
      --encoding <name>       The text encoding: utf-8, utf-16le, utf-16be, latin1
                              or windows-1252 (default: detected). (values: utf-8,
                              utf-16le, utf-16be, latin1, windows-1252)
      --decimal-comma         Amounts are written like 1.234,56.
      --decimal-point         Amounts are written like 1,234.56.
      --date-order <order>    The order of numeric dates' parts: dmy, mdy or ymd
                              (default: each date says, or it is an error). (values:
                              dmy, mdy, ymd)
      --include-deleted       Bring back rows whose transaction was deleted after an
                              earlier import.
      --negate                The amount column is the bank's money flow: money out
                              is negative.
      --source <name>         Where the file comes from: import keys are kept per
                              source, so two cards never collide. (default: default)
      --account <name>        The account every row goes to (default: the file's
                              account column, else the default account).
      --force                 Import rows dated on or before their account's last
                              reconciliation.
      --dry-run               Check and list the rows; write nothing.
      --format <format>       The output format of --dry-run (default: table).
                              (values: table, csv, tsv, json)
      --db <path>             The database file (default: $BUDGET_DB, else in
                              $XDG_DATA_HOME).
      -q, --quiet             Do not print confirmations on standard error.
      -h, --help              Show help information.

    """
}

@Suite struct ImportCategoryColumnTests {
    @Test func aBanksOwnCategoryColumnCanBeIgnoredInFavourOfRulesAndTheDefault() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Misc", "100", "--from", "2026-01")
        sandbox.succeed("-q", "rule", "add", "grocer", "Food")
        let path = sandbox.write("card.csv",
            "date,amount,payee,category\n2026-11-02,-12.00,Corner Grocer,Food & Drink\n2026-11-03,-5.00,Cinema,Entertainment\n")
        let refused = sandbox.run("import", path, "--negate")
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("budget: error: \(path):2:4: no category named 'Food & Drink'\n"))
        let run = sandbox.run("import", path, "--negate", "--ignore-category-column", "--default-category", "Misc")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(sandbox.succeed("list", "--format", "csv") == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled
            1,2026-11-02,12.00,Food,Corner Grocer,,expense,Main,,,,
            2,2026-11-03,5.00,Misc,Cinema,,expense,Main,,,,

            """)
        let conflict = sandbox.run("import", path, "--ignore-category-column", "--category-column", "category")
        #expect(conflict.status == 64)
    }
}
