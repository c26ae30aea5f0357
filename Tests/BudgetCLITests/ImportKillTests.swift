import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `budget import` of a large file into an empty book (its indexes dropped and built again after
/// the rows) killed with SIGKILL at random moments: the book is before or after, never between,
/// with every index in place.
@Suite(.serialized) struct ImportKillTests {
    @Test func anImportKilledWhileItBuildsItsIndexesLeavesTheBookAsBefore() throws {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        var csv = "date,amount,category,payee\n"
        for row in 0..<40_000 { csv += "2026-03-\(row % 28 + 1 < 10 ? "0" : "")\(row % 28 + 1),3.\(row % 90 + 10),Food,Shop \(row)\n" }
        let file = sandbox.write("big.csv", csv)
        for delay in [5_000, 50_000, 150_000, 300_000, 600_000] as [useconds_t] {
            let words = [binary, "-q", "--db", sandbox.database, "import", file]
            var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            #expect(posix_spawn(&pid, binary, nil, nil, &argv, environ) == 0)
            usleep(delay)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let count = sandbox.succeed("list", "--format", "csv").split(separator: "\n").count - 1
            #expect(count == 0 || count == 40_000, "after \(delay) µs: \(count) rows")
            #expect(sandbox.succeed("check") == "ok\n", "after \(delay) µs")
            if count > 0 { sandbox.succeed("-q", "undo") }
        }
        sandbox.succeed("-q", "import", file)
        #expect(sandbox.succeed("list", "--format", "csv").split(separator: "\n").count == 40_001)
        #expect(sandbox.succeed("check") == "ok\n")
    }
}
