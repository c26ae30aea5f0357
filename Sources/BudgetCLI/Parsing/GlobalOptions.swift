/// The options every command takes, before or after its name.
struct GlobalOptions: Equatable {
    /// `--db PATH`.
    var database: String?
    /// `--quiet`: no confirmations on stderr.
    var quiet = false

    /// How they appear in help, after each command's own options.
    static let info: [ArgumentInfo] = [
        ArgumentInfo(kind: .option, name: "db", valueName: "path",
                     help: "The database file (default: $BUDGET_DB, else in $XDG_DATA_HOME).", completion: .file),
        ArgumentInfo(kind: .flag, name: "quiet", short: "q", help: "Do not print confirmations on standard error."),
        help,
    ]
    static let help = ArgumentInfo(kind: .flag, name: "help", short: "h", help: "Show help information.")
    /// `--version`: before a command name only.
    static let version = ArgumentInfo(kind: .flag, name: "version", help: "Show the version.")
    /// What `budget` itself accepts before a command name, in help's order.
    static let rootInfo = Array(info.dropLast()) + [version, help]
}
