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

    /// After an unknown name, the book's closest names are offered, drawn as every name in an
    /// error is: a right-to-left override in one shows as an escape, and cannot reorder the line.
    @Test func anUnknownNameIsOfferedTheClosestOfTheBooksShownSafely() {
        let help = HelpRenderer(commands: [])
        #expect(Failure.message(for: BudgetError.unknownCategory("Fod"), names: ["Food", "Fun", "Rent"], help: help)
            .hasPrefix("budget: error: no category named 'Fod'; did you mean 'Food'?\n"))
        #expect(Failure.message(for: BudgetError.unknownAccount("Car"), names: ["Cat", "Bar", "Rent"], help: help)
            .hasPrefix("budget: error: no account named 'Car'; did you mean 'Cat' or 'Bar'?\n"))
        #expect(Failure.message(for: BudgetError.unknownCategory("Fod"), names: ["Fo\u{202E}d"], help: help)
            .hasPrefix("budget: error: no category named 'Fod'; did you mean 'Fo\\u{202e}d'?\n"))
        #expect(Failure.message(for: BudgetError.unknownCategory(" Fod "), names: ["Food"], help: help)
            .hasPrefix("budget: error: no category named ' Fod '; did you mean 'Food'?\n"))
        #expect(Failure.message(for: BudgetError.unknownCategory("Travel"), names: ["Food"], help: help)
            .hasPrefix("budget: error: no category named 'Travel'\nhint: "))
    }
}
