import BudgetKit

/// What a command's run function works with: the outputs, the environment, the global options,
/// and the book, opened on first use (so help and usage errors never touch a database).
///
/// Not thread-safe: one command runs at a time.
final class CommandContext {
    /// Standard input: what `budget import -` reads (injected: tests pass bytes).
    let stdin: Input
    /// Data: what scripts read.
    let stdout: Output
    /// Messages: confirmations, warnings, errors.
    let stderr: Output
    /// The process environment (injected: tests are hermetic).
    let environment: [String: String]
    /// `--db` and `--quiet`.
    let globals: GlobalOptions
    /// The command being run, for usage lines.
    let command: CommandInfo
    /// The words after `budget`, as typed: recorded with every write in the book's history.
    let arguments: [String]
    /// How many rows a streamed table holds to align its columns (``TableWriter/bufferedRows``;
    /// injected: tests stream tables of a few rows).
    let tableBufferedRows: Int
    private var openedStore: BudgetStore?
    /// The empty book a read command reads when the default book does not exist yet; removed
    /// after ``openedStore`` is closed.
    private var emptyBook: EmptyBook?

    init(command: CommandInfo, globals: GlobalOptions, environment: [String: String], stdin: Input, stdout: Output,
         stderr: Output, arguments: [String] = [], tableBufferedRows: Int = TableWriter.bufferedRows) {
        self.command = command
        self.tableBufferedRows = tableBufferedRows
        self.arguments = arguments
        self.globals = globals
        self.environment = environment
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
    }

    deinit {
        openedStore = nil
        emptyBook = nil
    }

    /// Whether the command's output is for people even when it is not a terminal
    /// (``BudgetCommand/printsForPeople``).
    var printsForPeople = false

    /// `--quiet`: no confirmations.
    var quiet: Bool { globals.quiet }

    /// Where a command makes its temporary files (`backup -`'s copy, `rule apply`'s list of
    /// changes), in the order to try them: `$TMPDIR`, then `/tmp`.
    var temporaryFolders: [String] { Self.temporaryFolders(in: environment) }

    /// ``temporaryFolders`` of an environment: `$TMPDIR` when set and not empty, then `/tmp`.
    static func temporaryFolders(in environment: [String: String]) -> [String] {
        let given = environment["TMPDIR"] ?? ""
        return given.isEmpty || given == "/tmp" ? ["/tmp"] : [given, "/tmp"]
    }

    /// The names an unknown category's or account's name (or an import's missing categories')
    /// may be a typo of: the book's categories, or its accounts (closed ones too), when the
    /// command opened the book; none otherwise, or when they cannot be read. For "did you
    /// mean" (``Failure``).
    func knownNames(after error: BudgetError) -> [String] {
        guard let openedStore else { return [] }
        switch error {
        case .unknownCategory, .missingCategories: return (try? openedStore.categories().map(\.name)) ?? []
        case .unknownAccount: return (try? openedStore.accounts(includingClosed: true).map(\.account.name)) ?? []
        default: return []
        }
    }

    /// The book at `--db`, `$BUDGET_DB` or the default path, opened on first use as the command's
    /// ``CommandConfiguration/access`` (or `access`, for a command whose flags decide it) says:
    /// only commands that add something (`.write`) create a book, which the runner takes back
    /// when the command fails (``takeBackCreatedBook()``).
    func store(access override: CommandConfiguration.Access? = nil) throws -> BudgetStore {
        if let openedStore { return openedStore }
        let location = try bookLocation()
        let access = override ?? command.configuration.access
        let store: BudgetStore
        do {
            // BudgetStore's `.read` opens an existing book only, for writing when the file allows:
            // what `.change` needs too.
            store = try BudgetStore(path: location.path, access: access == .write ? .write : .read)
        } catch BudgetError.databaseNotFound where access == .read && location.isDefault {
            // A new user's first `budget report`, on a terminal: no book yet, and reading must not
            // make one. A script or cron job gets an error instead: it may not see the HOME or
            // XDG_DATA_HOME of the shell the book was made from, and an empty CSV or a `report
            // --check` that finds nothing overspent, exit 0, would pass for the book's answer. A
            // report's table in a pipe (`make run`, a report cron mails) is for people: it shows
            // the empty book, saying so.
            guard stdout.isTerminal || printsForPeople else { throw Self.noDefaultBook(location.path) }
            if !stdout.isTerminal {
                warn("budget: warning: there is no book at the default place yet (\(location.path)): this shows an empty one")
            }
            let empty = try EmptyBook(in: temporaryFolders)
            emptyBook = empty
            store = try BudgetStore(path: empty.path, access: .read)
        }
        store.command = ShellWords.quoted(["budget"] + arguments)
        // The baseline of `make bench`'s history figures: the same writes without history.
        if environment["BUDGET_BENCH_NO_HISTORY"] == "1" { store.recordsHistory = false }
        openedStore = store
        return store
    }

    /// The error of a read command whose output is not a terminal when the default book does
    /// not exist.
    static func noDefaultBook(_ path: String) -> EnvironmentError {
        EnvironmentError(message: "there is no book at the default place, \(path)",
                         hint: "name the book with --db PATH or BUDGET_DB (a cron job or script may not see your shell's HOME "
                             + "or XDG_DATA_HOME), or start one there with a write command such as 'budget add-category Food 300'")
    }

