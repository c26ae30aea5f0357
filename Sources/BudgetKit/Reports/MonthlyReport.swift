/// One month's budget against what actually happened, per category.
///
/// Expense and income categories are reported apart. For each: its budget, what rolled over
/// from earlier months (zero unless the category has rollover on), the actual amount,
/// what remains (`budget + rollover - actual`) and the percent used (`actual / (budget + rollover)`,
/// `nil` when that is zero or less).
///
/// Every transaction dated in the month counts: a category is listed when it has a budget that
/// month or transactions dated then, so the actual totals are the sums of the month's
/// transactions of each kind, and ``net`` is their difference.
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

    /// Income received minus money spent: `incomeTotals.actual - expenseTotals.actual`.
    ///
    /// Clamped to the 64-bit range (about ±92 quadrillion) rather than trapping; a report from
    /// ``BudgetStore/monthlyReport(for:)`` never needs that (it throws
    /// ``BudgetError/totalTooLarge`` instead of showing a clamped total).
    public var net: Money { incomeTotals.actual.clampedSubtracting(expenseTotals.actual) }

    /// Every line: expenses first, then income.
    public var lines: [ReportLine] { expenses + income }

    /// Expense categories whose actual is strictly above their budget plus rollover, including
    /// one with money spent in a month before its first budget month (its budget is 0 then).
    public var overspent: [ReportLine] { expenses.filter(\.isOverspent) }

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
    /// Whether the category had started by this month (its first budget month, the earliest
    /// `from` entry of its history, is this month or earlier).
    ///
    /// `false` for a month before that: the category is listed only because transactions are
    /// dated then (or a one-month override says so); its budget is 0 unless overridden, and it
    /// has no rollover, since rollover starts at the first month.
    public let hasStarted: Bool

    /// `budget + rollover`: what there was to spend.
    public var available: Money { budget.clampedAdding(rollover) }
    /// `budget + rollover - actual`.
    public var remaining: Money { available.clampedSubtracting(actual) }
    /// `actual / (budget + rollover)` in tenths of a percent; `nil` when there is nothing to use.
    public var percentUsed: PercentTenths? { PercentTenths(actual, of: available) }
    /// Whether this is an expense category that spent more than it had: `actual > available`,
    /// compared exactly (a line 0.01 over shows 100.0% used, and is overspent). Income never is.
    public var isOverspent: Bool { kind == .expense && actual > available }

    /// Creates a line.
    public init(category: String, kind: BudgetCategory.Kind, budget: Money, rollover: Money, actual: Money, hasStarted: Bool = true) {
        self.category = category
        self.kind = kind
        self.budget = budget
        self.rollover = rollover
        self.actual = actual
        self.hasStarted = hasStarted
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

extension MonthlyReport {
    /// The report itself, or ``BudgetError/totalTooLarge`` when a total or the net would not fit
    /// in 64 bits (the properties clamp; the store refuses to show a clamped number).
    func checked() throws(BudgetError) -> MonthlyReport {
        for lines in [expenses, income] {
            var budget = Money.zero, rollover = Money.zero, actual = Money.zero
            for line in lines {
                _ = try line.budget.adding(line.rollover).subtracting(line.actual)
                budget = try budget.adding(line.budget)
                rollover = try rollover.adding(line.rollover)
                actual = try actual.adding(line.actual)
            }
            _ = try budget.adding(rollover).subtracting(actual)
        }
        _ = try incomeTotals.actual.subtracting(expenseTotals.actual)
        return self
    }
}
