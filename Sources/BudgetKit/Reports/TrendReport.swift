/// Actual amounts over a range of months: one row per category (or payee), one column per month.
public struct TrendReport: Hashable, Sendable {
    /// The months, oldest first.
    public let months: [Month]
    /// The rows: expense categories first, then income, each by name; payees by name.
    public let rows: [TrendRow]

    /// Creates a trend report.
    public init(months: [Month], rows: [TrendRow]) {
        self.months = months
        self.rows = rows
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

    /// The sum over all months.
    public var total: Money { actuals.reduce(.zero) { $0.clampedAdding($1) } }
    /// The total divided by the number of months, rounded half away from zero to the cent.
    public var average: Money {
        guard !actuals.isEmpty else { return .zero }
        let count = Int64(actuals.count)
        let doubled = total.minorUnits.multipliedReportingOverflow(by: 2)
        guard !doubled.overflow else { return Money(minorUnits: total.minorUnits / count) }
        let quotient = doubled.partialValue / count
        return Money(minorUnits: (quotient + (quotient >= 0 ? 1 : -1)) / 2)
    }

    /// Creates a row.
    public init(name: String, kind: BudgetCategory.Kind, actuals: [Money]) {
        self.name = name
        self.kind = kind
        self.actuals = actuals
    }
}

/// What a trend report's rows are.
public enum TrendGrouping: String, Hashable, Sendable, Codable, CaseIterable {
    /// One row per category.
    case category
    /// One row per payee (and kind).
    case payee
}
