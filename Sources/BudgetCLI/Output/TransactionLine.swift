import BudgetKit

/// One line of a listing of transactions: a whole transaction, or one part of a split.
///
/// Every format but the table writes a split as one line per part (what `import` reads back);
/// a table writes one line per transaction unless asked for the parts (`list --splits`) or
/// filtered by category (only the parts in that category are the category's).
struct TransactionLine {
    let transaction: Transaction
    /// The part this line shows, or `nil` for the whole transaction.
    let part: SplitPart?
    /// Which part it is (`1/2`), or `nil` for the whole transaction.
    let position: SplitPosition?

    /// The whole transaction.
    init(_ transaction: Transaction) {
        self.transaction = transaction
        part = nil
        position = nil
    }

    /// One part of a split: the part at `index` of its parts.
    init(_ transaction: Transaction, part index: Int) {
        self.transaction = transaction
        part = transaction.splits[index]
        position = SplitPosition(position: index + 1, count: transaction.splits.count)
    }

    /// A part given by itself with its position (an imported row).
    init(_ transaction: Transaction, part: SplitPart, position: SplitPosition?) {
        self.transaction = transaction
        self.part = part
        self.position = position
    }

    /// The lines of a transaction: one per part of a split when `parts`, else the whole; with
    /// `categoryKeys` (name keys), only the parts in those categories.
    static func lines(of transaction: Transaction, parts: Bool, categoryKeys: Set<String> = []) -> [TransactionLine] {
        guard parts, transaction.isSplit else { return [TransactionLine(transaction)] }
        return transaction.splits.indices
            .filter { categoryKeys.isEmpty || categoryKeys.contains(BudgetCategory.nameKey(transaction.splits[$0].category)) }
            .map { TransactionLine(transaction, part: $0) }
    }

    /// Calls `body` with each of ``lines(of:parts:categoryKeys:)``, making no array for a whole
    /// transaction (a listing's every row).
    static func forEachLine(of transaction: Transaction, parts: Bool, categoryKeys: Set<String>,
                            _ body: (TransactionLine) throws -> Void) rethrows {
        guard parts, transaction.isSplit else { return try body(TransactionLine(transaction)) }
        for line in lines(of: transaction, parts: parts, categoryKeys: categoryKeys) { try body(line) }
    }

    /// The amount: the part's, or the transaction's.
    var amount: Money { part?.amount ?? transaction.amount }

    /// The category: the part's, or the transaction's (empty for a whole split and a transfer).
    var category: String { part?.category ?? transaction.category }

    /// The amount as a table shows it: a transfer seen from one of its accounts is signed as it
    /// moves that account (out negative, in positive).
    func amount(seenFrom account: String?) -> Money {
        guard let account, transaction.isTransfer, transaction.account == account else { return amount }
        return -amount
    }

    /// The category as a table shows it: a whole split `split (2)`; a transfer `Checking →
    /// Savings`, or seen from one of its accounts `→ Savings` (money out) or `← Checking` (in).
    func categoryText(seenFrom account: String?) -> String {
        if let transfer = transaction.transferAccount {
            if let account, transaction.account == account { return "→ " + transfer }
            if let account, transfer == account { return "← " + transaction.account }
            return transaction.account + " → " + transfer
        }
        if part == nil && transaction.isSplit { return "split (\(transaction.splits.count))" }
        return category
    }
}

extension Transaction {
    /// The STATUS a table shows: `reconciled` when a reconciliation covered it in the account
    /// listed (for a transfer, the side in that account); listed whole, a transfer reconciled in
    /// one account only says which: `reconciled in Checking`.
    func status(seenFrom account: String?) -> String {
        if let account, isTransfer { return reconciledOn(inAccount: account) != nil ? "reconciled" : "" }
        if isReconciled { return "reconciled" }
        guard let transferAccount else { return "" }
        if reconciledOn != nil { return "reconciled in " + self.account }
        if transferReconciledOn != nil { return "reconciled in " + transferAccount }
        return ""
    }
}

/// What a table of transactions shows beyond its six usual columns.
struct TransactionView {
    /// The account the listing is of: transfers are seen from it.
    var account: String?
    /// Whether an ACCOUNT column is shown (a book with several accounts, listed whole).
    var showsAccount = false
    /// Whether a STATUS column shows reconciled transactions.
    var showsStatus = false
}
