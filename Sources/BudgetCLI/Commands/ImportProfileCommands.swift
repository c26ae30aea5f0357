import BudgetKit

/// `budget import-profile save|list|show|remove`: `budget import` options saved under a name.
enum ImportProfileCommands {
    static let group = CommandConfiguration(
        name: "import-profile",
        abstract: "Save import options under a name, for a bank's files.",
        discussion: """
        A profile holds options only, checked by 'budget import' itself when saved and again \
        when used: never a FILE, --profile, --db or --quiet, nor --dry-run, --force or \
        --include-deleted, which are given to each import that needs them (a profile an earlier \
        version saved with one is refused until saved again). 'budget import --profile NAME \
        FILE' lays them under the command line's own: an option given on the command line \
        replaces the profile's, and so does its opposite (--decimal-point replaces a saved \
        --decimal-comma); of options that cannot be used together (--amount-column and a saved \
        --debit-column), both count as given, and the import says they conflict.
          budget import-profile save giro --delimiter ';' --decimal-comma --negate
          budget import --profile giro statement.csv --dry-run
        """,
        access: .none)

    static let tree = CommandTree.group(group, [
        .command(ImportProfileSave.self), .command(ImportProfileList.self), .command(ImportProfileShow.self),
        .command(ImportProfileRemove.self),
    ])
}

extension Import {
    /// The import `words` (a profile's options) describe, with `file` as its FILE: parsed and
    /// checked by the one parser, as if typed after `budget import -`. The FILE goes first, as
    /// `-` (always a value, never an option), so a message names only words of the profile: a
    /// last `--delimiter` misses its value, and a FILE among the words is one too many.
    ///
    /// - Throws: the parser's ``UsageError``; a usage error too for a FILE among the words,
    ///   `--profile`, a global option or `--help`.
    static func parsing(profile words: [String], named name: String, file: String) throws(UsageError) -> Import {
        let refused = { (what: String) -> UsageError in
            UsageError(message: "import profile '\(name)' cannot hold \(what)",
                       hint: "a profile holds 'budget import' options only; see 'budget help import'")
        }
        let result: ParseResult
        do {
            result = try CommandLineParser(tree: Commands.tree).parse(["import", "-"] + words)
        } catch {
            // `unexpected argument 'x'`, `2 unexpected arguments: 'x', 'y'`: positionals after the FILE.
            if error.message.hasPrefix("unexpected argument") || error.message.contains(" unexpected arguments: ") {
                throw refused("a FILE argument")
            }
            throw UsageError(message: "import profile '\(name)': \(error.message)", hint: error.hint, command: error.command)
        }
        guard case .run(let parsed, _, let globals) = result, var command = parsed as? Import else { throw refused("'--help'") }
        if globals != GlobalOptions() { throw refused("'--db' or '--quiet'") }
        if command.profile != nil { throw refused("'--profile'") }
        command.file = FilePath(file)
        return command
    }

    /// The flags that act on one import, never a standing choice: saved in a profile, each would
    /// apply unseen to every import made with it (every import a dry run with no way to turn it
    /// off, rows imported into reconciled periods, deleted rows brought back). In their order
    /// in `budget import`'s options.
    static var oneImportFlags: [(name: String, isGiven: (Import) -> Bool)] {[
        ("--include-deleted", \.includesDeleted), ("--force", \.force), ("--dry-run", \.dryRun),
    ]}

    /// Refuses a profile holding a flag of ``oneImportFlags``: when it is saved (`saving`), and
    /// when it is used, for a profile an earlier version of budget saved with one.
    static func refuseOneImportFlags(in saved: Import, named name: String, saving: Bool) throws(UsageError) {
        let held = oneImportFlags.filter { $0.isGiven(saved) }.map(\.name)
        guard !held.isEmpty else { return }
        let flags = held.joined(separator: " ")
        let them = held.count == 1 ? "it" : "them"
        throw UsageError(message: "import profile '\(name)' cannot hold \(Suggestion.list(held))",
                         hint: saving ? "save the profile without \(them), and give \(flags) to an import: budget import --profile NAME FILE \(flags)"
                             : "save the profile again without \(them) with 'budget import-profile save NAME OPTIONS...' "
                             + "('budget import-profile show NAME' prints its options), and give \(flags) to the import itself")
    }

