import BudgetKit
import Testing
@testable import BudgetCLI

/// `budget payees` and `budget merge-payees`.
@Suite struct PayeeCommandTests {
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Salary", "0", "--income", "--from", "2026-01")
        sandbox.succeed("-q", "add", "10.00", "Food", "--payee", "AMAZON", "--date", "2026-11-01")
        sandbox.succeed("-q", "add", "5.00", "Food", "--payee", "amazon", "--date", "2026-11-02")
        sandbox.succeed("-q", "add", "-1.00", "Food", "--payee", "amazon", "--date", "2026-11-03")
        sandbox.succeed("-q", "add", "3000.00", "Salary", "--payee", "ACME", "--date", "2026-11-03")
        sandbox.succeed("-q", "add", "2.00", "Food", "--payee", "Evil\u{202E}gpj.exe", "--date", "2026-11-04")
        return sandbox
    }

    @Test func payeesAreListedByNameIgnoringCaseWithCountsAndNet() {
        let sandbox = book()
        #expect(sandbox.succeed("payees", "--format", "csv") == """
        payee,transactions,net
        ACME,1,3000.00
        AMAZON,1,-10.00
        amazon,2,-4.00
        Evil\u{202E}gpj.exe,1,-2.00

        """)
    }

    @Test func aTerminalSeesControlAndBidiCharactersEscaped() {
        let sandbox = book()
        let result = sandbox.run("payees", terminal: true)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{202E}"))
        #expect(result.stdout.contains("Evil"))
    }

    @Test func mergeRewritesEveryCaseFoldedMatchInOneGoAndSaysHowMany() {
        let sandbox = book()
        let result = sandbox.run("merge-payees", "Amazon", "acme", "--into", "Amazon")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Merged 2 payee names into 'Amazon': 4 transactions changed.\n")
        #expect(sandbox.succeed("payees", "--format", "csv") == "payee,transactions,net\nAmazon,4,2986.00\nEvil\u{202E}gpj.exe,1,-2.00\n")
    }

    /// Each spelling `payees` lists may be given, though the first folds the next ones in.
    @Test func mergeTakesEverySpellingPayeesListsEvenWhenTheyFoldAlike() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add", "1.00", "Food", "--payee", "amazon.de", "--date", "2026-11-05")
        let result = sandbox.run("merge-payees", "AMAZON", "amazon", "amazon.de", "--into", "Amazon Inc")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Merged 3 payee names into 'Amazon Inc': 4 transactions changed.\n")
        #expect(sandbox.succeed("payees", "--format", "csv") == """
        payee,transactions,net
        ACME,1,3000.00
        Amazon Inc,4,-15.00
        Evil\u{202E}gpj.exe,1,-2.00

        """)
    }

    @Test(arguments: [
        (["merge-payees", "amazon", "Amzon", "--into", "Amazon"], 1, """
        budget: error: no transaction has the payee 'Amzon'
        hint: see the payees with 'budget payees'; nothing was changed

        """),
        // Names that fold alike are all checked before any is merged.
        (["merge-payees", "AMAZON", "amazon", "Amzon", "--into", "Amazon"], 1, """
        budget: error: no transaction has the payee 'Amzon'
        hint: see the payees with 'budget payees'; nothing was changed

        """),
        (["merge-payees", "amazon", "--into", "  "], 64, """
        budget: error: invalid payee name '  ': it must be non-empty text without control characters
        hint: choose a name such as Amazon or "Corner Shop"

        """),
        (["merge-payees", "amazon"], 64, """
        budget: error: missing option '--into <name>'
        usage: budget merge-payees <payee> ... --into <name>
          see 'budget merge-payees --help' for more information

        """),
        (["merge-payees", "--into", "Amazon"], 64, """
        budget: error: missing argument '<payee>'
        usage: budget merge-payees <payee> ... --into <name>
          see 'budget merge-payees --help' for more information

        """),
    ] as [([String], Int32, String)])
    func mistakesAreNamedAndChangeNothing(words: [String], status: Int32, message: String) throws {
        let sandbox = book()
        let before = try sandbox.snapshot()
        let result = sandbox.run(words)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(try sandbox.snapshot() == before)
    }
}
