/// Everything a user or the environment can get wrong, each case naming the offending input.
///
/// `description` is a plain developer-facing line; the words a person reads, and the hints
/// that say how to fix each case, belong to the caller (the CLI's `ErrorText`). Programmer
/// mistakes are preconditions, not cases.
public enum BudgetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An amount that does not parse: `12.345`, `1e3`, `NaN`, empty, too large.
    case invalidAmount(String, reason: String)
    /// A date that is not `YYYY-MM-DD`, `today` or `yesterday`, or that does not exist.
    case invalidDay(String)
    /// A month that is not `YYYY-MM`, `this` or `last`.
    case invalidMonth(String)
    /// A category name that cannot be used (empty, or with control characters).
    case invalidCategoryName(String)
    /// A new category name (added or renamed to) holding a character that draws nothing
    /// (``InvisibleCharacters``): the name as given, and the first such character.
    case invisibleCharacterInCategoryName(String, Unicode.Scalar)
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
    /// A backup to a stream (`budget backup -`) could make its temporary copy in no folder it
    /// may use: the first folder tried, and why not there.
    case cannotStageBackup(folder: String, reason: String)
    /// A bad row or field in an input file: `FILE:LINE:COLUMN: message`.
    case badInput(file: String, line: Int, column: Int, message: String)
    /// A row of an imported file gets no category: it names none (no category column, an
    /// empty cell, or a short row without it), no rule matches it and the import has no
    /// default category. `column` is 1: the row as a whole.
    case rowWithoutCategory(file: String, line: Int, column: Int, payee: String)
    /// A row of an imported file names an account the book lacks (its account or transfer
    /// account column, a QIF transfer `[NAME]`).
    case unknownAccountInFile(file: String, line: Int, column: Int, name: String)
    /// Amounts that add up beyond 64 bits (about 92 quadrillion).
    case totalTooLarge
    /// Any other SQLite failure.
    case database(SQLiteError)
    /// No book at this path: reading never creates one (a typo'd path is not an empty book).
    case databaseNotFound(path: String)
    /// The path is a directory, FIFO, device or socket: a book is a regular file.
    case notARegularFile(path: String, kind: FileKind)
    /// The file is empty (zero bytes). Books are created whole, so an empty file is damage (or
    /// someone else's), never made into a book.
    case emptyDatabaseFile(path: String)
    /// The file starts like an SQLite database but is shorter than its header says: `size` bytes,
    /// at least `expected`.
    case truncatedDatabase(path: String, size: Int64, expected: Int64)
    /// A book whose schema version no `budget` ever wrote (zero, negative), or with its tables gone.
    case unknownSchemaVersion(path: String, version: Int)
    /// A backup that cannot be restored; `reason` says what is wrong with it (its path in it).
    indirect case invalidBackup(path: String, reason: BudgetError)
    /// No import rule has this id.
    case unknownRule(Int64)
    /// An import rule pattern that cannot be used: empty (it would match every payee).
    case invalidRulePattern(String)
    /// Moving transaction `id` from a category of one kind to one of the other would silently
    /// change what its amount means (12.50 spent would become 12.50 received); the caller must
    /// choose a ``KindChange``.
    case transactionWouldChangeKind(id: Int64, amount: Money, from: String, fromKind: BudgetCategory.Kind, to: String, toKind: BudgetCategory.Kind)
    /// Moving a deleted category's transactions into a category of the other kind would silently
    /// change what their amounts mean; the caller must choose a ``KindChange``.
    case moveWouldChangeKind(from: String, fromKind: BudgetCategory.Kind, to: String, toKind: BudgetCategory.Kind, transactionCount: Int)
    /// An earlier rule with the same field, mode, direction, payee and category (`nil` for a rule
    /// that only sets a payee) already catches every text this one would: its pattern is part of
    /// this one's, ignoring case (equal patterns included).
    case duplicateRule(pattern: String, category: String?, existing: ImportRule)
    /// The category's budget history has no entry of this month and scope to remove.
    case noBudgetEntry(category: String, month: Month, scope: BudgetChange.Scope)
    /// The entry is the category's only `from` entry: without it the category would have no
    /// first month.
    case onlyBudgetEntry(category: String, month: Month)
    /// An imported file names categories the book does not have: the first ones (by where
    /// they first appear), and how many more there are.
    case missingCategories(file: String, [MissingCategory], more: Int)
    /// An imported file holds a header and no rows after it (`line` is the header's).
    case noRowsAfterHeader(file: String, line: Int)
    /// The line read as an imported file's header, its columns named by number, holds a date
    /// and an amount where they are: a row of a file without a header (Wells Fargo writes one),
    /// which would be dropped (``ImportOptions/hasHeader`` reads it as a row).
    case headerReadsAsRow(file: String, line: Int, date: String, amount: String)
    /// Skipping `skipLines` lines of an imported file left nothing to read: the file, not empty,
    /// has `lineCount` lines, all skipped or blank.
    case noRowsAfterSkipping(file: String, skipLines: Int, lineCount: Int)
    /// An imported file is empty: no byte, or nothing but a byte order mark and blank lines
    /// (a download that failed leaves such a file, and a cron job must not take it for a
    /// statement of nothing).
    case emptyImportFile(file: String)
    /// A bank file in which no statement and no transaction was found, read as `format`: a
    /// QIF file of investment or unknown sections only, an OFX error response, a file forced
    /// to a format it is not in.
    case noStatement(file: String, format: String)
    /// A live result lost the database state it shows (a sync failed, it was cancelled, or the
    /// book is not in WAL mode) and the database changed since: it has seen the change log up to
    /// `seen`, which is now at `latest`. Sync it (``LiveTransactions/processPendingChanges()``)
    /// and read again.
    case liveResultsOutOfDate(seen: Int64, latest: Int64)
    /// The path no longer names the file the store opened: the book was deleted, or another file
    /// was moved or made in its place (`rm`, `mv`). A live result on it stops syncing with this
    /// error rather than show rows of a file that is no longer the book (or a mix of two); open
    /// the book again. (``BudgetStore/restore(bookAt:from:)`` keeps the file, so live results
    /// follow a restore.)
    case bookReplaced(path: String)
    /// An account name that cannot be used (empty, or with control characters).
    case invalidAccountName(String)
    /// A new account name (added or renamed to) holding a character that draws nothing
    /// (``InvisibleCharacters``): the name as given, and the first such character.
    case invisibleCharacterInAccountName(String, Unicode.Scalar)
    /// An account number that cannot be used: it holds a control character or one that draws
    /// nothing (``InvisibleCharacters``), which no bank's number or IBAN holds. The number as
    /// given.
    case invalidAccountNumber(String)
    /// No account has this name (or number).
    case unknownAccount(String)
    /// An account with this name (ignoring case) already exists.
    case duplicateAccount(String)
    /// Another account, `account`, already has this number (ignoring spaces, dashes and case).
    case duplicateAccountNumber(String, account: String)
    /// Another account, `account`, has a number (`itsNumber`) that names the same bank account
    /// in another form: a German IBAN and its `BLZ/KONTO` (``Account/isNamed(byStatementNumber:)``).
    case sameBankAccount(String, account: String, itsNumber: String)
    /// The account still has `transactionCount` transactions (transfers included); they must
    /// move to another account first.
    case accountInUse(String, transactionCount: Int)
    /// The account has a non-zero opening balance: deleting it would take that money out of
    /// every balance and the net worth without a word. Closing keeps it.
    case accountHasOpeningBalance(String, balance: Money)
    /// Changing the account's opening balance would change a balance that `reconciliation`
    /// vouches for.
    case reconciledOpeningBalance(String, Reconciliation)
    /// Moving an account's transactions into itself.
    case moveToSameAccount(String)
    /// Moving a deleted account's transactions into `to` would turn `count` transfers between
    /// the two into transfers from `to` to itself.
    case transfersWithinAccount(from: String, to: String, count: Int)
    /// The default account cannot be closed or deleted: make another the default first.
    case defaultAccountRequired(String)
    /// The account was closed on `closedOn`: nothing can be added to it on or after that day.
    case accountClosed(String, closedOn: Day, date: Day)
    /// The account is already closed (since `closedOn`).
    case accountAlreadyClosed(String, closedOn: Day)
    /// Closing the account on `closedOn` would leave `count` of its transactions (a transfer
    /// counts in both its accounts) dated on or after that day, the last on `last`: a closed
    /// account takes none from the day it closed.
    case transactionsAfterClosing(String, closedOn: Day, count: Int, last: Day)
    /// The account's opening balance would count from `openingDate`, on or after the day it
    /// closes, `closedOn` (set on a closed account, or an account closed on or before it): a
    /// closed account takes nothing from the day it closed, its opening balance included.
    case openingOnOrAfterClosing(String, openingDate: Day, closedOn: Day)
    /// A transfer from an account to itself.
    case transferToSameAccount(String)
    /// A transfer must move a positive amount.
    case invalidTransferAmount(Money)
    /// Transaction `id` is a transfer: it has no category and cannot be split.
    case transferHasNoCategory(id: Int64)
    /// Transaction `id` is not a transfer: it has no account to transfer to.
    case notATransfer(id: Int64)
    /// A split with no parts.
    case emptySplit
    /// A split whose parts sum to `parts` where the transaction's amount is `total`.
    case splitDoesNotSum(total: Money, parts: Money)
    /// A split mixing an expense category with an income category.
    case splitMixesKinds(expense: String, income: String)
    /// Changing or deleting transaction `id` would change a balance that `reconciliation`
    /// vouches for (it is on or before the statement day).
    case reconciledTransaction(id: Int64, Reconciliation)
    /// A transaction on `date` would change a balance that `reconciliation` vouches for (the
    /// date is on or before the statement day).
    case dateInReconciledPeriod(Day, Reconciliation)
    /// A reconciliation with a statement day after today.
    case futureReconciliation(Day, today: Day)
    /// A rule's regular expression glibc refuses, or one beyond the limits of ``ImportRule/Mode/pattern``
    /// (too long, a back-reference, repetitions too large, a NUL byte); `reason` says which.
    case invalidRuleExpression(String, reason: String)
    /// A rule that would neither set a payee nor a category.
    case ruleWithoutAction
    /// A place in the rules' order outside 1 ... `count`.
    case invalidRulePosition(Int, count: Int)
    /// Rule `id` was to go just before or just after itself: the rule named must be another.
    case ruleMovedBesideItself(Int64)
    /// A stored rule's regular expression that cannot be compiled (only a book edited by hand
    /// has one: adding and editing rules check them), or a stored empty pattern of
    /// ``ImportRule/Mode/pattern``; `reason` says why.
    case invalidStoredRulePattern(ruleID: Int64, pattern: String, reason: String)
    /// A payee name that is empty or holds control characters.
    case invalidPayeeName(String)
    /// No transaction has this payee (compared case-folded).
    case unknownPayee(String)
    /// An import profile name that is empty or holds control characters.
    case invalidProfileName(String)
    /// A new import profile name holding a character that draws nothing
    /// (``InvisibleCharacters``): the name as given, and the first such character.
    case invisibleCharacterInProfileName(String, Unicode.Scalar)
    /// No import profile has this name (ignoring case).
    case unknownImportProfile(String)
    /// A bank file (or a CSV file's text, amount or date) that cannot be read: where, and what
    /// is wrong there (an ambiguous amount or date, an encoding, a malformed OFX tag...).
    case bankFile(BankFileError)
    /// A bank file names an account number (OFX `ACCTID`, CAMT `IBAN`, MT940 `:25:`) that no
    /// account of the book has; `location` is the statement naming it.
    case unknownAccountNumber(String, location: BankFileLocation)
    /// A QIF file's `!Account` section names an account (its `N` line) that the book does not
    /// have, matched as ``ImportOptions/account`` is; `location` is that line.
    case unknownAccountName(String, location: BankFileLocation)
    /// A shared library that this needs cannot be loaded: its file name (`libxml2.so.2`, for
    /// OFX 2, QFX and CAMT files; `libzstd.so.1`, for the history entry of an import) and what
    /// the dynamic loader said.
    case missingLibrary(name: String, reason: String)
    /// No history entry has this id (or it was pruned).
    case unknownHistoryEntry(Int64)
    /// History entry `id` was already undone, by entry `by`.
    case alreadyUndone(id: Int64, by: Int64)
    /// History entry `id` is a sync's own (a device's id digit asked for or given): never undone,
    /// or two devices could make the same ids.
    case syncEntryNotUndone(Int64)
    /// No write of this device is left to undo.
    case nothingToUndo
    /// No undo is left to redo.
    case nothingToRedo
    /// Undoing (or redoing) entry `id` meets later changes to the same rows; nothing was changed.
    case historyConflicts(id: Int64, [HistoryConflict])
    /// Syncing, devices or changeset files: see ``SyncError``.
    case sync(SyncError)
    /// A whole operation of its own (undo, redo, sync, pruning the history) called inside a
    /// grouped write (``BudgetStore/write(_:)``), which cannot hold it: `operation` names it
    /// (`undo`). Nothing was changed; call it after the group.
    case insideGroupedWrite(operation: String)

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
        case .invisibleCharacterInCategoryName(let name, let character):
            return "invalid category name '\(InvisibleCharacters.shown(in: name))': it holds \(InvisibleCharacters.label(character)), which is invisible"
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
        case .cannotStageBackup(let folder, let reason):
            return "cannot write the backup's temporary copy in \(folder): \(reason)"
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
        case .transactionWouldChangeKind(let id, let amount, let from, let fromKind, let to, let toKind):
            return "moving transaction \(id) (\(amount)) from \(fromKind) category '\(from)' to \(toKind) category '\(to)' would change what its amount means"
        case .moveWouldChangeKind(let from, let fromKind, let to, let toKind, let count):
            return "moving \(count) transaction\(count == 1 ? "" : "s") from \(fromKind) category '\(from)' to \(toKind) category '\(to)' would change what \(count == 1 ? "its amount means" : "their amounts mean")"
        case .duplicateRule(let pattern, let category, let existing):
            let action = category.map { "to '\($0)'" } ?? "setting payee '\(existing.payee ?? "")'"
            return "rule \(existing.id) ('\(existing.pattern)' \(action)) already catches every payee containing '\(pattern)'"
        case .noBudgetEntry(let category, let month, let scope):
            return "category '\(category)' has no '\(scope.rawValue)' budget entry for \(month)"
        case .onlyBudgetEntry(let category, let month):
            return "\(month) is the only 'from' budget entry of category '\(category)'"
        case .databaseNotFound(let path):
            return "\(path) does not exist"
        case .notARegularFile(let path, let kind):
            return "cannot open \(path): it is \(kind.phrase)"
        case .emptyDatabaseFile(let path):
            return "\(path) is an empty file, not a budget database"
        case .truncatedDatabase(let path, let size, let expected):
            return "\(path) is truncated (\(size) bytes, expected at least \(expected))"
        case .unknownSchemaVersion(let path, let version):
            return "\(path) has an impossible schema version (\(version)): it is damaged"
        case .invalidBackup(let path, let reason):
            return "cannot restore from \(path): \(reason.description)"
        case .missingCategories(let file, let categories, let more):
            // One FILE:LINE:COLUMN line per category, as compilers list their errors.
            let lines = categories.map { "\(file):\($0.line):\($0.column): no category named '\($0.name)'" }
            return (lines + (more > 0 ? ["\(file): and \(more) more missing categor\(more == 1 ? "y" : "ies")"] : []))
                .joined(separator: "\n")
        case .noRowsAfterHeader(let file, let line):
            return "\(file):\(line): no rows after the header"
        case .headerReadsAsRow(let file, let line, let date, let amount):
            return "\(file):\(line): line \(line) reads as a row (date '\(date)', amount '\(amount)'), not as a header naming the columns"
        case .noStatement(let file, let format):
            return "\(file): no statement or transaction found, read as \(format)"
        case .rowWithoutCategory(let file, let line, let column, let payee):
            return "\(file):\(line):\(column): \(Self.rowWithoutCategoryText(payee: payee))"
        case .unknownAccountInFile(let file, let line, let column, let name):
            return "\(file):\(line):\(column): no account named '\(name)'"
        case .emptyImportFile(let file):
            return "\(file) is empty: there is nothing to import"
        case .noRowsAfterSkipping(let file, let skipLines, let lineCount):
            return "\(file): no rows after skipping \(skipLines) line\(skipLines == 1 ? "" : "s") (the file has \(lineCount) line\(lineCount == 1 ? "" : "s"))"
        case .liveResultsOutOfDate(let seen, let latest):
            return "the live results are out of date (change \(seen) seen, the database is at \(latest)); sync them and read again"
        case .bookReplaced(let path):
            return "\(path) no longer names the book that was opened: it was replaced or deleted"
        case .invalidAccountName, .invisibleCharacterInAccountName, .invalidAccountNumber, .unknownAccount, .duplicateAccount, .duplicateAccountNumber, .sameBankAccount, .accountInUse, .accountHasOpeningBalance, .reconciledOpeningBalance, .moveToSameAccount,
             .transfersWithinAccount, .defaultAccountRequired, .accountClosed, .accountAlreadyClosed, .transactionsAfterClosing, .openingOnOrAfterClosing,
             .transferToSameAccount, .invalidTransferAmount, .transferHasNoCategory, .notATransfer, .emptySplit, .splitDoesNotSum, .splitMixesKinds,
             .reconciledTransaction, .dateInReconciledPeriod, .futureReconciliation:
            return accountDescription
        case .invalidRuleExpression, .ruleWithoutAction, .invalidRulePosition, .ruleMovedBesideItself, .invalidStoredRulePattern,
             .invalidPayeeName, .unknownPayee, .invalidProfileName, .invisibleCharacterInProfileName, .unknownImportProfile:
            return ruleDescription
        case .bankFile(let error):
            return error.description
        case .unknownAccountNumber(let number, let location):
            return "\(location): no account has the number '\(number)'"
        case .unknownAccountName(let name, let location):
            return "\(location): no account named '\(name)'"
        case .missingLibrary(let name, let reason):
            return "cannot load \(name): \(reason)"
        case .unknownHistoryEntry, .alreadyUndone, .syncEntryNotUndone, .nothingToUndo, .nothingToRedo, .historyConflicts, .sync,
             .insideGroupedWrite:
            return historyDescription
        }
    }
}

extension BudgetError {
    /// What ``rowWithoutCategory(file:line:column:payee:)`` says after its location.
    private static func rowWithoutCategoryText(payee: String) -> String {
        payee.isEmpty
            ? "no category for the row: it names none and has no payee, and there is no default category"
            : "no category for payee '\(payee)': the row names none, no rule matches and there is no default category"
    }
}
