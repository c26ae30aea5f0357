import BudgetKit
import Testing
@testable import BudgetCLI

/// Issue 10, item 8 from the shell: `watch accounts` and `watch list|report --account`.
@Suite struct WatchAccountTests {
    func session(_ sandbox: Sandbox, _ view: WatchSession.View, _ output: Output) throws -> WatchSession {
        try WatchSession(store: BudgetStore(path: sandbox.database), view: view, output: output, terminal: false, usesColor: false)
    }

    @Test func watchAccountsPrintsTheBalancesAtEachChange() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let output = Output()
        let session = try session(sandbox, .accounts, output)
        try session.start()
        // Another connection, as another process would.
        try BudgetStore(path: sandbox.database).transfer(amount: Money(minorUnits: 10000), from: "Checking", to: "Savings",
                                                          date: Day(iso: "2026-11-21")!)
        try session.deliverChanges()
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"name\": \"Checking\", \"type\": \"checking\", \"number\": \"\", \"balance\": 2405.10") == true)
        #expect(lines.last?.contains("\"name\": \"Checking\", \"type\": \"checking\", \"number\": \"\", \"balance\": 2305.10") == true)
        #expect(lines.last?.contains("\"name\": \"Savings\", \"type\": \"savings\", \"number\": \"\", \"balance\": 1600.00") == true)
    }

    @Test func watchListAndReportFollowOneAccount() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let output = Output()
        let list = try session(sandbox, .list(TransactionRequest(filter: TransactionFilter(account: "Savings"))), output)
        try list.start()
        sandbox.succeed("add", "5", "Food", "--date", "2026-11-22")                          // Checking: not shown
        sandbox.succeed("add", "2", "Salary", "Interest", "--date", "2026-11-22", "--account", "Savings")
        try list.deliverChanges()
        let events = output.text.split(separator: "\n").map { $0.prefix(40) }
        #expect(events == [
            "{\"event\": \"insert\", \"index\": 0, \"transac",
            "{\"event\": \"sync\", \"count\": 1}",
            "{\"event\": \"insert\", \"index\": 1, \"transac",
            "{\"event\": \"sync\", \"count\": 2}",
        ])
        #expect(output.text.contains("\"payee\": \"Interest\", \"note\": \"\", \"kind\": \"income\", \"account\": \"Savings\""))
        let reportOutput = Output()
        let report = try session(sandbox, .report(month: Month(year: 2026, month: 11), account: "Visa"), reportOutput)
        try report.start()
        sandbox.succeed("add", "5", "Food", "--date", "2026-11-22")                          // Checking: no new line
        try report.deliverChanges()
        // Renamed, the account is followed; the rename alone writes no line (a line names no account).
        sandbox.succeed("rename-account", "Visa", "Card")
        try report.deliverChanges()
        sandbox.succeed("add", "7", "Food", "--date", "2026-11-22", "--account", "Card")
        try report.deliverChanges()
        let lines = reportOutput.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"category\": \"Food\", \"kind\": \"expense\", \"budget\": 300.00, \"rollover\": 0.00, \"actual\": 60.00") == true)
        #expect(lines.last?.contains("\"category\": \"Food\", \"kind\": \"expense\", \"budget\": 300.00, \"rollover\": 0.00, \"actual\": 67.00") == true)
    }

    @Test func watchAccountsRefusesListAndReportOptions() {
        let sandbox = Sandbox()
        let result = sandbox.run("watch", "accounts", "--account", "Visa")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("budget: error: '--account <name>' applies to 'watch list', not 'watch accounts'"))
    }
}
