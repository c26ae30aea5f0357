import BudgetKit
import Testing
@testable import BudgetCLI

/// `budget import --help`, generated from the command's declared arguments.
@Suite struct ImportHelpTests {
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
    years 69-99 are 19xx, 00-68 20xx). A date that could be read two ways
    (03/04/2026) is read in the one order every date of the file fits (15/04/2026 is
    day first); else it, or an amount read two ways, is an error naming
    --date-order, --decimal-comma or --decimal-point.

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
    refund in an expense category. A bank's CSV file read without column options
    (its header found) is read as the bank's money flow, as with --negate.

    A row's category is the file's category column, else the first matching rule
    (see 'budget rule'), else --default-category. A bank's CSV file read without
    column options has its Category column read too: its names are the bank's, and
    --ignore-category-column leaves them out. Every category the book lacks that a
    row the import would add names is listed at once (a row already in the book, or
    replacing its pending twin, adds nothing); --create-categories creates them
    instead, of the kind its kind column gives (what 'budget export' writes). An
    export holds transactions, not the whole book: their accounts must exist first,
    and budgets, categories without transactions, opening balances and
    reconciliations are not in it; 'budget backup' and 'budget restore' copy a whole
    book.

    All or nothing: the whole file is read and checked before the book is locked,
    and a bad row stops the import (FILE:LINE:COLUMN, exit 65) with the book
    unchanged. A field is at most 1 MiB, a row 4 MiB; a NUL byte is refused.
    Importing a row again adds nothing: each row keeps a key made of the source,
    date, amount, payee and its number among identical rows in the file (and its
    account, when another account's transaction holds that key already). Says on
    standard error how many rows were imported and skipped; --dry-run lists them
    instead (status new; skip when already imported; ignored when deleted after an
    earlier import; replaces N for a posted row that would replace its pending twin,
    transaction N), with what the new rows spend and earn and their net (transfers
    are neither), and writes nothing; it checks a statement's balances against the
    book as the import would leave it.

    Rows go to --account, else to the account the file's account column names (as
    'budget export' writes it), else to the default account. A row naming a
    transfer_account is a transfer; rows whose split column counts 1/2, 2/2 are the
    parts of one split. A row that moves money dated on or before its account's last
    reconciliation is refused unless --force (a row of 0.00 is taken, and a split
    whose parts cancel: a split is judged by its parts' sum); a posted row replacing
    its pending twin is judged by the change to the twin: a change of its day or
    amount is refused when a reconciliation covers the twin, unless --force.

    --profile NAME lays the options saved with 'budget import-profile save' under
    the command line's: an option given on the command line replaces the profile's.

    USAGE: budget import [<options>] <file>

    ARGUMENTS:
      <file>                  The file (CSV, OFX, QFX, QIF, CAMT, MT940), or - for
                              standard input.

    OPTIONS:
      --delimiter <char>      The field separator: one character, like ; or tab
                              (default: found from the file without column options,
                              else a comma).
      --skip-lines <n>        Lines to skip before the header (a bank's preamble).
                              (default: 0)
      --no-header             The file has no header: every line is a row, its
                              columns named by number.
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
      --profile <name>        Use the options saved under this name (see 'budget
                              import-profile').
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
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            1,2026-11-02,12.00,Food,Corner Grocer,,expense,Main,,,,,
            2,2026-11-03,5.00,Misc,Cinema,,expense,Main,,,,,

            """)
        let conflict = sandbox.run("import", path, "--ignore-category-column", "--category-column", "category")
        #expect(conflict.status == 64)
    }
}
