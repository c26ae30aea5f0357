/// What every live result shares (``LiveTransactions``, ``LiveCategories``, ``LiveAccounts``,
/// ``LiveMonthlyReport``):
/// rows kept current from every commit, a change set for each sync, and three ways to hear
/// them, all generic over this protocol:
///
/// - ``changes``: an `AsyncSequence` of change sets, with failed syncs as elements, that also
///   watches other processes while it is iterated;
/// - ``ObservableLive``: an `@Observable` model a view layer binds to;
/// - the type's own delegate protocol, as in Core Data's fetched results controller.
///
/// ```swift
/// let live = try LiveTransactions(store: store)
/// for await result in live.changes {
///     switch result {
///     case .success(let changeSet): apply(changeSet)             // rows the list now shows
///     case .failure(let error): show(error)                      // the list stays as it was
///     }
/// }
/// ```
///
/// **Isolation.** A live result, its store and its change sequence are not `Sendable`: they
/// belong to one isolation (one actor, or one task), which you choose by where you make the
/// store, and the compiler keeps them there. Every sync runs there, so the delegate, the
/// sequence's elements and the observable model's properties all change there, after the
/// commit: a write through the store delivers before the write returns; another process's
/// commit is delivered when the code watching it (an iterated ``changes`` sequence,
/// ``DatabaseWatcher/watch(isolation:)``) next runs there. Choose:
///
/// - **the main actor**, for a user interface: make the store and the lists in `@MainActor`
///   code; change sets and model updates then arrive on the main actor;
/// - **an actor of your own** that holds the store and its lists, and iterates ``changes`` in
///   its methods, so writes and syncs never race;
/// - **``SharedStore``**, a ready-made actor whose change streams are `Sendable`, for code
///   spread over many tasks.
///
/// The protocol is for code generic over the four; it is not meant for types of your own (a
/// ``LiveChanges`` sequence is only made by BudgetKit's live results).
public protocol LiveResult: AnyObject {
    /// What one sync changed: ``TransactionChangeSet``, ``CategoryChangeSet``, ``AccountChangeSet``
    /// or ``ReportChangeSet``.
    associatedtype ChangeSet: Hashable, Sendable
    /// What the result holds, in order: the list itself for transactions (rows load lazily),
    /// the categories, the accounts with their balances, the report's lines.
    associatedtype Rows: RandomAccessCollection

    /// The store it reads and observes.
    var store: BudgetStore { get }
    /// The rows as of the latest sync.
    var rows: Rows { get }
    /// The error of the latest automatic sync, while no sync has succeeded since (the
    /// ``changes`` sequence and the delegate hear it too).
    var lastSyncError: (any Error)? { get }
    /// Whether ``cancel()`` was called: it syncs no more, and its ``changes`` sequences end.
    var isCancelled: Bool { get }

    /// Every change set this result delivers from now on, and every automatic sync that fails,
    /// as an `AsyncSequence` that also watches other processes' commits while it is iterated.
    /// See ``LiveChanges``.
    var changes: LiveChanges<Self> { get }

    /// Catches up with every commit since the last sync and delivers the change set (to the
    /// delegate and to every ``changes`` sequence).
    ///
    /// - Returns: the change set delivered, or `nil` when nothing the result shows changed.
    /// - Throws: a database error; the result is then unchanged and the next sync retries.
    @discardableResult
    func processPendingChanges() throws -> ChangeSet?

    /// Stops observing: no delegate call after this, and every ``changes`` sequence ends.
    func cancel()
}
