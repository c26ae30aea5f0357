import BudgetKit
import Testing
@testable import BudgetCLI

/// An error is one line, whatever the user typed: a path, a value or a payee holding a line
/// break shows it as `\n` (in a pipe too), so the rest of it never reads as a second
/// `budget: error:` line or a made-up hint; control and bidi characters are escaped there too.
/// Intended lists (every missing category) stay a line each.
@Suite struct OneLineErrorTests {
    @Test func aTypodPathWithALineFeedIsNamedOnOneLine() {
        let sandbox = Sandbox()
        let path = sandbox.directory + "/typo\nbudget: error: all is well.db"
        let run = sandbox.run("--db", path, "list")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: '\(sandbox.directory)/typo\\nbudget: error: all is well.db' does not exist
            hint: check the path, or create a book there with a write command such as 'budget add-category Food 300'

            """)
        #expect(Sandbox.names(in: sandbox.directory) == [])
    }

    @Test func aSyncFolderWithALineFeedIsNamedOnOneLineAndNothingIsJoined() throws {
        let sandbox = Sandbox()
        let book = sandbox.directory + "/book.db"
        #expect(sandbox.run("--db", book, "add-category", "Food", "300").status == 0)
        let run = sandbox.run("--db", book, "sync", sandbox.directory + "/dir\nX")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: cannot open the sync folder \(sandbox.directory)/dir\\nX: no such file or directory
            hint: check the path: every device syncs through the same folder

            """)
        #expect(Sandbox.names(in: sandbox.directory) == ["book.db"])
    }

    @Test func aValueWithACarriageReturnOrALineSeparatorStaysOnItsLine() {
        let sandbox = Sandbox()
        let book = sandbox.directory + "/book.db"
        #expect(sandbox.run("--db", book, "add-category", "Food", "300").status == 0)
        let amount = sandbox.run("--db", book, "add", "12.50\r\u{2028}x", "Food")
        #expect(amount.status == 64)
        #expect(amount.stderr == """
            budget: error: the value '12.50\\r\\u{2028}x' is invalid for '<amount>': it is not a number like 12.50
            hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)

            """)
        #expect(sandbox.run("--db", book, "export", "--format", "csv").stdout.split(separator: "\n").count == 1)
    }

    @Test func aConfirmationNamingAPayeeWithALineFeedIsOneLine() {
        let sandbox = Sandbox()
        let book = sandbox.directory + "/book.db"
        #expect(sandbox.run("--db", book, "add-category", "Food", "300").status == 0)
        let run = sandbox.run("--db", book, "add", "12.50", "Food", "Lunch\nAdded transaction 2", "--date", "2026-11-21")
        #expect(run.status == 0)
        #expect(run.stderr == "Added transaction 1: 12.50 in Food on 2026-11-21 (Lunch\\nAdded transaction 2).\n")
    }

    /// The lists meant to be several lines still are, each line kept to one.
    @Test func everyMissingCategoryIsStillALineOfItsOwn() {
        let text = ErrorText(.missingCategories(file: "in\nput.csv", [
            MissingCategory(name: "Fo\nod", line: 2, column: 3), MissingCategory(name: "Rent", line: 4, column: 3),
        ], more: 0))
        #expect(text.message == "in\\nput.csv:2:3: no category named 'Fo\\nod'\nin\\nput.csv:4:3: no category named 'Rent'")
        #expect(Failure.message(for: UsageError(message: "a\nb", hint: "c\u{85}d"), help: HelpRenderer(commands: []))
            == "budget: error: a\\nb\nhint: c\\u{85}d\n")
    }

    /// In a pipe too: a cron job mails stderr, where an escape sequence or a right-to-left
    /// override would be obeyed.
    @Test func aFileNameOrAPayeeWithControlOrBidiCharactersIsShownEscapedInAPipe() {
        let sandbox = Sandbox()
        let book = sandbox.directory + "/book.db"
        #expect(sandbox.run("--db", book, "add-category", "Food", "300").status == 0)
        let missing = sandbox.run("--db", book, "import", sandbox.directory + "/x\u{1B}[2J\u{202E}vsc.csv")
        #expect(missing.status == 1)
        #expect(missing.stderr == "budget: error: cannot read \(sandbox.directory)/x\\u{1b}[2J\\u{202e}vsc.csv: No such file or directory\n")
        let added = sandbox.run("--db", book, "add", "1", "Food", "Caf\u{E9}\u{202E}\tx", "--date", "2026-11-21")
        #expect(added.status == 0)
        #expect(added.stderr == "Added transaction 1: 1.00 in Food on 2026-11-21 (Caf\u{E9}\\u{202e}\\tx).\n")
        #expect(sandbox.run("--db", book, "export", "--format", "csv").stdout.contains("Caf\u{E9}\u{202E}\tx"))
    }
}
