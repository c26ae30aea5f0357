import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// Issue "Trust", from the command line: each quiet wrongness becomes the right answer or a clear
/// error with its exact message and status, and a refused command leaves the book as it was.
@Suite struct TrustCommandTests {
    // MARK: 1. Every transaction counts in every report whose period holds it

    @Test func aMonthBeforeACategorysFirstBudgetMonthListsItsSpendingAndCheckNamesIt() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Café", "40", "--from", "2026-06")
        sandbox.succeed("-q", "add", "7", "Café", "Early Bird", "--date", "2026-05-20")
        let report = sandbox.run("report", "--month", "2026-05")
        #expect(report.stdout == """
        Report for 2026-05

        CATEGORY        BUDGET  ROLLOVER  ACTUAL  REMAINING  USED
        Café*             0.00      0.00    7.00      -7.00
        --------------  ------  --------  ------  ---------  ----
        Total expenses    0.00      0.00    7.00      -7.00

        * before its first budget month: budget 0.

        """)
        #expect(report.stderr == "")
        let check = sandbox.run("report", "--month", "2026-05", "--check")
        #expect(check.status == 2)
        #expect(check.stderr == "budget: overspent in 2026-05: Café: 7.00 spent of 0.00 (7.00 over; its budget starts later)\n")
    }

    // MARK: 2. Moving between an expense and an income category never flips a meaning silently

    @Test func anEditIntoACategoryOfTheOtherKindIsRefusedUnlessTheUserSaysHow() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let before = try sandbox.snapshot()
        let refused = sandbox.run("edit", "1", "--category", "Salary")
        #expect(refused.status == 1)
        #expect(refused.stderr == """
        budget: error: moving transaction 1 from expense category 'Food' to income category 'Salary' would turn 12.50 spent into 12.50 received
        hint: say what the amount becomes: --kind-change negate records -12.50 (the money still went the same way), --kind-change keep records 12.50 received; or give --amount

        """)
        #expect(try sandbox.snapshot() == before)
        let negated = sandbox.run("edit", "1", "--category", "Salary", "--kind-change", "negate")
        #expect(negated.status == 0)
        #expect(negated.stderr == "Updated transaction 1: -12.50 in Salary on 2026-11-02 (Lunch). The amount was negated: Food and Salary are of different kinds.\n")
        #expect(sandbox.run("edit", "2", "--note", "x", "--kind-change", "keep").stderr.hasPrefix("budget: error: '--kind-change <how>' needs '--category <category>' or '--split <category=amount>' too"))
    }

    @Test func movingACategorysTransactionsIntoTheOtherKindIsRefusedUnlessTheUserSaysHow() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let before = try sandbox.snapshot()
        let refused = sandbox.run("delete-category", "Food", "--move-to", "Salary")
        #expect(refused.status == 1)
        #expect(refused.stderr == """
        budget: error: moving 2 transactions from expense category 'Food' to income category 'Salary' would turn money spent into money received
        hint: add --kind-change negate to keep each amount's direction (12.50 spent becomes -12.50), or --kind-change keep to keep the numbers

        """)
        #expect(try sandbox.snapshot() == before)
        let kept = sandbox.run("delete-category", "Food", "--move-to", "Salary", "--kind-change", "keep")
        #expect(kept.stderr == "Deleted category Food; moved 2 transactions to Salary.\nAmounts kept: they now count as income in Salary.\n")
    }

    // MARK: 3. Rules follow a moved category, and stderr says what moved

    @Test func deletingACategoryMovesItsRulesAndSaysWhatMoved() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "rule", "add", "lunch", "Food")
        sandbox.succeed("-q", "rule", "add", "bakery", "Food")
        let result = sandbox.run("delete-category", "Food", "--move-to", "Rent")
        #expect(result.stderr == "Deleted category Food; moved 2 transactions and 2 rules (lunch, bakery) to Rent.\n")
        #expect(sandbox.succeed("rule", "list", "--format", "csv") == "id,pattern,category,field,mode,direction,payee\n1,lunch,Rent,payee,contains,,\n2,bakery,Rent,payee,contains,,\n")
        sandbox.succeed("-q", "rule", "add", "landlord", "Rent")
        #expect(sandbox.run("delete-category", "Rent", "--force").stderr
                == "Deleted category Rent and its 3 transactions and 3 rules (lunch, bakery, landlord).\n")
    }

    // MARK: 6. Budget history: every edit says what it changed; an override can be removed

    @Test func aOneMonthOverrideCanBeRemovedAndSaysSo() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "set-budget", "Food", "50", "--month", "2026-06")
        let removed = sandbox.run("remove-budget", "Food", "--month", "2026-06")
        #expect(removed.stderr == "Food: removed the budget 50.00 in 2026-06 only. The report of 2026-06 changes.\n")
        let again = sandbox.run("remove-budget", "Food", "--month", "2026-06")
        #expect(again.status == 1)
        #expect(again.stderr == "budget: error: Food has no budget for 2026-06 only\nhint: see its history with 'budget show-category Food'\n")
        let last = sandbox.run("remove-budget", "Food", "--from", "2026-01")
        #expect(last.status == 1)
        #expect(last.stderr.hasPrefix("budget: error: 2026-01 is the only 'from' budget of Food"))
        #expect(sandbox.run("remove-budget", "Food").status == 64)
    }

    // MARK: 7. An option's value may begin with a dash

    @Test func optionValuesThatBeginWithADashAreStoredAsGiven() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "5", "Food", "--note", "-x", "--date", "2026-11-02")
        sandbox.succeed("-q", "edit", "1", "--payee", "-dash")
        let row = try BudgetStore(path: sandbox.database).transaction(id: 1)
        #expect(row.note == "-x" && row.payee == "-dash")
    }

    // MARK: 9. Smaller ones

    @Test func aRepeatedSingleValueOptionIsRefusedAndChangesNothing() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let before = try sandbox.snapshot()
        let result = sandbox.run("edit", "1", "--amount", "3", "--amount", "4")
        #expect(result.status == 64)
        #expect(result.stderr == "budget: error: '--amount <amount>' was given more than once\nhint: give it once\n")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aDuplicateRuleIsRefused() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "rule", "add", "coffee", "Food")
        let result = sandbox.run("rule", "add", "Coffee Bar", "Food")
        #expect(result.status == 1)
        #expect(result.stderr == """
        budget: error: rule 1 already covers 'Coffee Bar': payees containing 'coffee' go to Food
        hint: nothing to add; see the rules with 'budget rule list'

