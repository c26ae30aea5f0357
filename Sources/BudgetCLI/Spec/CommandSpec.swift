/// A command described as plain data: its name, help text, arguments and options.
///
/// One parser (``CommandLineParser``) and one help renderer (``HelpRenderer``) read every spec,
/// so what a command accepts and what its help says cannot drift apart. Adding a command means
/// adding one spec and one run function to ``Commands``.
///
/// A spec with ``subcommands`` is a group (`rule`): the next word picks one of them
/// (`budget rule add`), and the group itself only has help.
///
/// It deliberately has no reflection, no property wrappers and no per-command parsing code.
struct CommandSpec: Sendable {
    /// The word that selects the command: `add-category`.
    var name: String
    /// One line: shown after `OVERVIEW:` and in the list of subcommands.
    var abstract: String
    /// Paragraphs shown after the abstract in the command's help; may be empty.
    var discussion: String = ""
    /// Positional arguments, in order. Optional ones follow required ones; a variadic one is last.
    var arguments: [ArgumentSpec] = []
    /// Named options and flags, in the order help lists them.
    var options: [OptionSpec] = []
    /// For a group, its subcommands, in the order help lists them; set by
    /// ``Command/init(group:subcommands:)``. A group has no arguments or options of its own.
    var subcommands: [CommandSpec] = []
    /// The names of the groups it is nested in, outermost first: `["rule"]` for `rule add`.
    var parents: [String] = []

    /// Whether it groups subcommands rather than running itself.
    var isGroup: Bool { !subcommands.isEmpty }

    /// The words that select it: `rule add`.
    var path: String { (parents + [name]).joined(separator: " ") }

    /// The same spec nested in the group `parent` (and its subcommands with it).
    func nested(under parent: String) -> CommandSpec {
        var spec = self
        spec.parents.insert(parent, at: 0)
        spec.subcommands = subcommands.map { $0.nested(under: parent) }
        return spec
    }

    /// The option named `--long`, if the command has one (global options included).
    func option(long: String) -> OptionSpec? {
        (options + OptionSpec.global).first { $0.long == long }
    }

    /// The option named `-c`, if the command has one (global options included).
    func option(short: Character) -> OptionSpec? {
        (options + OptionSpec.global).first { $0.short == short }
    }
}

/// A positional argument: `<amount>`.
struct ArgumentSpec: Sendable {
    /// The name shown in help and errors, without angle brackets: `amount`.
    var name: String
    /// What the argument means, one line.
    var help: String
    /// The type its words are converted to.
    var kind: ValueKind = .text
    /// Whether the argument may be left out.
    var isOptional = false
    /// Whether it takes all remaining positional words (one or more; zero when optional).
    var isVariadic = false

    /// `<amount>`, `<id> ...`: the form used in usage lines.
    var label: String { "<\(name)>" + (isVariadic ? " ..." : "") }
}

/// A named option (`--date <day>`) or flag (`--income`).
struct OptionSpec: Sendable {
    /// The long name without dashes: `date`.
    var long: String
    /// The short name without its dash, if any: `h`.
    var short: Character? = nil
    /// What it means, one line.
    var help: String
    /// For a value option, the value's name shown in help (`day` in `--date <day>`); `nil` for a flag.
    var valueName: String? = nil
    /// The type its value is converted to (ignored for flags).
    var kind: ValueKind = .text
    /// The default value shown in help, if any.
    var defaultValue: String? = nil

    /// Whether the option takes no value.
    var isFlag: Bool { valueName == nil }

    /// A flag: `--income`.
    static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, help: help)
    }

    /// An option with a value: `--date <day>`.
    static func value(_ long: String, short: Character? = nil, _ valueName: String, kind: ValueKind = .text,
                      default defaultValue: String? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, help: help, valueName: valueName, kind: kind, defaultValue: defaultValue)
    }

    /// `--date <day>`, `-h, --help`: the form used in help's OPTIONS section.
    var helpLabel: String {
        let names = (short.map { "-\($0), " } ?? "") + "--" + long
        return valueName.map { names + " <\($0)>" } ?? names
    }

    /// `--date <day>` or `--income`: the form used in usage lines and errors.
    var label: String {
        valueName.map { "--\(long) <\($0)>" } ?? "--\(long)"
    }

    /// Options every command accepts, before or after its name.
    static let global: [OptionSpec] = [
        .value("db", "path", help: "The database file (default: $BUDGET_DB, else in $XDG_DATA_HOME)."),
        .flag("quiet", short: "q", help: "Do not print confirmations on standard error."),
        .flag("help", short: "h", help: "Show help information."),
    ]

    /// `--version`, accepted before the command name only.
    static let version = OptionSpec.flag("version", help: "Show the version.")

    /// What `budget` itself accepts before a command name, in help's order (help last).
    static let rootOptions = global.filter { $0.long != "help" } + [version] + global.filter { $0.long == "help" }
}

/// What a word is converted to once raw parsing is done. An invalid word is a usage error (exit 64)
/// reported before the database is opened.
enum ValueKind: Sendable, Equatable {
    /// Any text.
    case text
    /// An amount: ``BudgetKit/Money``.
    case money
    /// A budget: an amount, zero or more.
    case budget
    /// A day: `YYYY-MM-DD`, `today`, `yesterday`.
    case day
    /// A month: `YYYY-MM`, `this`, `last`.
    case month
    /// A whole number, zero or more: a count.
    case count
    /// The id of a `thing` (`transaction`, `rule`): a whole number, 1 or more; its errors point
    /// to the command that lists them (`budget list`).
    case id(of: String, listedBy: String)
    /// One of a fixed list of words.
    case choice([String])
}
