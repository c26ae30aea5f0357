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
        #expect(sandbox.succeed("list", "--format", "csv") == "id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled\n")
    }

    @Test func aSyncKilledAtAnyMomentLosesNothingAndTheNextOneFinishes() throws {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        sandbox.succeed("-q", "add-category", "Food", "300")
        var csv = "date,amount,category,payee\n"
        for row in 0..<20_000 { csv += "2026-02-\(row % 28 + 1 < 10 ? "0" : "")\(row % 28 + 1),2.\(row % 90 + 10),Food,Shop \(row)\n" }
        sandbox.succeed("-q", "import", sandbox.write("big.csv", csv))
        sandbox.succeed("-q", "sync", shared)
        let expected = sandbox.succeed("list", "--format", "csv")
        let joiner = sandbox.directory + "/joiner.sqlite3"
        for delay in [3_000, 30_000, 100_000] as [useconds_t] {
            let words = [binary, "-q", "--db", joiner, "sync", "--join", shared]
            var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            #expect(posix_spawn(&pid, binary, nil, nil, &argv, environ) == 0)
            usleep(delay)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let count = access(joiner, F_OK) != 0 ? 0 : sandbox.succeed("--db", joiner, "list", "--format", "csv").split(separator: "\n").count - 1
            #expect(count == 0 || count == 20_000, "after \(delay) µs: \(count) rows")
        }
        sandbox.succeed("-q", "--db", joiner, "sync", "--join", shared)
        sandbox.succeed("-q", "sync", shared)
        #expect(sandbox.succeed("--db", joiner, "list", "--format", "csv") == expected)
        #expect(sandbox.succeed("--db", joiner, "check") == "ok\n")
    }
}
