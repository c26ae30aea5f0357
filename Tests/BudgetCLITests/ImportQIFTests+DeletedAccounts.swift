@testable import BudgetKit
import Testing
@testable import BudgetCLI

/// A transfer side found deleted (its marker, `KEY|account ID|deleted as KEY`) names the account
/// the money left; deleting that account moves or forgets the marker with its other tombstones.
extension ImportQIFTests {
    /// The markers of transfer sides found deleted in the book at `sandbox`.
    func foundDeletedMarkers(_ sandbox: Sandbox) throws -> [String] {
        let store = try BudgetStore(path: sandbox.database, access: .read)
        return try store.connection.prepare("SELECT import_key FROM import_tombstones WHERE import_key LIKE '%|deleted as %' ORDER BY import_key")
            .map { $0.text(0) }
    }

    /// Cash's 50.00 transfer deleted; Savings' file found its side deleted and imported a second,
    /// real one. Cash merged into a new account (`delete-account --move-to`, then renamed Cash):
    /// the marker still named the deleted account, so Savings' file imported again took the
    /// real one for the deleted one's kept twin and brought the deleted transfer back
    /// ('Imported 1 transaction', Cash and Savings 50.00 off).
    @Test func aTransfersSideFoundDeletedStaysDeletedWhenItsAccountIsMergedIntoAnother() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add-account", "Cash")
        sandbox.succeed("-q", "add-account", "Cash new")
        let cash = sandbox.write("cash.qif", Self.register("Cash", [("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Cash"), ("11/03/2026", "50.00", "Cash")]))
        sandbox.succeed("-q", "import", cash, "--date-order", "mdy")
        sandbox.succeed("-q", "delete", "1")
        let ignored = "ignored 1 deleted after an earlier import (--include-deleted brings it back).\n"
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 1 transaction from \(savings); " + ignored)
        let marker = try foundDeletedMarkers(sandbox)
        #expect(marker.count == 1)
        sandbox.succeed("-q", "delete-account", "Cash", "--move-to", "Cash new")
        sandbox.succeed("-q", "rename-account", "Cash new", "Cash")
        let moved = try foundDeletedMarkers(sandbox)
        #expect(moved.count == 1 && moved != marker)
        let before = rows(sandbox)
        #expect(before == ["1,2026-11-03,50.00,,Transfer,,transfer,Cash,Savings,,,,"])
        let again = sandbox.run("import", savings, "--date-order", "mdy")
        #expect(again.status == 0)
        #expect(again.stderr == "Imported 0 transactions from \(savings); skipped 1 already imported; " + ignored)
        #expect(rows(sandbox) == before)
        expectBalances(sandbox, "Cash,checking,,-50.00,2026-12-01,off,", "Savings,checking,,50.00,2026-12-01,off,")
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// An account deleted outright forgets the markers naming it, as its other tombstones: a
    /// book that is not synced may give its id to an account made later.
    @Test func anAccountDeletedForgetsItsTransferSidesFoundDeleted() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add-account", "Cash")
        let cash = sandbox.write("cash.qif", Self.register("Cash", [("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Cash")]))
        sandbox.succeed("-q", "import", cash, "--date-order", "mdy")
        sandbox.succeed("-q", "delete", "1")
        sandbox.succeed("-q", "import", savings, "--date-order", "mdy")
        #expect(try foundDeletedMarkers(sandbox).count == 1)
        sandbox.succeed("-q", "delete-account", "Cash")
        #expect(try foundDeletedMarkers(sandbox) == [])
    }
}
