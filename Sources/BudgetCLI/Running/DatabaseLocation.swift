#if canImport(Glibc)
import Glibc
#endif
import BudgetKit

/// Where the database file is: `--db PATH`, else `$BUDGET_DB`, else
/// `$XDG_DATA_HOME/budget/budget.sqlite3`, else `$HOME/.local/share/budget/budget.sqlite3`.
///
/// `BUDGET_DB` set but empty is a mistake (a script's unset variable), never "the default": a
/// usage error. An empty or relative `XDG_DATA_HOME` counts as unset, as the XDG Base Directory
/// spec says (a relative one would name another book in every folder a command runs from).
/// The environment is passed in, so tests never touch the user's real book.
enum DatabaseLocation {
    /// Where the book is, and whether the user named it (`--db`, `BUDGET_DB`) or it is the default.
    struct Resolved: Equatable {
        var path: String
        var isDefault: Bool
    }

    static func resolve(option: String?, environment: [String: String]) throws(EnvironmentError) -> Resolved {
        if let option {
            guard !option.isEmpty else {
                throw EnvironmentError(message: "the value of '--db' is empty", hint: "name the book's file: --db PATH", isUsage: true)
            }
            return Resolved(path: option, isDefault: false)
        }
        if let path = environment["BUDGET_DB"] {
            guard !path.isEmpty else {
                throw EnvironmentError(message: "BUDGET_DB is set but empty",
                                       hint: "set it to the book's path, or unset it to use the default book", isUsage: true)
            }
            return Resolved(path: path, isDefault: false)
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return Resolved(path: data + "/budget/budget.sqlite3", isDefault: true)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return Resolved(path: home + "/.local/share/budget/budget.sqlite3", isDefault: true)
        }
        throw EnvironmentError(message: "cannot tell where the database is: HOME is not set",
                               hint: "name the file with --db PATH or BUDGET_DB")
    }

    static func path(option: String?, environment: [String: String]) throws(EnvironmentError) -> String {
        try resolve(option: option, environment: environment).path
    }
}

/// A new, empty book in a private temporary folder, removed when released: what a read command
/// reads when the default book does not exist yet, so it shows an empty result (and a report its
/// hint) without creating a file where the book belongs. Release every store on it first.
final class EmptyBook {
    let folder: String
    var path: String { folder + "/budget.sqlite3" }

    /// Makes the folder and the book in it, in the first of `folders` that takes it
    /// (``CommandContext/temporaryFolders``: `$TMPDIR`, then `/tmp`).
    init(in folders: [String]) throws {
        var made: String?, reason = ""
        for parent in folders where made == nil {
            var template = Array("\(parent)/budget-empty-XXXXXX".utf8CString)
            if let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) {
                made = String(cString: folder)
            } else {
                reason = String(cString: strerror(errno))
            }
        }
        guard let made else {
            throw EnvironmentError(message: "cannot make a temporary folder: " + reason, hint: "set TMPDIR to a writable folder")
        }
        folder = made
        _ = try BudgetStore(path: path, access: .write)
    }

    deinit {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        rmdir(folder)
    }
}
