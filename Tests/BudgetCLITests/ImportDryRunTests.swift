import BudgetKit
import Testing
@testable import BudgetCLI

/// `budget import --dry-run`'s listing of rows it would skip.
@Suite struct ImportDryRunTests {
    /// A book with a Giro profile filing rows in Groceries, and the file imported once: REWE as
    /// transaction 1, Stadtwerke as 2. Returns the sandbox and the file.
    private func importedOnce() -> (Sandbox, String) {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Groceries", "300")
        sandbox.succeed("-q", "add-category", "Utilities", "100")
        sandbox.succeed("-q", "add-category", "Household", "50")
        sandbox.succeed("-q", "import-profile", "save", "giro", "--delimiter", ";", "--date-column", "Buchungstag", "--date-format", "DD.MM.YYYY",
                        "--decimal-comma", "--amount-column", "Betrag", "--negate", "--payee-column", "Empfänger", "--default-category", "Groceries")
        let file = sandbox.write("giro.csv", "Buchungstag;Betrag;Empfänger\n02.11.2026;-12,50;REWE\n03.11.2026;-60,00;Stadtwerke\n")
        sandbox.succeed("-q", "import", "--profile", "giro", file)
        return (sandbox, file)
    }

    @Test func aSkippedRowShowsTheCategoryTheBookHoldsAndANewRowTheImportsOwn() throws {
        let (sandbox, file) = importedOnce()
        sandbox.succeed("-q", "edit", "2", "--category", "Utilities")
        let longer = sandbox.write("giro2.csv", "Buchungstag;Betrag;Empfänger\n02.11.2026;-12,50;REWE\n03.11.2026;-60,00;Stadtwerke\n"
                                   + "04.11.2026;-8,00;Stadtwerke Kiosk\n")
        let before = try sandbox.snapshot()
        let dry = sandbox.run("import", "--profile", "giro", longer, "--dry-run")
        #expect(dry.status == 0)
        #expect(dry.stdout == """
        ID  DATE        AMOUNT  CATEGORY   PAYEE             NOTE  STATUS
         1  2026-11-02   12.50  Groceries  REWE                    skip
         2  2026-11-03   60.00  Utilities  Stadtwerke              skip
         3  2026-11-04    8.00  Groceries  Stadtwerke Kiosk        new
        --  ----------  ------  ---------  ----------------  ----  ------
            New spent     8.00
            New earned    0.00
            New net      -8.00

        """)
        #expect(dry.stderr == "Dry run: would import 1 transaction from \(longer); would skip 2 already imported.\n")
        #expect(sandbox.run("import", "--profile", "giro", file, "--dry-run", "--format", "csv").stdout == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled,status
        1,2026-11-02,12.50,Groceries,REWE,,expense,Main,,,,,,skip
        2,2026-11-03,60.00,Utilities,Stadtwerke,,expense,Main,,,,,,skip

        """)
        #expect(try sandbox.snapshot() == before)
    }

    /// Split in the book since, a whole row of the file has no one category there: it shows the
    /// transaction as the book holds it, as `list` does, not a category made up for it.
    @Test func aSkippedRowWhoseTransactionTheBookSplitShowsTheSplit() throws {
        let (sandbox, file) = importedOnce()
        sandbox.succeed("-q", "edit", "1", "--split", "Groceries=10.00", "--split", "Household=2.50")
        let dry = sandbox.run("import", "--profile", "giro", file, "--dry-run")
        #expect(dry.status == 0)
        #expect(dry.stdout == """
        ID  DATE        AMOUNT  CATEGORY   PAYEE       NOTE  STATUS
         1  2026-11-02   12.50  split (2)  REWE              skip
         2  2026-11-03   60.00  Groceries  Stadtwerke        skip
        --  ----------  ------  ---------  ----------  ----  ------
            New spent     0.00
            New earned    0.00
            New net       0.00

        """)
    }

    /// A part of a split in the file shows the category of the book's part in its place while
    /// the book's split has as many parts; otherwise the book's transaction, whole.
    @Test func aSkippedPartShowsItsPartsCategoryInTheBookOrTheWholeSplitWhenThePartsDiffer() throws {
        let sandbox = Sandbox()
        for name in ["Groceries", "Household", "Utilities"] { sandbox.succeed("-q", "add-category", name, "100") }
        let file = sandbox.write("split.csv", """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            1,2026-11-02,10.00,Groceries,REWE,,expense,Main,,1/2,,,
            1,2026-11-02,2.50,Household,REWE,,expense,Main,,2/2,,,

            """)
        sandbox.succeed("-q", "import", file)
        sandbox.succeed("-q", "edit", "1", "--split", "Groceries=10.00", "--split", "Utilities=2.50")
        #expect(sandbox.run("import", file, "--dry-run", "--format", "csv").stdout == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled,status
            1,2026-11-02,10.00,Groceries,REWE,,expense,Main,,1/2,,,,skip
            1,2026-11-02,2.50,Utilities,REWE,,expense,Main,,2/2,,,,skip

            """)
        sandbox.succeed("-q", "edit", "1", "--category", "Utilities")
        #expect(sandbox.run("import", file, "--dry-run", "--format", "csv").stdout == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled,status
            1,2026-11-02,12.50,Utilities,REWE,,expense,Main,,,,,,skip
            1,2026-11-02,12.50,Utilities,REWE,,expense,Main,,,,,,skip

            """)
    }
}
