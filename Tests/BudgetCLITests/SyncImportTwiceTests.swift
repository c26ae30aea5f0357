import BudgetKit
import Testing
@testable import BudgetCLI

/// One bank file imported on two devices apart.
@Suite struct SyncImportTwiceTests {
    /// Both devices imported the same file while apart: each row has one import key, so the
    /// two rows are one bank row, and the book counts it twice. The sync kept both (the larger
    /// id losing its key) and said only `transactions 10 import_key: kept NULL (anna), lost
    /// ...`, while every total and balance was off by the file's sum. It names each pair, on
    /// each device once; a delete settles it everywhere, and importing the file again adds
    /// nothing on either device.
    @Test func aBankRowImportedOnTwoDevicesApartIsNamedAndOneDeleteSettlesIt() {
        let sandbox = Sandbox()
        let (shared, anna, ben) = sandbox.twoSyncedBooks(annaFirst: [
            ["-q", "device", "anna"],
            ["-q", "add-category", "Food", "300"],
        ])
        sandbox.succeed(ben + ["-q", "device", "ben"])
        let file = sandbox.write("bank.csv", "date,amount,payee,category\n2026-11-06,4.50,Bakery,Food\n2026-11-07,20.00,Pharmacy,Food\n")
        sandbox.succeed(anna + ["-q", "import", file])
        sandbox.succeed(ben + ["-q", "import", file])
        sandbox.succeed(anna + ["-q", "sync", shared])
        // Ben's rows are 1 and 11 (his ids end in 1), Anna's 10 and 20.
        let warning = """
            budget: warning: transactions 1 and 10 (4.50, Bakery, 2026-11-06, account Main) are one row of a bank file imported \
            on two devices: the book counts it twice
            budget: warning: transactions 11 and 20 (20.00, Pharmacy, 2026-11-07, account Main) are one row of a bank file imported \
            on two devices: the book counts it twice
            hint: delete one of each pair ('budget delete 10'): the other keeps the row's import key, so importing the file \
            again adds nothing

            """
        let benSync = sandbox.run(ben + ["sync", shared])
        #expect(benSync.status == 0)
        #expect(benSync.stderr.hasSuffix(warning))
        #expect(!sandbox.run(ben + ["sync", shared]).stderr.contains("warning"))
        #expect(sandbox.run(anna + ["sync", shared]).stderr.hasSuffix(warning))
        #expect(!sandbox.run(anna + ["sync", shared]).stderr.contains("warning"))
        // The larger id of one pair, the smaller (which holds the key) of the other.
        sandbox.succeed(ben + ["-q", "delete", "10"])
        sandbox.succeed(anna + ["-q", "delete", "11"])
        sandbox.succeed(ben + ["-q", "sync", shared])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(ben + ["-q", "sync", shared])
        for book in [anna, ben] {
            #expect(sandbox.run(book + ["import", file]).stderr.hasPrefix("Imported 0 transactions"))
        }
        let list = sandbox.succeed(anna + ["list", "--format", "csv"])
        #expect(list == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            1,2026-11-06,4.50,Food,Bakery,,expense,Main,,,,,
            20,2026-11-07,20.00,Food,Pharmacy,,expense,Main,,,,,

            """)
        #expect(sandbox.succeed(ben + ["list", "--format", "csv"]) == list)
    }
}
