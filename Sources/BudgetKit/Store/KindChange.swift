/// What to do with amounts that move between an expense and an income category.
///
/// An amount is positive in its category's direction, so moving 12.50 from `Food` (spent) to
/// `Salary` unchanged would make it 12.50 received: the number stays, its meaning flips. A move
/// across kinds is refused unless the caller chooses explicitly.
///
/// ```swift
/// try store.editTransaction(id: 7, TransactionChanges(category: "Salary"), kindChange: .negateAmount)
/// // 12.50 spent in Food is now -12.50 in Salary: money still went out
/// ```
public enum KindChange: String, Hashable, Sendable, Codable, CaseIterable {
    /// Refuse the move (``BudgetError/transactionWouldChangeKind(id:amount:from:fromKind:to:toKind:)``,
    /// ``BudgetError/moveWouldChangeKind(from:fromKind:to:toKind:transactionCount:)``): the default.
    case refuse
    /// Keep the number, so its meaning changes: 12.50 spent becomes 12.50 received (for a
    /// transaction filed in the wrong kind of category).
    case keepAmount
    /// Negate the number, so the money keeps its direction: 12.50 spent becomes -12.50 income
    /// (money still went out), a 3,000.00 salary becomes a -3,000.00 expense (a refund).
    case negateAmount
}
