/// One part of a split transaction: an amount in one category.
///
/// A split is one payment across several categories (82.40 at a market: 60.00 of Food and
/// 22.40 of Household). Its parts sum to the transaction's amount exactly, and are all of one
/// kind: all expense categories (a negative part is a refund) or all income categories. Reports
/// count each part in its category.
public struct SplitPart: Hashable, Sendable, Codable {
    /// The category's name.
    public var category: String
    /// The amount, positive in the category's direction.
    public var amount: Money
    /// A note of this part alone; may be empty.
    public var note: String

    /// Creates a part.
    public init(category: String, amount: Money, note: String = "") {
        self.category = category
        self.amount = amount
        self.note = note
    }
}

/// A reconciliation: the day a bank statement was compared with an account, and the balance it
/// showed, which the book's balance matched.
public struct Reconciliation: Hashable, Sendable, Codable, Identifiable {
    /// The database id.
    public let id: Int64
    /// The account's name.
    public let account: String
    /// The statement's day: its balance is the account's at the end of that day.
    public let statementDate: Day
    /// The statement's balance.
    public let statementBalance: Money

    /// Creates a reconciliation value.
    public init(id: Int64, account: String, statementDate: Day, statementBalance: Money) {
        self.id = id
        self.account = account
        self.statementDate = statementDate
        self.statementBalance = statementBalance
    }
}
