import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// The words a person reads for each of BudgetKit's typed errors: the message after
/// `budget: error:`, and a hint saying how to fix it. The library speaks values; the sentences
/// live here, in one place.
struct ErrorText: Equatable {
    let message: String
    let hint: String?

    static let amountHint = "write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)"
    static let dayHint = "write dates like 2026-11-21, or use today or yesterday"
    static let monthHint = "write months like 2026-11, or use this or last"
    static let categoriesHint = "see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'"
    /// After a new name holding a character that draws nothing.
    static let invisibleCharacterHint = "type the name without it: an invisible character makes one name look like another"
    /// `strerror(ENOSPC)` as BudgetKit's reasons quote it.
    static let noSpace = "no space left on device"
    static let damagedHint = "see what is wrong with 'budget check'; 'budget restore BACKUP' puts a backup in its place"

    /// What to do about a book SQLite cannot write: check the book and its folder, unless the
    /// book is writable and its `-shm` or `-wal` beside it is not. A read while the book was
    /// write-protected leaves those two with the book's mode, and a read-only reader cannot
    /// remove them, so once the book is writable again every write still fails: those files
    /// are named. (At most five `access(2)` calls, made only on this error.)
    static func readOnlyHint(book path: String) -> String {
        guard access(path, W_OK) == 0 else { return "check the permissions of the file and its folder" }
        let readOnly = [path + "-shm", path + "-wal"].filter { (file: String) in access(file, F_OK) == 0 && access(file, W_OK) != 0 }
        guard !readOnly.isEmpty else { return "check the permissions of the file and its folder" }
        let (files, are, them) = readOnly.count == 1 ? (readOnly[0], "is", "it") : ("\(readOnly[0]) and \(readOnly[1])", "are", "them")
        return "\(files) beside it \(are) read-only (a read while the book was write-protected leaves \(them) so): "
            + "make \(them) writable as the book is, with chmod u+w"
    }

    // `--sort KEY[,KEY...]`: why a value is not a sort, after `the value 'x' is invalid for '--sort <keys>':`.
    static let sortHint = "give sort keys among date, amount, payee and category, separated by commas; "
        + "a - before a key sorts it largest (or newest) first, like --sort category,-amount"
    static let emptySortKey = "a key is empty"
    /// `'paye' is not a sort key; did you mean 'payee'?`
    static func unknownSortKey(_ word: String, _ suggestion: String) -> String { "'\(word)' is not a sort key" + suggestion }
    /// `'amount' is given twice`
    static func repeatedSortKey(_ key: String) -> String { "'\(key)' is given twice" }
    /// After `'--account <name>' was given more than once` for `watch report`.
    static let oneReportAccountHint = "'watch report' shows one account's report, or every account's; 'watch list' takes several"

    /// A message of one line. The user text in it (a path, a value, a payee) has its control,
    /// bidi-control, line-breaking and invisible characters shown as escapes
    /// (``VisibleText/visible(_:keepingLayout:)``), in a pipe too: stderr is read by people (a
    /// cron job's mail), a line break must not start what reads as a second error, and a
    /// right-to-left override must not reorder the line. Our own words hold none. The hint
    /// likewise.
    init(message: String, hint: String?) {
        self.init(lines: [message], hint: hint)
    }

    /// Several errors, one a line (every missing category of an import): each line shown as
    /// ``init(message:hint:)`` shows its message.
    init(lines: [String], hint: String?) {
        message = lines.map { VisibleText.visible($0) }.joined(separator: "\n")
        self.hint = hint.map { VisibleText.visible($0) }
    }

