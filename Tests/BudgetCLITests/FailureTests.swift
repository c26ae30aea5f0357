import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct FailureTests {
    /// Describing every command for help costs more than a whole `budget add`: an error that
    /// shows no usage never has it made.
    @Test func anErrorWithoutUsageLinesNeverDescribesTheCommands() {
        func unwantedHelp() -> HelpRenderer {
            Issue.record("the help renderer was made")
            return HelpRenderer(commands: [])
        }
        #expect(Failure.message(for: BudgetError.unknownCategory("Fod"), help: unwantedHelp()) ==
            "budget: error: no category named 'Fod'\n"
            + "hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'\n")
        #expect(Failure.message(for: UsageError(message: "bad", hint: "fix it"), help: unwantedHelp())
            == "budget: error: bad\nhint: fix it\n")
    }
}
