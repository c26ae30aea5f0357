/// The re-entrancy guard every live result's sync goes through: when a delegate writes to the
/// store while hearing about a change, that write's commit does not start a nested sync; the
/// running one goes round once more instead, so changes are delivered in order, once.
///
/// A class, so the guard can be checked and set while the sync it guards is still running.
/// Not thread-safe: it belongs to its live result.
final class SyncGate {
    private var isSyncing = false
    private var needsAnotherRound = false

    /// Runs `round` until a round finds nothing more to do (or `isCancelled`), unless a sync is
    /// already running, which then goes round once more.
    ///
    /// - Returns: what the last round that found changes returned, or `nil`.
    func sync<Changes>(isCancelled: () -> Bool, _ round: () throws -> Changes?) rethrows -> Changes? {
        guard !isSyncing else {
            needsAnotherRound = true
            return nil
        }
        isSyncing = true
        defer { isSyncing = false }
        var delivered: Changes?
        repeat {
            needsAnotherRound = false
            if let changes = try round() { delivered = changes }
        } while needsAnotherRound && !isCancelled()
        return delivered
    }
}

@available(*, unavailable)
extension SyncGate: Sendable {}
