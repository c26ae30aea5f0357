/// A category money is budgeted in: `Food` with 300.00 a month, or an income category such as `Salary`.
///
/// Names are unique ignoring case, non-ASCII letters too (`Café` and `CAFÉ` are the same
/// category, and so are `Straße` and `STRASSE`), and ignoring Unicode normalization (`Café`
/// typed with a combining accent is `Café`), which SQLite's `NOCASE` alone would not fold.
public struct BudgetCategory: Hashable, Sendable, Codable, Identifiable {
    /// Whether money in a category is spent or received.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Money spent: a positive amount is spending, a negative one a refund.
        case expense
        /// Money received: a positive amount is income.
        case income
    }

    /// The database id.
    public let id: Int64
    /// The name as the user wrote it.
    public var name: String
    /// Whether the category is spending or income.
    public var kind: Kind
    /// The budget in effect this month (zero when none has been set).
    public var monthlyBudget: Money
    /// Whether what is left (or overspent) carries into the next month.
    public var rollover: Bool

    /// Creates a category value.
    public init(id: Int64, name: String, kind: Kind, monthlyBudget: Money, rollover: Bool = false) {
        self.id = id
        self.name = name
        self.kind = kind
        self.monthlyBudget = monthlyBudget
        self.rollover = rollover
    }

    /// The key that makes names unique: the name case-folded over all of Unicode and in
    /// canonical composition (NFC), so `Straße`, `STRASSE` and `strasse` share one key.
    ///
    /// Stored in `categories.name_key`, which carries the UNIQUE constraint. Books made before
    /// schema version 2 stored `lowercased()`; opening one recomputes its keys, and when two
    /// names fold to one key, the older category gets it and the other keeps its old key (it is
    /// still found by its exact name: see ``BudgetStore/category(named:in:)``).
    /// The same folding is SQL's `budget_fold()`, used for payee search and import rules.
    public static func nameKey(_ name: String) -> String {
        name.caseFolded()
    }
}
