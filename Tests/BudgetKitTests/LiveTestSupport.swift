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