        """)
    }

    @Test func anExportImportsIntoAnEmptyBookInOneCommandKindsIncluded() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let export = sandbox.write("export.csv", sandbox.succeed("export"))
        let empty = sandbox.directory + "/empty.sqlite3"
        let refused = sandbox.run("--db", empty, "import", export)
        #expect(refused.status == 1)
        #expect(refused.stderr == """
            budget: error: '\(empty)' does not exist
            hint: check the path; to make a new book of a file 'budget export' wrote, import it with --create-categories

            """)
        #expect(access(empty, F_OK) != 0)
        let run = sandbox.run("--db", empty, "import", export, "--create-categories")
        #expect(run.stderr == "Imported 4 transactions from \(export); created 3 categories.\n")
        let copy = try BudgetStore(path: empty, access: .read)
        #expect(try copy.categories().map { "\($0.name) \($0.kind)" } == ["Food expense", "Rent expense", "Salary income"])
        let original = try BudgetStore(path: sandbox.database, access: .read).transactions()
        #expect(try copy.transactions().map { [$0.date, $0.amount, $0.category, $0.payee, $0.note, $0.kind] as [AnyHashable] }
                == original.map { [$0.date, $0.amount, $0.category, $0.payee, $0.note, $0.kind] as [AnyHashable] })
        #expect(sandbox.run("--db", empty, "export").stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").dropFirst() }
                == sandbox.succeed("export").split(separator: "\n").dropFirst().map { $0.split(separator: ",").dropFirst() })
    }

    @Test func backupToADashWritesTheBookToStandardOutputNeverToATerminal() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let piped = sandbox.run("backup", "-")
        #expect(piped.status == 0)
        #expect(piped.stdoutBytes.starts(with: "SQLite format 3\0".utf8))
        #expect(access(sandbox.directory + "/-", F_OK) != 0)
        let copy = sandbox.directory + "/copy.sqlite3"
        _ = sandbox.write("copy.sqlite3", bytes: piped.stdoutBytes)
        #expect(try BudgetStore(path: copy).transactions() == BudgetStore(path: sandbox.database).transactions())
        let terminal = sandbox.run("backup", "-", terminal: true)
        #expect(terminal.status == 64)
        #expect(terminal.stderr == "budget: error: a backup is a binary file: standard output is a terminal\n"
                + "hint: redirect it: budget backup - > budget-copy.sqlite3\n")
    }

    @Test func watchWithATableFormatIntoAPipeIsAUsageErrorNotASilentSwitch() {
        let sandbox = Sandbox()
        sandbox.seed()
        let result = sandbox.run("watch", "--format", "table")
        #expect(result.status == 64)
        #expect(result.stderr == "budget: error: '--format table' needs a terminal that can redraw, and standard output is not one\n"
                + "hint: use --format jsonl to stream changes into a pipe or a file\n")
    }

    /// Review 56 finding 7: on a terminal whose TERM is dumb, the message said standard output
    /// "is not one" (a terminal); it is one, which cannot redraw.
    @Test func watchWithATableFormatOnADumbTerminalSaysTermIsDumb() {
        let sandbox = Sandbox()
        sandbox.seed()
        let result = sandbox.run(["watch", "--format", "table"], environment: ["TERM": "dumb"], terminal: true)
        #expect(result.status == 64)
        #expect(result.stderr == "budget: error: '--format table' needs a terminal that can redraw, and this one cannot (TERM=dumb)\n"
                + "hint: set TERM to your terminal's type (such as xterm-256color), or use --format jsonl to stream changes as JSON lines\n")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [["TERM": "dumb"], ["NO_COLOR": "1"]])
    func aDumbTerminalOrNoColorGetsNoColour(environment: [String: String]) {
        let sandbox = Sandbox()
        sandbox.seed()
        let report = sandbox.run(["report", "--month", "2026-11"], environment: environment, terminal: true)
        #expect(!report.stdout.contains("\u{1B}["))
        #expect(report.stdout.contains("│"))
        let coloured = sandbox.run(["report", "--month", "2026-11"], terminal: true)
        #expect(coloured.stdout.contains("\u{1B}[32m"))
    }

    // MARK: 13. Terminal escapes are shown, never obeyed; pipes get the data exactly

    static let hostile = ["\u{1B}]52;c;ZXZpbA==\u{07}", "\u{1B}[2J", "evil\u{202E}txt.exe", "C1\u{9B}31m"]

    @Test func hostilePayeesAreEscapedOnATerminalAndExactInAPipe() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let store = try BudgetStore(path: sandbox.database)
        for payee in Self.hostile { try store.addTransaction(amount: Money(minorUnits: 100), category: "Food", payee: payee) }
        for format in ["table", "csv", "tsv", "json"] {
            let screen = sandbox.run(["list", "--format", format], terminal: true).stdout
            #expect(!TerminalText.needsEscaping(screen, keepingLayout: true), "\(format)")
            #expect(screen.contains("\\u{1b}]52;c;ZXZpbA==\\u{7}") || format == "json", "\(format)")
            #expect(screen.contains("evil\\u{202e}txt.exe"), "\(format)")
        }
        let piped = sandbox.run("export").stdout
        for payee in Self.hostile { #expect(piped.contains(payee)) }
    }

    @Test func hostileTextInAnErrorIsEscapedOnATerminalStderr() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let result = sandbox.run(["add", "5", "\u{1B}[2J\u{202E}"], stderrTerminal: true)
        // U+202E is also one a new name may not hold: the message names it.
        #expect(result.stderr.hasPrefix("budget: error: no category named '\\u{1b}[2J\\u{202e}': it holds U+202E RIGHT-TO-LEFT OVERRIDE, "
                                        + "which is invisible\n"))
        // In a pipe too: stderr is for people.
        #expect(sandbox.run(["add", "5", "\u{1B}[2J"]).stderr.hasPrefix("budget: error: no category named '\\u{1b}[2J'\n"))
    }

    @Test func aTrendByPayeeIsExcelSafeWhenAsked() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add", "5", "Food", "=HYPERLINK(\"x\")", "--date", "2026-11-02")
        sandbox.succeed("-q", "add", "5", "Food", " ＋cmd", "--date", "2026-11-03")
        let csv = sandbox.succeed("report", "--from", "2026-11", "--to", "2026-11", "--by", "payee", "--format", "csv", "--excel-safe")
        #expect(csv == """
            payee,kind,2026-11,total,average
            "' ＋cmd",expense,5.00,5.00,5.00
            "'=HYPERLINK(""x"")",expense,5.00,5.00,5.00

