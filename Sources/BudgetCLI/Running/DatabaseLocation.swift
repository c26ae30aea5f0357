/// Where the database file is: `--db PATH`, else `$BUDGET_DB`, else
/// `$XDG_DATA_HOME/budget/budget.sqlite3`, else `$HOME/.local/share/budget/budget.sqlite3`.
///
/// An empty variable counts as unset (as the XDG Base Directory spec says for `XDG_DATA_HOME`).
/// The environment is passed in, so tests never touch the user's real book.
enum DatabaseLocation {
    static func path(option: String?, environment: [String: String]) throws(EnvironmentError) -> String {
        if let option { return option }
        if let path = environment["BUDGET_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/budget/budget.sqlite3" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/budget/budget.sqlite3" }
        throw EnvironmentError(message: "cannot tell where the database is: HOME is not set",
                               hint: "name the file with --db PATH or BUDGET_DB")
    }
}
