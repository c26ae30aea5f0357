/// One thing wrong in a book, as ``BudgetStore/check()`` finds it, naming the rows involved.
///
/// Damage SQLite itself sees (``damaged(_:)``, ``missingReference(table:rowID:parentTable:)``)
/// and rows that break what `budget` always writes (an amount stored as text, a date that is no
/// real day, a name key that is not the name's): each makes reports quietly wrong, and none can
/// come from `budget` itself, only from the file being damaged or edited by hand.
public enum BookProblem: Hashable, Sendable, CustomStringConvertible {
    /// SQLite's integrity check found damage: one line of `PRAGMA integrity_check`, or the error
    /// that stopped the check ("database disk image is malformed").
    case damaged(String)
    /// A row points at a row that does not exist (`PRAGMA foreign_key_check`): `table`'s row
    /// `rowID` (`nil` in a table without row ids, such as `budgets`) at a missing `parentTable` row.
    case missingReference(table: String, rowID: Int64?, parentTable: String)
    /// The book's schema version is one no `budget` writes (zero or negative), or its tables are gone.
    case unknownSchemaVersion(Int)
    /// A table, index or trigger that `budget` made is missing (`type` is SQLite's word: `table`,
    /// `index`, `trigger`).
    case missingSchemaObject(type: String, name: String)
    /// A table, index or trigger that `budget` made was changed (its SQL differs).
    case alteredSchemaObject(type: String, name: String)
    /// A category name that is empty, has surrounding spaces or control characters.
    case invalidCategoryName(categoryID: Int64, name: String)
    /// A category whose stored name key is not its name's key: lookups by name miss it, and two
    /// categories may end up with the same name.
    case wrongNameKey(categoryID: Int64, name: String, stored: String)
    /// A category kind that is neither `expense` nor `income`.
    case invalidCategoryKind(categoryID: Int64, kind: String)
    /// A budget month that is not `YYYY-MM`.
    case invalidBudgetMonth(categoryID: Int64, month: String)
    /// A budget scope that is neither `from` nor `only`.
    case invalidBudgetScope(categoryID: Int64, month: String, scope: String)
    /// A budget amount that is not a whole number of minor units within ±``Money/largestEntry``.
    case invalidBudgetAmount(categoryID: Int64, month: String, stored: String)
    /// A transaction date that is not a real day written `YYYY-MM-DD`.
    case invalidTransactionDate(transactionID: Int64, date: String)
    /// A transaction amount that is not a whole number of minor units within ±``Money/largestEntry``.
    case invalidTransactionAmount(transactionID: Int64, stored: String)
    /// An import rule with an empty pattern (it would match every payee).
    case invalidRulePattern(ruleID: Int64, pattern: String)
    /// An import rule of mode `pattern` whose regular expression cannot be compiled (stored by
    /// hand: adding and editing rules check it); `reason` says why. Imports and `rule apply`
    /// refuse to run until the rule is edited or removed.
    case invalidRuleExpression(ruleID: Int64, pattern: String, reason: String)
    /// The change log's sequence is below its newest entry: live lists may miss changes.
    case changeLogSequenceBehind(sequence: Int64, newest: Int64)
    /// Logging of transaction changes is paused (a row left in `change_log_pause`): live lists
    /// miss every change to transactions.
    case changeLogPaused
    /// An account name that is empty, has surrounding spaces or control characters.
    case invalidAccountName(accountID: Int64, name: String)
    /// An account whose stored name key (`column` `name_key`) or number key (`number_key`) is
    /// not what its name or number makes: lookups miss it, and duplicates slip in.
    case wrongAccountKey(accountID: Int64, column: String, stored: String, expected: String)
    /// An account type that is none of checking, savings, credit, cash, investment.
    case invalidAccountType(accountID: Int64, type: String)
    /// An account's `opening_date` or `closed_on` (`column`) that is not a real day.
    case invalidAccountDate(accountID: Int64, column: String, value: String)
    /// No account is the default: transactions added without an account go to the oldest open one.
    case noDefaultAccount
    /// An account whose opening balance counts from `openingDate`, on or after `closedOn`, the
    /// day it closed: a closed account takes nothing from that day, so ``BudgetStore`` refuses
    /// this (``BudgetError/openingOnOrAfterClosing(_:openingDate:closedOn:)``), but a book
    /// written before it did, a sync that merged a closing from one device with an opening
    /// balance from another, or the sqlite3 shell can hold it. Setting the opening balance's day
    /// before the closing day, or closing the account later, settles it.
    case openingOnOrAfterClosing(accountID: Int64, openingDate: Day, closedOn: Day)
    /// A transaction with no category that is neither a transfer nor a split: no report counts it.
    case uncategorizedTransaction(transactionID: Int64)
    /// A transfer with a category, to the account it comes from, or of an amount not above
    /// zero: two devices' edits merged by a sync (or the sqlite3 shell) made it.
    case brokenTransfer(transactionID: Int64)
    /// A split whose parts sum to `parts`, not to its amount `amount` (minor units).
    case splitDoesNotSum(transactionID: Int64, amount: Int64, parts: Int64)
    /// Parts stored for a transaction that has a category or is a transfer: reports count it twice.
    case partsOfUnsplitTransaction(transactionID: Int64)
    /// A split whose parts are in both expense and income categories.
    case splitMixesKinds(transactionID: Int64)
    /// A split part dated otherwise than its transaction: reports of its month miss it.
    case splitDateDiffers(transactionID: Int64, position: Int64)
    /// `parts` parts of a split whose transaction is gone, which reports still count: the
    /// sqlite3 shell deleted the transaction with foreign keys off (its default), so its parts
    /// were not deleted with it. ``BudgetStore/removePartsOfMissingTransactions()`` finishes
    /// that deletion.
    case partsOfMissingTransaction(transactionID: Int64, parts: Int64)
    /// A transaction's `reconciled_on`, or a reconciliation's statement day, that is not a real day.
    case invalidReconciliationDate(table: String, rowID: Int64, value: String)
    /// A transaction that is not a transfer with a `transfer_reconciled_on` (only the sqlite3
    /// shell writes one): it has no other side to mark.
    case transferMarkWithoutTransfer(transactionID: Int64)
    /// A monthly total (`category_months` or `transfer_months`) of `month` differs from the sum
    /// of its rows (a write with triggers off that did not bring it up to date, or a hand edit);
    /// ``BudgetStore/rebuildMonthTotals()`` computes them again.
    case monthTotalDiffers(table: String, month: String)

