import Testing
@testable import BudgetCLI

/// A pending row replaced by its posted twin is remembered as replaced in its account
/// (`KEY|account ID|replaced by N`); merging that account into another keeps it so.
@Suite struct ImportPendingMergedAccountTests {
    /// Card's pending 10.00 was replaced by its posted row; Card merged into another account
    /// (`delete-account --move-to`, then renamed Card). The older statement imported again
    /// found no replaced row in the account it goes to now, and added the pending 10.00 a
    /// second time (Card 10.00 off, 'Imported 1 transaction').
    @Test func aPendingRowReplacedByItsPostedTwinStaysReplacedWhenItsAccountIsMergedIntoAnother() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add-account", "Card")
        sandbox.succeed("-q", "add-account", "Card new")
        let pending = sandbox.write("pending.csv", "date,amount,payee,category,status\n2026-11-05,-10.00,Shop,Food,pending\n")
        let posted = sandbox.write("posted.csv", "date,amount,payee,category,status\n2026-11-06,-10.00,Shop,Food,booked\n")
        sandbox.succeed("-q", "import", pending, "--account", "Card")
        #expect(sandbox.run("import", posted, "--account", "Card").stderr
            == "Imported 0 transactions from \(posted); replaced 1 pending transaction by its posted row.\n")
        sandbox.succeed("-q", "delete-account", "Card", "--move-to", "Card new")
        sandbox.succeed("-q", "rename-account", "Card new", "Card")
        let before = sandbox.succeed("list", "--format", "csv")
        #expect(before.hasSuffix("\n1,2026-11-06,-10.00,Food,Shop,,expense,Card,,,,,\n"))
        let again = sandbox.run("import", pending, "--account", "Card")
        #expect(again.status == 0)
        #expect(again.stderr == "Imported 0 transactions from \(pending); skipped 1 already imported.\n")
        #expect(sandbox.succeed("list", "--format", "csv") == before)
        #expect(sandbox.succeed("accounts", "--date", "2026-12-01", "--format", "csv").contains("Card,checking,,10.00,2026-12-01,off,"))
    }
}
