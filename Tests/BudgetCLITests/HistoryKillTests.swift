import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `budget undo` killed with SIGKILL at random moments: the book is before or after, never
/// between, and the next undo completes the work.
@Suite(.serialized) struct HistoryKillTests {
    @Test func anUndoKilledAtAnyMomentLeavesTheBookWholeAndTheNextOneFinishes() throws {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        var csv = "date,amount,category,payee\n"
        for row in 0..<30_000 { csv += "2026-01-\(row % 28 + 1 < 10 ? "0" : "")\(row % 28 + 1),1.\(row % 90 + 10),Food,Shop \(row)\n" }
        let file = sandbox.write("big.csv", csv)
        sandbox.succeed("-q", "import", file)
        for delay in [2_000, 20_000, 60_000, 150_000] as [useconds_t] {
            let words = [binary, "-q", "--db", sandbox.database, "undo"]
            var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            #expect(posix_spawn(&pid, binary, nil, nil, &argv, environ) == 0)
            usleep(delay)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let count = sandbox.succeed("list", "--format", "csv").split(separator: "\n").count - 1
            #expect(count == 0 || count == 30_000, "after \(delay) µs: \(count) rows")
            #expect(sandbox.succeed("check") == "ok\n")
            if count == 0 { sandbox.succeed("-q", "redo") }
        }
        sandbox.succeed("-q", "undo")
        #expect(sandbox.succeed("list", "--format", "csv") == "id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled\n")
    }
}
