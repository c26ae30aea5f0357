import Testing
@testable import BudgetCLI

@Suite struct HelpRendererTests {
    @Test func addHelpIsGeneratedFromItsSpec() {
        let result = Sandbox().run("add", "--help")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
        OVERVIEW: Add a transaction and print its id.

        Amounts are positive in the category's direction: money spent in an expense
        category, money received in an income category. A negative amount is a refund:
          budget add -2.25 Food Refund
        A zero amount (a placeholder for a bill still to come) is taken with a warning.
        A split is one payment across several categories; its parts must sum to the
        amount:
          budget add 82.40 --split Food=60.00 --split Household=22.40 --payee Market
        It goes to the default account unless --account names another. A day on or
        before the account's last reconciliation is refused unless --force.
        Prints the new transaction's id alone on standard output, and a confirmation on
        standard error.

        USAGE: budget add <amount> [<category>] [<payee>] [--date <day>] [--note <text>] [--split <category=amount>] ... [--payee <payee>] [--account <name>] [--force]

        ARGUMENTS:
          <amount>                The amount, like 12.50 or -2.25.
          <category>              The category (none with --split).
          <payee>                 Who was paid, or who paid.

        OPTIONS:
          --date <day>            The day: YYYY-MM-DD, today or yesterday (default:
                                  today).
          --note <text>           A free note.
          --split <category=amount>
                                  A part of a split (the last = separates); one per
                                  part.
          --payee <payee>         Who was paid, or who paid (with --split).
          --account <name>        The account (default: the default account).
          --force                 Add it even on or before the account's last
                                  reconciliation.
          --db <path>             The database file (default: $BUDGET_DB, else in
                                  $XDG_DATA_HOME).
          -q, --quiet             Do not print confirmations on standard error.
          -h, --help              Show help information.

        """)
    }

    @Test func deleteCategoryHelp() {
        #expect(Sandbox().run("help", "delete-category").stdout == """
        OVERVIEW: Delete a category.

        A category that still has transactions is kept unless --move-to names a category
        to move them to, or --force deletes them too. Its rules follow its transactions
        to --move-to; otherwise they are deleted with it. Says what was moved or
        deleted. With --force, a split with parts in other categories keeps them and
        loses this category's part: its amount drops by that part, and each such split
        is named with its new amount.
        Moving into a category of the other kind (expense or income) would change what
        the amounts mean, so it needs --kind-change: keep (the same numbers) or negate
        (the same direction of money).

        USAGE: budget delete-category <name> [--move-to <other>] [--force] [--kind-change <how>]

        ARGUMENTS:
          <name>                  The category.

        OPTIONS:
          --move-to <other>       Move its transactions and rules to this category
                                  first.
          --force                 Delete its transactions and rules too.
          --kind-change <how>     With --move-to a category of the other kind: keep the
                                  amounts, or negate them. (values: keep, negate)
          --db <path>             The database file (default: $BUDGET_DB, else in
                                  $XDG_DATA_HOME).
          -q, --quiet             Do not print confirmations on standard error.
          -h, --help              Show help information.

        """)
    }

    @Test func exportHelpShowsChoicesAndDefault() {
        let help = Sandbox().run("export", "-h").stdout
        #expect(help.contains("""
          --format <format>       The output format. (values: table, csv, tsv, json;
                                  default: csv)
          --excel-safe            Put ' before text a spreadsheet could run as a formula
                                  (=, +, -, @, | after any spaces, their full-width
                                  forms, a leading tab or CR), in csv and tsv. For
                                  spreadsheets: 'budget import' keeps the ' as part of
                                  the text.

        """))
        // An export written with --excel-safe is not one import reads back exactly; TSV's escapes.
        #expect(help.contains(#"""
        'budget import' reads the CSV or TSV back exactly (not one written with
        --excel-safe, which is for spreadsheets: import keeps its '). TSV quotes
        nothing: a tab, a line break and a backslash in a field are written \t, \n (\r
        for CR) and \\. A split is one record per part ('split' is 1/2, 2/2), a transfer

        """#.dropLast()))
    }

    @Test(arguments: [[], ["--help"], ["-h"], ["help"]])
    func budgetItselfListsEveryCommand(arguments: [String]) {
        let result = Sandbox().run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: Track spending against monthly budgets, in one SQLite file.\n"))
        #expect(result.stdout.contains("\nUSAGE: budget [--db <path>] <subcommand>\n\nOPTIONS:\n"))
        #expect(result.stdout.contains("  --version               Show the version.\n  -h, --help              Show help information.\n"))
        for command in Commands.info where !command.configuration.isHidden {
            #expect(result.stdout.contains("\n  \(command.name)" + String(repeating: " ", count: 24 - command.name.count)
                + command.configuration.abstract + "\n"))
        }
        #expect(!result.stdout.contains("__complete"))
        #expect(result.stdout.hasSuffix("\n  See 'budget help <subcommand>' for detailed help.\n"))
    }

    @Test func everyCommandHasHelpWithinEightyColumns() {
        let renderer = HelpRenderer(commands: Commands.info)
        for command in Commands.info.flatMap(\.tree) {
            for line in renderer.help(for: command).split(separator: "\n") where !line.hasPrefix("USAGE:") {
                #expect(line.count <= 80, "\(command.name): \(line)")
            }
        }
    }

    @Test func versionComesFromOneConstant() {
        #expect(Sandbox().run("--version").stdout == "budget \(BudgetCLI.version)\n")
    }

    @Test func wrappingKeepsPreformattedLines() {
        #expect(HelpRenderer.wrap("a b c d\n  keep   this\ne f", width: 5) == "a b c\nd\n  keep   this\ne f")
        #expect(HelpRenderer.wrap("one two", width: 12, indent: 4) == "    one two")
    }
}