    /// The import to run: `profile`'s options under this command line's (an option given here
    /// replaces the profile's), checked as one command line.
    func layered(on profile: ImportProfile) throws(UsageError) -> Import {
        let saved = try Self.parsing(profile: profile.options, named: profile.name, file: file.path)
        try Self.refuseOneImportFlags(in: saved, named: profile.name, saving: false)
        let mine = Set(given.map(\.target))
        let words = saved.given.filter { !mine.contains($0.target) }.flatMap(\.words) + given.filter { $0.target != \Import.profile }.flatMap(\.words)
        return try Self.parsing(profile: words, named: profile.name, file: file.path)
    }
}

/// An option or flag a command line gave, as words that give it again.
struct GivenOption {
    let target: AnyKeyPath
    let words: [String]

    init(_ info: ArgumentInfo, target: AnyKeyPath, word: String) {
        self.target = target
        words = info.kind == .flag ? ["--\(info.name)"] : ["--\(info.name)=\(word)"]
    }
}

/// `budget import-profile save NAME OPTIONS...`.
struct ImportProfileSave: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "save",
        abstract: "Save import options under a name, replacing a profile of that name.",
        discussion: "Every word after NAME is an option of 'budget import', checked as 'budget import' checks them.",
        // A profile is used by imports into the book it is kept in: a mistyped --db is named,
        // never made into a book holding one profile.
        access: .change)

    static var arguments: [CommandArgument<ImportProfileSave>] {[
        .argument(\.name, "name", help: "The profile's name (unique ignoring case)."),
        .verbatimRest(\.options, "options", help: "Options of 'budget import', as you would type them."),
    ]}

    var name = ""
    var options: [String] = []

    func run(_ context: CommandContext) throws -> Outcome {
        try Import.refuseOneImportFlags(in: Import.parsing(profile: options, named: name, file: "-"), named: name, saving: true)
        let store = try context.store()
        let replaced = try store.saveImportProfile(named: name, options: options)
        context.confirm("\(replaced ? "Replaced" : "Saved") import profile '\(try store.importProfile(named: name).name)'.")
        return .success
    }
}

/// `budget import-profile list`.
struct ImportProfileList: BudgetCommand {
    static let configuration = CommandConfiguration(name: "list", abstract: "List the import profiles with their options.", access: .read)

    static var arguments: [CommandArgument<ImportProfileList>] {[.format(\.format)]}

    var format = OutputFormat.table

    func run(_ context: CommandContext) throws -> Outcome {
        try context.printRecords(format, record: .importProfile, values: try context.store().importProfiles())
        return .success
    }
}

/// `budget import-profile show NAME`.
struct ImportProfileShow: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "show", abstract: "Print a profile's options as a shell-quoted command line.", access: .read)

    static var arguments: [CommandArgument<ImportProfileShow>] {[.argument(\.name, "name", help: "The profile's name.")]}

    var name = ""

    func run(_ context: CommandContext) throws -> Outcome {
        let profile = try context.store().importProfile(named: name)
        try context.stdout.write(ShellWords.quoted(profile.options) + "\n")
        return .success
    }
}

/// `budget import-profile remove NAME`.
struct ImportProfileRemove: BudgetCommand {
    static let configuration = CommandConfiguration(name: "remove", abstract: "Remove an import profile.", access: .change)

    static var arguments: [CommandArgument<ImportProfileRemove>] {[.argument(\.name, "name", help: "The profile's name.")]}

    var name = ""

    func run(_ context: CommandContext) throws -> Outcome {
        let profile = try context.store().removeImportProfile(named: name)
        context.confirm("Removed import profile '\(profile.name)'.")
        return .success
    }
}

extension RecordDescription where Value == ImportProfile {
    /// An import profile: its name and its options as one shell-quoted line.
    static var importProfile: RecordDescription<ImportProfile> {
        RecordDescription(columns: [
            RecordColumn("name") { .text($0.name) },
            RecordColumn("options") { .text(ShellWords.quoted($0.options)) },
        ])
    }
}
