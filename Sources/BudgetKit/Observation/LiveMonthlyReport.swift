/// A month's report kept current: each category's budget, rollover and actual, and the totals,
/// from every commit through the same change log and notifications as ``LiveTransactions``.
///
/// When a commit changes a transaction, a category, a budget or an account, through this store
/// or another process (see ``DatabaseWatcher``), it computes the report again
/// (``BudgetStore/monthlyReport(for:account:)``) and tells its ``delegate`` which categories'
/// lines changed. Without a fixed month it follows the current month across its end at the
/// next sync, as `budget watch report` does.
///
/// ```swift
/// let live = try LiveMonthlyReport(store: store)
/// let changes = live.changes
/// try store.addTransaction(amount: Money(parsing: "12.50"), category: "Food")
/// for await result in changes { print(try result.get().updated) }   // ["Food"]
/// ```
///
/// It is heard like every live result (see ``LiveResult``): its ``changes`` sequence, an
/// ``ObservableLive`` model, or its ``delegate``.
///
/// - Complexity: a sync that has to recompute costs one report.
///
/// Not thread-safe: use it in the isolation that owns its store (see ``LiveResult``).
public final class LiveMonthlyReport: LiveResult {
    /// The store it reads and observes.
    public let store: BudgetStore
    /// The month reported; `nil`: the current month.
    public let fixedMonth: Month?
    /// The name of the account whose transactions alone count, as of the latest sync (the
    /// report follows its account through a rename); `nil`: every account.
    public private(set) var account: String?
    /// The id of ``account``.
    private let accountID: Int64?
    /// The report as of the latest sync.
    public private(set) var report: MonthlyReport
    /// The month of ``report``.
    public var month: Month { report.month }
    /// Told about every change after it happened, and about automatic syncs that failed. Held weakly.
    public weak var delegate: (any LiveMonthlyReportDelegate)?
    /// The error of the latest automatic sync, while no sync has succeeded since.
    public internal(set) var lastSyncError: (any Error)?

    let source: any LiveSource
    private var lastSequence: Int64
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false
    let gate = SyncGate()
    /// The change sequences and observable models hearing this report.
    let hub = LiveHub<ReportChangeSet>()
    /// Its registration with the store's change tracker; cancelled by ``cancel()`` or on release.
    private var subscription: ChangeTracker.Subscription?

    /// Computes the report and starts observing the store.
    ///
    /// - Parameters:
    ///   - month: the month reported; `nil` (the default) follows the current month.
    ///   - account: only this account's transactions count; `nil` for the whole book.
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/totalTooLarge``, a database error.
    public convenience init(store: BudgetStore, month: Month? = nil, account: String? = nil) throws {
        try self.init(store: store, month: month, account: account, source: store.makeLiveReader())
    }

    init(store: BudgetStore, month: Month?, account: String?, source: any LiveSource) throws {
        self.store = store
        self.fixedMonth = month
        self.source = source
        // The sequence first: a commit landing before the report is read is read again, never lost.
        lastSequence = try Self.read(source) { try source.changeSequence() }
        let named = try account.map { try store.account(named: $0) }
        (self.account, accountID) = (named?.name, named?.id)
        (report, _) = try Self.report(of: store, for: month ?? .current(), accountID: accountID)
        subscription = store.changeTracker.subscribe { [weak self] in self?.storeDidCommit() }
    }

    /// Stops observing: no callback runs after this, the delegate is dropped, and every
    /// ``changes`` sequence ends.
    public func cancel() {
        isCancelled = true
        delegate = nil
        subscription?.cancel()
        hub.finish()
    }

    /// Every change set this report delivers from now on, and every automatic sync that fails,
    /// as an `AsyncSequence` that watches other processes' commits while it is iterated.
    public var changes: LiveChanges<LiveMonthlyReport> { LiveChanges(live: self, feed: hub.makeFeed(store: store)) }

    /// The report's lines: expense categories, then income categories, each by name.
    public var rows: [ReportLine] { report.lines }

    /// Catches up with every commit since the last sync (and, without a fixed month, with a new
    /// month) and tells the delegate and the ``changes`` sequences.
    ///
    /// - Returns: the change set delivered, or `nil` when the report is the same.
    /// - Throws: a database error, ``BudgetError/unknownAccount(_:)`` when the account was deleted, or
    ///   ``BudgetError/totalTooLarge``; the report is then unchanged and the next sync retries.
    @discardableResult
    public func processPendingChanges() throws -> ReportChangeSet? {
        try deliverPendingChanges()
    }

    func tellDelegate(_ result: Result<ReportChangeSet, any Error>) {
        switch result {
        case .success(let changeSet): delegate?.liveMonthlyReport(self, didChangeContentWith: changeSet)
        case .failure(let error): delegate?.liveMonthlyReport(self, didFailToSyncWith: error)
        }
    }

    /// `body` in a snapshot of `source`, ended however `body` ends (a snapshot left open would
    /// hold back the WAL's checkpoints until the next sync).
    private static func read<T>(_ source: any LiveSource, _ body: () throws -> T) throws -> T {
        try source.beginSnapshot()
        defer { source.endSnapshot() }
        return try body()
    }

