import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// `budget watch`: a live list (or this month's report) kept current from every process's
/// commits, drawn on a terminal or streamed as JSON lines.
///
/// One `poll` loop waits on four things at once (at most ``DatabaseWatcher/pollInterval`` ms):
/// the database folder (inotify), the signal self-pipe, stdout (`POLLERR` when a pipe's
/// reader went away, so `watch | head` ends even while nothing changes), and on a terminal the
/// keyboard (scrolling, see ``WatchKeyDecoder`` and ``WatchViewport``).
///
/// Not thread-safe: it runs on the main thread of the `budget` process.
final class WatchSession: LiveTransactionsDelegate, LiveAccountsDelegate, LiveMonthlyReportDelegate {
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
    private var liveReport: LiveMonthlyReport?
    private var report: MonthlyReport? { liveReport?.report }
    /// The account a report is of, as the book names it now (the table says so).
    private var reportAccount: String? { liveReport?.account }
    private var writeError: (any Error)?
    private var needsRedraw = false
    /// The lines of the list shown, and whether they follow the newest rows.
    private(set) var viewport: WatchViewport
    /// The row at the top of the list shown, and the top line's offset from it (-1: its
    /// section's header): kept there when rows arrive or leave above it.
    private var anchor: (id: Int64, offset: Int)?
    private var keys = WatchKeyDecoder()
    /// The signals `run` handles; `nil` before it (and in tests that call ``start()`` alone).
    private var signals: SignalPipe?

    /// The signals that end a watch.
    static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// A long write (every row, at the start and on a reload) looks for a stopping signal every
    /// this many lines: Ctrl-C on a million-row list is heard at once, not when the last is out.
    static let linesBetweenSignalChecks = 256

    /// A stopping signal heard inside a long write: `run` returns it as the outcome. The lines
    /// written before it are whole, and go out with the final flush.
    struct Stopped: Error {
        let signal: Int32
    }

    /// - Parameter keyboard: the keys to scroll with, on a terminal; `nil` without.
    init(store: BudgetStore, view: View, output: Output, terminal: Bool, usesColor: Bool,
         keyboard: TerminalKeyboard? = nil) throws {
        self.store = store
        self.view = view
        self.output = output
        screen = terminal ? TerminalScreen(output: output, keyboard: keyboard) : nil
        if case .list(let request) = view {
            viewport = WatchViewport(newestAtTop: !request.sort.ascending)
        } else {
            viewport = WatchViewport(newestAtTop: true)
        }
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
        case .report(let month, let account):
            let live = try LiveMonthlyReport(store: store, month: month, account: account)
            live.delegate = self
            liveReport = live
            if screen == nil { try writeReport() }
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
        _ = watcher.checkForChanges()
        if let live, live.lastSyncError != nil { try live.processPendingChanges() }
        // A new day changes no row, but today's balances are the new day's.
        if let liveAccounts, liveAccounts.lastSyncError != nil || liveAccounts.day != .today() { try liveAccounts.processPendingChanges() }
        // The watcher's notice already synced the report; a failed sync is retried, and a new
        // month changes no row but makes the current month's report the new month's.
        if let liveReport, liveReport.lastSyncError != nil || (liveReport.fixedMonth == nil && liveReport.month != .current()) {
            try liveReport.processPendingChanges()
        }
        if let writeError { throw writeError }
        if needsRedraw { try redraw() }
    }

    /// Runs until SIGINT, SIGTERM, SIGHUP (the terminal closed) or SIGQUIT (Ctrl-\) (exit 128
    /// plus the signal, as a shell reports a process stopped by it), or until stdout's reader
    /// goes away (exit 0, quietly). Restores the terminal on every way out, and around a stop
    /// (SIGTSTP): SIGQUIT's default action would have left it raw, its cursor hidden, on the
    /// other screen.
    func run() throws -> Outcome {
        var handled = Self.stoppingSignals
        if screen != nil { handled += [SIGTSTP, SIGWINCH] }
        let signals = SignalPipe(signals: handled)
        self.signals = signals
        defer { screen?.leave() }
        do {
            try start()
            return try pollUntilStopped(signals)
        } catch let stopped as Stopped {
            return .interrupted(signal: stopped.signal)
        }
    }

