import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Two `budget undo` or `budget redo` processes started at once: they queue up on the book's
/// write lock and do what they would have done one after the other.
@Suite(.serialized) struct HistoryRaceTests {
    /// Runs `words` in two processes that both read the history while this test holds the
    /// book's write lock, then lets them go; returns each one's exit status and stderr, by status.
    func runTwiceAtOnce(_ words: [String], in sandbox: Sandbox) throws -> [(status: Int32, stderr: String)] {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let store = try BudgetStore(path: sandbox.database, access: .read)
        let files = [sandbox.directory + "/first.err", sandbox.directory + "/second.err"]
        var pids: [pid_t] = []
        try store.write {
            // Both pick their entry (a read: WAL lets it past the lock), then wait for the lock.
            pids = files.map { spawnBudget(binary, ["--db", sandbox.database] + words, environment: ["HOME=" + sandbox.directory, "TZ=UTC"], stderr: $0) }
            usleep(1_500_000)
        }
        return zip(pids, files).map { pid, file in
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return (status: (status >> 8) & 0xff, stderr: sandbox.read(file))
        }.sorted { $0.status < $1.status }
    }

    @Test func twoRedosAtOnceRedoOnceAndTheSecondFindsNothingToRedo() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "edit", "1", "--amount", "13")
        sandbox.succeed("-q", "undo")
        let runs = try runTwiceAtOnce(["-q", "redo"], in: sandbox)
        #expect(runs.map(\.status) == [0, 1])
        #expect(runs[1].stderr == "budget: error: nothing to redo\nhint: 'budget redo' reapplies what 'budget undo' reversed\n")
        #expect(sandbox.succeed("list", "--format", "csv").contains("\n1,2026-11-02,13.00,Food,Lunch,"))
        #expect(try BudgetStore(path: sandbox.database).history().filter { $0.command.hasSuffix(" redo") }.count == 1)
        #expect(sandbox.succeed("check") == "ok\n")
    }

    @Test func twoUndosAtOnceUndoTheTwoNewestWrites() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "edit", "1", "--amount", "13")
        sandbox.succeed("-q", "edit", "2", "--payee", "Shop")
        let runs = try runTwiceAtOnce(["-q", "undo"], in: sandbox)
        #expect(runs.map(\.status) == [0, 0], "\(runs.map(\.stderr))")
        let rows = sandbox.succeed("list", "--format", "csv")
        #expect(rows.contains("\n1,2026-11-02,12.50,Food,Lunch,"))
        #expect(rows.contains("\n2,2026-11-03,-2.25,Food,Refund,"))
        #expect(sandbox.succeed("check") == "ok\n")
    }
}
