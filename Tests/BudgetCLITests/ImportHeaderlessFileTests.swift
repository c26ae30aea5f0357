import BudgetKit
import Testing
@testable import BudgetCLI

/// A CSV file without a header, as Wells Fargo writes it: every line a row, quoted fields,
/// `"11/02/2026","-54.37","*","","WHOLEFDS MKT 10234"`.
@Suite struct ImportHeaderlessFileTests {
    static let wellsFargo = """
        "11/02/2026","-54.37","*","","WHOLEFDS MKT 10234"
        "11/15/2026","3250.00","*","","ACME PAYROLL"
        "11/16/2026","-4.75","*","1234","STARBUCKS"

        """

    static let columns = ["--date-column", "1", "--amount-column", "2", "--payee-column", "5", "--negate",
                          "--date-order", "mdy", "--default-category", "Food"]

    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "rule", "add", "acme", "Salary")
        return sandbox
    }

    /// Read with column numbers, its first row was taken for the header and dropped without a
    /// word: two of three rows imported, exit 0.
    @Test func aFirstLineThatReadsAsARowIsNoHeader() throws {
        let sandbox = book()
        let file = sandbox.write("wf.csv", Self.wellsFargo)
        try sandbox.expectRefusedWithItsDryRun(["import", file] + Self.columns, status: 65, stderr: """
            budget: error: \(file):1: line 1 reads as a row (date '11/02/2026', amount '-54.37'), not as a header naming the columns
            hint: for a file without a header, import with --no-header; lines before the header are skipped with --skip-lines; \
            nothing was imported

            """)
    }

    @Test func noHeaderReadsEveryLineAsARow() throws {
        let sandbox = book()
        let file = sandbox.write("wf.csv", Self.wellsFargo)
        let dryRun = sandbox.run(["import", file, "--no-header", "--dry-run", "--format", "csv"] + Self.columns)
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == "Dry run: would import 3 transactions from \(file).\n")
        #expect(dryRun.stdout.contains(",2026-11-02,54.37,Food,WHOLEFDS MKT 10234,,expense,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-15,3250.00,Salary,ACME PAYROLL,,income,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-16,4.75,Food,STARBUCKS,,expense,Main,"))
        #expect(sandbox.run(["import", file, "--no-header"] + Self.columns).stderr == "Imported 3 transactions from \(file).\n")
        // A profile keeps it.
        sandbox.succeed(["-q", "import-profile", "save", "wf", "--no-header"] + Self.columns)
        #expect(sandbox.succeed("import-profile", "show", "wf").hasPrefix("--no-header --date-column 1 "))
        #expect(sandbox.run("import", file, "--profile", "wf").stderr == "Imported 0 transactions from \(file); skipped 3 already imported.\n")
    }

    /// Without a header there is nothing to find a column's name in.
    @Test func noHeaderWithColumnsNamedByTextIsAnError() throws {
        let sandbox = book()
        let file = sandbox.write("wf.csv", Self.wellsFargo)
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--no-header"], status: 65, stderr: """
            budget: error: \(file):1:1: no header to find column 'date' in: without a header, name columns by number
            hint: fix that row and run the command again; nothing was imported

            """)
    }

    /// Read with no options, the file has no header to find: the error names --no-header.
    @Test func noHeaderFoundNamesNoHeader() throws {
        let sandbox = book()
        let file = sandbox.write("wf.csv", Self.wellsFargo)
        try sandbox.expectRefusedWithItsDryRun(["import", file], status: 65, stderr: """
            budget: error: \(file):3:1: no header found in the first 3 lines (a date column and an amount column, or debit and \
            credit columns): name the columns with --date-column and --amount-column, and the lines before the header with \
            --skip-lines; for a file without a header, --no-header and columns by number
            hint: fix that row and run the command again; nothing was imported

            """)
    }
}
