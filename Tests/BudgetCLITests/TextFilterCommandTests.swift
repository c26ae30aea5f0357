import BudgetKit
import Testing
@testable import BudgetCLI

/// `--text`: payees or notes containing the text, ignoring case, with `%` and `_` taken literally.
@Suite struct TextFilterCommandTests {
    @Test func textFindsPayeesAndNotesIgnoringCaseAndTakesWildcardsLiterally() {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300")
        sandbox.succeed("add", "1", "Food", "Café Rouge", "--date", "2026-11-01")
        sandbox.succeed("add", "2", "Food", "Market", "--date", "2026-11-02", "--note", "for the CAFÉ party")
        sandbox.succeed("add", "3", "Food", "Bakery", "--date", "2026-11-03", "--note", "100% rye")
        sandbox.succeed("add", "4", "Food", "Butcher", "--date", "2026-11-04", "--note", "1000 rye")
        func ids(_ words: String...) -> [String] {
            sandbox.succeed(["export", "--format", "csv"] + words).split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
        }
        #expect(ids("--text", "café") == ["1", "2"])
        #expect(ids("--text", "0% r") == ["3"])
        #expect(ids("--text", "_") == [])
        #expect(ids("--text", "rye", "--payee", "butch") == ["4"])
        let watch = sandbox.run("watch", "report", "--text", "x")
        #expect(watch.status == 64)
        #expect(watch.stderr.hasPrefix("budget: error: '--text <text>' applies to 'watch list', not 'watch report'"))
    }
}
