import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `budget` binary as separate processes: another process's `budget add` reaching a
/// live list and a running `budget watch`, signals, and a reader that goes away.
@Suite(.serialized) struct WatchEndToEndTests {
    /// A running `budget watch --format jsonl` whose stdout is a pipe this test reads.
    final class WatchProcess {
        let pid: pid_t
        private(set) var readEnd: Int32
        /// Bytes read after the last whole line: a half line, once the watch ended.
        private(set) var pending: [UInt8] = []

        /// - Parameter stderr: a file to write its standard error to (else the test's own).
        init(binary: String, database: String, arguments: [String] = [], stderr: String? = nil) {
            let ends = ChildPipe()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, ends.writeEnd, 1)
            if let stderr { posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
            let words = [binary, "--db", database, "watch"] + arguments + ["--format", "jsonl"]
            var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            precondition(posix_spawn(&pid, binary, &actions, nil, &argv, environ) == 0)
            close(ends.writeEnd)
            self.pid = pid
            readEnd = ends.readEnd
        }

        /// Lines read until one satisfies `done` or `seconds` pass.
        func lines(until done: (String) -> Bool, seconds: Double = 20) -> [String] {
            var lines: [String] = []
            let deadline = time(nil) + Int(seconds.rounded(.up))
            while time(nil) <= deadline {
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    lines.append(line)
                    if done(line) { return lines }
                }
                var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 200) >= 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(readEnd, &buffer, buffer.count)
                if count > 0 { pending += buffer[..<count] } else if count == 0 { break }
            }
            return lines
        }

        /// Closes the reading end: the reader goes away.
        func closeReader() {
            close(readEnd)
            readEnd = -1
        }

        /// The exit status, waiting at most `seconds`; `nil` if it is still running.
        func exitStatus(within seconds: Double = 20) -> Int32? {
            for _ in 0..<Int(seconds * 100) {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
                usleep(10_000)
            }
            return nil
        }

        deinit {
            if exitStatus(within: 0) == nil {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
            if readEnd >= 0 { close(readEnd) }
        }
    }

    func budget(_ database: String, _ words: String...) -> Int32 {
        let command = ([EndToEndTests.binary!, "-q", "--db", database] + words).map { "'\($0)'" }.joined(separator: " ")
        return (system(command + " > /dev/null") >> 8) & 0xFF
    }

    @Test
    func aSeparateBudgetProcessReachesALiveListWithTheRightChangeSet() throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(budget(sandbox.database, "add-category", "Food", "300") == 0)
        #expect(budget(sandbox.database, "add", "5", "Food", "First", "--date", "2026-11-01") == 0)
        #expect(budget(sandbox.database, "add", "6", "Food", "Third", "--date", "2026-11-03") == 0)
        let store = try BudgetStore(path: sandbox.database)
        let live = try LiveTransactions(store: store)
        let watcher = try DatabaseWatcher(store: store)
        let before = try live.snapshot()
        #expect(budget(sandbox.database, "add", "7.25", "Food", "Second", "--date", "2026-11-02") == 0)
        #expect(watcher.wait(milliseconds: 20_000))
        let after = try live.snapshot()
        #expect(after.transactions.map(\.payee) == ["First", "Second", "Third"])
        #expect(budget(sandbox.database, "edit", "\(after.transactions[0].id)", "--date", "2026-11-05") == 0)
        let recorder = Recorder()
        live.delegate = recorder
        #expect(watcher.wait(milliseconds: 20_000))
        let move = try #require(recorder.changeSets.first?.moves.first)
        #expect((move.from, move.to, move.transaction.payee) == (0, 2, "First"))
        #expect(recorder.changeSets.first?.applied(to: after) == (try LiveTransactions(store: store).snapshot()))
        #expect(before.transactions.count == 2)
    }

    final class Recorder: LiveTransactionsDelegate {
        var changeSets: [TransactionChangeSet] = []
        func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {
            changeSets.append(changeSet)
        }
    }

    /// Trust item 11: another process deleting rows while `watch` streams its first ones never
    /// makes it fail; the deletions arrive as change sets after the first `sync`.
    @Test func aWatchStreamingItsFirstRowsSurvivesAnotherProcessDeletingThem() throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(budget(sandbox.database, "add-category", "Food", "300") == 0)
        #expect(system("""
            sqlite3 '\(sandbox.database)' "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
            INSERT INTO transactions (date, amount, category_id, payee, note) SELECT '2026-11-01', i, 1, 'p' || i, '' FROM n"
            """) == 0)
        let watch = WatchProcess(binary: EndToEndTests.binary!, database: sandbox.database)
        #expect(system("sqlite3 '\(sandbox.database)' 'DELETE FROM transactions WHERE id > 27000' > /dev/null") == 0)
        #expect(system("sqlite3 '\(sandbox.database)' 'DELETE FROM transactions WHERE id % 7 = 0' > /dev/null") == 0)
        // 30,000 rows from a debug build, then two change sets: this test passed after 18-22 s in
        // full runs under load here, close to 30. The wait ends as soon as the line comes.
        let lines = watch.lines(until: { $0 == "{\"event\": \"sync\", \"count\": 23143}" }, seconds: 120)
        #expect(lines.last == "{\"event\": \"sync\", \"count\": 23143}")
        #expect(watch.exitStatus(within: 0) == nil, "watch stopped while streaming")
        kill(watch.pid, SIGTERM)
        #expect(watch.exitStatus() == 128 + SIGTERM)
    }

    @Test func ctrlCEndsAWatchWithStatus130() throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(budget(sandbox.database, "add-category", "Food", "300") == 0)
        let watch = WatchProcess(binary: EndToEndTests.binary!, database: sandbox.database)
        #expect(watch.lines { $0.contains("\"sync\"") }.count == 1)
        kill(watch.pid, SIGINT)
        #expect(watch.exitStatus() == 130)
    }

    @Test
    func budgetWatchStreamsAnotherProcesssAddAndExits143OnSIGTERM() throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(budget(sandbox.database, "add-category", "Food", "300") == 0)
        #expect(budget(sandbox.database, "add", "5", "Food", "First", "--date", "2026-11-01") == 0)
        let watch = WatchProcess(binary: EndToEndTests.binary!, database: sandbox.database)
        #expect(watch.lines { $0.contains("\"sync\"") }.count == 2)
        #expect(budget(sandbox.database, "add", "2.50", "Food", "Before", "--date", "2026-10-31") == 0)
        let lines = watch.lines { $0.contains("\"sync\"") }
        #expect(lines == [
            "{\"event\": \"insert\", \"index\": 0, \"transaction\": {\"id\": 2, \"date\": \"2026-10-31\", \"amount\": 2.50, \"category\": \"Food\", \"payee\": \"Before\", \"note\": \"\", \"kind\": \"expense\", "
                + "\"account\": \"Main\", \"transfer_account\": \"\", \"split\": \"\", \"split_note\": \"\", \"reconciled\": \"\", \"transfer_reconciled\": \"\"}}",
            "{\"event\": \"sync\", \"count\": 2}",
        ])
        kill(watch.pid, SIGTERM)
        #expect(watch.exitStatus() == 128 + SIGTERM)
    }

    @Test
    func budgetWatchEndsQuietlyWhenItsReaderGoesAwayEvenWhileIdle() throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(budget(sandbox.database, "add-category", "Food", "300") == 0)
        let watch = WatchProcess(binary: EndToEndTests.binary!, database: sandbox.database)
        #expect(watch.lines { $0.contains("\"sync\"") } == ["{\"event\": \"sync\", \"count\": 0}"])
        watch.closeReader()
        #expect(watch.exitStatus() == 0)
    }

    /// Review 56 finding 1: a book moved over, or deleted, while watched. The watch stopped
    /// showing nothing of it (rm), or a mix of two books (mv); it now stops, says why, exit 1.
    @Test(arguments: ["mv", "rm"])
    func aWatchStopsWithStatus1WhenItsBookIsReplacedOrDeleted(how: String) throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(budget(sandbox.database, "add-category", "Food", "100") == 0)
        #expect(budget(sandbox.database, "add", "1", "Food", "ORIGINAL", "--date", "2026-11-01") == 0)
        let other = sandbox.directory + "/new.sqlite3"
        #expect(budget(other, "add-category", "Food", "100") == 0)
        #expect(budget(other, "add", "2", "Food", "NEWBOOK", "--date", "2026-11-01") == 0)
        #expect(budget(other, "add", "3", "Food", "NEWBOOK2", "--date", "2026-11-01") == 0)
        let errors = sandbox.directory + "/watch.stderr"
        let watch = WatchProcess(binary: EndToEndTests.binary!, database: sandbox.database, stderr: errors)
        #expect(watch.lines { $0.contains("\"sync\"") }.last == "{\"event\": \"sync\", \"count\": 1}")
        if how == "mv" {
            #expect(rename(other, sandbox.database) == 0)
        } else {
            for suffix in ["", "-wal", "-shm"] { unlink(sandbox.database + suffix) }
        }
        #expect(watch.exitStatus() == 1)
        #expect(watch.lines { _ in false } == [])   // not one row of the other file
        #expect(String(decoding: sandbox.bytes(errors), as: UTF8.self)
                == "budget: error: the book at \(sandbox.database) was replaced or deleted while watched\n"
                + "hint: run the command again to watch the book now at that path\n")
    }

    /// `restore` keeps the book's file (it replaces its content through SQLite), so a watch
    /// follows it with a reload and goes on, as before the check for a replaced book.
    @Test func aWatchFollowsARestoreAndGoesOn() throws {
        try #require(EndToEndTests.binary != nil, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        #expect(budget(sandbox.database, "add-category", "Food", "100") == 0)
        #expect(budget(sandbox.database, "add", "1", "Food", "KEPT", "--date", "2026-11-01") == 0)
        let backup = sandbox.directory + "/backup.sqlite3"
        #expect(budget(sandbox.database, "backup", backup) == 0)
        #expect(budget(sandbox.database, "add", "2", "Food", "GONE", "--date", "2026-11-02") == 0)
        let errors = sandbox.directory + "/watch.stderr"
        let watch = WatchProcess(binary: EndToEndTests.binary!, database: sandbox.database, stderr: errors)
        #expect(watch.lines { $0.contains("\"sync\"") }.last == "{\"event\": \"sync\", \"count\": 2}")
        #expect(budget(sandbox.database, "restore", backup) == 0)
        let reloaded = watch.lines { $0.contains("\"sync\"") }
        #expect(reloaded.first == "{\"event\": \"reload\"}")
        #expect(reloaded.last == "{\"event\": \"sync\", \"count\": 1}")
        #expect(budget(sandbox.database, "add", "3", "Food", "AFTER", "--date", "2026-11-03") == 0)
        #expect(watch.lines { $0.contains("\"sync\"") }.last == "{\"event\": \"sync\", \"count\": 2}")
        #expect(watch.exitStatus(within: 0) == nil, "the watch stopped after a restore")
        kill(watch.pid, SIGTERM)
        #expect(watch.exitStatus() == 128 + SIGTERM)
        #expect(sandbox.bytes(errors).isEmpty)
    }
}
