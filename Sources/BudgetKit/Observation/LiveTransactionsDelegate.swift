/// Hears what changed in a ``LiveTransactions``, in the order Core Data's fetched results
/// controller tells its delegate: will-change, then each change, then did-change with the whole
/// change set; and hears when an automatic sync failed. Every method has an empty default, so
/// implement only what you need.
///
/// During every change call the list already holds the new state: its `count`, `sections` and
/// rows are those after the change, and rows it loads come from the database state the change
/// set describes.
public protocol LiveTransactionsDelegate: AnyObject {
    /// Changes are about to be reported.
    func liveTransactionsWillChange(_ transactions: LiveTransactions)
    /// One change (see ``TransactionChangeSet/changes`` for the order).
    func liveTransactions(_ transactions: LiveTransactions, didChange change: TransactionChange)
    /// Every change has been reported; `changeSet` holds them all.
    func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet)
    /// An automatic sync (after a commit through the store, or one a ``DatabaseWatcher`` saw)
    /// failed with `error`. The list is unchanged, still showing the state of its last sync, and
    /// ``LiveTransactions/lastSyncError`` holds `error` until a sync succeeds: the next commit
    /// retries, or call ``LiveTransactions/processPendingChanges()``.
    func liveTransactions(_ transactions: LiveTransactions, didFailToSyncWith error: any Error)
}

extension LiveTransactionsDelegate {
    /// Does nothing.
    public func liveTransactionsWillChange(_ transactions: LiveTransactions) {}
    /// Does nothing.
    public func liveTransactions(_ transactions: LiveTransactions, didChange change: TransactionChange) {}
    /// Does nothing.
    public func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {}
    /// Does nothing.
    public func liveTransactions(_ transactions: LiveTransactions, didFailToSyncWith error: any Error) {}
}
