/// One movement of money: spent in an expense category, received in an income category, split
/// across several categories, or moved between two accounts (a transfer).
///
/// Sign convention: `amount` is positive in its category's direction (money spent in an expense
/// category, money received in an income category); a refund is negative. A split's amount is
/// the sum of its parts (``splits``), each signed the same way. A transfer's amount is positive:
/// it leaves ``account`` and reaches ``transferAccount``, and is never spending or income.
public struct Transaction: Hashable, Sendable, Codable, Identifiable {
    /// What a transaction's amount means.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Money spent (in an expense category, or a split of expense categories).
        case expense
        /// Money received (in an income category, or a split of income categories).
        case income
        /// Money moved from one account to another.
        case transfer

        /// The kind of a transaction in a category of `kind`.
        public init(_ kind: BudgetCategory.Kind) {
            self = kind == .income ? .income : .expense
        }

        /// The category kind it counts as, or `nil` for a transfer.
        public var categoryKind: BudgetCategory.Kind? {
            switch self {
            case .expense: return .expense
            case .income: return .income
            case .transfer: return nil
            }
        }
    }

    /// The database id, stable for the life of the transaction.
    public let id: Int64
    /// The day it happened.
    public var date: Day
    /// The amount, positive in its category's direction (a transfer's is positive).
    public var amount: Money
    /// The category's name; empty for a split and a transfer.
    public var category: String
    /// Who was paid or who paid; may be empty.
    public var payee: String
    /// A free note; may be empty.
    public var note: String
    /// Whether it is spending, income or a transfer: what its amount means (and its money flow).
    public var kind: Kind
    /// The account's name (the account a transfer leaves).
    public var account: String
    /// The account a transfer reaches; `nil` unless it is a transfer.
    public var transferAccount: String?
    /// A split's parts, in order; empty unless it is a split.
    public var splits: [SplitPart]
    /// The statement day of the reconciliation of ``account`` that covered it, or `nil`.
    public var reconciledOn: Day?
    /// For a transfer, the statement day of the reconciliation of ``transferAccount`` that
    /// covered it, or `nil`: each account's statement vouches for its own side.
    public var transferReconciledOn: Day?

    /// Whether it moves money between two accounts.
    public var isTransfer: Bool { transferAccount != nil }
    /// Whether it is split across categories.
    public var isSplit: Bool { !splits.isEmpty }
    /// Whether a reconciliation covered it: for a transfer, one of each of its accounts.
    public var isReconciled: Bool { reconciledOn != nil && (!isTransfer || transferReconciledOn != nil) }

    /// The statement day of the reconciliation of the account named `account` that covered it:
    /// ``reconciledOn`` in ``account``, ``transferReconciledOn`` in ``transferAccount``, `nil`
    /// in any other account.
    public func reconciledOn(inAccount account: String) -> Day? {
        if account == self.account { return reconciledOn }
        if account == transferAccount { return transferReconciledOn }
        return nil
    }

    /// Creates a transaction value.
    public init(id: Int64, date: Day, amount: Money, category: String, payee: String = "", note: String = "",
                kind: Kind = .expense, account: String = "", transferAccount: String? = nil, splits: [SplitPart] = [],
                reconciledOn: Day? = nil, transferReconciledOn: Day? = nil) {
        self.id = id
        self.date = date
        self.amount = amount
        self.category = category
        self.payee = payee
        self.note = note
        self.kind = kind
        self.account = account
        self.transferAccount = transferAccount
        self.splits = splits
        self.reconciledOn = reconciledOn
        self.transferReconciledOn = transferReconciledOn
    }
}
