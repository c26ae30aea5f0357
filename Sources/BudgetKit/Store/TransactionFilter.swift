/// Which transactions a list or export shows. Every field is optional; an empty filter is everything.
///
/// Results are sorted by date, then id, unless a sort is given (``BudgetStore/forEachTransaction(matching:sortedBy:_:)``).
/// With ``limit``, the most recent `limit` transactions are kept (still printed oldest first, or
/// in the sort's order), like `git log -n`.
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
    /// Only transactions in any of these categories (names ignoring case; splits with a part in
    /// one of them too), resolved to ids once by a live list, like ``category``. With
    /// ``categoryIDs``, a row in any category of either list matches. Empty: no condition.
    public var categories: [String] = []
    /// Only transactions in any of the categories with these ids (see ``categories``).
    public var categoryIDs: [Int64] = []
    /// Only transactions in any of these accounts, or transfers reaching one (names ignoring
    /// case, or numbers). With ``accountIDs``, any account of either list matches. Empty: no condition.
    public var accounts: [String] = []
    /// Only transactions in any of the accounts with these ids, or transfers reaching one.
    public var accountIDs: [Int64] = []
    /// Only transactions whose payee or note contains this text, ignoring case (Unicode-aware,
    /// as ``payee``). Every character is literal: `%` and `_` are no wildcards.
    public var text: String?
    /// Only amounts at least this.
    public var minAmount: Money?
    /// Only amounts at most this.
    public var maxAmount: Money?
    /// At most this many: the most recent ones.
    public var limit: Int?

    /// Creates a filter; every criterion defaults to none.
    public init(month: Month? = nil, from: Day? = nil, to: Day? = nil, category: String? = nil, categoryID: Int64? = nil,
                payee: String? = nil, minAmount: Money? = nil, maxAmount: Money? = nil, limit: Int? = nil,
                account: String? = nil, accountID: Int64? = nil, text: String? = nil, categories: [String] = [],
                categoryIDs: [Int64] = [], accounts: [String] = [], accountIDs: [Int64] = []) {
        self.text = text
        self.categories = categories
        self.categoryIDs = categoryIDs
        self.accounts = accounts
        self.accountIDs = accountIDs
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

extension TransactionFilter {
    /// Decodes a filter in which any field may be missing: a request saved as JSON before a
    /// field existed decodes with that field unset (lists empty).
    ///
    /// - Throws: `DecodingError` when a present field has the wrong type.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(month: try values.decodeIfPresent(Month.self, forKey: .month),
                  from: try values.decodeIfPresent(Day.self, forKey: .from),
                  to: try values.decodeIfPresent(Day.self, forKey: .to),
                  category: try values.decodeIfPresent(String.self, forKey: .category),
                  categoryID: try values.decodeIfPresent(Int64.self, forKey: .categoryID),
                  payee: try values.decodeIfPresent(String.self, forKey: .payee),
                  minAmount: try values.decodeIfPresent(Money.self, forKey: .minAmount),
                  maxAmount: try values.decodeIfPresent(Money.self, forKey: .maxAmount),
                  limit: try values.decodeIfPresent(Int.self, forKey: .limit),
                  account: try values.decodeIfPresent(String.self, forKey: .account),
                  accountID: try values.decodeIfPresent(Int64.self, forKey: .accountID),
                  text: try values.decodeIfPresent(String.self, forKey: .text),
                  categories: try values.decodeIfPresent([String].self, forKey: .categories) ?? [],
                  categoryIDs: try values.decodeIfPresent([Int64].self, forKey: .categoryIDs) ?? [],
                  accounts: try values.decodeIfPresent([String].self, forKey: .accounts) ?? [],
                  accountIDs: try values.decodeIfPresent([Int64].self, forKey: .accountIDs) ?? [])
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
