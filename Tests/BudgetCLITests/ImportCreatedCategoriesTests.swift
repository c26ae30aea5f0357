import BudgetKit
import Testing
@testable import BudgetCLI

/// `import --create-categories` creates the categories of the rows it adds, and only those: a
/// row skipped as already imported, or ignored as deleted, names a category that nothing would
/// use. The dry run counts the same. Without it, likewise, a category the book lacks stops the
/// import only when a row it would add names it, and the error points at that row.
@Suite struct ImportCreatedCategoriesTests {
    static let first = """
        date,amount,category,payee
        2026-11-02,4.20,Food,Cafe
        2026-11-03,9.99,Fun,Cinema

        """
    /// The same rows, the cafe's category renamed in the file since, and a new row.
    static let second = """
        date,amount,category,payee
        2026-11-02,4.20,Snacks,Cafe
        2026-11-03,9.99,Fun,Cinema
        2026-11-04,5.00,Books,Shop

        """

    func book() -> (Sandbox, first: String, second: String) {
        let sandbox = Sandbox()
        let first = sandbox.write("first.csv", Self.first)
        #expect(sandbox.run("import", first, "--create-categories").stderr == "Imported 2 transactions from \(first); created 2 categories.\n")
        return (sandbox, first, sandbox.write("second.csv", Self.second))
    }

