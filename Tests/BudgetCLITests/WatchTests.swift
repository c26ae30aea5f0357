import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite struct WatchTests {
    let lunch = Transaction(id: 7, date: Day(iso: "2026-11-21")!, amount: Money(minorUnits: 1250), category: "Food",
                            payee: "Caf\u{E9} \"Chez\" Nous", note: "line\nbreak")

    @Test func eachChangeIsOneJSONLineWithTheExportKeys() {
        #expect(WatchEvent.line(for: .insert(index: 3, transaction: lunch)) == """
            {"event": "insert", "index": 3, "transaction": {"id": 7, "date": "2026-11-21", "amount": 12.50, \
            "category": "Food", "payee": "Café \\"Chez\\" Nous", "note": "line\\nbreak", "kind": "expense", "account": "", \
            "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "transfer_reconciled": ""}}

            """)
        #expect(WatchEvent.line(for: .delete(index: 2, id: 9)) == "{\"event\": \"delete\", \"index\": 2, \"id\": 9, \"transaction\": {\"id\": 9}}\n")
        #expect(WatchEvent.line(for: .move(from: 5, to: 1, transaction: lunch)).hasPrefix("{\"event\": \"move\", \"index\": 1, \"from\": 5, \"transaction\": {\"id\": 7,"))
        #expect(WatchEvent.line(for: .update(index: 4, newIndex: 3, transaction: lunch)).hasPrefix("{\"event\": \"update\", \"index\": 3, \"from\": 4, "))
        #expect(WatchEvent.line(for: .sectionInsert(index: 0, name: "2026-11")) == "{\"event\": \"section-insert\", \"index\": 0, \"name\": \"2026-11\"}\n")
        #expect(WatchEvent.line(for: .sectionDelete(index: 1, name: "Rent")) == "{\"event\": \"section-delete\", \"index\": 1, \"name\": \"Rent\"}\n")
        #expect(WatchEvent.line(for: .reload) == "{\"event\": \"reload\"}\n")
        #expect(WatchEvent.sync(count: 12) == "{\"event\": \"sync\", \"count\": 12}\n")
    }

    @Test func aReportEventHoldsTheReportsJSONRows() {
        let report = MonthlyReport(month: Month(year: 2026, month: 11)!, expenses: [
            ReportLine(category: "Food", kind: .expense, budget: Money(minorUnits: 30000), rollover: .zero, actual: Money(minorUnits: 1250)),
        ], income: [])
        #expect(WatchEvent.report(report) == """
            {"event": "report", "month": "2026-11", "rows": [{"month": "2026-11", "category": "Food", "kind": "expense", \
            "budget": 300.00, "rollover": 0.00, "actual": 12.50, "remaining": 287.50, "percent_used": 4.2}]}

            """)
    }

    @Test func watchListPrintsTheRowsThenEachChangeSetEndingWithSync() throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300")
        sandbox.succeed("add", "12.50", "Food", "Lunch", "--date", "2026-11-20")
        let output = Output()
        let session = try WatchSession(store: BudgetStore(path: sandbox.database),
                                       view: .list(TransactionRequest(sectioning: .month)), output: output, terminal: false, usesColor: false)
        try session.start()
        // Another connection (as another process would) adds a row in a new month.
        try BudgetStore(path: sandbox.database).addTransaction(amount: Money(minorUnits: 300), category: "Food", payee: "Coffee",
                                                                date: Day(iso: "2026-12-01")!)
        try session.deliverChanges()
        #expect(output.text == """
            {"event": "section-insert", "index": 0, "name": "2026-11"}
            {"event": "insert", "index": 0, "transaction": {"id": 1, "date": "2026-11-20", "amount": 12.50, "category": "Food", "payee": "Lunch", "note": "", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "transfer_reconciled": ""}}
            {"event": "sync", "count": 1}
            {"event": "section-insert", "index": 1, "name": "2026-12"}
            {"event": "insert", "index": 1, "transaction": {"id": 2, "date": "2026-12-01", "amount": 3.00, "category": "Food", "payee": "Coffee", "note": "", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "transfer_reconciled": ""}}
            {"event": "sync", "count": 2}

            """)
    }

    @Test func watchReportPrintsALineWhenTheReportChanges() throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01")
        let output = Output()
        let session = try WatchSession(store: BudgetStore(path: sandbox.database), view: .report(month: Month(year: 2026, month: 11), account: nil),
                                       output: output, terminal: false, usesColor: false)
        try session.start()
        sandbox.succeed("add", "30", "Food", "--date", "2026-11-02")
        try session.deliverChanges()
        sandbox.succeed("add", "30", "Food", "--date", "2026-10-02")   // another month: no new line
        try session.deliverChanges()
        let lines = output.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.contains("\"actual\": 30.00, \"remaining\": 270.00, \"percent_used\": 10.0") == true)
    }

    @Test func watchReportRefusesListOptions() {
        let sandbox = Sandbox()
        let result = sandbox.run("watch", "report", "--category", "Food")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("budget: error: '--category <name>' applies to 'watch list', not 'watch report'"))
    }

    @Test func theTerminalViewShowsTheLastRowsThatFit() throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300")
        for day in 1...9 { sandbox.succeed("add", "\(day)", "Food", "Shop \(day)", "--date", "2026-11-0\(day)") }
        let session = try WatchSession(store: BudgetStore(path: sandbox.database), view: .list(TransactionRequest()),
                                       output: Output(capturingAsTerminal: true), terminal: true, usesColor: false)
        try session.start()
        let lines = session.listLines(rows: 6)
        #expect(lines.first == "budget watch list: 9 transactions, 7-9 shown, newest as they come    (Ctrl-C to quit)")
        #expect(lines.dropFirst(3).prefix(3).map { $0.contains("Shop 7") || $0.contains("Shop 8") || $0.contains("Shop 9") } == [true, true, true])
        #expect(TerminalScreen.cut("ab\u{1B}[31mcdé", to: 4) == "ab\u{1B}[31mcd")
    }
}
