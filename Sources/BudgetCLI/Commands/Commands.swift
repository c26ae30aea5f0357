/// Every command of `budget`, in the order `budget --help` lists them.
///
/// Adding a command: write its ``Command`` (a spec and a run function) in an extension, and
/// list it here.
enum Commands {
    static let all: [Command] = [
        addCategory, categories, showCategory, setBudget, setRollover, renameCategory, deleteCategory,
        add, edit, delete, list, export, importFile, rule, report, watch, backup, help,
    ]

    /// Every command's spec, for the parser and the help renderer.
    static let specs = all.map(\.spec)

    /// The command `spec` describes, found by its path (`rule add`).
    static func command(for spec: CommandSpec) -> Command? {
        var candidates = all
        var found: Command?
        for name in spec.parents + [spec.name] {
            found = candidates.first { $0.spec.name == name }
            candidates = found?.subcommands ?? []
        }
        return found
    }

    static let backup = Command(spec: CommandSpec(
        name: "backup",
        abstract: "Copy the whole database, consistently, to a new file.",
        discussion: "Safe while other budget processes are writing. Never overwrites a file.",
        arguments: [ArgumentSpec(name: "path", help: "The new file.")]
    )) { context in
        let store = try context.store()
        let path = context.arguments.text("path")!
        try store.backup(to: path)
        context.confirm("Backed up \(store.path) to \(path).")
        return .success
    }

    /// `budget help [COMMAND]`: answered by the parser (``ParseResult/help(_:)``), like `--help`.
    static let help = Command(spec: CommandSpec(
        name: "help",
        abstract: "Show help for budget or one of its commands.",
        arguments: [ArgumentSpec(name: "command", help: "The command (and subcommand: help rule add).",
                                 isOptional: true, isVariadic: true)]
    )) { _ in
        preconditionFailure("the parser answers 'help' itself")
    }
}