    /// The second import created Snacks too, for the cafe's row it skipped: an empty category
    /// left behind (`created 2 categories`, dry run `would create 2 categories`).
    @Test func aSkippedRowsCategoryIsNotCreated() throws {
        let (sandbox, _, second) = book()
        let before = try sandbox.snapshot()
        let dryRun = sandbox.run("import", second, "--create-categories", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == "Dry run: would import 1 transaction from \(second); would skip 2 already imported; would create 1 category.\n")
        #expect(try sandbox.snapshot() == before)
        let result = sandbox.run("import", second, "--create-categories")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(second); skipped 2 already imported; created 1 category.\n")
        #expect(try sandbox.query("SELECT name FROM categories ORDER BY name") == ["Books", "Food", "Fun"])
        #expect(try sandbox.query("SELECT t.date, t.amount, c.name, t.payee FROM transactions AS t JOIN categories AS c ON c.id = t.category_id ORDER BY t.id") == [
            "2026-11-02|420|Food|Cafe", "2026-11-03|999|Fun|Cinema", "2026-11-04|500|Books|Shop",
        ])
        #expect(sandbox.run("import", second, "--create-categories").stderr == "Imported 0 transactions from \(second); skipped 3 already imported.\n")
    }

    /// A created category's budget of 0 starts in the month of the earliest row the import adds
    /// to it, not of a row it skips as already imported (October's cafe, now Snacks in the file).
    @Test func aCreatedCategorysBudgetStartsWithTheRowsAdded() throws {
        let sandbox = Sandbox()
        let first = sandbox.write("first.csv", "date,amount,category,payee\n2026-10-02,4.20,Food,Cafe\n")
        sandbox.succeed("-q", "import", first, "--create-categories")
        let second = sandbox.write("second.csv", "date,amount,category,payee\n2026-10-02,4.20,Snacks,Cafe\n2026-11-04,5.00,Snacks,Shop\n")
        let result = sandbox.run("import", second, "--create-categories")
        #expect(result.stderr == "Imported 1 transaction from \(second); skipped 1 already imported; created 1 category.\n")
        #expect(try sandbox.query("SELECT b.month, b.scope, b.amount FROM budgets AS b JOIN categories AS c ON c.id = b.category_id WHERE c.name = 'Snacks'")
                == ["2026-11|from|0"])
    }

    /// A posted row that replaces its pending twin adds no transaction: the pending one keeps
    /// its category, so the posted row's category (Snacks, missing) is not created, in the dry
    /// run's count either (it was: `created 1 category`, left empty).
    @Test func aPostedRowReplacingItsPendingTwinCreatesNoCategory() throws {
        let sandbox = Sandbox()
        let pending = sandbox.write("pending.csv", "date,amount,category,payee,status\n2026-11-02,4.20,Food,Cafe,pending\n")
        sandbox.succeed("-q", "import", pending, "--create-categories")
        let posted = sandbox.write("posted.csv", "date,amount,category,payee,status\n2026-11-04,4.50,Snacks,Cafe,booked\n")
        let dryRun = sandbox.run("import", posted, "--create-categories", "--dry-run", "--format", "csv")
        #expect(dryRun.stderr == "Dry run: would import 0 transactions from \(posted); would replace 1 pending transaction by its posted row.\n")
        let result = sandbox.run("import", posted, "--create-categories")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(posted); replaced 1 pending transaction by its posted row.\n")
        #expect(try sandbox.query("SELECT name FROM categories ORDER BY name") == ["Food"])
        #expect(try sandbox.query("SELECT t.date, t.amount, c.name FROM transactions AS t JOIN categories AS c ON c.id = t.category_id") == [
            "2026-11-04|450|Food",
        ])
        sandbox.succeed("-q", "undo")
        #expect(try sandbox.query("SELECT t.date, t.amount, c.name FROM transactions AS t JOIN categories AS c ON c.id = t.category_id") == [
            "2026-11-02|420|Food",
        ])
    }

    /// Without --create-categories too, a posted row replacing its pending twin needs no
    /// category: the twin keeps its own (it stopped the import: `no category named 'Snacks'`,
    /// exit 65). The dry run lists the row in the category the book will hold, Food (it listed
    /// Snacks), with --create-categories or without.
    @Test(arguments: [[], ["--create-categories"]])
    func aPostedRowReplacingItsPendingTwinNeedsNoCategory(options: [String]) throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "100")
        let pending = sandbox.write("pending.csv", "date,amount,category,payee,status\n2026-11-02,4.20,Food,Cafe,pending\n")
        sandbox.succeed("-q", "import", pending)
        let posted = sandbox.write("posted.csv", "date,amount,category,payee,status\n2026-11-03,4.20,Snacks,Cafe,posted\n")
        let before = try sandbox.snapshot()
        let dryRun = sandbox.run(["import", posted, "--dry-run", "--format", "csv"] + options)
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled,status
            1,2026-11-03,4.20,Food,Cafe,,expense,Main,,,,,,replaces 1

            """)
        #expect(dryRun.stderr == "Dry run: would import 0 transactions from \(posted); would replace 1 pending transaction by its posted row.\n")
        #expect(try sandbox.snapshot() == before)
        let result = sandbox.run(["import", posted] + options)
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(posted); replaced 1 pending transaction by its posted row.\n")
        #expect(try sandbox.query("SELECT name FROM categories ORDER BY name") == ["Food"])
        #expect(try sandbox.query("SELECT t.date, t.amount, c.name FROM transactions AS t JOIN categories AS c ON c.id = t.category_id") == [
            "2026-11-03|420|Food",
        ])
        sandbox.succeed("-q", "undo")
        #expect(try sandbox.snapshot() == before)
    }

    /// A row the import would add still needs its category: the error points at it, not at
    /// the row replacing its twin before it, and nothing is imported.
    @Test func aNewRowNamingTheSameMissingCategoryStillStopsTheImport() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "100")
        let pending = sandbox.write("pending.csv", "date,amount,category,payee,status\n2026-11-02,4.20,Food,Cafe,pending\n")
        sandbox.succeed("-q", "import", pending)
        let posted = sandbox.write("posted.csv", """
            date,amount,category,payee,status
            2026-11-03,4.20,Snacks,Cafe,posted
            2026-11-05,7.00,Snacks,Shop,posted

            """)
        try sandbox.expectRefusedWithItsDryRun(["import", posted], status: 65, stderr: """
            budget: error: \(posted):3:3: no category named 'Snacks'
            hint: this name is from the file's column 'category': add it with 'budget add-category', import with \
            --create-categories to create it from the file, or import with --ignore-category-column to leave its rows \
            to rules and --default-category; nothing was imported

            """)
    }

    /// A deleted row stays deleted, and its category uncreated, until --include-deleted brings
    /// it back (the ignored row's category was created, empty).
    @Test func anIgnoredRowsCategoryIsCreatedOnlyWhenTheRowComesBack() throws {
        let (sandbox, _, _) = book()
        sandbox.succeed("-q", "delete", "1")
        let renamed = sandbox.write("renamed.csv", "date,amount,category,payee\n2026-11-02,4.20,Snacks,Cafe\n2026-11-03,9.99,Fun,Cinema\n")
        let before = try sandbox.snapshot()
        let ignored = "1 deleted after an earlier import (--include-deleted brings it back)"
        let dryRun = sandbox.run("import", renamed, "--create-categories", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == "Dry run: would import 0 transactions from \(renamed); would skip 1 already imported; would ignore \(ignored).\n")
        let result = sandbox.run("import", renamed, "--create-categories")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(renamed); skipped 1 already imported; ignored \(ignored).\n")
        #expect(try sandbox.snapshot() == before)
        let back = sandbox.run("import", renamed, "--create-categories", "--include-deleted")
        #expect(back.stderr == "Imported 1 transaction from \(renamed); skipped 1 already imported; created 1 category.\n")
        #expect(try sandbox.query("SELECT c.name, t.payee FROM transactions AS t JOIN categories AS c ON c.id = t.category_id ORDER BY t.date") == [
            "Snacks|Cafe", "Fun|Cinema",
        ])
    }

    /// A split skipped as imported, one of its parts' categories renamed in the file: nothing
    /// created, nothing filed.
    @Test func aSkippedSplitsPartCreatesNoCategory() throws {
        let sandbox = Sandbox()
        let header = "date,amount,category,payee,split\n2026-11-05,10.00,Food,Market,1/2\n"
        let first = sandbox.write("split.csv", header + "2026-11-05,5.00,Home,Market,2/2\n")
        #expect(sandbox.run("import", first, "--create-categories").stderr == "Imported 1 transaction from \(first); created 2 categories.\n")
        let renamed = sandbox.write("renamed.csv", header + "2026-11-05,5.00,House,Market,2/2\n")
        let before = try sandbox.snapshot()
        let dryRun = sandbox.run("import", renamed, "--create-categories", "--dry-run", "--format", "csv")
        #expect(dryRun.stderr == "Dry run: would import 0 transactions from \(renamed); would skip 1 already imported.\n")
        let result = sandbox.run("import", renamed, "--create-categories")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(renamed); skipped 1 already imported.\n")
        #expect(try sandbox.snapshot() == before)
        #expect(try sandbox.query("SELECT name FROM categories ORDER BY name") == ["Food", "Home"])
    }

    /// The file of ``first`` again, the cafe's category renamed in it since (Snacks, which the
    /// book lacks), and a new row in a category the book has.
    static let renamed = """
        date,amount,category,payee
        2026-11-02,4.20,Snacks,Cafe
        2026-11-03,9.99,Fun,Cinema
        2026-11-04,5.00,Fun,Arcade

        """

    /// Without --create-categories the import stopped at the skipped cafe's category
    /// (`renamed.csv:2:3: no category named 'Snacks'`, exit 65), though the row would not be
    /// added: only the arcade's row is, in a category the book has.
    @Test func withoutCreatingASkippedRowsUnknownCategoryStopsNothing() throws {
        let (sandbox, _, _) = book()
        let renamed = sandbox.write("renamed.csv", Self.renamed)
        let before = try sandbox.snapshot()
        let dryRun = sandbox.run("import", renamed, "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == "Dry run: would import 1 transaction from \(renamed); would skip 2 already imported.\n")
        #expect(try sandbox.snapshot() == before)
        let result = sandbox.run("import", renamed)
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(renamed); skipped 2 already imported.\n")
        #expect(try sandbox.query("SELECT name FROM categories ORDER BY name") == ["Food", "Fun"])
        #expect(try sandbox.query("SELECT t.date, t.amount, c.name, t.payee FROM transactions AS t JOIN categories AS c ON c.id = t.category_id ORDER BY t.id") == [
            "2026-11-02|420|Food|Cafe", "2026-11-03|999|Fun|Cinema", "2026-11-04|500|Fun|Arcade",
        ])
    }

    /// A deleted row's unknown category stops nothing while the row stays deleted; with
    /// --include-deleted the row would come back, and its category is then named, nothing
    /// written.
    @Test func withoutCreatingAnIgnoredRowsUnknownCategoryMattersOnlyWhenTheRowComesBack() throws {
        let (sandbox, _, _) = book()
        sandbox.succeed("-q", "delete", "1")
        let renamed = sandbox.write("renamed.csv", "date,amount,category,payee\n2026-11-02,4.20,Snacks,Cafe\n2026-11-03,9.99,Fun,Cinema\n")
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", renamed)
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(renamed); skipped 1 already imported; "
            + "ignored 1 deleted after an earlier import (--include-deleted brings it back).\n")
        #expect(try sandbox.snapshot() == before)
        try sandbox.expectRefusedWithItsDryRun(["import", renamed, "--include-deleted"], status: 65, stderr: Self.unknownSnacks(renamed, line: 2))
    }

    /// A row that would be added still stops the import at its category, named at that row's
    /// line (5), not at the first line naming it (the skipped cafe's, 2); nothing is written.
    @Test func anAddedRowsUnknownCategoryIsNamedAtThatRow() throws {
        let (sandbox, _, _) = book()
        let renamed = sandbox.write("renamed.csv", Self.renamed + "2026-11-05,3.00,Snacks,Kiosk\n")
        try sandbox.expectRefusedWithItsDryRun(["import", renamed], status: 65, stderr: Self.unknownSnacks(renamed, line: 5))
    }

    /// The error of an unknown category Snacks at `line` of `file`.
    static func unknownSnacks(_ file: String, line: Int) -> String {
        """
        budget: error: \(file):\(line):3: no category named 'Snacks'
        hint: this name is from the file's column 'category': add it with 'budget add-category', import with --create-categories \
        to create it from the file, or import with --ignore-category-column to leave its rows to rules and --default-category; \
        nothing was imported

        """
    }
}
