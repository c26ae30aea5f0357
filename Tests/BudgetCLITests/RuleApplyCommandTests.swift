import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// `budget rule edit|move|apply` and rules with payees, fields, modes and directions.
@Suite struct RuleApplyCommandTests {
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Shopping", "100", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Salary", "0", "--income", "--from", "2026-01")
        sandbox.succeed("-q", "add", "23.99", "Food", "--payee", "AMAZON MKTPLACE PMTS 1234", "--date", "2026-11-02")
        sandbox.succeed("-q", "add", "5.00", "Food", "--payee", "amazon.de", "--date", "2026-10-03")
        sandbox.succeed("-q", "add", "-2500.00", "Food", "--payee", "ACME Payroll", "--date", "2026-11-04")
        sandbox.succeed("-q", "rule", "add", "^amazon mktplace", "--mode", "pattern", "--set-payee", "Amazon")
        sandbox.succeed("-q", "rule", "add", "amazon", "Shopping", "--direction", "out")
        sandbox.succeed("-q", "rule", "add", "acme", "Salary", "--direction", "in")
        return sandbox
    }

    /// Runs the words with standard output on /dev/full (a full disk).
    func runIntoAFullDisk(_ sandbox: Sandbox, _ words: String...) throws -> (status: Int32, stderr: String) {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let stderr = Output(capturingAsTerminal: false)
        let status = BudgetCLI.run(words, environment: sandbox.environment, stdout: Output(fileDescriptor: full), stderr: stderr)
        return (status, stderr.text)
    }

    /// `rule apply --dry-run > log 2>&1`: the table comes whole before the count, as after a
    /// real run (its lines were left in the buffer while the count went out first).
    @Test func aDryRunListsItsTableBeforeTheCountInOneFile() {
        let sandbox = book()
        let run = sandbox.runIntoOneFile("rule", "apply", "--dry-run", "--to", "2026-10-31")
        #expect(run.status == 0)
        #expect(run.text == """
            ID  DATE        CHANGE    BEFORE  AFTER     RULE
             2  2026-10-03  category  Food    Shopping     2
            Dry run: would change 1 transaction.

            """)
    }

    /// Their listing was flushed after the committed change was reported: a failed write read
    /// as a plain "cannot write output", as if nothing had changed.
    @Test func anApplyOrAMoveWhoseOutputFailsSaysTheChangeIsSaved() throws {
        let sandbox = book()
        let applied = try runIntoAFullDisk(sandbox, "rule", "apply", "--kind-change", "negate")
        #expect(applied.status == 74)
        #expect(applied.stderr == """
        budget: error: the rules were applied, but standard output could not be written: No space left on device
        hint: the change is saved: do not run the command again

        """)
        #expect(sandbox.succeed("list", "--format", "csv", "--from", "2026-11-01").contains("1,2026-11-02,23.99,Shopping,Amazon,"))
        let moved = try runIntoAFullDisk(sandbox, "rule", "move", "1", "--to", "2")
        #expect(moved.status == 74)
        #expect(moved.stderr == """
        budget: error: rule 1 was moved, but standard output could not be written: No space left on device
        hint: the change is saved: do not run the command again

        """)
        #expect(sandbox.succeed("rule", "list", "--format", "csv").split(separator: "\n").dropFirst().map { $0.prefix(2) } == ["2,", "1,", "3,"])
    }

    @Test func addSaysWhatTheRuleMatchesAndDoes() {
        let sandbox = book()
        let result = sandbox.run("rule", "add", "refund", "--field", "note", "--mode", "exact", "--set-payee", "Shop", "--direction", "in")
        #expect(result.status == 0)
        #expect(result.stdout == "4\n")
        #expect(result.stderr == "Added rule 4: notes equal to 'refund' (money in) get payee 'Shop'.\n")
    }

    @Test func aDryRunListsEveryChangeAndWritesNothingThenApplyWritesThemAtOnce() throws {
        let sandbox = book()
        let before = try sandbox.snapshot()
        let dry = sandbox.run("rule", "apply", "--dry-run", "--from", "2026-11-01")
        #expect(dry.status == 0)
        #expect(dry.stdout == """
        ID  DATE        CHANGE    BEFORE                     AFTER     RULE
         1  2026-11-02  payee     AMAZON MKTPLACE PMTS 1234  Amazon       1
         1  2026-11-02  category  Food                       Shopping     2
         3  2026-11-04  refused   Food                       Salary       3

        """)
        #expect(dry.stderr == """
        Dry run: would change 1 transaction.
        Left 1 category as it was: the rule's category is of the other kind; --kind-change negate or keep moves it.

        """)
        #expect(try sandbox.snapshot() == before)
        let applied = sandbox.run("rule", "apply", "--kind-change", "negate", "--format", "csv")
        #expect(applied.status == 0)
        #expect(applied.stdout == """
        id,date,change,before,after,rule
        2,2026-10-03,category,Food,Shopping,2
        1,2026-11-02,payee,AMAZON MKTPLACE PMTS 1234,Amazon,1
        1,2026-11-02,category,Food,Shopping,2
        3,2026-11-04,category,Food,Salary,3
        3,2026-11-04,amount,-2500.00,2500.00,3

        """)
        #expect(applied.stderr == "Changed 3 transactions.\n")
        #expect(sandbox.succeed("list", "--format", "csv") == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
        2,2026-10-03,5.00,Shopping,amazon.de,,expense,Main,,,,,
        1,2026-11-02,23.99,Shopping,Amazon,,expense,Main,,,,,
        3,2026-11-04,2500.00,Salary,ACME Payroll,,income,Main,,,,,

        """)
        let again = sandbox.run("rule", "apply")
        #expect(again.stdout == "" && again.stderr == "Changed 0 transactions.\n")
    }

    /// `keep` never moves a reconciled transaction across kinds (its balance would change): the
    /// hint offers only what would move it, and never the option just refused.
    @Test func aRefusedMoveOfAReconciledTransactionHintsOnlyTheKindChangeThatMovesIt() throws {
        let sandbox = book()
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "2471.01", "--on", "2026-11-04")
        sandbox.succeed("-q", "add", "-10.00", "Food", "--payee", "ACME Refund", "--date", "2026-11-06")
        let before = try sandbox.snapshot()
        let dry = sandbox.run("rule", "apply", "--dry-run", "--from", "2026-11-03")
        #expect(dry.status == 0)
        #expect(dry.stderr == """
        Dry run: would change 0 transactions.
        Left 2 categories as they were: the rule's category is of the other kind; --kind-change negate moves them (keep moves only the 1 not reconciled).

        """)
        let reconciledOnly = sandbox.run("rule", "apply", "--dry-run", "--from", "2026-11-03", "--to", "2026-11-04")
        #expect(reconciledOnly.stderr == """
        Dry run: would change 0 transactions.
        Left 1 category as it was: the rule's category is of the other kind; --kind-change negate moves it (keep cannot: it is reconciled).

        """)
        #expect(try sandbox.snapshot() == before)
        let kept = sandbox.run("rule", "apply", "--kind-change", "keep", "--from", "2026-11-03", "--format", "csv")
        #expect(kept.status == 0)
        #expect(kept.stdout == """
        id,date,change,before,after,rule
        3,2026-11-04,refused,Food,Salary,3
        4,2026-11-06,category,Food,Salary,3

        """)
        #expect(kept.stderr == """
        Changed 1 transaction.
        Left 1 category as it was: the rule's category is of the other kind, and keeping the amount would change the balance of a reconciled transaction; --kind-change negate moves it.

        """)
        #expect(sandbox.succeed("list", "--format", "csv", "--from", "2026-11-03") == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
        3,2026-11-04,-2500.00,Food,ACME Payroll,,expense,Main,,,,2026-11-04,
        4,2026-11-06,-10.00,Salary,ACME Refund,,income,Main,,,,,

        """)
    }

    /// A row added with --force inside a reconciled period is not marked, yet the statement
    /// still vouches for its balance: keep refuses to move it across kinds, as `edit` does.
    @Test func keepRefusesToMoveAForcedRowDatedInsideAReconciliation() throws {
        let sandbox = book()
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "2471.01", "--on", "2026-11-04")
        sandbox.succeed("-q", "add", "-10.00", "Food", "--payee", "ACME Refund", "--date", "2026-11-03", "--force")
        let before = try sandbox.snapshot()
        let kept = sandbox.run("rule", "apply", "--kind-change", "keep", "--from", "2026-11-03", "--format", "csv")
        #expect(kept.status == 0)
        #expect(kept.stdout == """
        id,date,change,before,after,rule
        4,2026-11-03,refused,Food,Salary,3
        3,2026-11-04,refused,Food,Salary,3

        """)
        #expect(kept.stderr == """
        Changed 0 transactions.
        Left 2 categories as they were: the rule's category is of the other kind, and keeping the amount would change the balance of reconciled transactions; --kind-change negate moves them.

        """)
        let dry = sandbox.run("rule", "apply", "--dry-run", "--from", "2026-11-03")
        #expect(dry.stderr == """
        Dry run: would change 0 transactions.
        Left 2 categories as they were: the rule's category is of the other kind; --kind-change negate moves them (keep cannot: they are reconciled).

        """)
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.succeed("accounts", "--date", "2026-11-04", "--format", "csv").contains("\nMain,checking,,2481.01,"))
    }

    @Test func editAndMoveChangeWhichRuleWinsFirst() {
        let sandbox = book()
        sandbox.succeed("-q", "rule", "add", "amazon", "Food")
        let moved = sandbox.run("rule", "move", "4", "--before", "2", "--format", "csv")
        #expect(moved.status == 0)
        #expect(moved.stdout == """
        id,pattern,category,field,mode,direction,payee
        1,^amazon mktplace,,payee,pattern,,Amazon
        4,amazon,Food,payee,contains,,
        2,amazon,Shopping,payee,contains,out,
        3,acme,Salary,payee,contains,in,

        """)
        #expect(moved.stderr == "Moved rule 4 to place 2.\n")
        #expect(sandbox.run("rule", "apply", "--dry-run", "--format", "csv").stdout.contains("1,2026-11-02,payee,AMAZON MKTPLACE PMTS 1234,Amazon,1\n"))
        let edited = sandbox.run("rule", "edit", "4", "--mode", "exact", "--set-payee", "Amazon", "--no-category")
        #expect(edited.status == 0)
        #expect(edited.stderr == "Changed rule 4: payees equal to 'amazon' get payee 'Amazon'.\n")
        #expect(sandbox.succeed("rule", "move", "4", "--to", "4", "--format", "csv").hasSuffix("4,amazon,,payee,exact,,Amazon\n"))
    }

    @Test(arguments: [
        (["rule", "add", "(x", "Food", "--mode", "pattern"], 64, """
        budget: error: invalid rule pattern '(x': unmatched ( or \\(
        hint: write a POSIX extended regular expression such as '^amazon (mktplace|marketplace)' (see 'budget help rule add')

        """),
        (["rule", "add", "(a)\\1", "Food", "--mode", "pattern"], 64, """
        budget: error: invalid rule pattern '(a)\\1': back-references like \\1 are not supported
        hint: write a POSIX extended regular expression such as '^amazon (mktplace|marketplace)' (see 'budget help rule add')

        """),
        (["rule", "add", "x{999}{999}", "Food", "--mode", "pattern"], 64, """
        budget: error: invalid rule pattern 'x{999}{999}': its {m,n} repetitions multiply to more than 1000
        hint: write a POSIX extended regular expression such as '^amazon (mktplace|marketplace)' (see 'budget help rule add')

        """),
        (["rule", "add", "x", "--set-payee", "\u{1B}[31m"], 64, """
        budget: error: invalid payee name '\\u{1b}[31m': it must be non-empty text without control characters
        hint: choose a name such as Amazon or "Corner Shop"

        """),
        (["rule", "add", "x", "Food", "--mode", "fuzzy"], 64, """
        budget: error: the value 'fuzzy' is invalid for '--mode <mode>': expected 'contains', 'exact' or 'pattern'
        usage: budget rule add <pattern> [<category>] [--field <field>] [--mode <mode>] [--direction <direction>] [--set-payee <name>]
          see 'budget rule add --help' for more information

        """),
        (["rule", "edit", "1", "--no-payee"], 64, """
        budget: error: a rule must set a payee, a category or both
        hint: give a CATEGORY, --set-payee NAME, or both

        """),
        (["rule", "edit", "9", "--pattern", "x"], 1, """
        budget: error: no rule with id 9
        hint: see the ids with 'budget rule list'

        """),
        (["rule", "move", "1", "--to", "9"], 64, """
        budget: error: no place 9 among 3 rules
        hint: give a place from 1 to 3, or --before ID or --after ID

        """),
        (["rule", "move", "1", "--to", "2", "--after", "3"], 64, """
        budget: error: '--to <place>' cannot be used with '--after <id>'
        usage: budget rule move <id> [--to <place>] [--before <id>] [--after <id>] [--format <format>]
          see 'budget rule move --help' for more information

        """),
        (["rule", "apply", "--account", "Nope"], 1, """
        budget: error: no account named 'Nope'
        hint: see the accounts with 'budget accounts --all', or add one with 'budget add-account NAME'

        """),
    ] as [([String], Int32, String)])
    func mistakesAreNamedAndChangeNothing(words: [String], status: Int32, message: String) throws {
        let sandbox = book()
        let before = try sandbox.snapshot()
        let result = sandbox.run(words)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(try sandbox.snapshot() == before)
    }

    /// The user typed no pattern: the stored one is named by its rule (exit 1, not a usage
    /// error), `check` names it too, and editing the rule settles it.
    @Test func aPatternEditedByHandInTheBookIsNamedByApplyImportAndCheckAndNothingChanges() throws {
        let sandbox = book()
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE rules SET pattern = '(' WHERE id = 1\"") == 0)
        let file = sandbox.write("bank.csv", "date,amount,payee\n2026-11-05,1.00,amazon\n")
        let before = try sandbox.snapshot()
        for words in [["rule", "apply"], ["rule", "apply", "--dry-run"], ["import", file, "--default-category", "Food"]] {
            let result = sandbox.run(words)
            #expect(result.status == 1, "\(words)")
            #expect(result.stdout == "")
            #expect(result.stderr == """
            budget: error: rule 1 has an invalid pattern '(' (unmatched ( or \\(): edit or remove it
            hint: give it a pattern with 'budget rule edit 1 --pattern PATTERN', or remove it with 'budget rule remove 1'; nothing was changed

            """, "\(words)")
        }
        #expect(try sandbox.snapshot() == before)
        let check = sandbox.run("check")
        #expect(check.status == 1)
        #expect(check.stdout == "rule 1: invalid pattern '(': unmatched ( or \\(\n")
        #expect(check.stderr == """
        budget: error: \(sandbox.database) has 1 problem
        hint: the book is whole: give each rule named a pattern with 'budget rule edit ID --pattern PATTERN', or remove it with 'budget rule remove ID'

        """)
        #expect(try sandbox.snapshot() == before)
        sandbox.succeed("-q", "rule", "edit", "1", "--pattern", "^amazon mktplace")
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// An empty pattern the shell stored in contains mode matched every payee: every row went
    /// to its category. It stops apply and import like an invalid one, naming the rule.
    @Test func anEmptyPatternStoredByHandIsNamedAndMatchesNothing() throws {
        let sandbox = book()
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE rules SET pattern = '', mode = 'contains' WHERE id = 1\"") == 0)
        let file = sandbox.write("bank.csv", "date,amount,payee\n2026-11-05,1.00,corner shop\n")
        let before = try sandbox.snapshot()
        for words in [["rule", "apply"], ["rule", "apply", "--dry-run"], ["import", file, "--default-category", "Food"]] {
            let result = sandbox.run(words)
            #expect(result.status == 1, "\(words)")
            #expect(result.stderr.hasPrefix("budget: error: rule 1 has an invalid pattern '' (it is empty): edit or remove it\n"), "\(result.stderr)")
        }
        #expect(try sandbox.snapshot() == before)
    }

    @Test func ruleApplyListsItsChangesWhateverTMPDIRIs() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        #expect(sandbox.run("rule", "add", "Lunch", "Rent").status == 0)
        let expected = sandbox.run("rule", "apply", "--dry-run")
        #expect(expected.status == 0)
        #expect(expected.stdout.contains("Rent"))
        let tmpdir = sandbox.directory + "/tmpdir"
        try #require(mkdir(tmpdir, 0o700) == 0)
        for given in [tmpdir, sandbox.directory + "/missing", ""] {
            let run = sandbox.run("rule", "apply", "--dry-run", environment: ["TMPDIR": given])
            #expect(run.status == 0)
            #expect(run.stdout == expected.stdout)
            #expect(run.stderr == expected.stderr)
        }
        #expect(Sandbox.names(in: tmpdir).isEmpty)
    }
}
