import BudgetKit

/// `budget log`: the book's history, newest first.
struct Log: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "log",
        abstract: "Show what each write changed, newest first.",
        discussion: """
        Every command that writes records one entry: when, on which device, the command as \
        typed, and each row it added, changed (before -> after) and deleted, with the columns \
        named as in the sqlite3 shell (amounts in cents). Undo and redo are entries too. Writes \
        made with the sqlite3 shell are not recorded. --prune-before drops the entries written \
        before a day, today at the latest, from this book (a sync folder keeps its files); they \
        can no longer be undone. The table shows the first \(HistoryLog.changesShownPerEntry) \
        rows of each entry and counts the rest (an import's entry holds every row it added): \
        --all shows them all, and --format csv, tsv and json always have them all.
        """,
        access: .read)

    static var arguments: [CommandArgument<Log>] {[
        .option(\.limit, "limit", "n", help: "Only the n newest entries."),
        .flag(\.all, "all", help: "Every changed row of each entry in the table, not only the first \(HistoryLog.changesShownPerEntry)."),
        .option(\.pruneBefore, "prune-before", "date", help: "Drop the entries written before this day (today at the latest) instead."),
        // Optional, so that one given beside --prune-before (which prints nothing) is refused.
        .option(\.chosenFormat, "format", "format", default: OutputFormat.table.rawValue, help: "The output format."),
    ]}

    var limit: Int?
    var all = false
    var pruneBefore: Day?
    var chosenFormat: OutputFormat?
    var format: OutputFormat { chosenFormat ?? .table }

    /// A prune cannot be taken back: a day after today (a typo'd year) would drop every entry,
    /// today's too; `--limit`, `--all` and `--format` beside it would be ignored.
    func validate() throws(UsageError) {
        guard let day = pruneBefore else { return }
        if limit != nil { throw .conflict("'--limit <n>' cannot be used with '--prune-before <date>'") }
        if all { throw .conflict("'--all' cannot be used with '--prune-before <date>'") }
        if chosenFormat != nil { throw .conflict("'--format <format>' cannot be used with '--prune-before <date>'") }
        let today = Day.today()
        if day > today {
            throw UsageError(message: "cannot prune before \(day): it is after today (\(today)), and every entry would be dropped, today's too",
                             hint: "give a day up to today; the entries written before it can no longer be undone")
        }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        if let day = pruneBefore {
            let count = try context.store(access: .change).pruneHistory(before: day)
            context.confirm("Dropped \(count) history entr\(count == 1 ? "y" : "ies") written before \(day).")
            return .success
        }
        let entries = try context.store().history(limit: limit)
        if format == .table {
            try HistoryLog.writeTable(entries, changesPerEntry: all ? nil : HistoryLog.changesShownPerEntry, to: context.stdout)
        } else {
            try HistoryLog.writeLines(entries, format: format, to: context.stdout)
        }
        return .success
    }
}

/// `budget undo [ID]`.
struct Undo: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "undo",
        abstract: "Reverse the newest write, or the log entry ID.",
        discussion: """
        A whole import, a category deleted with its transactions moved, a rename: everything the \
        entry changed is put back in one step, however many writes came after, unless a later \
        write changed the same rows: then nothing changes and the conflicts are listed. The \
        undo is itself an entry: 'budget redo' or 'budget undo ID' reverses it.
        """,
        access: .change)

    static var arguments: [CommandArgument<Undo>] {[
        .argument(\.id, "id", help: "The entry to undo (see 'budget log'); default: the newest write not undone."),
    ]}

    var id: HistoryEntryID?

    func run(_ context: CommandContext) throws -> Outcome {
        let entry = try context.store().undo(entry: id?.value)
        // A received entry has no command of this device's: say whose change it was.
        let what = entry.isReceived ? "a change synced from \(entry.deviceName)" : HistoryLog.visible(entry.command, terminal: context.stderr.isTerminal)
        context.confirm("Undid entry \(entry.id): \(what).")
        return .success
    }
}

/// `budget redo`.
struct Redo: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "redo",
        abstract: "Reapply what the newest undo reversed.",
        discussion: "The redo is itself an entry of 'budget log'; a later write on the same rows makes it refuse.",
        access: .change)

    static var arguments: [CommandArgument<Redo>] { [] }

    func run(_ context: CommandContext) throws -> Outcome {
        let undo = try context.store().redo()
        let target: String
        if case .undo(let id) = undo.kind { target = "entry \(id)" } else { target = "entry \(undo.id)" }
        context.confirm("Redid \(target) (undone by entry \(undo.id)).")
        return .success
    }
}

/// A history entry's id, as `budget log` shows them.
struct HistoryEntryID: RowID {
    static let thing = "history entry", listing = "budget log"
    let value: Int64
    init(_ value: Int64) { self.value = value }
}
