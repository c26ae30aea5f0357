/// A `budget` command: a value holding its typed arguments, declared once, and what it does.
///
/// The shape of swift-argument-parser's `ParsableCommand`, without reflection: the properties
/// hold the defaults (`init()`), ``arguments`` binds each argument, option and flag to one of
/// them, the parser fills them in, ``validate()`` checks what one property alone cannot, and
/// ``run(_:)`` does the work.
///
/// ```swift
/// struct Add: BudgetCommand {
///     static let configuration = CommandConfiguration(name: "add", abstract: "Add a transaction.", access: .change)
///     static var arguments: [CommandArgument<Add>] {[
///         .argument(\.amount, "amount", help: "The amount."),
///         .option(\.date, "date", "day", help: "The day."),
///     ]}
///     var amount = Money.zero
///     var date: Day?
///     func run(_ context: CommandContext) throws -> Outcome { ... }
/// }
/// ```
protocol BudgetCommand: SendableMetatype {
    /// A command with every property at its default: what the parser starts from.
    init()
    /// Its name, help text and whether it writes to the book.
    static var configuration: CommandConfiguration { get }
    /// Its positional arguments (in order), options and flags (in help's order).
    static var arguments: [CommandArgument<Self>] { get }
    /// Checks what the parser cannot (one option needing another); throws a ``UsageError``.
    func validate() throws(UsageError)
    /// Does the work: reads the store, writes data to stdout, confirmations to stderr.
    func run(_ context: CommandContext) throws -> Outcome
    /// Told of each option and flag the command line gave, after its property was set, in
    /// order (`import` keeps them to lay a profile under them).
    mutating func noteGiven(_ info: ArgumentInfo, target: AnyKeyPath, word: String)
    /// Whether what it prints is for people even in a pipe or a file (a report's table, which
    /// cron mails), not data a script reads (records, an export, a check's status): at the
    /// default place with no book yet, such a command shows an empty book with a warning where
    /// the others fail (``CommandContext/store(access:)``).
    var printsForPeople: Bool { get }
}

extension BudgetCommand {
    func validate() throws(UsageError) {}

    mutating func noteGiven(_ info: ArgumentInfo, target: AnyKeyPath, word: String) {}

    var printsForPeople: Bool { false }

    /// What help, completions and the man page know of the command.
    static var info: CommandInfo { info(declaring: arguments) }

    /// What help knows of the command, from its ``arguments`` already made (the parser makes
    /// them once per run).
    static func info(declaring arguments: [CommandArgument<Self>]) -> CommandInfo {
        CommandInfo(configuration: configuration, arguments: arguments.map(\.info), subcommands: [])
    }
}

/// A command's name, help text and access to the book.
struct CommandConfiguration: Sendable {
    /// What a command needs of the book.
    enum Access: Sendable {
        /// It only reads and never creates a book. A book named by `--db` or `BUDGET_DB` that
        /// does not exist is an error; at the default location, where a new user has no book
        /// yet, it reads as an empty book (a report shows its hint).
        case read
        /// It only reads, and needs a book that exists wherever it is (`watch`, `backup`).
        case readExisting
        /// It changes or removes what the book already holds (`edit`, `delete`, `undo`,
        /// `reconcile`), or adds what only makes sense beside it (`add` needs a category,
        /// `rule add` and `import-profile save` serve the book's imports): it never creates a
        /// book, and a book that does not exist is an error wherever it is.
        case change
        /// It adds something a new book can start with (`add-category`, `add-account`,
        /// `import --create-categories`): a missing book is created, and taken back if the
        /// command then fails while the book is still empty (``BudgetCLI/run(_:environment:stdin:stdout:stderr:tableBufferedRows:)``).
        case write
        /// It does not open the book at all (`completions`), or opens it its own way (`check`).
        case none
    }

    /// The word that selects it: `add-category`.
    var name: String
    /// One line: after `OVERVIEW:` and in the list of commands.
    var abstract: String
    /// Paragraphs after the abstract in its help; may be empty.
    var discussion: String = ""
    /// What it needs of the book.
    var access: Access
    /// Left out of help, completions and the man page (`__complete`).
    var isHidden = false
}

/// A command or a group of commands (`rule add|list|remove`): the one tree the parser walks and
/// help, completions and the man page describe.
enum CommandTree: Sendable {
    case command(any BudgetCommand.Type)
    case group(CommandConfiguration, [CommandTree])

    /// The word that selects it.
    var name: String { configuration.name }

    var configuration: CommandConfiguration {
        switch self {
        case .command(let type): return type.configuration
        case .group(let configuration, _): return configuration
        }
    }

    /// What help knows of it, with `parents` (outermost first) for its path.
    func info(parents: [String] = []) -> CommandInfo {
        switch self {
        case .command(let type):
            var info = type.info
            info.parents = parents
            return info
        case .group(let configuration, let children):
            var info = CommandInfo(configuration: configuration, arguments: [],
                                   subcommands: children.map { $0.info(parents: parents + [configuration.name]) })
            info.parents = parents
            return info
        }
    }
}

/// The type-erased description of a command (or group) that help, usage lines, completions and
/// the man page render.
struct CommandInfo: Sendable {
    var configuration: CommandConfiguration
    var arguments: [ArgumentInfo]
    var subcommands: [CommandInfo]
    /// The groups it is nested in, outermost first: `["rule"]` for `rule add`.
    var parents: [String] = []

    var name: String { configuration.name }
    /// The words that select it: `rule add`.
    var path: String { (parents + [name]).joined(separator: " ") }
    var isGroup: Bool { !subcommands.isEmpty }
    var positionals: [ArgumentInfo] { arguments.filter { $0.kind == .positional } }
    var options: [ArgumentInfo] { arguments.filter { $0.kind != .positional } }
    /// This and every command nested in it, depth first.
    var tree: [CommandInfo] { [self] + subcommands.flatMap(\.tree) }
    /// Its visible subcommands.
    var visibleSubcommands: [CommandInfo] { subcommands.filter { !$0.configuration.isHidden } }
}

/// How a command ended when it did not throw.
enum Outcome: Equatable {
    /// Everything went as asked.
    case success
    /// `report --check`: at least one expense category is overspent (already named on stderr).
    case overspent
    /// `check` found problems (already listed).
    case problemsFound
    /// `reconcile`: the statement's balance is not the book's (already said).
    case reconciliationMismatch
    /// `import`: a bank statement's closing balance is not the book's (already said).
    case balanceMismatch
    /// Stopped by a signal (`watch` on Ctrl-C): exits 128 + the signal's number.
    case interrupted(signal: Int32)
}
