import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetCLI

@Suite struct ReportCommandTests {
    /// Food 300 with rollover (100 left in October), Rent 1000, Salary 3000 income.
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-10", "--rollover")
        sandbox.succeed("add-category", "Rent", "1000", "--from", "2026-10")
        sandbox.succeed("add-category", "Salary", "3000", "--income", "--from", "2026-10")
        sandbox.succeed("add", "200", "Food", "--date", "2026-10-05")
        sandbox.succeed("add", "350", "Food", "Market", "--date", "2026-11-02")
        sandbox.succeed("add", "1000", "Rent", "Landlord", "--date", "2026-11-01")
        sandbox.succeed("add", "3000", "Salary", "ACME", "--date", "2026-11-25")
        return sandbox
    }

    @Test func theTableHasTotalsAndTheNet() {
        let sandbox = book()
        #expect(sandbox.succeed("report", "--month", "2026-11") == """
        Report for 2026-11

        CATEGORY         BUDGET  ROLLOVER   ACTUAL  REMAINING    USED
        Food             300.00    100.00   350.00      50.00   87.5%
        Rent            1000.00      0.00  1000.00       0.00  100.0%
        --------------  -------  --------  -------  ---------  ------
        Total expenses  1300.00    100.00  1350.00      50.00   96.4%

        Salary          3000.00      0.00  3000.00       0.00  100.0%
        --------------  -------  --------  -------  ---------  ------
        Total income    3000.00      0.00  3000.00       0.00  100.0%

        Net                                1650.00

        """)
    }

    @Test func machineFormatsHaveOneRowPerCategoryAndNoTotals() {
        let sandbox = book()
        sandbox.succeed("add-category", "Gifts", "0", "--from", "2026-10")
        #expect(sandbox.succeed("report", "--month", "2026-11", "--format", "csv") == """
        month,category,kind,budget,rollover,actual,remaining,percent_used
        2026-11,Food,expense,300.00,100.00,350.00,50.00,87.5
        2026-11,Gifts,expense,0.00,0.00,0.00,0.00,
        2026-11,Rent,expense,1000.00,0.00,1000.00,0.00,100.0
        2026-11,Salary,income,3000.00,0.00,3000.00,0.00,100.0

        """)
        #expect(sandbox.succeed("report", "--month", "2026-11", "--format", "json") == """
        [
          {"month": "2026-11", "category": "Food", "kind": "expense", "budget": 300.00, "rollover": 100.00, "actual": 350.00, "remaining": 50.00, "percent_used": 87.5},
          {"month": "2026-11", "category": "Gifts", "kind": "expense", "budget": 0.00, "rollover": 0.00, "actual": 0.00, "remaining": 0.00, "percent_used": null},
          {"month": "2026-11", "category": "Rent", "kind": "expense", "budget": 1000.00, "rollover": 0.00, "actual": 1000.00, "remaining": 0.00, "percent_used": 100.0},
          {"month": "2026-11", "category": "Salary", "kind": "income", "budget": 3000.00, "rollover": 0.00, "actual": 3000.00, "remaining": 0.00, "percent_used": 100.0}
        ]

        """)
        #expect(sandbox.succeed("report", "--month", "2026-11", "--format", "tsv").hasPrefix(
            "month\tcategory\tkind\tbudget\trollover\tactual\tremaining\tpercent_used\n2026-11\tFood\texpense\t300.00\t100.00\t350.00\t50.00\t87.5\n"))
    }

    @Test func checkExitsTwoNamingEachOverspentCategory() {
        let sandbox = book()
        sandbox.succeed("add", "60", "Food", "--date", "2026-11-20")
        sandbox.succeed("add", "0.01", "Rent", "--date", "2026-11-20")
        let result = sandbox.run("report", "--month", "2026-11", "--check", "--format", "csv")
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("month,category,kind"))
        #expect(result.stderr == """
        budget: overspent in 2026-11: Food: 410.00 spent of 400.00 (10.00 over)
        budget: overspent in 2026-11: Rent: 1000.01 spent of 1000.00 (0.01 over)

        """)
    }

    @Test func checkExitsZeroAtExactlyTheBudget() {
        let sandbox = book()
        let result = sandbox.run("report", "--month", "2026-11", "--check", "--quiet")
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test func onATerminalTheTableShowsBarsColouredUnlessNoColor() {
        let sandbox = book()
        let colored = sandbox.run(["report", "--month", "2026-11"], terminal: true).stdout
        #expect(colored.contains("87.5%  \u{1B}[32m│████████▊ │\u{1B}[0m\n"))
        #expect(colored.contains("100.0%  \u{1B}[33m│██████████│\u{1B}[0m\n"))
        #expect(colored.contains("Salary          3000.00      0.00  3000.00       0.00  100.0%  │██████████│\n"))
        let plain = sandbox.run(["report", "--month", "2026-11"], environment: ["NO_COLOR": "1"], terminal: true).stdout
        #expect(plain.contains("87.5%  │████████▊ │\n"))
        #expect(!plain.contains("\u{1B}"))
        let piped = sandbox.run(["report", "--month", "2026-11"]).stdout
        #expect(!piped.contains("│"))
    }

    /// The colour code of the bar on `category`'s line of a coloured table (`31` red, `33`
    /// yellow, `32` green), or `nil` without one.
    func barColor(_ table: String, _ category: String) -> Substring? {
        guard let line = table.split(separator: "\n").first(where: { $0.hasPrefix(category + " ") }),
              let escape = line.firstRange(of: "\u{1B}[") else { return nil }
        return line[escape.upperBound...].prefix { $0 != "m" }
    }

    @Test func aBarIsRedExactlyWhenCheckCallsItsCategoryOverspentWhateverThePercentageRoundsTo() {
        let sandbox = Sandbox()
        for (name, budget, spent) in [("Food", "300", "300.01"), ("Rent", "1000", "1000.40"), ("Fuel", "1000", "1000"),
                                      ("Gym", "1000", "899.99"), ("Tea", "1000", "900")] {
            sandbox.succeed("add-category", name, budget, "--from", "2026-01")
            sandbox.succeed("add", spent, name, "--date", "2026-11-02")
        }
        let table = sandbox.run(["report", "--month", "2026-11"], terminal: true).stdout
        // 300.01 of 300 and 1000.40 of 1000 both show 100.0%, yet are over.
        #expect(table.contains("Food             300.00      0.00   300.01      -0.01  100.0%"))
        #expect(barColor(table, "Food") == "31")
        #expect(barColor(table, "Rent") == "31")
        #expect(barColor(table, "Fuel") == "33")
        // 899.99 of 1000 shows 90.0% but is under 90 %; 900 of 1000 is 90 %.
        #expect(barColor(table, "Gym") == "32")
        #expect(barColor(table, "Tea") == "33")
        let check = sandbox.run("report", "--month", "2026-11", "--check", "--format", "csv")
        #expect(check.status == 2)
        #expect(check.stderr == """
        budget: overspent in 2026-11: Food: 300.01 spent of 300.00 (0.01 over)
        budget: overspent in 2026-11: Rent: 1000.40 spent of 1000.00 (0.40 over)

        """)
    }

    @Test func anOverspentCategoryWithNothingOrLessThanNothingAvailableGetsAFullRedBar() {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "100", "--from", "2026-10")
        sandbox.succeed("add-category", "Roll", "100", "--from", "2026-10", "--rollover")
        sandbox.succeed("add-category", "Zero", "0", "--from", "2026-10")
        sandbox.succeed("add", "400", "Roll", "--date", "2026-10-01")
        sandbox.succeed("add", "20", "Roll", "--date", "2026-11-01")
        sandbox.succeed("add", "30", "Zero", "--date", "2026-11-01")
        sandbox.succeed("add", "10", "Food", "--date", "2026-11-01")
        let colored = sandbox.run(["report", "--month", "2026-11"], terminal: true).stdout
        #expect(colored.contains("Food            100.00      0.00   10.00      90.00  10.0%  \u{1B}[32m│█         │\u{1B}[0m\n"))
        #expect(colored.contains("Roll            100.00   -300.00   20.00    -220.00         \u{1B}[31m│██████████│\u{1B}[0m\n"))
        #expect(colored.contains("Zero              0.00      0.00   30.00     -30.00         \u{1B}[31m│██████████│\u{1B}[0m\n"))
        let plain = sandbox.run(["report", "--month", "2026-11"], environment: ["NO_COLOR": "1"], terminal: true).stdout
        #expect(plain.contains("Zero              0.00      0.00   30.00     -30.00         │██████████│\n"))
        #expect(sandbox.run("report", "--month", "2026-11", "--check").status == 2)
    }

    @Test func aTrendHasOneColumnPerMonthWithTotalAndAverage() {
        let sandbox = book()
        #expect(sandbox.succeed("report", "--from", "2026-10", "--to", "2026-12", "--format", "csv") == """
        category,kind,2026-10,2026-11,2026-12,total,average
        Food,expense,200.00,350.00,0.00,550.00,183.33
        Rent,expense,0.00,1000.00,0.00,1000.00,333.33
        Salary,income,0.00,3000.00,0.00,3000.00,1000.00

        """)
        #expect(sandbox.succeed("report", "--from", "2026-10", "--to", "2026-11", "--by", "payee") == """
        PAYEE           KIND     2026-10  2026-11    TOTAL  AVERAGE
                        expense   200.00     0.00   200.00   100.00
        Landlord        expense     0.00  1000.00  1000.00   500.00
        Market          expense     0.00   350.00   350.00   175.00
        ACME            income      0.00  3000.00  3000.00  1500.00
        --------------  -------  -------  -------  -------  -------
        Total expenses            200.00  1350.00  1550.00   775.00
        Total income                0.00  3000.00  3000.00  1500.00
        Net                      -200.00  1650.00  1450.00   725.00

        Averages divide each total by 2 months, 2026-10 to 2026-11, months with nothing included.

        """)
    }

    @Test(arguments: [
        (["report", "--by", "payee"], "'--by <grouping>' needs '--from <month>' and '--to <month>'"),
        (["report", "--from", "2026-01", "--to", "2026-02", "--check"], "'--from <month>' cannot be used with '--check'"),
        (["report", "--from", "2026-01", "--to", "2026-02", "--month", "2026-01"], "'--from <month>' cannot be used with '--month <month>'"),
        (["report", "--to", "2026-02"], "'--to <month>' needs '--from <month>' too"),
    ])
    func trendOptionsGoTogether(arguments: [String], message: String) {
        let result = Sandbox().run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("budget: error: \(message)\nusage: budget report "))
    }
}

@Suite struct EmptyBookReportTests {
    @Test func aBookWithNoCategorySaysHowToStart() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-account", "Savings")
        let run = sandbox.run("report", "--month", "2026-11")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Report for 2026-11\n"))
        #expect(run.stderr == "No category has a budget or transactions in 2026-11. Start with: budget add-category Food 300\n")
        #expect(sandbox.run("-q", "report", "--month", "2026-11").stderr == "")
    }

    @Test func aMonthBeforeEveryCategoryStartsNamesTheFirstMonthWithABudget() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-12")
        sandbox.succeed("-q", "add-category", "Rent", "1000", "--from", "2026-11")
        sandbox.succeed("-q", "set-budget", "Rent", "900", "--from", "2027-01")
        let before = try sandbox.snapshot()
        let run = sandbox.run("report", "--month", "2026-10")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Report for 2026-10\n"))
        #expect(run.stderr == "No category has a budget or transactions in 2026-10; the first budget starts in 2026-11. "
            + "See: budget report --month 2026-11, or budget categories\n")
        #expect(sandbox.run("-q", "report", "--month", "2026-10").stderr == "")
        #expect(sandbox.run("report", "--month", "2026-11").stderr == "")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func withNoBookYetAtTheDefaultPlaceAReportOnATerminalIsEmptyAndCreatesNothing() {
        let sandbox = Sandbox()
        sandbox.environment["BUDGET_DB"] = nil
        let run = sandbox.run("report", "--month", "2026-11", terminal: true)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Report for 2026-11\n"))
        #expect(run.stderr == "No category has a budget or transactions in 2026-11. Start with: budget add-category Food 300\n")
        for command in [["list"], ["categories"], ["export"], ["rule", "list"], ["report", "--from", "2026-01", "--to", "2026-02"]] {
            #expect(sandbox.run(command, terminal: true).status == 0, "\(command)")
        }
        #expect(access(sandbox.directory + "/home", F_OK) != 0)
        #expect(sandbox.run("-q", "add-category", "Food", "300").status == 0)
        #expect(access(sandbox.directory + "/home/.local/share/budget/budget.sqlite3", F_OK) == 0)
    }

    /// A cron job may not see the HOME or XDG_DATA_HOME of the shell that made the book: its
    /// `report --check --format csv` printed a header alone and exited 0 ("nothing overspent"),
    /// `export` nothing, `accounts` a Main account at 0.00. Without a terminal to show an empty
    /// book to a person, a missing default book is an error, and nothing is created.
    @Test(arguments: [["report", "--month", "2026-10", "--check", "--format", "csv"], ["report", "--check"], ["report", "--format", "json"],
                      ["export"], ["list", "--format", "json"], ["list"],
                      ["accounts", "--format", "csv"], ["categories"], ["payees"]])
    func withNoBookAtTheDefaultPlaceAScriptGetsAnErrorNotAnEmptyBook(words: [String]) {
        let sandbox = Sandbox()
        sandbox.environment["BUDGET_DB"] = nil
        let run = sandbox.run(words)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            budget: error: there is no book at the default place, \(sandbox.directory)/home/.local/share/budget/budget.sqlite3
            hint: name the book with --db PATH or BUDGET_DB (a cron job or script may not see your shell's HOME or XDG_DATA_HOME), \
            or start one there with a write command such as 'budget add-category Food 300'

            """)
        #expect(access(sandbox.directory + "/home", F_OK) != 0)
    }

    /// A report's table is for people, in a pipe too (`make run`, a report cron mails): it shows
    /// the empty book, and says on stderr that it is one.
    @Test func withNoBookAtTheDefaultPlaceAReportsTableInAPipeIsEmptyAndSaysSo() {
        let sandbox = Sandbox()
        sandbox.environment["BUDGET_DB"] = nil
        let run = sandbox.run("report", "--month", "2026-11")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Report for 2026-11\n"))
        #expect(run.stderr == """
            budget: warning: there is no book at the default place yet (\(sandbox.directory)/home/.local/share/budget/budget.sqlite3): \
            this shows an empty one
            No category has a budget or transactions in 2026-11. Start with: budget add-category Food 300

            """)
        #expect(access(sandbox.directory + "/home", F_OK) != 0)
    }

    /// The empty book is made in TMPDIR, else in /tmp when TMPDIR cannot take it (a folder
    /// that is gone): the report is shown, not "cannot make a temporary folder"; nothing is left.
    @Test func theEmptyBookIsMadeInTMPDIRElseTmp() throws {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let tmp = sandbox.directory + "/tmp"
        #expect(mkdir(tmp, 0o700) == 0)
        for given in [tmp, sandbox.directory + "/missing"] {
            let run = EndToEndTests().shell("env -u BUDGET_DB -u XDG_DATA_HOME HOME=\(sandbox.directory)/home TMPDIR=\(given) "
                + "\(binary) report --month 2026-11 2>/dev/null")
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("Report for 2026-11\n"))
        }
        #expect(Sandbox.names(in: tmp) == [])
        #expect(access(sandbox.directory + "/home", F_OK) != 0)
    }

    @Test(arguments: [["report"], ["list"], ["categories"], ["export"], ["watch"], ["backup", "x.sqlite3"], ["check"],
                      ["show-category", "Food"], ["rule", "list"], ["import", "-", "--dry-run"]])
    func aReadCommandOnAPathThatDoesNotExistFailsNamingItAndCreatesNothing(words: [String]) {
        let sandbox = Sandbox()
        let typo = sandbox.directory + "/bugdet/budget.sqlite3"
        let run = sandbox.run(["--db", typo] + words, stdin: "date,amount\n2026-11-01,1\n")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: '\(typo)' does not exist
            hint: check the path, or create a book there with a write command such as 'budget add-category Food 300'

            """)
        #expect(access(sandbox.directory + "/bugdet", F_OK) != 0)
        #expect(access(sandbox.database, F_OK) != 0)
    }
}
