/// How every live result delivers what a sync found, written once: a sync runs through the
/// result's ``SyncGate`` (a delegate writing while it hears a change gets another round, not a
/// nested sync), each change set goes to the delegate and then to every ``LiveChanges``
/// sequence, and a failed automatic sync (one a commit started) is kept in
/// ``LiveResult/lastSyncError`` and told to both.
///
/// Internal: each result states only what differs, how to read its next change set and how
/// to tell its own delegate protocol.
protocol LiveDelivering: LiveResult {
    /// The re-entrancy guard of this result's syncs.
    var gate: SyncGate { get }
    /// The ``changes`` sequences' hub.
    var hub: LiveHub<ChangeSet> { get }
    /// Settable here: ``storeDidCommit()`` records a failure, a successful sync clears it.
    var lastSyncError: (any Error)? { get set }
    /// Reads what changed since the last sync and applies it; `nil` when nothing shown changed.
    func nextChangeSet() throws -> ChangeSet?
    /// Tells the delegate, if any, of a change set or of a failed automatic sync.
    func tellDelegate(_ result: Result<ChangeSet, any Error>)
}

extension LiveDelivering {
    /// The body of every result's `processPendingChanges()`: syncs through the gate and
    /// delivers each change set found.
    ///
    /// - Returns: the last change set delivered, or `nil`.
    /// - Throws: what ``nextChangeSet()`` throws; the result is then unchanged.
    func deliverPendingChanges() throws -> ChangeSet? {
        guard !isCancelled else { return nil }
        let delivered = try gate.sync(isCancelled: { isCancelled }) { () throws -> ChangeSet? in
            guard let changeSet = try nextChangeSet() else { return nil }
            deliver(changeSet)
            return changeSet
        }
        lastSyncError = nil
        return delivered
    }

    /// Tells the delegate of `changeSet`, then every ``LiveResult/changes`` sequence (a sync's,
    /// or a change of request's).
    func deliver(_ changeSet: ChangeSet) {
        if !isCancelled { tellDelegate(.success(changeSet)) }
        if !isCancelled { hub.send(.success(changeSet)) }
    }

    /// What a commit through the store starts: a sync whose failure has nobody to throw to, so
    /// it is kept and told.
    func storeDidCommit() {
        do {
            _ = try deliverPendingChanges()
        } catch {
            lastSyncError = error
            if !isCancelled { tellDelegate(.failure(error)) }
            if !isCancelled { hub.send(.failure(error)) }
        }
    }
}
