import Observation
import Testing
import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// The README's library example, compiled and run: the documentation cannot drift from the API.
@Suite struct ReadmeExampleTests {
    final class Recorder: LiveTransactionsDelegate {
        var changes: [TransactionChange] = []
        func liveTransactions(_ live: LiveTransactions, didChangeContentWith changes: TransactionChangeSet) {
            self.changes += changes.changes
        }
    }

    @Test func theLibraryExampleRunsAsWritten() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: dir.file("budget.sqlite3"))
        try store.addCategory(named: "Food", monthlyBudget: Money(parsing: "300"))
        try store.addTransaction(amount: Money(parsing: "12.50"), category: "Food", payee: "Lunch")
        let request = TransactionRequest(filter: TransactionFilter(month: .current()),
                                         sort: TransactionSort(.amount, ascending: false), sectioning: .category)
        let live = try LiveTransactions(store: store, request: request)
        let recorder = Recorder()
        live.delegate = recorder
        #expect(live.count == 1)
        #expect(live.sections.map(\.name) == ["Food"])
        #expect(live.first?.payee == "Lunch")
        try store.addTransaction(amount: Money(parsing: "40"), category: "Food")
        #expect(recorder.changes.count == 1)
        #expect(live.map(\.amount) == [try Money(parsing: "40"), try Money(parsing: "12.50")])
        let watcher = try DatabaseWatcher(store: store)
        #expect(watcher.wait(milliseconds: 10) == false)
    }

    @Test func theSeveralSortKeysExampleRunsAsWritten() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: dir.file("budget.sqlite3"))
        for name in ["Food", "Rent"] { try store.addCategory(named: name, monthlyBudget: .zero) }
        for (amount, category) in [("12.50", "Food"), ("900", "Rent"), ("40", "Food"), ("12.50", "Food")] {
            try store.addTransaction(amount: Money(parsing: amount), category: category)
        }
        let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month))
        let recorder = Recorder()
        live.delegate = recorder

        // By category, then largest first, then oldest first.
        let byCategory = TransactionSort([.ascending(.category), .descending(.amount), .ascending(.date)])
        try live.setRequest(TransactionRequest(sort: byCategory, sectioning: .month))  // moves, not a reload
        let november = try store.transactions(matching: TransactionFilter(month: .current()), sortedBy: byCategory)  // the same order, once

        #expect(recorder.changes.allSatisfy { if case .move = $0 { true } else { false } } && !recorder.changes.isEmpty)
        #expect(live.map(\.id) == [3, 1, 4, 2] && november.map(\.id) == [3, 1, 4, 2])
    }
}

extension LiveAsyncTests {
    /// The README's "Live results in Swift" examples, compiled and run on the main actor as written.
    @Suite struct ReadmeLiveExampleTests {
        @MainActor @Test func theLiveResultsInSwiftExamplesRunAsWritten() async throws {
            try await withWatchdog { @MainActor in try await example() }
        }

        /// Review 56 finding 5: the README's first example is the code `example()` runs, line for
        /// line (comments and blank lines aside), from `let changes` to `following.cancel()`. The
        /// README had left out the wait before `cancel()`, so as written it printed nothing.
        @Test func theReadmeShowsTheCodeThisTestRuns() throws {
            let here = #filePath
            let root = here.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
            let readme = try #require(Self.text(root + "/README.md"))
            let source = try #require(Self.text(here))
            #expect(Self.example(in: readme) == Self.example(in: source))
            #expect(Self.example(in: source).count == 16)
        }

        /// The code lines from `let changes = live.changes` to `following.cancel()`, trimmed,
        /// without comments and blank lines.
        static func example(in text: String) -> [String] {
            let code = text.split(separator: "\n").map { line in trimmed(line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line) }
            guard let start = code.firstIndex(of: "let changes = live.changes"),
                  let end = code[start...].firstIndex(of: "following.cancel()") else { return [] }
            return code[start...end].filter { !$0.isEmpty }
        }

        /// `text` without the spaces around it.
        static func trimmed(_ text: Substring) -> String {
            String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }

        /// The text of the file at `path`, or `nil` (``fileBytes(_:)``).
        static func text(_ path: String) -> String? {
            fileBytes(path).map { String(decoding: $0, as: UTF8.self) }
        }

        @MainActor func example() async throws {
            let dir = TemporaryDirectory()
            let path = dir.file("budget.sqlite3")
            var printed: [String] = []
            func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
            let redraws = Counter()
            @Sendable func scheduleRedraw() { redraws.bump() }

            let store = try BudgetStore(path: path)
            let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month))

            let changes = live.changes
            let following = Task {
                for await result in changes {
                    switch result {
                    case .success(let changeSet): print(changeSet.insertions.count, "new,", changeSet.count, "in all")
                    case .failure(let error): print("behind until the next commit:", error)
                    }
                }
            }

            try store.write {
                try store.addCategory(named: "Travel", monthlyBudget: Money(parsing: "200"))
                try store.addTransaction(amount: Money(parsing: "89"), category: "Travel", payee: "Train")
                try store.addTransaction(amount: Money(parsing: "120"), category: "Travel", payee: "Hotel")
            }
            try await Task.sleep(for: .milliseconds(100))
            following.cancel()
            await following.value
            #expect(printed == ["2 new, 2 in all"])

            let model = ObservableLive(live)
            withObservationTracking { print(model.count, model.sections.map(\.name)) } onChange: { scheduleRedraw() }
            let watching = Task { await model.watch() }
            try BudgetStore(path: path).addTransaction(amount: Money(parsing: "3"), category: "Travel", payee: "Bus")
            while redraws.count == 0 { try await Task.sleep(for: .milliseconds(1)) }
            watching.cancel()
            await watching.value
            #expect(model.count == 3)

            let report = try LiveMonthlyReport(store: store)            // this month, every account
            let reportChanges = report.changes
            let reporting = Task {
                for await result in reportChanges {
                    guard let change = try? result.get() else { continue }
                    print(change.updated, change.report.net)
                    break
                }
            }
            try store.addTransaction(amount: Money(parsing: "10"), category: "Travel", payee: "Taxi")
            await reporting.value
            #expect(printed.last == "[\"Travel\"] -222.00")
        }
    }
}
