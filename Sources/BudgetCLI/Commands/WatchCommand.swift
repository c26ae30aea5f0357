import BudgetKit

/// `budget watch [list|report|accounts]`: a live list, report or account balances, redrawn (or
/// streamed) as they change.
struct Watch: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "watch",
        abstract: "Show transactions, a report or the accounts, live.",
        discussion: """
        Sees every change, from this process or any other (another terminal's 'budget add', the \
        sqlite3 shell), within a tenth of a second. On a terminal it redraws in place and on resize, \
        shows the newest rows (at the bottom, or at the top when the first sort key is descending, \
        as with --descending) and follows new ones \
        as they arrive; the arrows, PgUp/PgDn, Home/End (or j/k, b/space, g/G) scroll, and \
        scrolling back to the newest end follows again. Each section starts with its name. q or \
        Ctrl-C quits. \
        It follows a 'budget restore' (a reload); when the book is deleted, or another file is \
        moved or made in its place (rm, mv), it stops with an error (exit 1): run it again.
        With --format jsonl, when stdout is not a terminal, or on a terminal that cannot redraw \
        (TERM=dumb; keys are not read there, Ctrl-C quits), prints one JSON object per line: \
        for 'watch list' the rows as "insert" events, then each change's "insert", "delete", \
        "move", "update", "section-insert", "section-delete" or "reload" events, each change set \
        ending with {"event": "sync", "count": N}; for 'watch report' a "report" line per change; \
        for 'watch accounts' an "accounts" line with every open account's balance per change. \
        Indexes of "delete" and a move's "from" count in the list before the change; the others \
        in the list after it.
          budget watch --format jsonl | while read -r event; do ...; done
        """,
        access: .readExisting)

    enum View: String, ChoiceValue {
        case list, report, accounts
    }

    enum Format: String, ChoiceValue {
        case table, jsonl
    }

    static var arguments: [CommandArgument<Watch>] {
        [.argument(\.view, "view", help: "list (the default), report or accounts.")]
            + .group(\.filters, FilterOptions.arguments.filter { $0.info.name != "limit" })
            + .group(\.order, OrderOptions.arguments)
            + [
                .option(\.sections, "sections", "by", help: "Group rows by category or by month."),
                .option(\.format, "format", "format",
                        help: "table draws on the terminal; jsonl prints JSON lines (default: table on a terminal, else jsonl)."),
            ]
    }

    var view: View?
    var filters = FilterOptions()
    var order = OrderOptions()
    var sections: TransactionSectioning?
    var format: Format?

    func validate() throws(UsageError) {
        try filters.validate()
        guard let view, view != .list else { return }
        var listOnly: [(String, Bool)] = [
            ("--from <day>", filters.from != nil), ("--to <day>", filters.to != nil), ("--category <name>", !filters.categories.isEmpty),
            ("--payee <text>", filters.payee != nil), ("--text <text>", filters.text != nil), ("--min <amount>", filters.min != nil), ("--max <amount>", filters.max != nil),
            ("--sort <keys>", order.keys != nil), ("--descending", order.descending), ("--sections <by>", sections != nil),
        ]
        if view == .accounts {
            listOnly = [("--month <month>", filters.month != nil), ("--account <name>", !filters.accounts.isEmpty)] + listOnly
        }
        if let (label, _) = listOnly.first(where: \.1) {
            throw .conflict("'\(label)' applies to 'watch list', not 'watch \(view.rawValue)'")
        }
        // A report is one account's (or every account's): a list of several is for 'watch list'.
        if filters.accounts.count > 1, let account = FilterOptions.arguments.first(where: { $0.info.name == "account" }) {
            throw UsageError(message: UsageError.givenTwice(account.info).message, hint: ErrorText.oneReportAccountHint)
        }
    }

    /// What `watch list` shows.
    var listRequest: TransactionRequest {
        TransactionRequest(filter: filters.filter, sort: order.sort, sectioning: sections)
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let view: WatchSession.View
        if self.view == .report {
            view = .report(month: filters.month, account: filters.account?.name)
        } else if self.view == .accounts {
            view = .accounts
        } else {
            view = .list(listRequest)
        }
        // TERM=dumb (Emacs' shell, some CI consoles): a terminal that cannot move its cursor.
        let dumb = context.environment["TERM"] == "dumb"
        let terminal = context.stdout.isTerminal && !dumb
        if format == .table && !context.stdout.isTerminal {
            throw UsageError(message: "'--format table' needs a terminal that can redraw, and standard output is not one",
                             hint: "use --format jsonl to stream changes into a pipe or a file")
        }
        if format == .table && dumb {
            throw UsageError(message: "'--format table' needs a terminal that can redraw, and this one cannot (TERM=dumb)",
                             hint: "set TERM to your terminal's type (such as xterm-256color), or use --format jsonl to stream changes as JSON lines")
        }
        let drawn = terminal && format != .jsonl
        // Keys only from a real terminal on the real standard input (never a test's).
        let keyboard = drawn && context.stdout.fileDescriptor != nil ? TerminalKeyboard() : nil
        let session = try WatchSession(store: context.store(), view: view, output: context.stdout,
                                       terminal: drawn, usesColor: context.usesColor, keyboard: keyboard)
        return try session.run()
    }
}
