import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HistoryCommandTests {
    /// The log with its times blanked (they are the wall clock's).
    func log(_ sandbox: Sandbox, _ words: String...) -> String {
        let text = sandbox.succeed(["log"] + words)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let parts = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
            guard !line.hasPrefix(" "), parts.count > 5, parts[1].isEmpty else { return String(line) }
            return parts[0] + "  TIME  " + parts[5]
        }.joined(separator: "\n")
    }

    @Test func theLogShowsEachWriteWithItsCommandAsTypedAndWhatItChanged() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add", "12.50", "Food", "--payee", "Corner shop", "--date", "2026-01-02")
        sandbox.succeed("-q", "edit", "1", "--amount", "13")
        sandbox.succeed("-q", "edit", "1", "--payee", "tab\there")
        let device = sandbox.succeed("log", "--format", "csv").split(separator: "\n")[1].split(separator: ",")[2]
        #expect(log(sandbox, "--limit", "3") == """
            4  TIME  \(device)  budget -q edit 1 --payee $'tab\\there'
                changed transactions id=1: payee 'Corner shop' -> tab\\there
            3  TIME  \(device)  budget -q edit 1 --amount 13
                changed transactions id=1: amount 1250 -> 1300
            2  TIME  \(device)  budget -q add 12.50 Food --payee 'Corner shop' --date 2026-01-02
                added transactions id=1: id 1, date 2026-01-02, amount 1250, category_id 1, payee 'Corner shop', note '', \
            import_key NULL, account_id 1, transfer_account_id NULL, reconciled_on NULL, transfer_reconciled_on NULL

            """)
        let csv = sandbox.succeed("log", "--limit", "1", "--format", "csv")
        #expect(csv.hasPrefix("entry,time,device,command,kind,of,change,table,key,column,before,after\n4,"))
        #expect(csv.hasSuffix(",write,,changed,transactions,id=1,payee,Corner shop,tab\there\n"))
    }

    /// A script rebuilding values from the log could not tell SQL's NULL from the text `NULL`,
    /// nor the number 7 from the text `7`, and the times, local without an offset, repeated in
    /// the hour clocks go back. JSON has `null`, numbers and strings; records give the offset.
    @Test func recordsTellNullFromTextAndNumbersFromTextAndGiveTheOffset() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add", "12.50", "Food", "NULL", "--date", "2026-01-02", "--note", "7")
        let json = sandbox.succeed("log", "--limit", "1", "--format", "json")
        for field in [#""column": "payee", "before": null, "after": "NULL"}"#, #""column": "note", "before": null, "after": "7"}"#,
                      #""column": "amount", "before": null, "after": 1250}"#, #""column": "import_key", "before": null, "after": null}"#] {
            #expect(json.contains(field), "\(field)")
        }
        // The offset is this process's zone's (TZ of the test run): any, with its sign.
        #expect(try Regex(#""time": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d""#).firstMatch(in: json) != nil)
        let csv = sandbox.succeed("log", "--limit", "1", "--format", "csv")
        #expect(try Regex(#"\n2,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d,"#).firstMatch(in: csv) != nil)
        // The table for people keeps the local time alone.
        #expect(try Regex(#"^2  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d  "#).firstMatch(in: sandbox.succeed("log", "--limit", "1")) != nil)
    }

    @Test(arguments: [true, false])
    func aTerminalOrAPipeSeesControlAndBidiCharactersEscapedAsInEveryTable(terminal: Bool) {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add", "1", "Food", "\u{1B}[31mRED\u{1B}[0m", "--date", "2026-01-02", "--note", "a\u{202E}b\u{7}c\r\nd")
        let run = sandbox.run(["log", "--limit", "1"], terminal: terminal)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2] == "")
        #expect(lines[0].hasSuffix("  budget -q add 1 Food $'\\x1b[31mRED\\x1b[0m' --date 2026-01-02 --note $'a\\u202eb\\x07c\\r\\nd'"))
        #expect(lines[1] == "    added transactions id=1: id 1, date 2026-01-02, amount 100, category_id 1, "
            + "payee \\u{1b}[31mRED\\u{1b}[0m, note a\\u{202e}b\\u{7}c\\r\\nd, import_key NULL, account_id 1, "
            + "transfer_account_id NULL, reconciled_on NULL, transfer_reconciled_on NULL")
        #expect(!VisibleText.needsEscaping(run.stdout, keepingLayout: true))
        // The exact values stay in the record formats.
        #expect(sandbox.succeed("log", "--limit", "1", "--format", "csv").contains(",payee,,\u{1B}[31mRED\u{1B}[0m\n"))
    }

    @Test func undoAndRedoPrintWhatTheyDidAndAreLogged() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "rename-category", "Food", "Groceries")
        let undo = sandbox.run("undo")
        #expect(undo.status == 0)
        #expect(undo.stderr == "Undid entry 2: budget -q rename-category Food Groceries.\n")
        #expect(sandbox.succeed("categories", "--format", "csv").contains("Food"))
        let redo = sandbox.run("redo")
        #expect(redo.stderr == "Redid entry 2 (undone by entry 3).\n")
        #expect(sandbox.succeed("categories", "--format", "csv").contains("Groceries"))
        #expect(sandbox.succeed("log", "--format", "csv").contains(",budget redo,redo,3,"))
        // The log says the write is in the book again (it said only "[undone by 3]").
        #expect(sandbox.succeed("log").contains("budget -q rename-category Food Groceries  [undone by 3, redone by 4]\n"))
        // Undoing it again undoes what put it back (it said "already undone by entry 3").
        let again = sandbox.run("undo", "2")
        #expect(again.status == 0)
        #expect(again.stderr == "Undid entry 4: budget redo.\n")
        #expect(sandbox.succeed("categories", "--format", "csv").contains("Food"))
        #expect(sandbox.succeed("log").contains("budget -q rename-category Food Groceries  [undone by 3, redone by 4, undone by 5]\n"))
        // Out again: the undo that took it out last is named, and undoing that one puts it back.
        let out = sandbox.run("undo", "2")
        #expect(out.status == 1)
        #expect(out.stderr == """
            budget: error: entry 2 was already undone (by entry 5)
            hint: 'budget undo 5' puts it back (it undoes that undo; so does 'budget redo' when that undo is the newest)

            """)
        #expect(sandbox.run("undo", "5").status == 0)
        #expect(sandbox.succeed("categories", "--format", "csv").contains("Groceries"))
        #expect(sandbox.succeed("log").contains("Groceries  [undone by 3, redone by 4, undone by 5, redone by 6]\n"))
    }

    @Test func aConflictingUndoSaysWhatConflictsExitsOneAndChangesNothing() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "12.50", "Food", "--date", "2026-01-02")
        sandbox.succeed("-q", "edit", "1", "--amount", "13")
        let before = sandbox.succeed("list", "--format", "csv")
        let run = sandbox.run("undo", "2")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: entry 2 conflicts with later changes; nothing was changed:
            budget: error:   transactions id=1: changed since (amount is 1300 where 1250 was expected)
            hint: undo the later entries first (see 'budget log'), or change the rows back by hand

            """)
        #expect(sandbox.succeed("list", "--format", "csv") == before)
    }

    /// An undo of an import that a later bulk write rewrote conflicts on every row: the first
    /// 20 are listed, as `budget log` shows an entry's, and one line counts the rest.
    @Test func aConflictingUndoListsTheFirst20ConflictsAndCountsTheRest() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        var csv = "date,amount,category,payee\n"
        for row in 1...25 { csv += "2026-01-\(row < 10 ? "0" : "")\(row),1.00,Food,shop\n" }
        sandbox.succeed("-q", "import", sandbox.write("bank.csv", csv))
        sandbox.succeed("-q", "merge-payees", "shop", "--into", "Shop")
        let before = sandbox.succeed("list", "--format", "csv")
        let run = sandbox.run("undo", "2")
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 24)
        #expect(lines.first == "budget: error: entry 2 conflicts with later changes; nothing was changed:")
        #expect(lines[1 ... 20].allSatisfy { $0.hasPrefix("budget: error:   transactions id=") && $0.hasSuffix(": changed since (payee is Shop where shop was expected)") })
        #expect(lines[21 ... 23] == ["budget: error:   ... and 5 more conflicting rows",
                                     "hint: undo the later entries first (see 'budget log'), or change the rows back by hand", ""])
        #expect(sandbox.succeed("list", "--format", "csv") == before)
    }

    @Test(arguments: [
        (["undo"], 1, "budget: error: nothing to undo\nhint: 'budget log' lists what was written\n"),
        (["redo"], 1, "budget: error: nothing to redo\nhint: 'budget redo' reapplies what 'budget undo' reversed\n"),
        (["undo", "9"], 1, "budget: error: no history entry with id 9\nhint: see the ids with 'budget log'\n"),
    ])
    func nothingToDoIsAClearError(words: [String], status: Int32, stderr: String) {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "undo")
        if words == ["undo"] {
            #expect(sandbox.run(words).stderr == stderr)
        } else if words == ["redo"] {
            sandbox.succeed("-q", "redo")
            #expect(sandbox.run(words).stderr == stderr)
        } else {
            let run = sandbox.run(words)
            #expect(run.status == status && run.stderr == stderr)
        }
    }

    @Test func pruningDropsOldEntries() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add-category", "Rent", "900")
        // The first entry as if written on 2020-01-01 (its clock is milliseconds << 16).
        #expect(system("sqlite3 '\(sandbox.database)' 'UPDATE history SET hlc_time = 1577836800000 << 16 WHERE id = 1'") == 0)
        #expect(sandbox.run("log", "--prune-before", "2000-01-01").stderr == "Dropped 0 history entries written before 2000-01-01.\n")
        let today = Day.today().description
        #expect(sandbox.run("log", "--prune-before", today).stderr == "Dropped 1 history entry written before \(today).\n")
        #expect(sandbox.succeed("log").contains("add-category Rent"))
        #expect(!sandbox.succeed("log").contains("add-category Food"))
    }

    /// An import's entry holds every row it added: a million lines for `log --limit 1`. The
    /// table shows the first ``HistoryLog/changesShownPerEntry`` and counts the rest; `--all`
    /// and the record formats have every one.
    @Test func theTableShowsAnEntrysFirstChangesAndCountsTheRestUnlessAll() throws {
        let sandbox = Sandbox()
        let shown = HistoryLog.changesShownPerEntry
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        let rows = (1...shown + 5).map { "2026-01-\($0 < 9 ? "0" : "")\($0 + 1),\($0).00,Food,P\($0)\n" }.joined()
        #expect(sandbox.run("-q", "import", "-", stdin: "date,amount,category,payee\n" + rows).status == 0)
        let device = sandbox.succeed("log", "--format", "csv").split(separator: "\n")[1].split(separator: ",")[2]
        func added(_ row: Int) -> String {
            let day = "2026-01-\(row < 9 ? "0" : "")\(row + 1)"
            return "    added transactions id=\(row): id \(row), date \(day), amount \(row)00, category_id 1, payee P\(row), note '', "
                + "import_key default|\(day)|\(row).00|P\(row)|1, account_id 1, transfer_account_id NULL, reconciled_on NULL, "
                + "transfer_reconciled_on NULL\n"
        }
        let head = "2  TIME  \(device)  budget -q import -\n"
        #expect(log(sandbox, "--limit", "1") == head + (1...shown).map(added).joined()
            + "    ... and 5 more changes (all of them: budget log --format csv, or --all)\n")
        #expect(log(sandbox, "--limit", "1", "--all") == head + (1...shown + 5).map(added).joined())
        // Every entry is capped, not only the first; one that fits is whole, with no count line.
        let whole = log(sandbox)
        #expect(whole.hasPrefix(head + (1...shown).map(added).joined()))
        #expect(whole.hasSuffix("""
            ... and 5 more changes (all of them: budget log --format csv, or --all)
            1  TIME  \(device)  budget -q add-category Food 300 --from 2026-01
                added categories id=1: id 1, name Food, name_key food, kind expense, rollover 0
                added budgets category_id=1,month=2026-01,scope=from: category_id 1, month 2026-01, scope from, amount 30000

            """))
        // The record formats stay complete: a header and 11 columns of each row.
        #expect(sandbox.succeed("log", "--limit", "1", "--format", "csv").split(separator: "\n").count == 1 + 11 * (shown + 5))
        #expect(sandbox.succeed("log", "--limit", "1", "--all", "--format", "csv") == sandbox.succeed("log", "--limit", "1", "--format", "csv"))
        // Lowered through the parameter: one more change is singular, and nothing else changes.
        let entries = try BudgetStore(path: sandbox.database, access: .read).history(limit: 1)
        let output = Output(capturingAsTerminal: false)
        try HistoryLog.writeTable(entries, changesPerEntry: shown + 4, to: output)
        try output.flush()
        let table = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(table.count == 1 + shown + 4 + 1 + 1)
        #expect(table[table.count - 3] == added(shown + 4).dropLast())
        #expect(table[table.count - 2] == "    ... and 1 more change (all of them: budget log --format csv, or --all)")
    }

    @Test(arguments: [(0, "0"), (5, "5"), (999, "999"), (1000, "1,000"), (999_980, "999,980"), (1_000_120, "1,000,120")])
    func theCountOfTheRestGroupsItsThousands(count: Int, text: String) {
        #expect(HistoryLog.grouped(count) == text)
    }

    /// A prune cannot be taken back: a day after today (a typo'd year) would drop every entry,
    /// today's too; it is refused with nothing dropped, as is a `--limit` it would ignore.
    @Test func pruningBeforeADayAfterTodayIsRefused() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let log = sandbox.succeed("log")
        let today = Day.today()
        let tomorrow = today.adding(days: 1)
        let late = sandbox.run("log", "--prune-before", tomorrow.description)
        #expect(late.status == 64)
        #expect(late.stderr == """
            budget: error: cannot prune before \(tomorrow): it is after today (\(today)), and every entry would be dropped, today's too
            hint: give a day up to today; the entries written before it can no longer be undone

            """)
        let limited = sandbox.run("log", "--prune-before", "2000-01-01", "--limit", "1")
        #expect(limited.status == 64)
        #expect(limited.stderr.hasPrefix("budget: error: '--limit <n>' cannot be used with '--prune-before <date>'\n"))
        let formatted = sandbox.run("log", "--prune-before", "2000-01-01", "--format", "json")
        #expect(formatted.status == 64)
        #expect(formatted.stderr.hasPrefix("budget: error: '--format <format>' cannot be used with '--prune-before <date>'\n"))
        let all = sandbox.run("log", "--prune-before", "2000-01-01", "--all")
        #expect(all.status == 64)
        #expect(all.stderr.hasPrefix("budget: error: '--all' cannot be used with '--prune-before <date>'\n"))
        #expect(sandbox.succeed("log") == log)
        #expect(sandbox.run("undo").status == 0)
    }
}
