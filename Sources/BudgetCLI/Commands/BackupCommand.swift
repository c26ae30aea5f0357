import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// `budget backup PATH|-`: a consistent copy of the whole book.
struct Backup: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "backup",
        abstract: "Copy the whole database, consistently, to a new file.",
        discussion: """
        Safe while other budget processes are writing. Never overwrites a file. With -, writes \
        the copy to standard output (a pipe or a file, never a terminal):
          budget backup - | gzip > budget.sqlite3.gz
        The copy is made whole first, in $TMPDIR (else /tmp, else beside the book), readable by \
        you alone, and removed as it goes out. A backup that cannot be written exits 74. A \
        backup or restore that was killed leaves a NAME.partial-... file: the next one removes \
        it once no process holds it and it is a minute old.
        """,
        access: .readExisting)

    static var arguments: [CommandArgument<Backup>] {[
        .argument(\.path, "path", help: "The new file, or - for standard output."),
    ]}

    var path = FilePath("")

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        guard path.isStandardStream else {
            try store.backup(to: path.path)
            context.confirm("Backed up \(store.path) to \(path.path).")
            return .success
        }
        guard !context.stdout.isTerminal else {
            throw UsageError(message: "a backup is a binary file: standard output is a terminal",
                             hint: "redirect it: budget backup - > budget-copy.sqlite3")
        }
        try BackupStream.write(store, stagingIn: Self.temporaryFolders(context.environment), to: context.stdout)
        context.confirm("Backed up \(store.path) to standard output.")
        return .success
    }

    /// Where `backup -` makes its temporary copy: `$TMPDIR`, then `/tmp` (the book's folder comes last).
    static func temporaryFolders(_ environment: [String: String]) -> [String] {
        let given = environment["TMPDIR"] ?? ""
        return given.isEmpty || given == "/tmp" ? ["/tmp"] : [given, "/tmp"]
    }
}

/// `budget backup -`: the store's backup streamed to standard output as it is made (a closed
/// pipe ends it quietly; nothing is left behind).
enum BackupStream {
    static func write(_ store: BudgetStore, stagingIn folders: [String], to output: Output) throws {
        try store.backup(stagingIn: folders) { bytes in try output.write(bytes: bytes) }
        try output.flush()
    }
}

/// What `budget` reads of its process's surroundings without Foundation.
enum ProcessInfoLite {
    /// `$TMPDIR`, else `/tmp`.
    static var temporaryDirectory: String {
        if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
        return "/tmp"
    }
}
