/// Actual amounts over a range of months: one row per category (or payee), one column per month,
/// and per month the totals of each kind and the net.
///
/// Every transaction dated in the range counts, in the row of its category (or payee), also
/// before the category's first budget month. Averages divide by ``monthCount``: every month of
/// the range, months with no transactions included.
public struct TrendReport: Hashable, Sendable {
    /// The months, oldest first.
    public let months: [Month]
    /// The rows: expense categories first, then income, each by name; payees by name.
    public let rows: [TrendRow]
    /// Per month: what the expense rows add up to, what the income rows add up to, and the net.
    public let totals: TrendTotals

    /// The number of months of the range, which every average divides by.
    public var monthCount: Int { months.count }

    /// Creates a trend report; the totals are summed here (clamped to the 64-bit range).
    public init(months: [Month], rows: [TrendRow]) {
        self.months = months
        self.rows = rows
        func sum(_ kind: BudgetCategory.Kind) -> [Money] {
            months.indices.map { index in
                rows.reduce(.zero) { $1.kind == kind && index < $1.actuals.count ? $0.clampedAdding($1.actuals[index]) : $0 }
            }
        }
        totals = TrendTotals(expenses: sum(.expense), income: sum(.income))
    }
}

/// One row of a ``TrendReport``.
public struct TrendRow: Hashable, Sendable {
    /// The category or payee.
    public let name: String
    /// The category's kind (for payees: the kind of the categories summed in this row).
    public let kind: BudgetCategory.Kind
    /// One actual amount per month of the report.
    public let actuals: [Money]

    /// The sum over all months (clamped to the 64-bit range).
    public var total: Money { actuals.reduce(.zero) { $0.clampedAdding($1) } }
    /// The number of months the average divides by: one per month of the report, months with
    /// nothing included.
    public var monthCount: Int { actuals.count }
    /// ``total`` divided by ``monthCount`` (every month of the range, months with nothing
    /// included), rounded half away from zero to the cent; zero for no months.
    public var average: Money { Money.average(total, over: monthCount) }

    /// Creates a row.
    public init(name: String, kind: BudgetCategory.Kind, actuals: [Money]) {
        self.name = name
        self.kind = kind
        self.actuals = actuals
    }
}

/// The totals row of a ``TrendReport``: per month, the sums of its expense rows and of its
/// income rows, and income minus expenses.
///
/// A refund (a negative amount in an expense category) lowers ``expenses``.
public struct TrendTotals: Hashable, Sendable {
    /// Per month, the sum of the expense rows: money spent.
    public let expenses: TrendSeries
    /// Per month, the sum of the income rows: money received.
    public let income: TrendSeries
    /// Per month, income minus expenses.
    public let net: TrendSeries

    /// Creates the totals from per-month sums of each kind (same length); the net is computed
    /// here, clamped to the 64-bit range.
    public init(expenses: [Money], income: [Money]) {
        precondition(expenses.count == income.count, "one amount per month of each kind")
        self.expenses = TrendSeries(expenses)
        self.income = TrendSeries(income)
        net = TrendSeries(zip(income, expenses).map { $0.clampedSubtracting($1) })
    }
}

/// One amount per month, with their total and average.
public struct TrendSeries: Hashable, Sendable {
    /// One amount per month of the report.
    public let amounts: [Money]

    /// Creates a series.
    public init(_ amounts: [Money]) { self.amounts = amounts }

    /// The sum over all months (clamped to the 64-bit range).
    public var total: Money { amounts.reduce(.zero) { $0.clampedAdding($1) } }
    /// The number of months the average divides by: every month, months with nothing included.
    public var monthCount: Int { amounts.count }
    /// ``total`` divided by ``monthCount``, rounded half away from zero to the cent; zero for no months.
    public var average: Money { Money.average(total, over: monthCount) }
}

/// What a trend report's rows are.
public enum TrendGrouping: String, Hashable, Sendable, Codable, CaseIterable {
    /// One row per category.
    case category
    /// One row per payee (and kind).
    case payee
}

extension Money {
    /// `total / count`, rounded half away from zero to the cent; zero when `count` is not positive.
    static func average(_ total: Money, over count: Int) -> Money {
        guard count > 0 else { return .zero }
        let count = Int64(count)
        let doubled = total.minorUnits.multipliedReportingOverflow(by: 2)
        guard !doubled.overflow else { return Money(minorUnits: total.minorUnits / count) }
        let quotient = doubled.partialValue / count
        return Money(minorUnits: (quotient + (quotient >= 0 ? 1 : -1)) / 2)
    }
}

extension TrendReport {
    /// The report itself, or ``BudgetError/totalTooLarge`` when a row's total, a month's total
    /// or a net would not fit in 64 bits (the properties clamp; the store refuses to show a
    /// clamped number).
    func checked() throws(BudgetError) -> TrendReport {
        var expenses = [Money](repeating: .zero, count: monthCount)
        var income = [Money](repeating: .zero, count: monthCount)
        for row in rows {
            var total = Money.zero
            for (index, amount) in row.actuals.enumerated() {
                total = try total.adding(amount)
                if row.kind == .expense {
                    expenses[index] = try expenses[index].adding(amount)
                } else {
                    income[index] = try income[index].adding(amount)
                }
            }
        }
        var total = (expenses: Money.zero, income: Money.zero, net: Money.zero)
        for index in 0..<monthCount {
            total.expenses = try total.expenses.adding(expenses[index])
            total.income = try total.income.adding(income[index])
            total.net = try total.net.adding(income[index].subtracting(expenses[index]))
        }
        return self
    }
}
