/// One row of an imported file, mapped by ``ImportMapper`` and keyed by ``ImportKeyer``.
///
/// Its category is only what the file says; the store applies the rules and the default
/// category, and then the amount's sign (``storedAmount(in:)``).
public struct ImportRow: Hashable, Sendable {
    /// How the amount is signed.
    public enum AmountConvention: Hashable, Sendable {
        /// budget's own convention: positive in the category's direction, stored as is.
        case stored
        /// A bank's money flow: money in positive, money out negative.
        case bank
    }

    /// The 1-based line of the file where the row starts.
    public var line: Int
    /// The day.
    public var date: Day
    /// The amount as the file gives it, signed per ``convention``.
    public var amount: Money
    /// How ``amount`` is signed.
    public var convention: AmountConvention
    /// The payee; may be empty.
    public var payee: String
    /// The category the file names, or `nil` when it has no category column or the cell is empty.
    public var category: String?
    /// The 1-based field number of the category cell, for errors about it (`nil` with ``category``).
    public var categoryField: Int?
    /// The category's kind as the file states it (``ImportOptions/kindColumn``), or `nil`.
    public var kind: BudgetCategory.Kind?
    /// The 1-based field number of the kind cell, for errors about it (`nil` with ``kind``).
    public var kindField: Int?
    /// The note; may be empty.
    public var note: String
    /// The key that makes importing idempotent (see ``ImportKeyer``).
    public var importKey: String

    /// Creates a row.
    public init(line: Int, date: Day, amount: Money, convention: AmountConvention, payee: String,
                category: String?, categoryField: Int?, note: String, importKey: String,
                kind: BudgetCategory.Kind? = nil, kindField: Int? = nil) {
        self.line = line
        self.date = date
        self.amount = amount
        self.convention = convention
        self.payee = payee
        self.category = category
        self.categoryField = categoryField
        self.note = note
        self.importKey = importKey
        self.kind = kind
        self.kindField = kindField
    }

    /// The amount to store once the row's category is known: positive in the category's
    /// direction.
    ///
    /// ``AmountConvention/stored`` amounts are kept; a ``AmountConvention/bank`` amount is
    /// negated in an expense category (money out is spending, money in a refund) and kept in an
    /// income category (money in is income). Parsed amounts never reach `Int64.min`, so negating
    /// cannot overflow.
    public func storedAmount(in kind: BudgetCategory.Kind) -> Money {
        switch (convention, kind) {
        case (.stored, _), (.bank, .income): return amount
        case (.bank, .expense): return -amount
        }
    }
}
