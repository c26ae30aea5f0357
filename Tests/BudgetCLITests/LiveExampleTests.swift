import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The example program (Sources/budget-live-example), built beside the tests, run as a separate
/// process: it follows a book with `for await` and prints what other processes commit.
@Suite(.serialized) struct LiveExampleTests {
    /// The built example beside the test bundle, if it was built.
    static let binary: String? = EndToEndTests.binary.map { String($0.dropLast("budget".count)) + "budget-live-example" }
        .flatMap { access($0, X_OK) == 0 ? $0 : nil }

    /// A running example whose stdout is a pipe this test reads.
    final class Example {
        let pid: pid_t
        private let readEnd: Int32
        private var pending: [UInt8] = []

        init(_ arguments: [String]) throws {
            let binary = try #require(LiveExampleTests.binary, "make test builds the example beside the tests")
            let ends = ChildPipe()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, ends.writeEnd, 1)
            posix_spawn_file_actions_adddup2(&actions, ends.writeEnd, 2)
            var argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            precondition(posix_spawn(&pid, binary, &actions, nil, &argv, environ) == 0)
            close(ends.writeEnd)
            self.pid = pid
            readEnd = ends.readEnd
        }

        /// Lines read until one satisfies `done` or the output ends (at most `seconds`).
        func lines(until done: (String) -> Bool, seconds: Int = 20) -> [String] {
            var lines: [String] = []
            let deadline = time(nil) + seconds
            while time(nil) <= deadline {
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                    if done(lines.last!) { return lines }
                }
                var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 200) > 0 else { continue }   // never block in read
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(readEnd, &buffer, buffer.count)
                if count > 0 { pending += buffer[..<count] } else if count == 0 { break }
            }
            return lines
        }

        /// The exit status, waiting at most `seconds`; `nil` if it is still running.
        func exitStatus(within seconds: Int = 20) -> Int32? {
            for _ in 0..<(seconds * 100) {
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
            close(readEnd)
        }
    }

    func book(_ sandbox: Sandbox) throws -> BudgetStore {
        let store = try BudgetStore(path: sandbox.database)
        try store.addCategory(named: "Food", monthlyBudget: Money(parsing: "300"))
        try store.addTransaction(amount: Money(parsing: "5"), category: "Food", payee: "First", date: Day(iso: "2026-11-01")!)
        return store
    }

    @Test func itPrintsAnotherProcesssCommitsAndStopsAfterCount() throws {
        let sandbox = Sandbox()
        let store = try book(sandbox)
        let example = try Example([sandbox.database, "2"])
        #expect(example.lines { $0.hasPrefix("following") }.last == "following \(sandbox.database): 1 transaction; Ctrl-C stops")
        try store.addTransaction(amount: Money(parsing: "7.25"), category: "Food", payee: "Second", date: Day(iso: "2026-11-02")!)
        // Each commit is read before the next is made: two commits seen together are one change set.
        #expect(example.lines { $0.hasPrefix("=") } == [
            "  + 0  2026-11-02  Food  7.25  Second",
            "= 2 transactions in 1 month",
        ])
        try store.write {
            try store.editTransaction(id: 1, TransactionChanges(date: Day(iso: "2026-12-05")))
            try store.deleteTransactions(ids: [2])
        }
        #expect(example.lines { $0.hasPrefix("stopped") } == [
            "  section - 0 2026-11",
            "  section + 0 2026-12",
            "  - 0  #2",
            "  > 1 -> 0  2026-12-05  Food  5.00  First",
            "= 1 transaction in 1 month",
            "stopped after 2 change sets",
        ])
        #expect(example.exitStatus() == 0)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndsItCleanly(signal: Int32) throws {
        let sandbox = Sandbox()
        _ = try book(sandbox)
        let example = try Example([sandbox.database])
        #expect(example.lines { $0.hasPrefix("following") }.count == 1)
        kill(example.pid, signal)
        #expect(example.lines { $0.hasPrefix("stopped") }.last == "stopped after 0 change sets")
        #expect(example.exitStatus() == 0)
    }

    @Test func withoutABookItSaysHowToRunIt() throws {
        let sandbox = Sandbox()
        let missing = try Example([sandbox.database])
        #expect(missing.lines { _ in false }.first?.hasPrefix("budget-live-example: ") == true)
        #expect(missing.exitStatus() == 1)
        let usage = try Example(["a", "b", "c"])
        #expect(usage.lines { _ in false } == ["usage: budget-live-example BOOK [COUNT]   (or BUDGET_DB=BOOK budget-live-example)"])
        #expect(usage.exitStatus() == 64)
        let help = try Example(["--help"])
        #expect(help.lines { _ in false } == ["usage: budget-live-example BOOK [COUNT]   (or BUDGET_DB=BOOK budget-live-example)"])
        #expect(help.exitStatus() == 0)
        // An option it does not have is not a book's name, and a count of -5 is no count.
        let option = try Example(["-5"])
        #expect(option.lines { _ in false }.first == "budget-live-example: unknown option '-5' (a book named so goes after --)")
        #expect(option.exitStatus() == 64)
        let count = try Example([sandbox.database, "-5"])
        #expect(count.lines { _ in false }.first == "budget-live-example: COUNT must be a whole number above 0, not '-5'")
        #expect(count.exitStatus() == 64)
    }
}