            """)
    }

    // MARK: 19. A committed change whose output failed says it was saved

    @Test func anAddWhoseOutputFailsSaysTheRowWasAddedWithItsId() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let stderr = Output(capturingAsTerminal: false)
        let status = BudgetCLI.run(["add", "9.99", "Food", "Snack"], environment: sandbox.environment,
                                   stdout: Output(fileDescriptor: full), stderr: stderr)
        #expect(status == 74)
        #expect(stderr.text == """
        budget: error: transaction 5 was added, but standard output could not be written: No space left on device
        hint: the change is saved: do not run the command again

        """)
        #expect(try BudgetStore(path: sandbox.database).transaction(id: 5).payee == "Snack")
    }

    // MARK: 20. Invalid UTF-8 in an argument is refused, never stored as U+FFFD

    @Test func anArgumentThatIsNotUTF8IsAUsageError() throws {
        #expect(throws: UsageError.self) { try BudgetCLI.word([0x43, 0x61, 0x66, 0xE9], position: 3) }
        do {
            _ = try BudgetCLI.word([0x43, 0x61, 0x66, 0xE9], position: 3)
        } catch {
            #expect(error.message == "argument 3 is not valid UTF-8 text")
        }
        #expect(try BudgetCLI.word(Array("Café".utf8), position: 1) == "Café")
    }
}