    /// The report of `month`, of the whole book or of the account with `accountID`, and that
    /// account's name now.
    ///
    /// - Throws: ``BudgetError/unknownAccount(_:)`` with the name it had (`named`) when the
    ///   account was deleted; ``BudgetError/totalTooLarge``, a database error.
    private static func report(of store: BudgetStore, for month: Month, accountID: Int64?,
                               named name: String? = nil) throws -> (MonthlyReport, String?) {
        guard let accountID else { return (try store.monthlyReport(for: month), nil) }
        do {
            let (report, account) = try store.monthlyReport(for: month, accountID: accountID)
            return (report, account.name)
        } catch BudgetError.unknownAccount where name != nil {
            throw BudgetError.unknownAccount(name ?? "")
        }
    }

    /// Reads the log, and the report again when something it shows may have changed.
    func nextChangeSet() throws -> ReportChangeSet? {
        let month = fixedMonth ?? .current()
        let logged = try Self.read(source) { [lastSequence] in try source.changes(after: lastSequence) }
        let matters = logged.map {
            $0.needsReload || !$0.transactionIDs.isEmpty || !$0.transactionRanges.isEmpty || !$0.categoryIDs.isEmpty
                || !$0.budgetCategoryIDs.isEmpty || !$0.accountIDs.isEmpty
        } ?? false
        guard matters || month != report.month else {
            lastSequence = logged?.sequence ?? lastSequence
            return nil
        }
        // Read after the log: it holds at least what the log said, and anything later is read
        // again at the next sync (and then changes nothing).
        let (new, accountName) = try Self.report(of: store, for: month, accountID: accountID, named: account)
        let changeSet = ReportChangeSet(from: report, to: new, accountRenamed: accountName != account)
        (report, account) = (new, accountName)
        lastSequence = logged?.sequence ?? lastSequence
        return changeSet.isEmpty ? nil : changeSet
    }
}

/// What one sync changed in a ``LiveMonthlyReport``: the categories whose lines appeared, went,
/// or show other amounts, by name; whether the month changed; and the report after the change.
/// A renamed category is a line gone under its old name and one added under its new name.
public struct ReportChangeSet: Hashable, Sendable {
    /// Categories whose lines are new (added, renamed to, or first counted in this month).
    public let inserted: [String]
    /// Categories whose lines went (deleted, renamed from).
    public let deleted: [String]
    /// Categories whose line shows another budget, rollover, actual or kind.
    public let updated: [String]
    /// Whether the report is now of another month (the current month moved on).
    public let monthChanged: Bool
    /// Whether a total (expenses, income, or the net) changed.
    public let totalsChanged: Bool
    /// Whether the account the report is of was renamed (``LiveMonthlyReport/account`` holds
    /// its new name): a title that names it is out of date.
    public let accountRenamed: Bool
    /// The report after the change.
    public let report: MonthlyReport

    /// The difference between two reports, by category name; `accountRenamed` when the account
    /// they are of was renamed between them.
    public init(from old: MonthlyReport, to new: MonthlyReport, accountRenamed: Bool = false) {
        let before = Dictionary(old.lines.map { ($0.category, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.lines.map { ($0.category, $0) }, uniquingKeysWith: { first, _ in first })
        inserted = new.lines.map(\.category).filter { before[$0] == nil }
        deleted = old.lines.map(\.category).filter { after[$0] == nil }
        updated = new.lines.filter { line in before[line.category].map { $0 != line } ?? false }.map(\.category)
        monthChanged = old.month != new.month
        totalsChanged = old.expenseTotals != new.expenseTotals || old.incomeTotals != new.incomeTotals
        self.accountRenamed = accountRenamed
        report = new
    }

    /// Whether nothing shown changed.
    public var isEmpty: Bool { inserted.isEmpty && deleted.isEmpty && updated.isEmpty && !monthChanged && !totalsChanged && !accountRenamed }
}

/// Hears what changed in a ``LiveMonthlyReport``. Every method has an empty default.
public protocol LiveMonthlyReportDelegate: AnyObject {
    /// The report changed; `changeSet` says how. The live report already holds the new state.
    func liveMonthlyReport(_ report: LiveMonthlyReport, didChangeContentWith changeSet: ReportChangeSet)
    /// An automatic sync failed with `error`; the report is unchanged and the next commit retries.
    func liveMonthlyReport(_ report: LiveMonthlyReport, didFailToSyncWith error: any Error)
}

extension LiveMonthlyReportDelegate {
    /// Does nothing.
    public func liveMonthlyReport(_ report: LiveMonthlyReport, didChangeContentWith changeSet: ReportChangeSet) {}
    /// Does nothing.
    public func liveMonthlyReport(_ report: LiveMonthlyReport, didFailToSyncWith error: any Error) {}
}

@available(*, unavailable)
extension LiveMonthlyReport: Sendable {}

extension LiveMonthlyReport: LiveDelivering {}
