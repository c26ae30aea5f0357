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
        Safe while other budget processes are writing. Never overwrites a file. Given a folder, \
        writes BOOK-YYYY-MM-DD.sqlite3 in it (today's date; -2, -3 ... after it when that file \
        exists) and prints its path on standard output:
          budget backup ~/backups/
        With -, writes the copy to standard output (a pipe or a file, never a terminal):
          budget backup - | gzip > budget.sqlite3.gz
        The copy is made whole first, in $TMPDIR (else /tmp, else beside the book), readable by \
        you alone, and removed as it goes out. A backup that cannot be written exits 74, and so \
        does one whose reader closed the pipe before its end (what it got is not a usable book). A \
        backup or restore that was killed leaves a NAME.partial-... file: the next one removes \
        it once no process holds it and it is a minute old.
        """,
        access: .readExisting)

    static var arguments: [CommandArgument<Backup>] {[
        .argument(\.path, "path", help: "The new file, a folder to write a dated copy in, or - for standard output."),
    ]}

    var path = FilePath("")

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        guard path.isStandardStream else {
            guard Self.isFolder(path.path) else {
                try store.backup(to: path.path)
                context.confirm("Backed up \(store.path) to \(path.path).")
                return .success
            }
            let written = try Self.backup(store, intoFolder: path.path, on: .today())
            try context.reportCommitted("the backup \(written) was written") { () throws(OutputError) in
                try context.stdout.write("\(written)\n")
            }
            context.confirm("Backed up \(store.path) to \(written).")
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

extension Backup {
    /// Whether `path` is a folder (a link to one too).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & UInt32(S_IFMT) == UInt32(S_IFDIR)
    }

    /// How many dated names a backup into a folder tries: `-2` to `-99` after the first.
    static let namesPerDay = 99

    /// Backs `store` up into `folder` as `BOOK-DAY.sqlite3` (`BOOK`: the book's file name without
    /// its extension, `budget` for the default book), or `BOOK-DAY-2.sqlite3` and on when that
    /// exists: never over a file, also when another backup takes a name at the same moment.
    ///
    /// - Returns: the path written.
    static func backup(_ store: BudgetStore, intoFolder folder: String, on day: Day) throws -> String {
        let name = String(store.path.split(separator: "/").last ?? "budget")
        let book = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? String(name[..<$0]) : nil } ?? name
        let base = (folder.hasSuffix("/") ? folder : folder + "/") + "\(book)-\(day)"
        var lastError: (any Error)?
        for number in 1...namesPerDay {
            let path = base + (number == 1 ? "" : "-\(number)") + ".sqlite3"
            do {
                try store.backup(to: path)
                return path
            } catch BudgetError.backupExists {
                lastError = BudgetError.backupExists(path: path)
            }
        }
        throw lastError ?? BudgetError.backupExists(path: base + ".sqlite3")
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
