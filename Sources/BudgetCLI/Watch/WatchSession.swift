import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// `budget watch`: a live list (or this month's report) kept current from every process's
/// commits, drawn on a terminal or streamed as JSON lines.
///
/// One `poll` loop waits on three things at once (at most ``DatabaseWatcher/pollInterval`` ms):
/// the database folder (inotify), the signal self-pipe, and stdout (`POLLERR` when a pipe's
/// reader went away, so `watch | head` ends even while nothing changes).
///
/// Not thread-safe: it runs on the main thread of the `budget` process.
final class WatchSession: LiveTransactionsDelegate, LiveAccountsDelegate {
    /// What is watched.
    enum View {
        case list(TransactionRequest)
        /// `nil`: the current month, followed across a month's end; with an account, its report.
        case report(month: Month?, account: String?)
        /// The open accounts with their balances today.
        case accounts
    }

    let store: BudgetStore
    let view: View
    let output: Output
    /// The terminal drawn on; `nil` streams JSON lines.
    let screen: TerminalScreen?
    let usesColor: Bool
    private let watcher: DatabaseWatcher
    private(set) var live: LiveTransactions?
    private var liveAccounts: LiveAccounts?
    private var report: MonthlyReport?
    private var writeError: (any Error)?
    private var needsRedraw = false

    init(store: BudgetStore, view: View, output: Output, terminal: Bool, usesColor: Bool) throws {
        self.store = store
        self.view = view
        self.output = output
        screen = terminal ? TerminalScreen(output: output) : nil
        self.usesColor = usesColor
        watcher = try DatabaseWatcher(store: store)
    }

    /// Shows the current state: every row as JSON lines and a `sync`, a `report` line, or the screen.
    func start() throws {
        switch view {
        case .list(let request):
            let live = try LiveTransactions(store: store, request: request)
            live.delegate = self
            self.live = live
            if screen == nil {
                try writeEveryRow()
                try output.write(WatchEvent.sync(count: live.count))
                try output.flush()
            }
        case .report:
            try refreshReport()
        case .accounts:
            let accounts = try LiveAccounts(store: store)
            accounts.delegate = self
            liveAccounts = accounts
            if screen == nil { try writeAccounts() }
        }
        try screen?.enter()
        try redraw()
    }

    /// Delivers what other processes committed since the last call; redraws when needed.
    func deliverChanges() throws {
        let changed = watcher.checkForChanges()
        if let live, live.lastSyncError != nil { try live.processPendingChanges() }
        // A new day changes no row, but today's balances are the new day's.
        if let liveAccounts, liveAccounts.lastSyncError != nil || liveAccounts.day != .today() { try liveAccounts.processPendingChanges() }
        if case .report(let month, _) = view, changed || (month == nil && report?.month != .current()) {
            try refreshReport()
        }
        if let writeError { throw writeError }
        if needsRedraw { try redraw() }
    }

    /// Runs until SIGINT or SIGTERM (exit 130 or 143, as a shell reports a process stopped by
    /// them), or until stdout's reader goes away (exit 0, quietly). Restores the terminal on every way out, and around a stop (SIGTSTP).
    func run() throws -> Outcome {
        var handled = [SIGINT, SIGTERM]
        if screen != nil { handled += [SIGTSTP, SIGWINCH] }
        let signals = SignalPipe(signals: handled)
        defer { screen?.leave() }
        try start()
        let stdoutDescriptor = output.fileDescriptor ?? -1
        while true {
            var descriptors = [
                pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                // No events asked: poll still reports POLLERR/POLLHUP when the reader is gone.
                pollfd(fd: screen == nil ? stdoutDescriptor : -1, events: 0, revents: 0),
            ]
            _ = poll(&descriptors, nfds_t(descriptors.count), watcher.nextTimeout())
            if descriptors[2].revents & Int16(POLLERR | POLLHUP) != 0 { return .success }
            for signal in signals.received() {
                switch signal {
                case SIGINT, SIGTERM: return .interrupted(signal: signal)
                case SIGTSTP: try suspend(signals)
                default: needsRedraw = true
                }
            }
            try deliverChanges()
        }
    }

