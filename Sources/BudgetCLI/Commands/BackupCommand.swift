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
        you alone, and removed as it goes out. A backup that cannot be written exits 74, and so \
        does one whose reader closed the pipe before its end (what it got is not a usable book). A \
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
        try BackupStream.write(store, stagingIn: context.temporaryFolders, to: context.stdout)
        context.confirm("Backed up \(store.path) to standard output.")
        return .success
    }
}

/// `budget backup -`: the store's backup streamed to standard output as it is made (nothing is
/// left behind). A reader that goes away before the last byte is a failure, not the quiet end
/// other commands make of a closed pipe: what it got is a truncated book.
enum BackupStream {
    /// - Throws: ``IncompleteBackupError`` when the reader closed the pipe before the end.
    static func write(_ store: BudgetStore, stagingIn folders: [String], to output: Output) throws {
        do {
            try store.backup(stagingIn: folders) { bytes in try output.write(bytes: bytes) }
            try output.flush()
        } catch OutputError.closed {
            throw IncompleteBackupError()
        }
    }
}

/// `budget backup -` lost its reader before the last byte (`budget backup - | head -c 4096`):
/// exit 74, the reader holds a truncated copy.
struct IncompleteBackupError: Error, Equatable {
    let message = "the backup on standard output is incomplete: the reader closed the pipe before its end"
    let hint = "what the reader got is not a usable book: let it read to the end (budget backup - | gzip > budget.sqlite3.gz)"
}

/// What `budget` reads of its process's surroundings without Foundation.
enum ProcessInfoLite {
    /// `$TMPDIR`, else `/tmp`.
    static var temporaryDirectory: String {
        if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
        return "/tmp"
    }
}
