/// Which transactions a list or export shows. Every field is optional; an empty filter is everything.
///
/// Results are sorted by date, then id. With ``limit``, the most recent `limit` transactions are
/// kept (still printed oldest first), like `git log -n`.
public struct TransactionFilter: Hashable, Sendable, Codable {
    /// Only this month.
    public var month: Month?
    /// Only on or after this day.
    public var from: Day?
    /// Only on or before this day.
    public var to: Day?
    /// Only this category (name ignoring case): transactions in it and splits with a part in it.
    /// A live list resolves the name to the category's id once, when its request is set, and
    /// then follows that category through renames.
    public var category: String?
    /// Only the category with this id: what stays true after a rename, and what a saved request
    /// should hold. With ``category`` too, both must hold.
    public var categoryID: Int64?
    /// Only transactions in this account, or transfers reaching it (name ignoring case, or
    /// number). A live list resolves it to the account's id once, like ``category``.
    public var account: String?
    /// Only the account with this id (and transfers reaching it).
    public var accountID: Int64?
    /// Only payees containing this text, ignoring case (Unicode-aware).
    public var payee: String?
    /// Only amounts at least this.
    public var minAmount: Money?
    /// Only amounts at most this.
    public var maxAmount: Money?
    /// At most this many: the most recent ones.
    public var limit: Int?

    /// Creates a filter; every criterion defaults to none.
    public init(month: Month? = nil, from: Day? = nil, to: Day? = nil, category: String? = nil, categoryID: Int64? = nil,
                payee: String? = nil, minAmount: Money? = nil, maxAmount: Money? = nil, limit: Int? = nil,
                account: String? = nil, accountID: Int64? = nil) {
        self.month = month
        self.account = account
        self.accountID = accountID
        self.from = from
        self.to = to
        self.category = category
        self.categoryID = categoryID
        self.payee = payee
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.limit = limit
    }
}

/// A change to some fields of a transaction; `nil` leaves a field as it is.
public struct TransactionChanges: Hashable, Sendable {
    /// The new amount.
    public var amount: Money?
    /// The new category's name.
    public var category: String?
    /// The new payee.
    public var payee: String?
    /// The new note.
    public var note: String?
    /// The new date.
    public var date: Day?
    /// The account to move it to (for a transfer: the account it leaves).
    public var account: String?
    /// The account a transfer reaches.
    public var transferAccount: String?
    /// New parts: they replace a split's (or make it a split), and must sum to the amount.
    /// Excludes ``category``.
    public var splits: [SplitPart]?

    /// Creates a change; every field defaults to unchanged.
    public init(amount: Money? = nil, category: String? = nil, payee: String? = nil, note: String? = nil, date: Day? = nil,
                account: String? = nil, transferAccount: String? = nil, splits: [SplitPart]? = nil) {
        self.account = account
        self.transferAccount = transferAccount
        self.splits = splits
        self.amount = amount
        self.category = category
        self.payee = payee
        self.note = note
        self.date = date
    }
}
