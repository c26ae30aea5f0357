import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Review 61 finding 1: `watch --format jsonl` heard Ctrl-C, SIGTERM and SIGHUP only after it had
/// written every row of its first list (15 s on a million rows), and again after every reload's.
/// It now looks for them every few hundred lines and stops between two whole lines.
@Suite(.serialized) struct WatchSignalTests {
    /// Far more lines than a pipe, the watch's buffer and one stretch between checks hold.
    static let rows = 30_000

    /// A book with a Food category and `rows` transactions in it, written as `largeBook` in the
    /// benchmarks does (the change log paused, then one `reload` entry).
    func addRows(_ rows: Int, to database: String) -> Int32 {
        system("""
            sqlite3 '\(database)' "INSERT INTO change_log_pause VALUES (1);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO transactions (date, amount, category_id, payee, note) SELECT '2026-11-01', i, 1, 'p' || i, '' FROM n;
            DELETE FROM change_log_pause; INSERT INTO change_log (entity, row_id) VALUES ('reload', NULL);"
            """)
    }

    /// Reads what the watch writes after `signal` until it ends; checks its status, that it
    /// stopped long before the last of the rows, and that every line it wrote is whole.
    func expectStopsPromptly(_ watch: WatchEndToEndTests.WatchProcess, on signal: Int32, after lines: [String]) {
        kill(watch.pid, signal)
        let rest = watch.lines(until: { _ in false }, seconds: 60)
        #expect(watch.exitStatus(within: 10) == 128 + signal)
        let inserts = (lines + rest).filter { $0.hasPrefix("{\"event\": \"insert\"") }
        #expect(inserts.count < Self.rows / 4, "wrote \(inserts.count) of \(Self.rows) rows after the signal")
        #expect(rest.allSatisfy { $0.hasPrefix("{\"event\": \"insert\", ") && $0.hasSuffix("}}") })
        #expect(watch.pending.isEmpty, "a half line at the end: \(String(decoding: watch.pending, as: UTF8.self))")
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalStopsTheFirstRowsOfALargeListBetweenTwoLines(signal: Int32) throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(WatchEndToEndTests().budget(sandbox.database, "add-category", "Food", "300") == 0)
        #expect(addRows(Self.rows, to: sandbox.database) == 0)
        let watch = WatchEndToEndTests.WatchProcess(binary: EndToEndTests.binary!, database: sandbox.database)
        // The watch is writing its rows; it waits once the pipe is full, until this test reads on.
        let first = watch.lines { _ in true }
        #expect(first.first?.hasPrefix("{\"event\": \"insert\", \"index\": 0,") == true)
        expectStopsPromptly(watch, on: signal, after: first)
    }

    @Test func aSignalStopsTheRowsAfterAReload() throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(WatchEndToEndTests().budget(sandbox.database, "add-category", "Food", "300") == 0)
        let watch = WatchEndToEndTests.WatchProcess(binary: EndToEndTests.binary!, database: sandbox.database)
        #expect(watch.lines { $0.contains("\"sync\"") } == ["{\"event\": \"sync\", \"count\": 0}"])
        #expect(addRows(Self.rows, to: sandbox.database) == 0)
        let reload = watch.lines(until: { $0 == "{\"event\": \"reload\"}" }, seconds: 30)
        #expect(reload == ["{\"event\": \"reload\"}"])
        expectStopsPromptly(watch, on: SIGTERM, after: [])
    }
}
