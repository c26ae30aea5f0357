#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// A small, seeded random number generator (SplitMix64), so a failing run can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Records what a live list tells its delegate, checking the order of the calls.
final class ChangeRecorder: LiveTransactionsDelegate {
    var changeSets: [TransactionChangeSet] = []
    var changes: [TransactionChange] = []
    var pendingChanges: [TransactionChange]?
    var orderViolations: [String] = []

    func liveTransactionsWillChange(_ transactions: LiveTransactions) {
        if pendingChanges != nil { orderViolations.append("will-change twice") }
        pendingChanges = []
    }

    func liveTransactions(_ transactions: LiveTransactions, didChange change: TransactionChange) {
        if pendingChanges == nil { orderViolations.append("change outside will/did") }
        pendingChanges?.append(change)
        changes.append(change)
    }

    func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {
        if pendingChanges != changeSet.changes { orderViolations.append("changes heard differ from the change set") }
        pendingChanges = nil
        changeSets.append(changeSet)
    }

    /// The change sets heard since the last call.
    func take() -> [TransactionChangeSet] {
        defer { changeSets = [] }
        return changeSets
    }
}

/// Runs the sqlite3 shell on `path` with `sql`, as a separate process.
@discardableResult
func sqliteShell(_ path: String, _ sql: String) -> Int32 {
    let script = path + ".sql"
    let file = fopen(script, "w")!
    fputs(sql, file)
    fclose(file)
    defer { unlink(script) }
    return system("sqlite3 -bail '\(path)' < '\(script)' > /dev/null")
}

extension TransactionSnapshot {
    /// Whether every row sits in the section its own fields name.
    func sectionsMatchRows(_ sectioning: TransactionSectioning?) -> Bool {
        guard let sectioning else { return sections.count == 1 && sections[0].range == transactions.indices }
        var next = 0
        for section in sections {
            guard section.range.lowerBound == next, !section.range.isEmpty else { return false }
            next = section.range.upperBound
            for row in transactions[section.range] {
                let name = sectioning == .month ? row.date.monthOfYear.description : row.category
                if name != section.name { return false }
            }
        }
        return next == transactions.count
    }
}

/// A live source that fails when asked to: the store's own reader, with a switch in front of
/// each read. `fails` is asked before every read, with the read's name.
final class FailingSource: LiveSource {
    struct InjectedFailure: Error, Equatable {
        let read: String
    }

    let base: any LiveSource
    var fails: (String) -> Bool = { _ in false }
    private(set) var failures = 0

    init(_ base: any LiveSource) { self.base = base }

    /// Fails the next read named `name`, once.
    func failOnce(_ name: String) {
        var armed = true
        fails = { read in
            guard armed, read == name else { return false }
            armed = false
            return true
        }
    }

    private func check(_ read: String) throws {
        if fails(read) {
            failures += 1
            throw InjectedFailure(read: read)
        }
    }

    var holdsSnapshot: Bool { base.holdsSnapshot }
    var canHoldSnapshot: Bool { base.canHoldSnapshot }
    func beginSnapshot() throws { try check("beginSnapshot"); try base.beginSnapshot() }
    func endSnapshot() { base.endSnapshot() }
    func changeSequence() throws -> Int64 { try check("changeSequence"); return try base.changeSequence() }
    func changes(after sequence: Int64) throws -> LoggedChanges? { try check("changes"); return try base.changes(after: sequence) }
    func categoryNames() throws -> [Int64: CategoryName] { try check("categoryNames"); return try base.categoryNames() }
    func categoryID(named name: String) throws -> Int64 { try check("categoryID"); return try base.categoryID(named: name) }
    func categories(in month: Month) throws -> [KeyedCategory] { try check("categories"); return try base.categories(in: month) }
    func accountID(named name: String) throws -> Int64 { try check("accountID"); return try base.accountID(named: name) }
    func accountBalances(on day: Day, includingClosed: Bool) throws -> [AccountBalance] {
        try check("accountBalances")
        return try base.accountBalances(on: day, includingClosed: includingClosed)
    }
    func ids(inAccount id: Int64, query: LiveQuery) throws -> [Int64] { try check("idsInAccount"); return try base.ids(inAccount: id, query: query) }
    func query(for request: TransactionRequest, categoryID: Int64?, accountID: Int64?, matchesNothing: Bool) -> LiveQuery {
        base.query(for: request, categoryID: categoryID, accountID: accountID, matchesNothing: matchesNothing)
    }
    func highestTransactionID() throws -> Int64 { try check("highestTransactionID"); return try base.highestTransactionID() }
    func hasTransactions(inCategory id: Int64) throws -> Bool { try check("hasTransactions"); return try base.hasTransactions(inCategory: id) }
    func keyCount(_ query: LiveQuery) throws -> Int { try check("keyCount"); return try base.keyCount(query) }
    func forEachKey(_ query: LiveQuery, limit: Int, fromTheEnd: Bool, _ body: (SortColumns) -> Void) throws {
        try check("forEachKey")
        try base.forEachKey(query, limit: limit, fromTheEnd: fromTheEnd, body)
    }
    func rows(ids: ArraySlice<Int64>, query: LiveQuery, matchingFilter: Bool) throws -> [LiveRow] {
        try check(matchingFilter ? "changedRows" : "pageRows")
        return try base.rows(ids: ids, query: query, matchingFilter: matchingFilter)
    }
    func rows(inCategory id: Int64, query: LiveQuery) throws -> [LiveRow] {
        try check("rowsInCategory")
        return try base.rows(inCategory: id, query: query)
    }
    func rows(inRange range: ClosedRange<Int64>, query: LiveQuery) throws -> [LiveRow] {
        try check("rowsInRange")
        return try base.rows(inRange: range, query: query)
    }
}

extension LiveTransactions {
    /// A live list reading through a ``FailingSource``.
    static func failable(store: BudgetStore, request: TransactionRequest = .init()) throws -> (LiveTransactions, FailingSource) {
        let source = FailingSource(try store.makeLiveReader())
        return (try LiveTransactions(store: store, request: request, source: source), source)
    }
}

extension TransactionChangeSet {
    /// What a table view's batch update would refuse: an update of a row inside a section that
    /// is deleted (old indexes) or inserted (new indexes), or a section left in place whose
    /// neighbours changed order. Empty when the change set is sound.
    func batchUpdateProblems(before: TransactionSnapshot) -> [String] {
        var problems: [String] = []
        let deletedRanges = sectionDeletions.map { before.sections[$0.index].range }
        let insertedRanges = sectionInsertions.map { sections[$0.index].range }
        for update in updates {
            if deletedRanges.contains(where: { $0.contains(update.index) }) {
                problems.append("update at \(update.index) inside a deleted section")
            }
            if insertedRanges.contains(where: { $0.contains(update.newIndex) }) {
                problems.append("update to \(update.newIndex) inside an inserted section")
            }
        }
        let deleted = Set(sectionDeletions.map(\.index)), inserted = Set(sectionInsertions.map(\.index))
        let keptBefore = before.sections.indices.filter { !deleted.contains($0) }.map { before.sections[$0].name }
        let keptAfter = sections.indices.filter { !inserted.contains($0) }.map { sections[$0].name }
        if keptBefore != keptAfter { problems.append("sections kept in place changed: \(keptBefore) -> \(keptAfter)") }
        return problems
    }
}
