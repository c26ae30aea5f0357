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
    private var openedStore: BudgetStore?

    init(command: CommandInfo, globals: GlobalOptions, environment: [String: String], stdin: Input, stdout: Output,
         stderr: Output) {
        self.command = command
        self.globals = globals
        self.environment = environment
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
    }

    /// `--quiet`: no confirmations.
    var quiet: Bool { globals.quiet }

    /// The book at `--db`, `$BUDGET_DB` or the default path, opened on first use.
    func store() throws -> BudgetStore {
        if let openedStore { return openedStore }
        let store = try BudgetStore(path: DatabaseLocation.path(option: globals.database, environment: environment))
        openedStore = store
        return store
    }

    /// Writes a confirmation of a change to stderr (not with `--quiet`): stdout stays data only.
    func confirm(_ message: String) {
        guard !quiet else { return }
        warn(message)
    }

    /// Writes a line to stderr whatever `--quiet` says (a failed check names what failed).
    func warn(_ message: String) {
        // A message that cannot be written has nowhere else to go: ignore the failure.
        try? stderr.write(message + "\n")
        try? stderr.flush()
    }

    /// Whether output may use colour: stdout is a terminal that is not `TERM=dumb`, and
    /// `NO_COLOR` is unset or empty.
    var usesColor: Bool {
        stdout.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Prints records in `format`: a table (titles from the keys, numbers right-aligned) or
    /// streamed CSV, TSV or JSON with the keys as header.
    func printRecords(_ format: OutputFormat, columns: [String], rows: [[Cell]], excelSafe: Bool = false) throws(OutputError) {
        guard format == .table else {
            var writer = try RecordWriter(format: format, columns: columns, output: stdout, excelSafe: excelSafe)
            for row in rows { try writer.write(row) }
            try writer.finish()
            return
        }
        var table = Table(columns: columns.indices.map { index in
            (Table.title(columns[index]), rows.first?[index].isNumeric == true ? .right : .left)
        })
        for row in rows { table.append(row) }
        try stdout.write(table.render())
    }
}

extension Table {
    /// A table title from a record key: `percent_used` becomes `PERCENT USED`; months stay as they are.
    static func title(_ key: String) -> String {
        String(key.uppercased().map { $0 == "_" ? " " : $0 })
    }
}
