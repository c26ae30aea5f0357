/// Renders help and usage lines from the command tree, in swift-argument-parser's layout:
/// `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`, `SUBCOMMANDS:`.
///
/// Text is wrapped at a fixed 80 columns so help reads the same everywhere and golden tests are
/// stable; labels sit in a 26-column gutter, as in swift-argument-parser.
struct HelpRenderer {
    /// The tool's name, first word of every usage line.
    static let toolName = "budget"
    static let overview = """
    Track spending against monthly budgets, in one SQLite file.

    The book is the file named by --db, else $BUDGET_DB, else \
    $XDG_DATA_HOME/budget/budget.sqlite3 (~/.local/share/budget/budget.sqlite3 when \
    XDG_DATA_HOME is unset, empty or relative). Data goes to standard output; confirmations \
    and errors go to standard error. Exit status: 0 done, 1 failure, 2 overspent (report \
    --check), 3 a bank statement's closing balance not the book's (import), 64 usage error, \
    65 bad data in an input file, 74 output not writable.
    """
    static let width = 80
    static let indent = 2
    static let labelColumn = 26

    /// Every command, for the top-level help.
    let commands: [CommandInfo]

    /// Help for `budget` itself: overview, usage, global options and the list of commands.
    func rootHelp() -> String {
        var text = Self.wrap("OVERVIEW: " + Self.overview, width: Self.width) + "\n\n"
        text += "USAGE: \(Self.toolName) [--db <path>] <subcommand>\n\n"
        text += section("OPTIONS", GlobalOptions.rootInfo.map(optionRow))
        text += "\n" + section("SUBCOMMANDS", commands.filter { !$0.configuration.isHidden }.map { ($0.name, $0.configuration.abstract) })
        text += "\n  See '\(Self.toolName) help <subcommand>' for detailed help.\n"
        return text
    }

    /// Help for one command; for a group, its subcommands too.
    func help(for command: CommandInfo) -> String {
        var overview = command.configuration.abstract
        if !command.configuration.discussion.isEmpty { overview += "\n\n" + command.configuration.discussion }
        var sections: [String] = []
        sections.append(section("ARGUMENTS", command.positionals.map { ($0.label, $0.help) }))
        sections.append(section("OPTIONS", (command.options + GlobalOptions.info).map(optionRow)))
        sections.append(section("SUBCOMMANDS", command.visibleSubcommands.map { ($0.name, $0.configuration.abstract) }))
        var text = Self.wrap("OVERVIEW: " + overview, width: Self.width) + "\n\n"
            + "USAGE: " + usage(for: command) + "\n\n"
            + sections.filter { !$0.isEmpty }.joined(separator: "\n")
        if command.isGroup { text += "\n  See '\(Self.toolName) help \(command.path) <subcommand>' for detailed help.\n" }
        return text
    }

    /// `budget add <amount> <category> [<payee>] [--date <day>] [--note <text>]`, or
    /// `budget rule <subcommand>` for a group.
    ///
    /// Global options are left out (they are listed under OPTIONS); past 12 options, optional
    /// ones collapse into `[<options>]`, as in swift-argument-parser.
    func usage(for command: CommandInfo?) -> String {
        guard let command else { return "\(Self.toolName) [--db <path>] <subcommand>" }
        if command.isGroup { return "\(Self.toolName) \(command.path) <subcommand>" }
        var parts = [Self.toolName, command.path]
        for argument in command.positionals {
            parts.append(argument.isOptional ? "[\(argument.label)]" : argument.label)
        }
        if command.options.count > 12 {
            parts.insert("[<options>]", at: 2)
            parts += command.options.filter(\.isRequired).map(\.label)
        } else {
            parts += command.options.map { ($0.isRequired ? $0.label : "[\($0.label)]") + ($0.isRepeatable ? " ..." : "") }
        }
        return parts.joined(separator: " ")
    }

    /// The lines shown under a usage error: the usage and where to find more.
    func usageLines(for command: CommandInfo?) -> String {
        let helpCommand = command.map { "\(Self.toolName) \($0.path) --help" } ?? "\(Self.toolName) --help"
        return "usage: \(usage(for: command))\n  see '\(helpCommand)' for more information\n"
    }

    private func optionRow(_ option: ArgumentInfo) -> (String, String) {
        var help = option.help
        var extras: [String] = []
        if option.kind == .option, let values = option.completion.helpText { extras.append(values) }
        if let defaultValue = option.defaultText { extras.append("default: " + defaultValue) }
        if !extras.isEmpty { help += " (" + extras.joined(separator: "; ") + ")" }
        return (option.helpLabel, help)
    }

    /// `TITLE:` then each label in the gutter with its text wrapped beside it (or below it when
    /// the label is too long).
    private func section(_ title: String, _ rows: [(label: String, text: String)]) -> String {
        guard !rows.isEmpty else { return "" }
        var text = title + ":\n"
        for row in rows {
            let label = String(repeating: " ", count: Self.indent) + row.label
            let wrapped = Self.wrap(row.text, width: Self.width, indent: Self.labelColumn)
            if label.count < Self.labelColumn {
                text += label + wrapped.dropFirst(label.count) + "\n"
            } else {
                text += label + "\n" + wrapped + "\n"
            }
        }
        return text
    }

    /// Wraps at spaces to `width` columns, every line indented by `indent`; keeps existing line
    /// breaks (blank lines stay blank). A word longer than a line stands alone. A line that starts
    /// with a space is preformatted (an example command) and kept as it is.
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> String {
        let columns = width - indent
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if paragraph.first == " " {
                lines.append(String(paragraph))
                continue
            }
            var line = ""
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= columns {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines.map { $0.isEmpty ? $0 : pad + $0 }.joined(separator: "\n")
    }
}

extension Completion {
    /// What help adds about an option's values: `values: table, csv`, `keys: date, amount`, or nothing.
    var helpText: String? {
        switch self {
        case .choices(let words): return "values: " + words.joined(separator: ", ")
        case .sortKeys(let words): return "keys: " + words.joined(separator: ", ")
        case .none, .file, .category, .account, .suggestions, .commandName: return nil
        }
    }
}
