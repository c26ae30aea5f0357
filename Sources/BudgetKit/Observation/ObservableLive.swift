#if canImport(Observation)
import Observation

/// A live result as an `@Observable` model, for a view layer to bind to: its rows, count,
/// sections (for transactions), latest change set and latest sync error are observable
/// properties, changed in the store's isolation right after each sync, as the delegate hears it.
///
/// ```swift
/// @MainActor final class LedgerScreen {
///     let model: ObservableLive<LiveTransactions>
///     init(store: BudgetStore) throws {
///         model = ObservableLive(try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month)))
///     }
///     func draw() {
///         withObservationTracking {
///             print(model.count, model.sections.map(\.name), model.lastError as Any)
///         } onChange: { /* schedule the next draw */ }
///     }
/// }
/// // let watching = Task { await screen.model.watch() }   // other processes' commits too
/// ```
///
/// This process's writes reach the model as they commit. Other processes' commits reach it
/// while ``watch(isolation:)`` runs (or while anything else watches the store: a
/// ``DatabaseWatcher``, a ``LiveResult/changes`` sequence being iterated).
///
/// Generic over ``LiveResult``: `ObservableLive<LiveTransactions>`,
/// `ObservableLive<LiveCategories>`, `ObservableLive<LiveAccounts>`,
/// `ObservableLive<LiveMonthlyReport>`. Available where the
/// toolchain has the Observation module (Swift 5.9 and later, Linux included).
///
/// Not thread-safe: it belongs to the isolation that owns its store (see ``LiveResult``); make
/// it `@MainActor` code's to bind a user interface.
@Observable
public final class ObservableLive<Live: LiveResult> {
    /// The live result it follows.
    public let live: Live
    /// How many rows the result holds.
    public private(set) var count: Int
    /// The latest change set, for a view that animates changes; `nil` before the first.
    public private(set) var lastChange: Live.ChangeSet? = nil
    /// The error of the latest automatic sync that failed, until a sync delivers a change set:
    /// the rows are meanwhile those of the last good sync.
    public private(set) var lastError: (any Error)? = nil
    /// Bumped at every change, so readers of ``rows`` hear of every change.
    private var version = 0
    private let feed: LiveFeed<Live.ChangeSet>

    /// Follows `live` from now on.
    public init(_ live: Live) {
        self.live = live
        count = live.rows.count
        lastError = live.lastSyncError
        feed = live.changes.feed
        feed.handler = { [weak self] outcome in self?.apply(outcome) }
    }

    /// The rows as of the latest sync (observable: reading them tracks every change).
    public var rows: Live.Rows {
        _ = version
        return live.rows
    }

    /// Delivers other processes' commits to the model until the task is cancelled or the live
    /// result is; this process's writes need no watching. Runs in the caller's isolation.
    ///
    /// ```swift
    /// let watching = Task { await model.watch() }
    /// // ...
    /// watching.cancel()
    /// ```
    public func watch(isolation: isolated (any Actor)? = #isolation) async {
        await feed.watch(isolation: isolation)
    }

    private func apply(_ outcome: Result<Live.ChangeSet, any Error>) {
        switch outcome {
        case .success(let changeSet):
            count = live.rows.count
            lastChange = changeSet
            lastError = nil
            version &+= 1
        case .failure(let error):
            lastError = error
        }
    }
}

extension ObservableLive where Live == LiveTransactions {
    /// The list's sections as of the latest sync (observable).
    public var sections: [TransactionSection] {
        _ = version
        return live.sections
    }
}

@available(*, unavailable)
extension ObservableLive: Sendable {}
#endif
