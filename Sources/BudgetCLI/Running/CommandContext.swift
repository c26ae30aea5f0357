import BudgetKit

/// What a command's run function works with: its typed arguments, the outputs, the environment,
/// and the store, opened on first use (so help and usage errors never create a database).
///
/// Not thread-safe: one command runs at a time.
final class CommandContext {
    /// The command's typed values.
    let arguments: ParsedArguments
    /// Standard input: what `budget import -` reads (injected: tests pass bytes).
    let stdin: Input
    /// Data: what scripts read.
    let stdout: Output
    /// Messages: confirmations, warnings, errors.
    let stderr: Output
    /// The process environment (injected: tests are hermetic).
    let environment: [String: String]
    /// `--quiet`: no confirmations.
    let quiet: Bool
    private let databaseOption: String?
    private var openedStore: BudgetStore?

    init(invocation: Invocation, environment: [String: String], stdin: Input, stdout: Output, stderr: Output) {
        arguments = invocation.arguments
        databaseOption = invocation.databasePath
        quiet = invocation.quiet
        self.environment = environment
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The book at `--db`, `$BUDGET_DB` or the default path, opened (and created) on first use.
    func store() throws -> BudgetStore {
        if let openedStore { return openedStore }
        let store = try BudgetStore(path: DatabaseLocation.path(option: databaseOption, environment: environment))
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

    /// Whether tables may use colour: stdout is a terminal and `NO_COLOR` is unset or empty.
    var usesColor: Bool {
        stdout.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
}