    init(_ error: BudgetError) {
        switch error {
        case .invalidAmount(let text, let reason):
            self.init(message: "invalid amount '\(text)': \(reason)", hint: Self.amountHint)
        case .invalidDay(let text):
            self.init(message: "invalid date '\(text)': expected YYYY-MM-DD (a real date), today or yesterday", hint: Self.dayHint)
        case .invalidMonth(let text):
            self.init(message: "invalid month '\(text)': expected YYYY-MM, this or last", hint: Self.monthHint)
        case .invalidCategoryName(let name):
            self.init(message: "invalid category name '\(name)': it must be non-empty text without control characters",
                      hint: "choose a name such as Food or \"Eating out\"")
        case .invisibleCharacterInCategoryName(let name, let character):
            self.init(message: "invalid category name '\(InvisibleCharacters.shown(in: name))': it holds \(InvisibleCharacters.label(character)), which is invisible",
                      hint: Self.invisibleCharacterHint)
        case .unknownCategory(let name):
            self.init(noneNamed: name, noun: "category", hint: Self.categoriesHint)
        case .duplicateCategory(let name):
            self.init(message: "a category named '\(name)' already exists",
                      hint: "names are unique ignoring case; choose another name or use 'budget set-budget'")
        case .categoryInUse(let name, let count):
            self.init(message: "category '\(name)' has \(count) transaction\(count == 1 ? "" : "s")",
                      hint: "use --move-to OTHER to keep its transactions, or --force to delete them too")
        case .moveToSameCategory(let name):
            self.init(message: "cannot move the transactions of '\(name)' into itself", hint: "name a different category with --move-to")
        case .unknownTransaction(let id):
            self.init(message: "no transaction with id \(id)", hint: "see the ids with 'budget list'")
        case .newerDatabase(let path, let version, let supported):
            self.init(message: "\(path) was written by a newer version of budget (schema \(version); this one reads up to \(supported))",
                      hint: "upgrade budget, or open another file with --db PATH")
        case .notABudgetDatabase(let path):
            self.init(message: "\(path) is not a budget database",
                      hint: "if it is your book, 'budget check' says what is wrong and 'budget restore BACKUP' puts a backup in its place; "
                          + "otherwise choose another file with --db PATH")
        case .corruptDatabase(let path):
            self.init(message: "\(path) is damaged (database disk image is malformed)", hint: Self.damagedHint)
        case .cannotOpenDatabase(let path, let reason):
            self.init(message: "cannot open \(path): \(reason)", hint: "choose another file with --db PATH or BUDGET_DB")
        case .readOnlyDatabase(let path):
            self.init(message: "cannot write to \(path): the database is read-only", hint: Self.readOnlyHint(book: path))
        case .databaseBusy(let path):
            self.init(message: "\(path) is locked by another process", hint: "try again when the other process (budget, or the sqlite3 shell in a transaction) has finished with it")
        case .diskProblem(let path, let reason):
            self.init(message: "cannot write to \(path): \(reason)", hint: "free some disk space and try again; nothing was changed")
        case .backupExists(let path):
            self.init(message: "\(path) already exists", hint: "choose a new file name; a backup never overwrites a file")
        case .cannotWriteBackup(let path, let reason):
            self.init(message: "cannot write the backup to \(path): \(reason)",
                      hint: reason == Self.noSpace ? "free some room on that disk, or back up to another one; nothing was left there"
                          : "check that the folder exists and is writable")
        case .cannotStageBackup(let folder, let reason):
            self.init(message: "cannot write the backup's temporary copy in \(folder): \(reason)",
                      hint: "set TMPDIR to a writable folder with room for a copy of the book; nothing was left there")
        case .badInput(let file, let line, let column, let message):
            self.init(message: "\(file):\(line):\(column): \(message)", hint: "fix that row and run the command again; nothing was imported")
        case .totalTooLarge:
            self.init(message: "the amounts add up to more than budget can count (about 92 quadrillion)",
                      hint: "look for a mistyped amount, e.g. with 'budget list --min 1000000000'")
        case .database(let error):
            self.init(message: "database error: \(error.message)", hint: nil)
        case .unknownRule(let id):
            self.init(message: "no rule with id \(id)", hint: "see the ids with 'budget rule list'")
        case .transactionWouldChangeKind(let id, let amount, let from, let fromKind, let to, let toKind):
            self.init(message: "moving transaction \(id) from \(fromKind.rawValue) category '\(from)' to \(toKind.rawValue) category "
                          + "'\(to)' would turn \(amount) \(fromKind.flow) into \(amount) \(toKind.flow)",
                      hint: "say what the amount becomes: --kind-change negate records \(-amount) (the money still went the same way), "
                          + "--kind-change keep records \(amount) \(toKind.flow); or give --amount")
        case .moveWouldChangeKind(let from, let fromKind, let to, let toKind, let count):
            self.init(message: "moving \(count) transaction\(count == 1 ? "" : "s") from \(fromKind.rawValue) category '\(from)' to "
                          + "\(toKind.rawValue) category '\(to)' would turn money \(fromKind.flow) into money \(toKind.flow)",
                      hint: "add --kind-change negate to keep each amount's direction (12.50 \(fromKind.flow) becomes -12.50), "
                          + "or --kind-change keep to keep the numbers")
        case .duplicateRule(let pattern, _, let existing):
            // The earlier rule as 'rule list' and 'rule add' describe it: its field, mode, direction and actions.
            self.init(message: "rule \(existing.id) already covers '\(pattern)': \(existing.summary)",
                      hint: "nothing to add; see the rules with 'budget rule list'")
        case .noBudgetEntry(let category, let month, let scope):
            self.init(message: scope == .only ? "\(category) has no budget for \(month) only" : "\(category) has no budget change from \(month)",
                      hint: "see its history with '\(ShellWords.command(["budget", "show-category"], arguments: [category]))'")
        case .onlyBudgetEntry(let category, let month):
            self.init(message: "\(month) is the only 'from' budget of \(category): without it \(category) would have no first month",
                      hint: "set another amount with '"
                          + ShellWords.command(["budget", "set-budget"], arguments: [category, "AMOUNT"], options: ["--from", month.description])
                          + "', or delete the category")
        case .databaseNotFound(let path):
            // Quoted, as other input is: a blank or space-padded path must show what it is.
            self.init(message: "'\(path)' does not exist",
                      hint: "check the path, or create a book there with a write command such as 'budget add-category Food 300'")
        case .notARegularFile(let path, let kind):
            self.init(message: "cannot open \(path): it is \(kind.phrase)", hint: "choose another file with --db PATH or BUDGET_DB")
        case .emptyDatabaseFile(let path):
            self.init(message: "\(path) is an empty file, not a budget database",
                      hint: "remove it if it is yours, or put a backup there with 'budget restore BACKUP'")
        case .truncatedDatabase(let path, let size, let expected):
            self.init(message: "\(path) is truncated (\(size) bytes, expected at least \(expected))", hint: Self.damagedHint)
        case .unknownSchemaVersion(let path, let version):
            self.init(message: "\(path) has an impossible schema version (\(version)): it is damaged", hint: Self.damagedHint)
        case .invalidBackup(let path, let reason):
            self.init(message: "cannot restore from \(path): \(ErrorText(reason).message)",
                      hint: "choose a file made by 'budget backup'; the book was not changed")
        case .missingCategories(let file, let categories, let more):
            self.init(missingCategories: file, categories, more: more)
        case .noRowsAfterHeader(let file, let line):
            self.init(message: "\(file):\(line): no rows after the header", hint: "check the file, or the --skip-lines count")
        case .headerReadsAsRow:
            self.init(message: error.description,
                      hint: "for a file without a header, import with --no-header; lines before the header are skipped with "
                          + "--skip-lines; nothing was imported")
        case .noStatement(let file, let format):
            let what: String
            switch format {
            case "qif": what = "budget reads the sections !Type:Bank, Cash, CCard, Oth A and Oth L of a QIF file, not investment accounts"
            case "ofx", "qfx": what = "an OFX file without a bank or card statement (an error response from the bank, say) has nothing to import"
            default: what = "the file holds no statement in that format"
            }
            self.init(message: "\(file): no statement or transaction found, read as \(format)",
                      hint: "\(what); check the file, or name its format with --file-format")
        case .rowWithoutCategory(let file, let line, let column, let payee):
            self.init(message: BudgetError.rowWithoutCategory(file: file, line: line, column: column, payee: payee).description,
                      hint: "give the row a category, " + (payee.isEmpty ? "" : "add a rule for its payee ('budget rule add'), ")
                          + "or import with --default-category NAME; nothing was imported")
        case .unknownAccountInFile(let file, let line, let column, let name):
            self.init(message: "\(file):\(line):\(column): no account named '\(name)'",
                      hint: "add it with: " + ShellWords.command(["budget", "add-account"], arguments: [name])
                          + ", or correct the row; nothing was imported")
        case .emptyImportFile(let file):
            self.init(message: "\(file) is empty: there is nothing to import",
                      hint: "a download or an export that failed can leave an empty file; check where it came from")
        case .noRowsAfterSkipping(let file, let skipLines, let lineCount):
            self.init(message: "\(file): no rows after skipping \(skipLines) line\(skipLines == 1 ? "" : "s") "
                          + "(the file has \(lineCount) line\(lineCount == 1 ? "" : "s"))",
                      hint: "lower --skip-lines")
        case .liveResultsOutOfDate:
            self.init(message: "the live view fell behind the book", hint: "run the command again")
        case .bookReplaced(let path):
            self.init(message: "the book at \(path) was replaced or deleted while watched",
                      hint: "run the command again to watch the book now at that path")
        case .invalidRulePattern(let pattern):
            self.init(message: "invalid rule pattern '\(pattern)': it must not be empty",
                      hint: "write part of the payee, such as 'coffee'; --default-category catches the rest")
        case .invalidAccountName, .invisibleCharacterInAccountName, .invalidAccountNumber, .unknownAccount, .duplicateAccount, .duplicateAccountNumber, .sameBankAccount, .accountInUse, .accountHasOpeningBalance, .reconciledOpeningBalance, .moveToSameAccount,
             .transfersWithinAccount, .defaultAccountRequired, .accountClosed, .accountAlreadyClosed, .transactionsAfterClosing, .openingOnOrAfterClosing,
             .transferToSameAccount, .invalidTransferAmount, .transferHasNoCategory, .notATransfer, .emptySplit, .splitDoesNotSum, .splitMixesKinds,
             .reconciledTransaction, .dateInReconciledPeriod, .futureReconciliation:
            self = ErrorText(accounts: error)
        case .invalidRuleExpression, .ruleWithoutAction, .invalidRulePosition, .ruleMovedBesideItself, .invalidStoredRulePattern,
             .invalidPayeeName, .unknownPayee, .invalidProfileName, .invisibleCharacterInProfileName, .unknownImportProfile:
            self = ErrorText(rules: error)
        case .bankFile(let error):
            self = ErrorText(bankFile: error)
        case .unknownAccountNumber(let number, let location):
            self = ErrorText(unknownAccountNumber: number, location: location)
        case .unknownAccountName(let name, let location):
            self = ErrorText(unknownAccountName: name, location: location)
        case .missingLibrary(let name, let reason) where name.hasPrefix("libzstd"):
            self.init(message: "cannot write or read the history of an import without \(name): \(reason)",
                      hint: "install zstd's library (on Debian and Ubuntu: sudo apt-get install libzstd1)")
        case .missingLibrary(let name, let reason):
            self.init(message: "cannot read XML bank files (OFX 2, QFX, CAMT) without \(name): \(reason)",
                      hint: "install libxml2 (on Debian and Ubuntu: sudo apt-get install libxml2)")
        case .unknownHistoryEntry, .alreadyUndone, .syncEntryNotUndone, .nothingToUndo, .nothingToRedo, .historyConflicts, .sync,
             .insideGroupedWrite:
            self = ErrorText(history: error)
        }
    }
}

extension BudgetCategory.Kind {
    /// What its amounts are: `spent`, `received`.
    var flow: String { self == .expense ? "spent" : "received" }
}
