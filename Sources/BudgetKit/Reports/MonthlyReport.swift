/// One month's budget against what actually happened, per category.
///
/// Expense and income categories are reported apart. For each: its budget, what rolled over
/// from earlier months (zero unless the category has rollover on), the actual amount,
/// what remains (`budget + rollover - actual`) and the percent used (`actual / (budget + rollover)`,
/// `nil` when that is zero or less).
public struct MonthlyReport: Hashable, Sendable {
    /// The month reported.
    public let month: Month
    /// Expense categories, by name.
    public let expenses: [ReportLine]
    /// Income categories, by name.
    public let income: [ReportLine]
    /// Sums over the expense lines.
    public let expenseTotals: ReportTotals
    /// Sums over the income lines.
    public let incomeTotals: ReportTotals

    /// Income received minus money spent.
    public var net: Money { incomeTotals.actual - expenseTotals.actual }

    /// Every line: expenses first, then income.
    public var lines: [ReportLine] { expenses + income }

    /// Expense categories whose actual is strictly above their budget plus rollover.
    public var overspent: [ReportLine] { expenses.filter { $0.actual > $0.available } }

    /// Creates a report from its lines; totals are summed here.
    public init(month: Month, expenses: [ReportLine], income: [ReportLine]) {
        self.month = month
        self.expenses = expenses
        self.income = income
        expenseTotals = ReportTotals(expenses)
        incomeTotals = ReportTotals(income)
    }
}

/// One category's line in a ``MonthlyReport``.
public struct ReportLine: Hashable, Sendable {
    /// The category's name.
    public let category: String
    /// Expense or income.
    public let kind: BudgetCategory.Kind
    /// The budget in effect that month.
    public let budget: Money
    /// What carried over from earlier months (negative when overspent); zero without rollover.
    public let rollover: Money
    /// The sum of the month's transactions.
    public let actual: Money

    /// `budget + rollover`: what there was to spend.
    public var available: Money { budget.clampedAdding(rollover) }
    /// `budget + rollover - actual`.
    public var remaining: Money { available.clampedSubtracting(actual) }
    /// `actual / (budget + rollover)` in tenths of a percent; `nil` when there is nothing to use.
    public var percentUsed: PercentTenths? { PercentTenths(actual, of: available) }

    /// Creates a line.
    public init(category: String, kind: BudgetCategory.Kind, budget: Money, rollover: Money, actual: Money) {
        self.category = category
        self.kind = kind
        self.budget = budget
        self.rollover = rollover
        self.actual = actual
    }
}

/// Sums over report lines.
public struct ReportTotals: Hashable, Sendable {
    /// Sum of budgets.
    public let budget: Money
    /// Sum of rollovers.
    public let rollover: Money
    /// Sum of actual amounts.
    public let actual: Money
    /// Sum of remaining amounts.
    public var remaining: Money { budget.clampedAdding(rollover).clampedSubtracting(actual) }
    /// Percent used of the summed budget and rollover.
    public var percentUsed: PercentTenths? { PercentTenths(actual, of: budget.clampedAdding(rollover)) }

    init(_ lines: [ReportLine]) {
        budget = lines.reduce(.zero) { $0.clampedAdding($1.budget) }
        rollover = lines.reduce(.zero) { $0.clampedAdding($1.rollover) }
        actual = lines.reduce(.zero) { $0.clampedAdding($1.actual) }
    }
}
