/// `budget help --man`: the whole manual as a man page in roff (man(7) macros), drawn from the
/// command tree like help and completions: NAME, SYNOPSIS, DESCRIPTION, one section per command,
/// EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES.
///
/// ```sh
/// budget help --man | man -l -
/// ```
struct ManPage {
    let commands: [CommandInfo]

    func render() -> String {
        var page = """
        .TH BUDGET 1 "" "budget \(BudgetCLI.version)" "User Commands"
        .SH NAME
        budget \\- track spending against monthly budgets, in one SQLite file
        .SH SYNOPSIS
        .B budget
        [\\fB\\-\\-db\\fR \\fIpath\\fR] [\\fB\\-q\\fR] \\fIcommand\\fR [\\fIarguments\\fR] [\\fIoptions\\fR]
        .br
        .B budget help
        [\\fIcommand\\fR] [\\fB\\-\\-man\\fR]
        .SH DESCRIPTION

        """
        page += Self.paragraphs(HelpRenderer.overview)
        page += ".SH OPTIONS\n" + GlobalOptions.rootInfo.map(Self.item).joined()
        page += ".SH COMMANDS\n"
        for command in commands.flatMap(\.tree) where !command.isGroup && !command.configuration.isHidden {
            page += section(for: command)
        }
        page += Self.exitStatus + Self.environment + Self.files + Self.examples
        return page
    }

    private func section(for command: CommandInfo) -> String {
        var text = ".SS \(Self.escape(command.path))\n"
        text += ".B " + Self.escape(HelpRenderer(commands: commands).usage(for: command)) + "\n.PP\n"
        text += Self.paragraphs(command.configuration.abstract)
        if !command.configuration.discussion.isEmpty { text += ".PP\n" + Self.paragraphs(command.configuration.discussion) }
        for argument in command.arguments { text += Self.item(argument) }
        return text
    }

    /// One argument or option as a tagged paragraph.
    private static func item(_ argument: ArgumentInfo) -> String {
        var help = argument.help
        if argument.kind == .option, let values = argument.completion.helpText { help += " (" + values + ")" }
        if let defaultText = argument.defaultText { help += " (default: \(defaultText))" }
        return ".TP\n" + label(argument) + "\n" + escape(help) + "\n"
    }

    private static func label(_ argument: ArgumentInfo) -> String {
        switch argument.kind {
        case .positional: return "\\fI" + escape(argument.name) + "\\fR" + (argument.isRepeatable ? " ..." : "")
        case .flag, .option:
            var text = (argument.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB" + escape("--" + argument.name) + "\\fR"
            if let value = argument.valueName { text += " \\fI" + escape(value) + "\\fR" }
            return text
        }
    }

    /// Text as roff paragraphs: blank lines start a new paragraph; lines indented by two spaces
    /// (examples) are kept as they are, in a no-fill block.
    static func paragraphs(_ text: String) -> String {
        var output = ""
        var inExample = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let isExample = line.hasPrefix("  ")
            if isExample != inExample {
                output += isExample ? ".PP\n.RS 4\n.nf\n" : ".fi\n.RE\n"
                inExample = isExample
            }
            if line.isEmpty {
                output += ".PP\n"
            } else {
                output += escape(isExample ? String(line.dropFirst(2)) : String(line)) + "\n"
            }
        }
        if inExample { output += ".fi\n.RE\n" }
        return output
    }

    /// Text safe in roff: backslashes and hyphens escaped, characters beyond ASCII as `\[uXXXX]`
    /// (groff reads its input as Latin-1), and a line never starting with a period or an
    /// apostrophe (they would be read as requests).
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    private static let exitStatus = """
    .SH "EXIT STATUS"
    .TP
    .B 0
    Success.
    .TP
    .B 1
    Failure: an unknown category or transaction, a duplicate name, a book that is missing, damaged, \
    read-only, locked, foreign or from a newer version; \\fBreconcile\\fR found a difference; \\fBcheck\\fR found problems.
    .TP
    .B 2
    \\fBreport \\-\\-check\\fR found an expense category over its budget.
    .TP
    .B 3
    \\fBimport\\fR: a bank statement's closing balance is not the book's after the import (the rows stay imported).
    .TP
    .B 64
    Usage error: an unknown command or option, a missing or invalid argument, an empty \\fBBUDGET_DB\\fR.
    .TP
    .B 65
    Bad data in an input file, reported as FILE:LINE:COLUMN.
    .TP
    .B 74
    Output could not be written.
    .TP
    .B 130
    \\fBwatch\\fR was stopped with Ctrl-C (129 by a closed terminal, 131 with Ctrl-\\\\, 143 with SIGTERM).

    """

    private static let environment = """
    .SH ENVIRONMENT
    .TP
    .B BUDGET_DB
    The book's file, unless \\fB\\-\\-db\\fR names one. Set but empty is a usage error.
    .TP
    .B XDG_DATA_HOME
    Where the default book lives: \\fI$XDG_DATA_HOME/budget/budget.sqlite3\\fR.
    .TP
    .B HOME
    Without \\fBXDG_DATA_HOME\\fR (or with an empty or relative one), the default book is \\fI~/.local/share/budget/budget.sqlite3\\fR.
    .TP
    .B TZ
    The time zone of "today", \\fByesterday\\fR and \\fB\\-\\-month this\\fR and \\fBlast\\fR (unset: this machine's own). One that names no zone is taken as UTC, with a warning.
    .TP
    .B NO_COLOR
    When set and not empty, tables are never coloured.
    .TP
    .B TERM
    With \\fBTERM=dumb\\fR, no colours, and \\fBwatch\\fR streams JSON lines instead of redrawing.

    """

    private static let files = """
    .SH FILES
    .TP
    .I ~/.local/share/budget/budget.sqlite3
    The default book: one SQLite file (mode 0600), with its \\fI\\-wal\\fR and \\fI\\-shm\\fR files while in use.

    """

    private static let examples = """
    .SH EXAMPLES
    .nf
    budget add\\-category Food 300
    budget add 12.50 Food "Lunch"
    budget add \\-2.25 Food Refund              # a refund
    budget report \\-\\-month last \\-\\-format csv
    budget report \\-\\-month last \\-\\-check > /dev/null || echo "over budget"
    budget export \\-\\-format csv | mlr \\-\\-icsv \\-\\-opprint cat
    budget import statement.csv \\-\\-negate \\-\\-default\\-category Other
    budget backup ~/budget\\-copy.sqlite3
    .fi

    """
}
