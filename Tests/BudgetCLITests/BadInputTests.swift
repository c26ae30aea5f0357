import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// Every bad input: its exact message on stderr, its exit status, nothing on stdout, and a book
/// left exactly as it was.
@Suite struct BadInputTests {
    static let usage = Int32(64), failure = Int32(1)

    @Test(arguments: [
        (["add", "12.345", "Food"], usage, """
        budget: error: the value '12.345' is invalid for '<amount>': it has more than two decimals
        hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)

        """),
        (["add", "1e3", "Food"], usage, """
        budget: error: the value '1e3' is invalid for '<amount>': it is not a number like 12.50
        hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)

        """),
        // A decimal comma, as most of Europe writes it: the amount meant is named (it said only
        // that the digit grouping was wrong).
        (["add", "12,50", "Food", "Lunch"], usage, """
        budget: error: the value '12,50' is invalid for '<amount>': a ',' separates thousands: write 12.50 for decimals
        hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)

        """),
        // A name close to one of the book's: the closest is offered.
        (["add", "5", "Fod"], failure, """
        budget: error: no category named 'Fod'; did you mean 'Food'?
        hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'

        """),
        (["add", "5", "Food", "--date", "2026-02-30"], usage, """
        budget: error: the value '2026-02-30' is invalid for '--date <day>': there is no such day
        hint: write dates like 2026-11-21, or use today or yesterday

        """),
        // A name that starts with '-' is read as options; the hint says how to give it.
        (["rename-category", "Food", "-Dining out"], usage, """
        budget: error: unknown option '-D' (in '-Dining out')
        hint: if '-Dining out' is a value, not options, put it after '--', after which every word is an argument: -- '-Dining out'

        """),
        (["list", "--mnth", "2026-11"], usage, """
        budget: error: unknown option '--mnth'; did you mean '--month'?
        usage: budget list [<options>]
          see 'budget list --help' for more information

        """),
        (["add", "5"], usage, """
        budget: error: missing argument '<category>'
        usage: budget add <amount> [<category>] [<payee>] [--date <day>] [--note <text>] [--split <category=amount>] ... [--payee <payee>] [--account <name>] [--force]
          see 'budget add --help' for more information

        """),
        (["add-category", "food", "10"], failure, """
        budget: error: a category named 'food' already exists
        hint: names are unique ignoring case; choose another name or use 'budget set-budget'

        """),
        (["delete", "1", "99"], failure, """
        budget: error: no transaction with id 99
        hint: see the ids with 'budget list'

        """),
        (["edit", "99", "--amount", "3"], failure, """
        budget: error: no transaction with id 99
        hint: see the ids with 'budget list'

        """),
        (["list", "--limit", "abc"], usage, """
        budget: error: the value 'abc' is invalid for '--limit <n>': expected a whole number, 0 or more
        usage: budget list [<options>]
          see 'budget list --help' for more information

        """),
        (["lst"], usage, """
        budget: error: unknown command 'lst'; did you mean 'list'?
        usage: budget [--db <path>] <subcommand>
          see 'budget --help' for more information

        """),
        (["delete-category", "Food"], failure, """
        budget: error: category 'Food' has 2 transactions
        hint: use --move-to OTHER to keep its transactions, or --force to delete them too

        """),
        (["delete-category", "Food", "--move-to", "food"], failure, """
        budget: error: cannot move the transactions of 'Food' into itself
        hint: name a different category with --move-to

        """),
        (["delete-category", "Food", "--move-to", "Rent", "--force"], usage, """
        budget: error: '--move-to <other>' cannot be used with '--force'
        usage: budget delete-category <name> [--move-to <other>] [--force] [--kind-change <how>]
          see 'budget delete-category --help' for more information

        """),
        (["rename-category", "Food", "rent"], failure, """
        budget: error: a category named 'rent' already exists
        hint: names are unique ignoring case; choose another name or use 'budget set-budget'

        """),
        (["add-category", "Travel", "-5"], usage, """
        budget: error: the value '-5' is invalid for '<amount>': a budget cannot be negative
        hint: write the monthly budget as 0 or more, like 300 or 12.50

        """),
        (["add-category", " ", "5"], usage, """
        budget: error: invalid category name ' ': it must be non-empty text without control characters
        hint: choose a name such as Food or "Eating out"

        """),
        (["set-budget", "Nope", "5"], failure, """
        budget: error: no category named 'Nope'
        hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'

        """),
        (["set-rollover", "Food", "yes"], usage, """
        budget: error: the value 'yes' is invalid for '<state>': expected 'on' or 'off'
        usage: budget set-rollover <name> <state>
          see 'budget set-rollover --help' for more information

        """),
        (["edit", "1"], usage, """
        budget: error: nothing to change
        hint: give at least one of --amount, --category, --split, --payee, --note, --date, --account or --transfer-to

        """),
        (["report", "--from", "2026-05", "--to", "2026-01"], usage, """
        budget: error: '--from 2026-05' is after '--to 2026-01'
        hint: give the earlier month with --from

        """),
        // A swapped range is refused by every command taking days, as report refuses months.
        (["list", "--from", "2026-12-01", "--to", "2026-11-01"], usage, """
        budget: error: '--from 2026-12-01' is after '--to 2026-11-01'
        hint: give the earlier day with --from

        """),
        (["export", "--from", "2026-11-03", "--to", "2026-11-02"], usage, """
        budget: error: '--from 2026-11-03' is after '--to 2026-11-02'
        hint: give the earlier day with --from

        """),
        (["watch", "list", "--from", "2026-12-01", "--to", "2026-11-01"], usage, """
        budget: error: '--from 2026-12-01' is after '--to 2026-11-01'
        hint: give the earlier day with --from

        """),
        (["rule", "apply", "--from", "2026-12-01", "--to", "2026-11-01"], usage, """
        budget: error: '--from 2026-12-01' is after '--to 2026-11-01'
        hint: give the earlier day with --from

        """),
        // So is a swapped amount range (it listed nothing, exit 0).
        (["list", "--min", "10", "--max", "5"], usage, """
        budget: error: '--min 10.00' is above '--max 5.00'
        hint: give the smaller amount with --min

        """),
        (["export", "--min", "-1", "--max", "-2.50", "--format", "csv"], usage, """
        budget: error: '--min -1.00' is above '--max -2.50'
        hint: give the smaller amount with --min

        """),
        (["report", "--from", "2026-01"], usage, """
        budget: error: '--from <month>' needs '--to <month>' too
        usage: budget report [--month <month>] [--check] [--from <month>] [--to <month>] [--by <grouping>] [--account <name>] [--net-worth] [--format <format>] [--excel-safe]
          see 'budget report --help' for more information

        """),
        (["list", "--category", "Nope"], failure, """
        budget: error: no category named 'Nope'
        hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'

        """),
    ] as [([String], Int32, String)])
    func isRefusedWithItsMessageAndStatusLeavingTheBookAsItWas(arguments: [String], status: Int32, message: String) throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("add-category", "Rent", "1000", "--from", "2026-01")
        sandbox.succeed("add", "12.50", "Food", "Lunch", "--date", "2026-11-02")
        sandbox.succeed("add", "4", "Food", "--date", "2026-11-03")
        let before = try sandbox.snapshot()
        let result = sandbox.run(arguments)
        #expect(result.stderr == message)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aUsageErrorNeverCreatesTheDatabase() throws {
        let sandbox = Sandbox()
        let result = sandbox.run("add", "12.345", "Food")
        #expect(result.status == 64)
        #expect(try sandbox.snapshot() == "(no database)")
    }

    /// `--db a/b/` (or `BUDGET_DB`) names a folder: every command refuses it as a usage error
    /// before anything is made, so no folder is left behind.
    @Test(arguments: [["add-category", "X", "1"], ["list"], ["import", "-", "--create-categories"], ["backup", "-"], ["check"]])
    func aBookPathEndingInASlashIsRefusedBeforeAnythingIsMade(words: [String]) {
        let sandbox = Sandbox()
        let folder = sandbox.directory + "/a/b/"
        let option = sandbox.run(["--db", folder] + words, stdin: "date,amount,category\n2026-11-02,1,X\n")
        #expect(option.status == 64)
        #expect(option.stdout == "")
        #expect(option.stderr == """
            budget: error: the value '\(folder)' is invalid for '--db <path>': it ends in '/', so it names a folder, not the book's file
            hint: name the file in it: --db \(folder)budget.sqlite3

            """)
        let variable = sandbox.run(words, environment: ["BUDGET_DB": folder], stdin: "date,amount,category\n2026-11-02,1,X\n")
        #expect(variable.status == 64)
        #expect(variable.stderr == """
            budget: error: BUDGET_DB '\(folder)' ends in '/', so it names a folder, not the book's file
            hint: name the file in it: BUDGET_DB=\(folder)budget.sqlite3

            """)
        #expect(Sandbox.names(in: sandbox.directory) == [])
    }

    /// A blank `BUDGET_DB` is quoted, so the message shows what the path is.
    @Test func aBookThatDoesNotExistIsNamedInQuotes() throws {
        let sandbox = Sandbox()
        let result = sandbox.run(["list"], environment: ["BUDGET_DB": " "])
        #expect(result.status == 1)
        #expect(result.stderr == """
            budget: error: ' ' does not exist
            hint: check the path, or create a book there with a write command such as 'budget add-category Food 300'

            """)
        #expect(access(" ", F_OK) != 0)
    }

    @Test func aFileThatIsNotABudgetDatabaseFailsWithExit1() throws {
        let sandbox = Sandbox()
        let result = sandbox.run("categories", "--db", sandbox.directory)
        #expect(result.status == 1)
        #expect(result.stderr == """
        budget: error: cannot open \(sandbox.directory): it is a directory
        hint: choose another file with --db PATH or BUDGET_DB

        """)
    }

    @Test func withoutHomeOrBudgetDBTheErrorSaysWhatToSet() {
        let sandbox = Sandbox()
        sandbox.environment = [:]
        let result = sandbox.run("categories")
        #expect(result.status == 1)
        #expect(result.stderr == """
        budget: error: cannot tell where the database is: HOME is not set
        hint: name the file with --db PATH or BUDGET_DB

        """)
    }
}