    /// Ctrl-Z: gives the terminal back, stops for real, and takes the screen again on `fg`.
    private func suspend(_ signals: SignalPipe) throws {
        screen?.leave()
        signals.restoreDefault(SIGTSTP)
        raise(SIGTSTP)
        // Continued.
        signals.install(SIGTSTP)
        try screen?.enter()
        needsRedraw = true
    }

    private func refreshReport() throws {
        guard case .report(let given, let account) = view else { return }
        let month = given ?? .current()
        let next = try store.monthlyReport(for: month, account: account)
        guard next != report else { return }
        report = next
        if screen == nil {
            try output.write(WatchEvent.report(next))
            try output.flush()
        }
        needsRedraw = true
    }

    /// Streams the current rows as inserts. A row that cannot be read (a failed page load) is an
    /// error, never a stand-in row.
    private func writeEveryRow() throws {
        guard let live else { return }
        if live.request.sectioning != nil {
            for (index, section) in live.sections.enumerated() {
                try output.write(WatchEvent.line(for: .sectionInsert(index: index, name: section.name)))
            }
        }
        for index in live.indices {
            try output.write(WatchEvent.line(for: .insert(index: index, transaction: live.transaction(at: index))))
        }
    }

    // MARK: - Drawing

    private func redraw() throws {
        needsRedraw = false
        guard let screen else { return }
        switch view {
        case .list: try screen.draw(listLines(rows: screen.size.rows))
        case .report:
            let table = report?.table(bars: PercentBar(colored: usesColor)) ?? ""
            try screen.draw(["budget watch report: \(report?.month.description ?? "")    (Ctrl-C to quit)", ""]
                            + table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        case .accounts:
            let table = try Accounts.table(liveAccounts?.accounts ?? [])
            try screen.draw(["budget watch accounts: balances on \(liveAccounts?.day.description ?? "")    (Ctrl-C to quit)", ""]
                            + table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// Streams the accounts as one `accounts` line.
    private func writeAccounts() throws {
        guard let liveAccounts else { return }
        try output.write(WatchEvent.accounts(liveAccounts.accounts, day: liveAccounts.day))
        try output.flush()
    }

    // MARK: - LiveAccountsDelegate

    func liveAccounts(_ accounts: LiveAccounts, didChangeContentWith changeSet: AccountChangeSet) {
        needsRedraw = true
        guard screen == nil, writeError == nil else { return }
        do {
            try writeAccounts()
        } catch {
            writeError = error
        }
    }

    /// The header and the last rows that fit.
    func listLines(rows: Int) -> [String] {
        guard let live else { return [] }
        let visible = Swift.max(0, rows - 3)
        let account = live.request.filter.account
        let record = RecordDescription<TransactionLine>.transaction(TransactionView(account: account.flatMap { try? store.account(named: $0).name }))
        var table = record.table()
        for index in Swift.max(0, live.count - visible)..<live.count {
            table.append(record.tableCells(TransactionLine(live[index])))
        }
        let count = live.count == 1 ? "1 transaction" : "\(live.count) transactions"
        return ["budget watch list: \(count)    (Ctrl-C to quit)", ""]
            + table.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: - LiveTransactionsDelegate

    func liveTransactions(_ transactions: LiveTransactions, didChange change: TransactionChange) {
        guard screen == nil, writeError == nil else { return }
        do {
            try output.write(WatchEvent.line(for: change))
            if change == .reload { try writeEveryRow() }
        } catch {
            writeError = error
        }
    }

    func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {
        needsRedraw = true
        guard screen == nil, writeError == nil else { return }
        do {
            try output.write(WatchEvent.sync(count: changeSet.count))
            try output.flush()
        } catch {
            writeError = error
        }
    }
}

@available(*, unavailable)
extension WatchSession: Sendable {}
