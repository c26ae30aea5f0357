/// Hears what changed in a ``LiveTransactions``, in the order Core Data's fetched results
/// controller tells its delegate: will-change, then each change, then did-change with the whole
/// change set. Every method has an empty default, so implement only what you need.
///
/// During every call the list already holds the new state: its `count`, `sections` and rows
/// are those after the change.
public protocol LiveTransactionsDelegate: AnyObject {
    /// Changes are about to be reported.
    func liveTransactionsWillChange(_ transactions: LiveTransactions)
    /// One change (see ``TransactionChangeSet/changes`` for the order).
    func liveTransactions(_ transactions: LiveTransactions, didChange change: TransactionChange)
    /// Every change has been reported; `changeSet` holds them all.
    func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet)
}

extension LiveTransactionsDelegate {
    public func liveTransactionsWillChange(_ transactions: LiveTransactions) {}
    public func liveTransactions(_ transactions: LiveTransactions, didChange change: TransactionChange) {}
    public func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {}
}
