/// One entry of a category's budget history: an amount from a month on, or for one month only.
public struct BudgetChange: Hashable, Sendable, Codable {
    /// How far a budget entry reaches.
    public enum Scope: String, Hashable, Sendable, Codable {
        /// From this month on, until the next `from` entry.
        case from
        /// This month only, overriding the `from` entry in effect.
        case only
    }

    /// The month the entry starts (or the only month it covers).
    public let month: Month
    /// The monthly budget.
    public let amount: Money
    /// Whether it applies from the month on or to that month only.
    public let scope: Scope

    /// Creates a history entry.
    public init(month: Month, amount: Money, scope: Scope) {
        self.month = month
        self.amount = amount
        self.scope = scope
    }
}

extension Array where Element == BudgetChange {
    /// The category's first budget month: its earliest `from` entry (a one-month override does
    /// not start a category), or `nil` when it has none.
    var firstMonth: Month? {
        lazy.filter { $0.scope == .from }.map(\.month).min()
    }

    /// The budget in effect in `month`: its `only` override, else the latest `from` entry at or
    /// before it, else `nil` (the category had not started yet).
    ///
    /// - Complexity: O(n) in the number of entries, which is small.
    func budget(in month: Month) -> Money? {
        var from: BudgetChange?
        for change in self {
            if change.scope == .only && change.month == month { return change.amount }
            if change.scope == .from && change.month <= month && (from.map { change.month > $0.month } ?? true) {
                from = change
            }
        }
        return from?.amount
    }
}
