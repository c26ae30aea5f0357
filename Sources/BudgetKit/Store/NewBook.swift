#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A book that opening a store made: nothing was at its path, and ``BudgetStore/init(path:access:)``
/// with `.write` created the file (and the folders it needed). ``BudgetStore/created`` holds it.
///
/// It exists to be taken back. A command that creates its book and then fails (a bad argument
/// found only after opening, a bad row in an import) must not leave an empty book behind that a
/// typo'd path later reads as "an empty book":
///
/// ```swift
/// var store: BudgetStore? = try BudgetStore(path: path)
/// let created = store?.created
/// do {
///     try store?.renameDevice(to: name)
/// } catch {
///     store = nil                                // close every store on the book first
///     _ = try? created?.removeIfStillNew()
///     throw error
/// }
/// ```
///
/// It never removes a book that holds anything (see ``removeIfStillNew()``), nor one that
/// another connection has open: it does not undo a write, it takes back an empty file.
public struct NewBook: Hashable, Sendable {
    /// The book's file: where it was made (the target, for a book made through a dangling link).
    public let path: String
    /// The folders made for it, outermost first; empty when its folder was there.
    public let folders: [String]
    /// The file made (device and inode): another file put at the path since is never taken for it.
    let file: OpenFiles.Identity?

    init(path: String, folders: [String]) {
        self.path = path
        self.folders = folders
        file = OpenFiles.Identity(path: path)
    }

    /// Removes the book, with its `-wal`, `-shm` and `-journal` files and then the folders made
    /// for it that are empty, if it is still as new: what the CLI does when the command it
    /// created the book for fails.
    ///
    /// One check decides, made while this process holds the file alone (``Connection/takeAlone()``),
    /// and the files are unlinked before that lock is let go: the same file is at the path; no
    /// other connection has it open (a second `budget` writing into it, a `watch`); and it holds
    /// what a new book holds and nothing more (``holdsOnlyWhatANewBookHolds(_:)``). So a book
    /// another process has written to, or has open and may be about to write to, stays, as does
    /// any book written by the failing command itself before it failed.
    ///
    /// Close every store on the book first: one still open counts as another connection.
    ///
    /// - Returns: whether it removed the book; `false` when it is not still new, is open
    ///   elsewhere, or is no longer the file made.
    /// - Throws: ``BudgetError`` when the book cannot be opened or read (it is then left).
    @discardableResult
    public func removeIfStillNew() throws -> Bool {
        guard let file, OpenFiles.Identity(path: path) == file, try unlinkIfStillNew(file) else { return false }
        for folder in folders.reversed() where rmdir(folder) != 0 { break }
        BookFile.syncFolder(of: folders.first ?? path)
        return true
    }

    /// Unlinks the book's files if, holding it alone, it is still `file` and still new; the
    /// connection that holds it closes on return, keeping its `-wal` file (unlinked) and never
    /// having had a `-shm` file, so closing touches no name.
    private func unlinkIfStillNew(_ file: OpenFiles.Identity) throws -> Bool {
        do {
            let connection = try Connection(path: path)
            guard try connection.takeAlone(), OpenFiles.Identity(path: path) == file,
                  try NewBook.holdsOnlyWhatANewBookHolds(connection) else { return false }
            // Still holding the lock: nobody opens the book between the check and the unlinking.
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
            return true
        } catch {
            throw BudgetStore.translate(error, path: path)
        }
    }

    /// Whether the book on `connection` holds only what every new book holds: our schema at the
    /// latest version, the default account as the schema makes it, at most this host's device
    /// row as a book's first open makes it (named after the host, its clock never moved), no
    /// AUTOINCREMENT counter moved, and no row in any other table. Any write a person makes
    /// (a category, a transaction, a rule, a profile, a renamed device) or a history entry
    /// makes it `false`.
    static func holdsOnlyWhatANewBookHolds(_ connection: Connection) throws -> Bool {
        let seen = try Schema.migrator.inspect(connection)
        guard seen.applicationID == Schema.applicationID, seen.version == Schema.migrator.latestVersion else { return false }
        let tables = try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%'")
            .map { $0.text(0) }
        for table in tables {
            var values: [SQLiteValue] = []
            let extra: String
            switch table {
            case "accounts":
                // As version 4's migration inserts it.
                extra = """
                    NOT (id = 1 AND name = 'Main' AND name_key = 'main' AND type = 'checking' AND number IS NULL
                         AND number_key IS NULL AND opening_balance = 0 AND opening_date IS NULL AND closed_on IS NULL
                         AND is_default = 1)
                    """
            case "local_device":
                extra = "NOT (hlc_time = 0 AND name = ?)"
                values = [.text(LocalDevice.hostName())]
            case "sqlite_sequence":
                extra = "seq <> 0"
            default:
                extra = "1"
            }
            let quoted = "\"" + table.replacing("\"", with: "\"\"") + "\""
            if try connection.prepare("SELECT EXISTS (SELECT 1 FROM \(quoted) WHERE \(extra))").first(values, { $0.int64(0) }) != 0 {
                return false
            }
        }
        return true
    }
}
