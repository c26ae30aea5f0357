/// One movement of money: spent in an expense category or received in an income category.
///
/// Sign convention: `amount` is positive in its category's direction (money spent in an expense
/// category, money received in an income category); a refund is negative.
public struct Transaction: Hashable, Sendable, Codable, Identifiable {
    /// The database id, stable for the life of the transaction.
    public let id: Int64
    /// The day it happened.
    public var date: Day
    /// The amount, positive in its category's direction.
    public var amount: Money
    /// The category's name.
    public var category: String
    /// Who was paid or who paid; may be empty.
    public var payee: String
    /// A free note; may be empty.
    public var note: String
    /// Whether its category is spending or income: what its amount means (and its money flow).
    public var kind: BudgetCategory.Kind

    /// Creates a transaction value.
    public init(id: Int64, date: Day, amount: Money, category: String, payee: String = "", note: String = "",
                kind: BudgetCategory.Kind = .expense) {
        self.id = id
        self.date = date
        self.amount = amount
        self.category = category
        self.payee = payee
        self.note = note
        self.kind = kind
    }
}
