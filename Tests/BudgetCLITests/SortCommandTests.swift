import BudgetKit
import Testing
@testable import BudgetCLI

/// Issue 13 item 3 on the command line: `--sort KEY[,KEY...]` (a `-` before a key for
/// descending) on list, export and watch, `--descending` as before, and `--category` and
/// `--account` repeated for any of several.
@Suite struct SortCommandTests {
    /// Food, Rent and Fun; accounts Main, Cash and Savings; rows that tie on category, on
    /// amount and on date (ids 1 to 7).
    func book() -> Sandbox {
        let sandbox = Sandbox()
        for name in ["Food", "Rent", "Fun"] { sandbox.succeed("add-category", name, "100") }
        for name in ["Cash", "Savings"] { sandbox.succeed("add-account", name) }
        for row in [["5", "Food", "Baker", "2026-01-02"], ["9", "Rent", "Landlord", "2026-01-01", "Cash"],
                    ["5", "Food", "café", "2026-01-03"], ["7", "Food", "Market", "2026-01-01"], ["5", "Fun", "Cinema", "2026-01-02"],
                    ["2", "Fun", "Café", "2026-01-03", "Savings"], ["7", "Food", "baker", "2026-01-02"]] {
            sandbox.succeed(["add", row[0], row[1], row[2], "--date", row[3]] + (row.count > 4 ? ["--account", row[4]] : []))
        }
        return sandbox
    }

    /// The ids a command prints as CSV, in order.
    func ids(_ sandbox: Sandbox, _ words: [String]) -> [String] {
        sandbox.succeed(words + ["--format", "csv"]).split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
    }

    /// The ids `watch` shows first (its insert events), for a command line.
    func watchedIDs(_ sandbox: Sandbox, _ words: [String]) throws -> [String] {
        guard case .run(let parsed, _, _) = try CommandLineParser(tree: Commands.tree).parse(["watch"] + words),
              let watch = parsed as? Watch else { throw UsageError(message: "not a watch") }
        let output = Output()
        try WatchSession(store: BudgetStore(path: sandbox.database), view: .list(watch.listRequest), output: output,
                         terminal: false, usesColor: false).start()
        let marker = "\"event\": \"insert\", \"index\": "
        return output.text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{" + marker) }.map { line in
            let id = line.split(separator: "\"id\": ", maxSplits: 1).last ?? ""
            return String(id.prefix { $0.isNumber })
        }
    }

    @Test(arguments: [
        ([], "2 4 1 5 7 3 6"),
        (["--sort", "category,-amount,date"], "4 7 1 3 5 6 2"),
        (["--sort", "-amount,payee"], "2 7 4 1 3 5 6"),
        // A value starting with - is the option's value, never an option: ties go by id, descending.
        (["--sort", "-amount"], "2 7 4 5 3 1 6"),
        (["--sort=-amount"], "2 7 4 5 3 1 6"),
        // What watch took before several keys, and still takes.
        (["--sort", "amount", "--descending"], "2 7 4 5 3 1 6"),
        (["--descending"], "6 3 7 5 1 4 2"),
        (["--sort", " Category , -AMOUNT "], "4 7 1 3 5 6 2"),
        // --descending reverses every key, and the tie-break by id.
        (["--sort", "category,-amount", "--descending"], "2 6 5 3 1 7 4"),
    ])
    func listExportAndWatchOrderByEachKeyInTurn(words: [String], expected: String) throws {
        let sandbox = book()
        let expected = expected.split(separator: " ").map(String.init)
        #expect(ids(sandbox, ["export"] + words) == expected)
        #expect(ids(sandbox, ["list"] + words) == expected)
        #expect(try watchedIDs(sandbox, words) == expected)
        #expect(try watchedIDs(sandbox, ["list"] + words) == expected)
    }

