import BudgetKit

extension Commands {
    /// The options of `watch`: `list`'s filters (no `--limit`: a live list holds every match),
    /// an order and sections, and the output.
    static let watchOptions: [OptionSpec] = filterOptions.filter { $0.long != "limit" } + [
        .value("sort", "key", kind: .choice(TransactionSort.Key.allCases.map(\.rawValue)), default: "date",
               help: "Order rows by this, then by id."),
        .flag("descending", help: "Largest (or newest) first."),
        .value("sections", "by", kind: .choice(TransactionSectioning.allCases.map(\.rawValue)),
               help: "Group rows by category or by month."),
        .value("format", "format", kind: .choice(["table", "jsonl"]), default: "table",
               help: "table draws on the terminal; jsonl prints JSON lines (always, when stdout is not a terminal)."),
    ]

    static let watch = Command(spec: CommandSpec(
        name: "watch",
        abstract: "Show transactions or a report, redrawn as they change.",
        discussion: """
        Sees every change, from this process or any other (another terminal's 'budget add', the \
        sqlite3 shell), within a tenth of a second. On a terminal it redraws in place; Ctrl-C quits.
        With --format jsonl, or when stdout is not a terminal, prints one JSON object per line: \
        for 'watch list' the rows as "insert" events, then each change's "insert", "delete", \
        "move", "update", "section-insert", "section-delete" or "reload" events, each change set \
        ending with {"event": "sync", "count": N}; for 'watch report' a "report" line per change. \
        Indexes of "delete" and a move's "from" count in the list before the change; the others \
        in the list after it.
          budget watch --format jsonl | while read -r event; do ...; done
        """,
        arguments: [ArgumentSpec(name: "view", help: "list (the default) or report.", kind: .choice(["list", "report"]), isOptional: true)],
        options: watchOptions
    )) { context in
        let arguments = context.arguments
        let view: WatchSession.View
        if arguments.text("view") == "report" {
            for name in ["from", "to", "category", "payee", "min", "max", "sort", "sections"] where arguments.has(name) {
                throw UsageError.conflict("'--\(name)' applies to 'watch list', not 'watch report'")
            }
            if arguments.flag("descending") { throw UsageError.conflict("'--descending' applies to 'watch list', not 'watch report'") }
            view = .report(month: arguments.month("month"))
        } else {
            let request = TransactionRequest(
                filter: try transactionFilter(arguments),
                sort: TransactionSort(TransactionSort.Key(rawValue: arguments.text("sort") ?? "date") ?? .date,
                                      ascending: !arguments.flag("descending")),
                sectioning: arguments.text("sections").flatMap(TransactionSectioning.init(rawValue:)))
            view = .list(request)
        }
        let terminal = context.stdout.isTerminal && arguments.text("format") != "jsonl"
        let session = try WatchSession(store: context.store(), view: view, output: context.stdout,
                                       terminal: terminal, usesColor: context.usesColor)
        return try session.run()
    }
}
