/// Totals over a set of transactions that mean something: money spent, money received, and
/// the net, never one sum of both kinds.
///
/// Returned by ``BudgetStore/forEachTransaction(matching:_:)`` for exactly the rows it
/// delivered. Each amount counts in its category's direction: a refund (a negative amount in
/// an expense category) lowers ``spent``, a negative amount in an income category lowers
/// ``earned``. Sums are kept in 128 bits, so adding never fails; reading one that does not fit
/// in 64 bits throws ``BudgetError/totalTooLarge``.
public struct TransactionTotals: Hashable, Sendable {
    /// How many transactions were counted.
    public private(set) var count = 0
    /// How many of them are in expense categories.
    public private(set) var expenseCount = 0
    /// How many of them are in income categories.
    public private(set) var incomeCount = 0
    /// How many of them are transfers: counted, never spending or income.
    public private(set) var transferCount = 0
    private var spentMinorUnits: Int128 = 0
    private var earnedMinorUnits: Int128 = 0

    /// No transactions.
    public init() {}

    /// Counts one transaction: spending, income, or a transfer (neither).
    public mutating func add(_ transaction: Transaction) {
        guard let kind = transaction.kind.categoryKind else {
            count += 1
            transferCount += 1
            return
        }
        add(transaction.amount, kind: kind)
    }

    /// Counts one transaction of a category of `kind`.
    public mutating func add(_ amount: Money, kind: BudgetCategory.Kind) {
        count += 1
        switch kind {
        case .expense:
            expenseCount += 1
            spentMinorUnits += Int128(amount.minorUnits)
        case .income:
            incomeCount += 1
            earnedMinorUnits += Int128(amount.minorUnits)
        }
    }

    /// Money spent: the sum of the amounts in expense categories, refunds subtracted.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when it does not fit in 64 bits.
    public var spent: Money { get throws(BudgetError) { try Self.money(spentMinorUnits) } }
    /// Money received: the sum of the amounts in income categories.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when it does not fit in 64 bits.
    public var earned: Money { get throws(BudgetError) { try Self.money(earnedMinorUnits) } }
    /// ``earned`` minus ``spent``: what the money did to the balance.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when it does not fit in 64 bits.
    public var net: Money { get throws(BudgetError) { try Self.money(earnedMinorUnits - spentMinorUnits) } }

    private static func money(_ minorUnits: Int128) throws(BudgetError) -> Money {
        guard let value = Int64(exactly: minorUnits) else { throw .totalTooLarge }
        return Money(minorUnits: value)
    }
}
