import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct RuleCommandTests {
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("add-category", "Eating out", "100", "--from", "2026-01")
        return sandbox
    }

    @Test func addPrintsTheNewIdAloneAndConfirmsOnStderr() throws {
        let sandbox = book()
        let result = sandbox.run("rule", "add", "Coffee", "eating out")
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        #expect(result.stderr == "Added rule 1: payees containing 'Coffee' go to Eating out.\n")
        #expect(try BudgetStore(path: sandbox.database).rules() == [ImportRule(id: 1, pattern: "Coffee", category: "Eating out")])
    }

    @Test func listShowsTheRulesInTheOrderTheyAreTried() {
        let sandbox = book()
        sandbox.succeed("rule", "add", "coffee", "Eating out")
        sandbox.succeed("rule", "add", "rewe, markt", "Food")
        #expect(sandbox.succeed("rule", "list") == """
        ID  PATTERN      CATEGORY    FIELD  MODE      DIRECTION  PAYEE
         1  coffee       Eating out  payee  contains
         2  rewe, markt  Food        payee  contains

        """)
        #expect(sandbox.succeed("rule", "list", "--format", "csv") == "id,pattern,category,field,mode,direction,payee\n1,coffee,Eating out,payee,contains,,\n2,\"rewe, markt\",Food,payee,contains,,\n")
        #expect(sandbox.succeed("rule", "list", "--format", "json") == """
        [
          {"id": 1, "pattern": "coffee", "category": "Eating out", "field": "payee", "mode": "contains", "direction": "", "payee": ""},
          {"id": 2, "pattern": "rewe, markt", "category": "Food", "field": "payee", "mode": "contains", "direction": "", "payee": ""}
        ]

        """)
    }

    @Test func removeDeletesOneRule() throws {
        let sandbox = book()
        sandbox.succeed("rule", "add", "coffee", "Eating out")
        sandbox.succeed("rule", "add", "market", "Food")
        let result = sandbox.run("rule", "remove", "1")
        #expect(result.status == 0)
        #expect(result.stderr == "Removed rule 1.\n")
        #expect(try BudgetStore(path: sandbox.database).rules().map(\.id) == [2])
    }

    /// `--before` and `--after` name another rule: the rule itself names no place, and a typo for
    /// another id must not pass as a move.
    @Test(arguments: ["--before", "--after"])
    func aRuleMovedBeforeOrAfterItselfIsAUsageErrorNamingItAndChangesNothing(option: String) throws {
        let sandbox = book()
        sandbox.succeed("-q", "rule", "add", "market", "Food")
        sandbox.succeed("-q", "rule", "add", "coffee", "Eating out")
        let before = try sandbox.snapshot()
        let result = sandbox.run("rule", "move", "1", option, "1")
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
        budget: error: rule 1 cannot move before or after itself
        hint: name another rule with --before ID or --after ID, or give a place with --to (see 'budget rule list')

        """)
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.run("rule", "move", "1", option, "2").status == 0)
    }

    /// A rule that only sets a payee is checked for duplicates as a category rule is.
    @Test func aRuleSettingOnlyAPayeeThatAnEarlierOneCoversIsRefusedAndChangesNothing() throws {
        let sandbox = book()
        sandbox.succeed("-q", "rule", "add", "bar", "--set-payee", "X")
        let before = try sandbox.snapshot()
        let result = sandbox.run("rule", "add", "bar", "--set-payee", "X")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
        budget: error: rule 1 already covers 'bar': payees containing 'bar' get payee 'X'
        hint: nothing to add; see the rules with 'budget rule list'

        """)
        #expect(try sandbox.snapshot() == before)
        #expect(try BudgetStore(path: sandbox.database).rules() == [ImportRule(id: 1, pattern: "bar", category: nil, payee: "X")])
    }

    /// The refusal says what the earlier rule really looks at and does: its field, mode,
    /// direction and actions, never "payees containing" for a rule matching notes exactly.
    @Test(arguments: [
        (["coffee", "Food", "--field", "note", "--mode", "exact"], "Coffee",
         "rule 1 already covers 'Coffee': notes equal to 'coffee' go to Food"),
        (["^x", "--mode", "pattern", "--direction", "in", "--set-payee", "X"], "^x",
         "rule 1 already covers '^x': payees matching '^x' (money in) get payee 'X'"),
        (["coffee", "Food", "--set-payee", "Cafe"], "Coffee Bar",
         "rule 1 already covers 'Coffee Bar': payees containing 'coffee' get payee 'Cafe' and go to Food"),
    ])
    func aDuplicateIsRefusedNamingWhatTheEarlierRuleDoes(first: [String], pattern: String, message: String) throws {
        let sandbox = book()
        sandbox.succeed(["-q", "rule", "add"] + first)
        let before = try sandbox.snapshot()
        let result = sandbox.run(["rule", "add", pattern] + first.dropFirst())
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(message)\nhint: nothing to add; see the rules with 'budget rule list'\n")
        #expect(try sandbox.snapshot() == before)
    }

    @Test(arguments: [
        (["rule", "remove", "7"], 1, """
        budget: error: no rule with id 7
        hint: see the ids with 'budget rule list'

        """),
        (["rule", "remove", "x"], 64, """
        budget: error: the value 'x' is invalid for '<id>': expected a rule id (a whole number, 1 or more)
        hint: see the ids with 'budget rule list'

        """),
        (["rule", "add", "coffee", "Fod"], 1, """
        budget: error: no category named 'Fod'; did you mean 'Food'?
        hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'

        """),
        (["rule", "add", "", "Food"], 64, """
        budget: error: invalid rule pattern '': it must not be empty
        hint: write part of the payee, such as 'coffee'; --default-category catches the rest

        """),
        (["rule", "add", "coffee"], 64, """
        budget: error: a rule needs a <category>, '--set-payee <name>', or both
        usage: budget rule add <pattern> [<category>] [--field <field>] [--mode <mode>] [--direction <direction>] [--set-payee <name>]
          see 'budget rule add --help' for more information

        """),
        (["rule", "ad", "coffee", "Food"], 64, """
        budget: error: unknown command 'ad'; did you mean 'add'?
        usage: budget rule <subcommand>
          see 'budget rule --help' for more information

        """),
        (["rule", "list", "--month", "this"], 64, """
        budget: error: unknown option '--month'
        usage: budget rule list [--format <format>]
          see 'budget rule list --help' for more information

        """),
    ] as [([String], Int32, String)])
    func mistakesAreNamedAndChangeNothing(words: [String], status: Int32, message: String) throws {
        let sandbox = book()
        sandbox.succeed("rule", "add", "market", "Food")
        let before = try BudgetStore(path: sandbox.database).rules()
        let result = sandbox.run(words)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(try BudgetStore(path: sandbox.database).rules() == before)
    }

    @Test(arguments: [["rule"], ["rule", "--help"], ["help", "rule"], ["rule", "-h"]])
    func theGroupsHelpListsItsSubcommands(words: [String]) {
        let result = Sandbox().run(words)
        #expect(result.status == 0)
        #expect(result.stdout == """
        OVERVIEW: Manage the rules that clean payees and set categories.

        A rule looks at the payee, the note or either (--field), and matches when its
        pattern is part of the text (contains, the default), the whole text (exact), or
        a POSIX extended regular expression (pattern), all ignoring case; it may require
        money in or out (--direction). It sets a clean payee name (--set-payee), a
        category, or both.

        Rules are tried in their order (see 'budget rule list'; change it with 'budget
        rule move'): for each action the first matching rule that has it wins, and rules
        match the payee as the bank wrote it. On import, a category column in the file
        beats the rules' category; transfers are left alone. 'budget rule apply' runs
        them on transactions already in the book.

        Patterns (--mode pattern) are compiled by the C library's regcomp: . [abc]
        [^abc] [[:digit:]] * + ? {m,n} | ( ) ^ $, and \\w \\s \\b; at most 256 bytes, no
        back-references, {m,n} repetitions multiplying to at most 1000.
          budget rule add '^amazon mktplace' --mode pattern --set-payee Amazon
          budget rule add amazon Shopping --direction out

        USAGE: budget rule <subcommand>

        OPTIONS:
          --db <path>             The database file (default: $BUDGET_DB, else in
                                  $XDG_DATA_HOME).
          -q, --quiet             Do not print confirmations on standard error.
          -h, --help              Show help information.

        SUBCOMMANDS:
          add                     Add a rule after the existing ones and print its id.
          edit                    Change a rule; it keeps its id and place.
          move                    Move a rule to another place in the order rules are
                                  tried.
          list                    List the rules in the order they are tried.
          remove                  Remove a rule.
          apply                   Apply the rules to transactions already in the book.

          See 'budget help rule <subcommand>' for detailed help.

        """)
    }

    @Test(arguments: [["rule", "remove", "--help"], ["help", "rule", "remove"], ["rule", "-h", "remove"]])
    func aSubcommandsHelpNamesItsWholePath(words: [String]) {
        #expect(Sandbox().run(words).stdout == """
        OVERVIEW: Remove a rule.

        Transactions it categorized keep their category.

        USAGE: budget rule remove <id>

        ARGUMENTS:
          <id>                    The rule's id (see 'budget rule list').

        OPTIONS:
          --db <path>             The database file (default: $BUDGET_DB, else in
                                  $XDG_DATA_HOME).
          -q, --quiet             Do not print confirmations on standard error.
          -h, --help              Show help information.

        """)
    }
}