    /// Whether the problem is a transaction's shape (``BookChecker/transactionShapes(merged:)``):
    /// the book is whole, and editing or deleting that transaction settles it.
    public var isSettledByEditing: Bool {
        switch self {
        case .brokenTransfer, .uncategorizedTransaction, .splitDoesNotSum, .partsOfUnsplitTransaction, .splitMixesKinds, .splitDateDiffers:
            return true
        default:
            return false
        }
    }

    public var description: String {
        switch self {
        case .damaged(let message):
            return "damaged: \(message)"
        case .missingReference(let table, let rowID, let parent):
            return "\(table) row \(rowID.map(String.init) ?? "(no rowid)") points at a missing row of \(parent)"
        case .unknownSchemaVersion(let version):
            return "schema version \(version) is impossible"
        case .missingSchemaObject(let type, let name):
            return "\(type) \(name) is missing"
        case .alteredSchemaObject(let type, let name):
            return "\(type) \(name) differs from what budget made"
        case .invalidCategoryName(let id, let name):
            return "category \(id): invalid name '\(name)'"
        case .wrongNameKey(let id, let name, let stored):
            return "category \(id) '\(name)': name key '\(stored)' should be '\(BudgetCategory.nameKey(name))'"
        case .invalidCategoryKind(let id, let kind):
            return "category \(id): invalid kind '\(kind)'"
        case .invalidBudgetMonth(let id, let month):
            return "category \(id): budget month '\(month)' is not YYYY-MM"
        case .invalidBudgetScope(let id, let month, let scope):
            return "category \(id): budget for \(month) has invalid scope '\(scope)'"
        case .invalidBudgetAmount(let id, let month, let stored):
            return "category \(id): budget for \(month) has invalid amount '\(stored)'"
        case .invalidTransactionDate(let id, let date):
            return "transaction \(id): date '\(date)' is not a real day (YYYY-MM-DD)"
        case .invalidTransactionAmount(let id, let stored):
            return "transaction \(id): invalid amount '\(stored)'"
        case .invalidRulePattern(let id, let pattern):
            return "rule \(id): invalid pattern '\(pattern)'"
        case .invalidRuleExpression(let id, let pattern, let reason):
            return "rule \(id): invalid pattern '\(pattern)': \(reason)"
        case .changeLogSequenceBehind(let sequence, let newest):
            return "change log sequence \(sequence) is behind its newest entry \(newest)"
        case .changeLogPaused:
            return "change logging of transactions is paused"
        case .invalidAccountName(let id, let name):
            return "account \(id): invalid name '\(name)'"
        case .wrongAccountKey(let id, let column, let stored, let expected):
            return "account \(id): \(column) '\(stored)' should be '\(expected)'"
        case .invalidAccountType(let id, let type):
            return "account \(id): invalid type '\(type)'"
        case .invalidAccountDate(let id, let column, let value):
            return "account \(id): \(column) '\(value)' is not a real day (YYYY-MM-DD)"
        case .noDefaultAccount:
            return "no account is the default"
        case .openingOnOrAfterClosing(let id, let openingDate, let closedOn):
            return "account \(id): its opening balance counts from \(openingDate), on or after the day it closed (\(closedOn))"
        case .brokenTransfer(let id):
            return "transaction \(id) is a transfer with a category, to the account it comes from, or of an amount not above zero"
        case .uncategorizedTransaction(let id):
            return "transaction \(id) has no category and is neither a transfer nor a split"
        case .splitDoesNotSum(let id, let amount, let parts):
            return "transaction \(id): its parts sum to \(Money(minorUnits: parts)), not \(Money(minorUnits: amount))"
        case .partsOfMissingTransaction(let id, let parts):
            return "transaction \(id) is gone, but \(parts == 1 ? "1 part" : "\(parts) parts") of its split remain, which reports still count"
        case .partsOfUnsplitTransaction(let id):
            return "transaction \(id) has split parts but also a category or a transfer account"
        case .splitMixesKinds(let id):
            return "transaction \(id): its parts mix expense and income categories"
        case .splitDateDiffers(let id, let position):
            return "transaction \(id): part \(position) is dated otherwise than the transaction"
        case .invalidReconciliationDate(let table, let id, let value):
            return "\(table) row \(id): '\(value)' is not a real day (YYYY-MM-DD)"
        case .transferMarkWithoutTransfer(let id):
            return "transaction \(id) is not a transfer but has a transfer_reconciled_on"
        case .monthTotalDiffers(let table, let month):
            return "\(table): the totals of month '\(month)' differ from its rows"
        }
    }
}
