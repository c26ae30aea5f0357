import Testing
@testable import BudgetCLI

/// A zero amount is taken (a placeholder for a bill still to come), never in silence: `add 0`
/// and `edit --amount 0` warn on stderr, with --quiet too. A transfer of zero is refused (it
/// moves nothing), and a mistyped amount (`0.0O`) is a usage error.
@Suite struct ZeroAmountTests {
    static func warning(_ id: Int) -> String {
        "budget: warning: transaction \(id) has a zero amount: it moves no balance and no total; "
            + "give it its amount with 'budget edit \(id) --amount AMOUNT'\n"
    }

    @Test func addingZeroIsTakenWithAWarning() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let result = sandbox.run("add", "0", "Food", "Plumber", "--date", "2026-11-20")
        #expect(result.status == 0)
        #expect(result.stdout == "5\n")
        #expect(result.stderr == "Added transaction 5: 0.00 in Food on 2026-11-20 (Plumber).\n" + Self.warning(5))
        #expect(try sandbox.query("SELECT amount FROM transactions WHERE id = 5") == ["0"])
        let quiet = sandbox.run("-q", "add", "-0.00", "Food", "--date", "2026-11-20")
        #expect(quiet.status == 0 && quiet.stderr == Self.warning(6))
    }

    @Test func editingTheAmountToZeroWarnsAndOtherEditsOfAZeroDoNot() {
        let sandbox = Sandbox()
        sandbox.seed()
        let result = sandbox.run("edit", "1", "--amount", "0")
        #expect(result.status == 0)
        #expect(result.stderr == "Updated transaction 1: 0.00 in Food on 2026-11-02 (Lunch).\n" + Self.warning(1))
        #expect(sandbox.run("edit", "1", "--note", "later").stderr == "Updated transaction 1: 0.00 in Food on 2026-11-02 (Lunch).\n")
    }

    @Test(arguments: [
        (["add", "0.0O", "Food"], """
        budget: error: the value '0.0O' is invalid for '<amount>': it is not a number like 12.50
        hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)

        """),
        (["edit", "1", "--amount", "0.0O"], """
        budget: error: the value '0.0O' is invalid for '--amount <amount>': it is not a number like 12.50
        hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)

        """),
    ] as [([String], String)])
    func aMistypedZeroIsAUsageErrorAndChangesNothing(arguments: [String], stderr: String) {
        let sandbox = Sandbox()
        sandbox.seed()
        let before = sandbox.dump()
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == stderr)
        #expect(result.stdout == "")
        #expect(sandbox.dump() == before)
    }
}
