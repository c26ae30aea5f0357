/// Everything a user or the environment can get wrong, each case naming the offending input.
///
/// `description` is the message (`budget: error:` is the CLI's prefix, not part of it);
/// ``hint`` is a line saying how to fix it. Programmer mistakes are preconditions, not cases.
public enum BudgetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An amount that does not parse: `12.345`, `1e3`, `NaN`, empty, too large.
    case invalidAmount(String, reason: String)
    /// A date that is not `YYYY-MM-DD`, `today` or `yesterday`, or that does not exist.
    case invalidDay(String)
    /// A month that is not `YYYY-MM`, `this` or `last`.
    case invalidMonth(String)
    /// A category name that cannot be used (empty, or with control characters).
    case invalidCategoryName(String)
    /// No category has this name.
    case unknownCategory(String)
    /// A category with this name (ignoring case) already exists.
    case duplicateCategory(String)
    /// The category still has transactions; `--move-to` or `--force` is needed to delete it.
    case categoryInUse(String, transactionCount: Int)
    /// Moving a category's transactions into itself.
    case moveToSameCategory(String)
    /// No transaction has this id.
    case unknownTransaction(Int64)
    /// The database was written by a newer version of `budget`.
    case newerDatabase(path: String, version: Int, supported: Int)
    /// The file is an SQLite database of some other program, or not a database at all.
    case notABudgetDatabase(path: String)
    /// The file is damaged.
    case corruptDatabase(path: String)
    /// The path cannot be opened: a directory, a missing folder, no permission.
    case cannotOpenDatabase(path: String, reason: String)
    /// The database cannot be written (file or folder permissions, read-only medium).
    case readOnlyDatabase(path: String)
    /// Another process held the database locked for too long.
    case databaseBusy(path: String)
    /// The disk is full or failed while writing.
    case diskProblem(path: String, reason: String)
    /// A backup target that already exists.
    case backupExists(path: String)
    /// A backup target that cannot be written.
    case cannotWriteBackup(path: String, reason: String)
    /// A bad row or field in an input file: `FILE:LINE:COLUMN: message`.
    case badInput(file: String, line: Int, column: Int, message: String)
    /// Amounts that add up beyond 64 bits (about 92 quadrillion).
    case totalTooLarge
    /// Any other SQLite failure.
    case database(SQLiteError)
    /// No import rule has this id.
    case unknownRule(Int64)
    /// An import rule pattern that cannot be used: empty (it would match every payee).
    case invalidRulePattern(String)
    /// A live result lost the database state it shows (a sync failed, it was cancelled, or the
    /// book is not in WAL mode) and the database changed since: it has seen the change log up to
    /// `seen`, which is now at `latest`. Sync it (``LiveTransactions/processPendingChanges()``)
    /// and read again.
    case liveResultsOutOfDate(seen: Int64, latest: Int64)

    public var description: String {
        switch self {
        case .invalidAmount(let text, let reason):
            return "invalid amount '\(text)': \(reason)"
        case .invalidDay(let text):
            return "invalid date '\(text)': expected YYYY-MM-DD (a real date), today or yesterday"
        case .invalidMonth(let text):
            return "invalid month '\(text)': expected YYYY-MM, this or last"
        case .invalidCategoryName(let name):
            return "invalid category name '\(name)': it must be non-empty text without control characters"
        case .unknownCategory(let name):
            return "no category named '\(name)'"
        case .duplicateCategory(let name):
            return "a category named '\(name)' already exists"
        case .categoryInUse(let name, let count):
            return "category '\(name)' has \(count) transaction\(count == 1 ? "" : "s")"
        case .moveToSameCategory(let name):
            return "cannot move the transactions of '\(name)' into itself"
        case .unknownTransaction(let id):
            return "no transaction with id \(id)"
        case .newerDatabase(let path, let version, let supported):
            return "\(path) was written by a newer version of budget (schema \(version); this one reads up to \(supported))"
        case .notABudgetDatabase(let path):
            return "\(path) is not a budget database"
        case .corruptDatabase(let path):
            return "\(path) is damaged (database disk image is malformed)"
        case .cannotOpenDatabase(let path, let reason):
            return "cannot open \(path): \(reason)"
        case .readOnlyDatabase(let path):
            return "cannot write to \(path): the database is read-only"
        case .databaseBusy(let path):
            return "\(path) is locked by another process"
        case .diskProblem(let path, let reason):
            return "cannot write to \(path): \(reason)"
        case .backupExists(let path):
            return "\(path) already exists"
        case .cannotWriteBackup(let path, let reason):
            return "cannot write the backup to \(path): \(reason)"
        case .badInput(let file, let line, let column, let message):
            return "\(file):\(line):\(column): \(message)"
        case .totalTooLarge:
            return "the amounts add up to more than budget can count (about 92 quadrillion)"
        case .database(let error):
            return "database error: \(error.message)"
        case .unknownRule(let id):
            return "no rule with id \(id)"
        case .invalidRulePattern(let pattern):
            return "invalid rule pattern '\(pattern)': it must not be empty"
        case .liveResultsOutOfDate(let seen, let latest):
            return "the live results are out of date (change \(seen) seen, the database is at \(latest)); sync them and read again"
        }
    }

    /// A line saying how to fix it, when there is something to say.
    public var hint: String? {
        switch self {
        case .invalidAmount: return "write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)"
        case .invalidDay: return "write dates like 2026-11-21, or use today or yesterday"
        case .invalidMonth: return "write months like 2026-11, or use this or last"
        case .invalidCategoryName: return "choose a name such as Food or \"Eating out\""
        case .unknownCategory: return "see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'"
        case .duplicateCategory: return "names are unique ignoring case; choose another name or use 'budget set-budget'"
        case .categoryInUse: return "use --move-to OTHER to keep its transactions, or --force to delete them too"
        case .moveToSameCategory: return "name a different category with --move-to"
        case .unknownTransaction: return "see the ids with 'budget list'"
        case .newerDatabase: return "upgrade budget, or open another file with --db PATH"
        case .notABudgetDatabase: return "choose another file with --db PATH or BUDGET_DB"
        case .corruptDatabase: return "restore it from a backup ('budget backup PATH' makes one), or try the sqlite3 shell's .recover"
        case .cannotOpenDatabase: return "choose another file with --db PATH or BUDGET_DB"
        case .readOnlyDatabase: return "check the permissions of the file and its folder"
        case .databaseBusy: return "try again when the other budget process has finished"
        case .diskProblem: return "free some disk space and try again; nothing was changed"
        case .backupExists: return "choose a new file name; a backup never overwrites a file"
        case .cannotWriteBackup: return "check that the folder exists and is writable"
        case .badInput: return "fix that row and run the command again; nothing was imported"
        case .totalTooLarge: return "look for a mistyped amount, e.g. with 'budget list --min 1000000000'"
        case .database: return nil
        case .unknownRule: return "see the ids with 'budget rule list'"
        case .invalidRulePattern: return "write part of the payee, such as 'coffee'; --default-category catches the rest"
        case .liveResultsOutOfDate: return nil
        }
    }
}