    /// After the command failed: closes the book and, when opening it created it, removes it if
    /// it is still as new (``NewBook/removeIfStillNew()``: nobody else has it open, it holds
    /// nothing). Quiet: the command's error is the one to report, and a book that cannot be
    /// removed simply stays.
    func takeBackCreatedBook() {
        guard let created = openedStore?.created else { return }
        openedStore = nil
        _ = try? created.removeIfStillNew()
    }

    /// Where the book is: `--db`, `$BUDGET_DB` or the default path.
    ///
    /// - Throws: a usage error for a path the user gave that ends in `/` (`--db books/`): it
    ///   names a folder, and refusing it here comes before anything (a folder for a new book) is made.
    func bookLocation() throws -> DatabaseLocation.Resolved {
        let location = try DatabaseLocation.resolve(option: globals.database, environment: environment)
        if !location.isDefault && location.path.hasSuffix("/") {
            let folder = location.path
            if globals.database != nil {
                throw UsageError(message: "the value '\(folder)' is invalid for '--db <path>': it ends in '/', so it names a folder, not the book's file",
                                 hint: "name the file in it: --db \(folder)budget.sqlite3")
            }
            throw UsageError(message: "BUDGET_DB '\(folder)' ends in '/', so it names a folder, not the book's file",
                             hint: "name the file in it: BUDGET_DB=\(folder)budget.sqlite3")
        }
        return location
    }

    /// Writes a confirmation of a change to stderr (not with `--quiet`): stdout stays data only.
    func confirm(_ message: String) {
        guard !quiet else { return }
        warn(message)
    }

    /// Writes a line to stderr whatever `--quiet` says (a failed check names what failed). The
    /// user text in it (a payee, a path) has its control, bidi and invisible characters shown
    /// as escapes in a pipe too (``VisibleText/visible(_:keepingLayout:)``), as errors do: one
    /// message, one line, drawn as written.
    func warn(_ message: String) {
        // A message that cannot be written has nowhere else to go: ignore the failure.
        try? stderr.write(VisibleText.visible(message) + "\n")
        try? stderr.flush()
    }

    /// Whether output may use colour: stdout is a terminal that is not `TERM=dumb`, and
    /// `NO_COLOR` is unset or empty.
    var usesColor: Bool {
        stdout.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Prints records in `format`: a table (titles from the keys, the columns tables show) or
    /// streamed CSV, TSV or JSON with the keys as header.
    func printRecords<Value>(_ format: OutputFormat, record: RecordDescription<Value>, values: [Value],
                             excelSafe: Bool = false) throws(OutputError) {
        guard format == .table else {
            var writer = try RecordWriter(format: format, record: record, output: stdout, excelSafe: excelSafe)
            for value in values { try writer.write(value) }
            try writer.finish()
            return
        }
        var table = record.table()
        for value in values { table.append(record.tableCells(value)) }
        try stdout.write(table.render())
    }

    /// Prints records in `format` as ``printRecords(_:record:values:excelSafe:)`` does, from
    /// values that are not held in memory: `forEach` calls its argument with each value in
    /// order, the same values each time it is called. A table calls it twice (every row is
    /// measured before the first is written); other formats once. The output is flushed at the end.
    func printRecords<Value>(_ format: OutputFormat, record: RecordDescription<Value>,
                             forEach: ((Value) throws(OutputError) -> Void) throws(OutputError) -> Void) throws(OutputError) {
        guard format == .table else {
            var writer = try RecordWriter(format: format, record: record, output: stdout)
            try forEach { (value: Value) throws(OutputError) in try writer.write(value) }
            try writer.finish()
            return
        }
        let table = record.table(), titles = table.titleWidths
        var widths = titles, cellWidths: [Int] = []
        try forEach { (value: Value) throws(OutputError) in
            cellWidths.removeAll(keepingCapacity: true)
            Table.measure(Table.row(record.tableCells(value)), into: &cellWidths)
            Table.widen(&widths, by: cellWidths[...])
        }
        var line = ""
        table.appendLine(.cells(table.columns.map(\.title)), widths: widths, cellWidths: titles[...], to: &line)
        try stdout.write(line)
        try forEach { (value: Value) throws(OutputError) in
            let row = Table.row(record.tableCells(value))
            cellWidths.removeAll(keepingCapacity: true)
            Table.measure(row, into: &cellWidths)
            line.removeAll(keepingCapacity: true)
            table.appendLine(row, widths: widths, cellWidths: cellWidths[...], to: &line)
            try stdout.write(line)
        }
        // As the record writers' finish: the table reaches the file before a confirmation on
        // stderr does (`> log 2>&1`).
        try stdout.flush()
    }

    /// A table streamed to stdout as its rows come (``TableWriter``), for the tables whose rows
    /// grow with the data; the columns of the keys in `totalling` get room for the totals its
    /// footer shows; `willStream` is called before its first line when it outgrows the rows it
    /// holds.
    func tableWriter<Value>(_ record: RecordDescription<Value>, totalling keys: [String] = [],
                            willStream: @escaping () -> Void = {}) -> TableWriter {
        let shown = record.columns.filter(\.inTable)
        let totalled = keys.map { key in
            guard let index = shown.firstIndex(where: { $0.key == key }) else { preconditionFailure("no column \(key) in the table") }
            return index
        }
        return TableWriter(columns: record.table().columns, output: stdout, bufferedRows: tableBufferedRows, totalling: totalled,
                           willStream: willStream)
    }
}

extension Table {
    /// A table title from a record key: `percent_used` becomes `PERCENT USED`; months stay as they are.
    static func title(_ key: String) -> String {
        String(key.uppercased().map { $0 == "_" ? " " : $0 })
    }
}