    /// `run`'s loop: delivers changes, scrolls, and returns on a stopping signal or a reader gone.
    private func pollUntilStopped(_ signals: SignalPipe) throws -> Outcome {
        let stdoutDescriptor = output.fileDescriptor ?? -1
        while true {
            let keyboard = screen?.keyboard.flatMap { $0.isEnabled && !$0.isClosed ? $0 : nil }
            var descriptors = [
                pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                // No events asked: poll still reports POLLERR/POLLHUP when the reader is gone.
                pollfd(fd: screen == nil ? stdoutDescriptor : -1, events: 0, revents: 0),
                pollfd(fd: keyboard?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            // Signals a long write already read from the pipe are handled without waiting.
            _ = poll(&descriptors, nfds_t(descriptors.count), signals.isHolding ? 0 : watcher.nextTimeout())
            if descriptors[2].revents & Int16(POLLERR | POLLHUP) != 0 { return .success }
            if let keyboard, descriptors[3].revents != 0 {
                for key in keys.feed(keyboard.read()) {
                    if key == .quit { return .success }
                    scroll(key)
                }
            }
            for signal in signals.received() {
                switch signal {
                case let stop where Self.stoppingSignals.contains(stop): return .interrupted(signal: stop)
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

    /// Streams the report as one `report` line.
    private func writeReport() throws {
        guard let report else { return }
        try output.write(WatchEvent.report(report))
        try output.flush()
    }

    // MARK: - LiveMonthlyReportDelegate

    func liveMonthlyReport(_ report: LiveMonthlyReport, didChangeContentWith changeSet: ReportChangeSet) {
        needsRedraw = true
        // A `report` line does not name the account: its rename alone is a new title on a screen.
        let onlyRenamed = changeSet.accountRenamed && changeSet.inserted.isEmpty && changeSet.deleted.isEmpty && changeSet.updated.isEmpty
            && !changeSet.monthChanged && !changeSet.totalsChanged
        guard screen == nil, writeError == nil, !onlyRenamed else { return }
        do {
            try writeReport()
        } catch {
            writeError = error
        }
    }

    /// Streams the current rows as inserts. A row that cannot be read (a failed page load) is an
    /// error, never a stand-in row.
    ///
    /// - Throws: ``Stopped`` when a stopping signal arrives, between two whole lines.
    private func writeEveryRow() throws {
        guard let live else { return }
        var lines = 0
        if live.request.sectioning != nil {
            for (index, section) in live.sections.enumerated() {
                try stopIfSignalled(beforeLine: &lines)
                try output.write(WatchEvent.line(for: .sectionInsert(index: index, name: section.name)))
            }
        }
        for index in live.indices {
            try stopIfSignalled(beforeLine: &lines)
            try output.write(WatchEvent.line(for: .insert(index: index, transaction: live.transaction(at: index))))
        }
    }

    /// Counts a line about to be written and, every ``linesBetweenSignalChecks``, looks (without
    /// waiting) for a stopping signal.
    private func stopIfSignalled(beforeLine lines: inout Int) throws(Stopped) {
        defer { lines += 1 }
        guard lines % Self.linesBetweenSignalChecks == 0, let signals else { return }
        if let signal = signals.firstReceived(among: Self.stoppingSignals) { throw Stopped(signal: signal) }
    }

    // MARK: - Drawing

    private func redraw() throws {
        needsRedraw = false
        guard let screen else { return }
        switch view {
        case .list: try screen.draw(listLines(rows: screen.size.rows, scrollable: screen.keyboard != nil))
        case .report:
            let table = report?.table(bars: PercentBar(colored: usesColor), account: reportAccount) ?? ""
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

    /// The list's lines as the viewport shows them (its own lines, after a title and a blank
    /// line, under the table's header).
    private var layout: WatchLayout? {
        guard let live else { return nil }
        return WatchLayout(rowCount: live.count, sections: live.request.sectioning == nil ? nil : live.sections)
    }

    /// Lines of the list that fit under the title, the blank line and the table's header.
    private static func listHeight(rows: Int) -> Int { Swift.max(0, rows - 3) }

    /// Moves the list for a key and remembers the row now at the top.
    func scroll(_ key: WatchKey, rows: Int? = nil) {
        guard let layout else { return }
        let height = Self.listHeight(rows: rows ?? screen?.size.rows ?? 24)
        viewport.scroll(key, lineCount: layout.lineCount, height: height)
        anchor = anchor(at: viewport.top, in: layout)
        needsRedraw = true
    }

    /// The row at line `top` (or under it, for a section's header) and the offset back to `top`.
    private func anchor(at top: Int, in layout: WatchLayout) -> (id: Int64, offset: Int)? {
        guard let live else { return nil }
        for line in layout.lines(from: top, count: 2) {
            if case .row(let index) = line, let row = try? live.transaction(at: index) {
                return (row.id, top - layout.line(ofRow: index))
            }
        }
        return nil
    }

    /// The title and the lines that fit in `rows` rows of the screen, from the viewport's top:
    /// section headers between the rows.
    func listLines(rows: Int, scrollable: Bool = false) -> [String] {
        guard let live, let layout else { return [] }
        let height = Self.listHeight(rows: rows)
        let anchorLine = anchor.flatMap { anchor in live.index(ofTransactionID: anchor.id).map { layout.line(ofRow: $0) + anchor.offset } }
        viewport.fit(lineCount: layout.lineCount, height: height, anchor: anchorLine)
        let shown = layout.lines(from: viewport.top, count: height)
        if !viewport.isFollowing { anchor = anchor(at: viewport.top, in: layout) }

        let account = live.request.filter.account
        let record = RecordDescription<TransactionLine>.transaction(TransactionView(account: account.flatMap { try? store.account(named: $0).name }))
        var table = record.table()
        var headers: [Int: String] = [:]
        for line in shown {
            switch line {
            case .header(let index):
                let section = live.sections[index]
                let count = section.range.count == 1 ? "1 transaction" : "\(section.range.count) transactions"
                headers[table.rows.count] = "== \(TerminalText.visible(section.name)): \(count) =="
            case .row(let index):
                table.append(record.tableCells(TransactionLine(live[index])))
            }
        }
        var drawn = table.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A header goes above the row that follows it (table line 0 is the column titles).
        for (position, header) in headers.sorted(by: { $0.key > $1.key }) {
            drawn.insert(header, at: Swift.min(drawn.count, position + 1))
        }
        let count = live.count == 1 ? "1 transaction" : "\(live.count) transactions"
        var title = "budget watch list: \(count)"
        if layout.lineCount > height && height > 0 {
            let rowsShown = shown.compactMap { if case .row(let index) = $0 { index + 1 } else { nil } }
            if let first = rowsShown.first, let last = rowsShown.last {
                title += ", \(Swift.min(first, last))-\(Swift.max(first, last)) shown"
            }
            title += viewport.isFollowing ? ", newest as they come" : ""
        }
        let keysHelp = scrollable && layout.lineCount > height ? "arrows, PgUp/PgDn, Home/End or j/k scroll; q quits" : "Ctrl-C to quit"
        return [title + "    (\(keysHelp))", ""] + drawn
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
