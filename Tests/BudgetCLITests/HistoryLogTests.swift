import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HistoryLogTests {
    /// Anna's and vm's books share a folder; both change transaction 1's amount apart, anna
    /// later. Returns the sandbox's words for each book, after anna's sync that resolves it.
    private func conflictingEdits(_ sandbox: Sandbox) -> (shared: String, anna: [String], vm: [String], synced: Sandbox.Run) {
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        let anna = ["--db", sandbox.directory + "/anna.sqlite3"], vm = ["--db", sandbox.directory + "/vm.sqlite3"]
        sandbox.succeed(anna + ["-q", "device", "anna-laptop"])
        sandbox.succeed(anna + ["-q", "add-category", "Food", "300"])
        sandbox.succeed(anna + ["-q", "add", "30.00", "Food", "--date", "2026-01-02"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(vm + ["-q", "device", "vm"])
        sandbox.succeed(vm + ["-q", "sync", "--join", shared])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(vm + ["-q", "sync", shared])
        sandbox.succeed(vm + ["-q", "edit", "1", "--amount", "20"])
        usleep(2_000)
        sandbox.succeed(anna + ["-q", "edit", "1", "--amount", "30.50"])
        sandbox.succeed(vm + ["-q", "sync", shared])
        return (shared, anna, vm, sandbox.run(anna + ["sync", shared]))
    }

    /// The log's lines without each head line's time (`8  2026-11-23 12:01:05  vm` reads `8  vm`).
    private func timeless(_ log: String) -> [String] {
        log.split(separator: "\n").map { line in
            guard let first = line.first, first.isNumber else { return String(line) }
            var parts = line.split(separator: "  ", omittingEmptySubsequences: false).map(String.init)
            if parts.count > 2 { parts.remove(at: 1) }
            return parts.joined(separator: "  ")
        }
    }

    @Test func aSyncedChangeThatLostAConflictIsMarkedLostInTheLog() throws {
        let sandbox = Sandbox()
        let (shared, anna, vm, synced) = conflictingEdits(sandbox)
        #expect(synced.status == 0)
        #expect(synced.stderr.hasSuffix("1 conflict:\n  transactions 1 amount: kept 3050 (anna-laptop), lost 2000 (vm)\n"))
        #expect(sandbox.succeed(anna + ["list", "--format", "csv"]).contains("\n1,2026-01-02,30.50,Food,"))
        // vm's change never reached anna's book: its entry says so, not "3000 -> 2000" alone.
        #expect(timeless(sandbox.succeed(anna + ["log", "--limit", "2"])) == [
            "7  vm  (synced)",
            "    changed transactions id=1: amount 3000 -> 2000 (lost to 3050 from anna-laptop; see 'budget conflicts')",
            "6  anna-laptop  budget --db \(sandbox.directory)/anna.sqlite3 -q edit 1 --amount 30.50",
            "    changed transactions id=1: amount 3000 -> 3050",
        ])
        // Undoing it finds nothing of it in the book, and says why rather than "changed since".
        let before = sandbox.succeed(anna + ["list", "--format", "csv"])
        let undo = sandbox.run(anna + ["undo", "7"])
        #expect(undo.status == 1)
        #expect(undo.stderr == """
            budget: error: entry 7 lost to changes made apart on other devices; nothing was changed:
            budget: error:   transactions id=1: lost a sync's conflict to a change made apart (amount is 3050, not 2000; see 'budget conflicts')
            hint: a sync kept another device's change of these rows instead of this entry's, so there is nothing of it to undo; \
            to have its values back, change the rows by hand

            """)
        #expect(sandbox.succeed(anna + ["list", "--format", "csv"]) == before)
        // The book that made the losing change tells the same story once it hears of the winner.
        sandbox.succeed(vm + ["-q", "sync", shared])
        #expect(timeless(sandbox.succeed(vm + ["log", "--limit", "2"])) == [
            "5  anna-laptop  (synced)",
            "    changed transactions id=1: amount 3000 -> 3050",
            "4  vm  budget --db \(sandbox.directory)/vm.sqlite3 -q edit 1 --amount 20",
            "    changed transactions id=1: amount 3000 -> 2000 (lost to 3050 from anna-laptop; see 'budget conflicts')",
        ])
        let undoHere = sandbox.run(vm + ["undo", "4"])
        #expect(undoHere.status == 1)
        #expect(undoHere.stderr.hasPrefix("""
            budget: error: entry 4 lost to changes made apart on other devices; nothing was changed:
            budget: error:   transactions id=1: lost a sync's conflict to a change made apart (amount is 3050, not 2000; see 'budget conflicts')

            """))
    }

    /// A row of a natural key (a budget: category, month, scope, the month and scope text) added
    /// on both devices apart: the losing entry's field is marked on both.
    @Test func aBudgetSetApartOnTwoDevicesMarksTheLosingOneByItsTextKey() {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        let anna = ["--db", sandbox.directory + "/anna.sqlite3"], vm = ["--db", sandbox.directory + "/vm.sqlite3"]
        sandbox.succeed(anna + ["-q", "device", "anna-laptop"])
        sandbox.succeed(anna + ["-q", "add-category", "Food", "300"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(vm + ["-q", "device", "vm"])
        sandbox.succeed(vm + ["-q", "sync", "--join", shared])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(vm + ["-q", "sync", shared])
        sandbox.succeed(vm + ["-q", "set-budget", "Food", "200", "--from", "2026-03"])
        usleep(2_000)
        sandbox.succeed(anna + ["-q", "set-budget", "Food", "250", "--from", "2026-03"])
        sandbox.succeed(vm + ["-q", "sync", shared])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(vm + ["-q", "sync", shared])
        let lost = "    added budgets category_id=1,month=2026-03,scope=from: category_id 1, month 2026-03, scope from, amount 20000 "
            + "(lost to 25000 from anna-laptop; see 'budget conflicts')"
        #expect(timeless(sandbox.succeed(anna + ["log", "--limit", "1"])) == ["6  vm  (synced)", lost])
        #expect(timeless(sandbox.succeed(vm + ["log", "--limit", "2"])).last == lost)
        #expect(sandbox.succeed(vm + ["conflicts", "--format", "csv"]).hasSuffix(",budgets,1|'2026-03'|'from',amount,25000,anna-laptop,20000,vm\n"))
    }

    /// A book of schema 15 (`Fixtures/book-v15-conflicts.sqlite3`, see its README) holds a
    /// conflict resolved before conflicts named the losing change's clock: migrated, the
    /// conflict stays listed, and vm's entry shows its change unmarked (nothing ties the two)
    /// rather than guessing.
    @Test func aConflictResolvedAtSchema15StaysListedAndUnmarkedOnceMigrated() throws {
        let sandbox = Sandbox()
        let fixture = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/../BudgetKitTests/Fixtures/book-v15-conflicts.sqlite3"
        let book = sandbox.directory + "/anna.sqlite3"
        #expect(system("cp '\(fixture)' '\(book)' && sqlite3 '\(book)' 'PRAGMA user_version' | grep -qx 15") == 0)
        let anna = ["--db", book]
        let log = timeless(sandbox.succeed(anna + ["log", "--limit", "2"]))
        #expect(log.count == 4 && log[0] == "7  vm  (synced)" && log[1] == "    changed transactions id=1: amount 3000 -> 2000")
        #expect(log[3] == "    changed transactions id=1: amount 3000 -> 3050")
        #expect(sandbox.succeed(anna + ["conflicts", "--format", "csv"]).hasSuffix(",transactions,1,amount,3050,anna-laptop,2000,vm\n"))
        #expect(sandbox.succeed(anna + ["check"]) == "ok\n")
        #expect(sandbox.succeed(anna + ["list", "--format", "csv"]).contains("\n1,2026-01-02,30.50,Food,Lunch,"))
        var version = ""
        let pipe = popen("sqlite3 '\(book)' 'PRAGMA user_version'", "r")
        var buffer = [CChar](repeating: 0, count: 64)
        if let pipe, fgets(&buffer, 64, pipe) != nil { version = String(cString: buffer) }
        if let pipe { pclose(pipe) }
        #expect(version == "16\n")
    }
}