    @Test func theTableIsInTheOrderAskedForAndLimitKeepsTheMostRecentRowsFirst() {
        let sandbox = book()
        // The 4 most recent (6, 3, 7, 5), by payee, then newest first; 3 and 6 tie on both and go by id.
        #expect(ids(sandbox, ["list", "--sort", "payee,-date", "--limit", "4"]) == ["7", "3", "6", "5"])
        #expect(sandbox.succeed("list", "--sort", "-amount", "--category", "Fun") == """
            ID  DATE        AMOUNT  CATEGORY  PAYEE   NOTE  ACCOUNT
             5  2026-01-02    5.00  Fun       Cinema        Main
             6  2026-01-03    2.00  Fun       Café          Savings
            --  ----------  ------  --------  ------  ----  -------
                Spent         7.00
                Earned        0.00
                Net          -7.00

            """)
    }

    @Test func categoryAndAccountRepeatedMatchAnyOfThem() throws {
        let sandbox = book()
        #expect(ids(sandbox, ["export", "--category", "Food", "--category", "fun"]) == ["4", "1", "5", "7", "3", "6"])
        #expect(ids(sandbox, ["list", "--account", "Cash", "--account", "savings"]) == ["2", "6"])
        #expect(ids(sandbox, ["export", "--category", "Fun", "--account", "Main", "--account", "Savings"]) == ["5", "6"])
        #expect(try watchedIDs(sandbox, ["--category", "Rent", "--category", "Fun", "--sort", "-amount"]) == ["2", "5", "6"])
        // One of each is as before: a transfer is shown as seen from the account.
        sandbox.succeed("transfer", "50", "Main", "Cash", "--date", "2026-01-04")
        #expect(sandbox.succeed("list", "--account", "Cash").contains("← Main"))
        #expect(sandbox.succeed("list", "--account", "Cash", "--account", "Savings").contains("Main → Cash"))
        let unknown = sandbox.run("export", "--category", "Food", "--category", "Travel")
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("budget: error: no category named 'Travel'\n"))
    }

    @Test func withSeveralCategoriesASplitShowsItsPartsInThem() {
        let sandbox = book()
        sandbox.succeed("add", "10", "--split", "Food=4", "--split", "Rent=5", "--split", "Fun=1", "--payee", "Mixed", "--date", "2026-01-05")
        let table = sandbox.succeed("list", "--category", "Food", "--category", "Fun", "--sort", "-date")
        #expect(table.contains("Food      Mixed") && table.contains("Fun       Mixed") && !table.contains("Rent"))
    }

    @Test(arguments: [
        (["list", "--sort", "amout"], """
        budget: error: the value 'amout' is invalid for '--sort <keys>': 'amout' is not a sort key; did you mean 'amount'?
        hint: give sort keys among date, amount, payee and category, separated by commas; a - before a key sorts it largest (or newest) first, like --sort category,-amount

        """),
        (["export", "--sort", "category,-paye"], """
        budget: error: the value 'category,-paye' is invalid for '--sort <keys>': 'paye' is not a sort key; did you mean 'payee'?
        hint: give sort keys among date, amount, payee and category, separated by commas; a - before a key sorts it largest (or newest) first, like --sort category,-amount

        """),
        (["export", "--sort", "amount,,date"], """
        budget: error: the value 'amount,,date' is invalid for '--sort <keys>': a key is empty
        hint: give sort keys among date, amount, payee and category, separated by commas; a - before a key sorts it largest (or newest) first, like --sort category,-amount

        """),
        (["watch", "--sort", "-"], """
        budget: error: the value '-' is invalid for '--sort <keys>': a key is empty
        hint: give sort keys among date, amount, payee and category, separated by commas; a - before a key sorts it largest (or newest) first, like --sort category,-amount

        """),
        (["list", "--sort", ""], """
        budget: error: the value '' is invalid for '--sort <keys>': a key is empty
        hint: give sort keys among date, amount, payee and category, separated by commas; a - before a key sorts it largest (or newest) first, like --sort category,-amount

        """),
        (["watch", "list", "--sort", "date,payee,-DATE"], """
        budget: error: the value 'date,payee,-DATE' is invalid for '--sort <keys>': 'date' is given twice
        hint: give sort keys among date, amount, payee and category, separated by commas; a - before a key sorts it largest (or newest) first, like --sort category,-amount

        """),
        (["list", "--sort", "amount", "--sort", "date"], """
        budget: error: '--sort <keys>' was given more than once
        hint: give it once

        """),
        (["export", "--sort"], """
        budget: error: missing value for '--sort <keys>'
        usage: budget export [<options>]
          see 'budget export --help' for more information

        """),
        (["watch", "report", "--account", "Cash", "--account", "Savings"], """
        budget: error: '--account <name>' was given more than once
        hint: 'watch report' shows one account's report, or every account's; 'watch list' takes several

        """),
        (["watch", "report", "--sort", "amount"], """
        budget: error: '--sort <keys>' applies to 'watch list', not 'watch report'
        usage: budget watch [<options>] [<view>]
          see 'budget watch --help' for more information

        """),
    ])
    func aBadSortOrRepeatIsAUsageErrorThatChangesNothing(words: [String], stderr: String) throws {
        let sandbox = book()
        let before = try sandbox.snapshot()
        let result = sandbox.run(words)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == stderr)
        #expect(try sandbox.snapshot() == before)
    }
}
