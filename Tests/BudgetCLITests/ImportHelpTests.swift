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
    OVERVIEW: Import a CSV file: an export or a bank statement.

    With no options it reads what 'budget export' writes, exactly. For a bank's
    file, name its columns by header text or by number from 1:
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
      <file>                  The CSV file, or - for standard input.

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
      --decimal-comma         Amounts are written like 1.234,56.
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
