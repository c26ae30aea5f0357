/// What an edit of a category's budget history did: the entries it added, replaced or removed,
/// and the months whose reports it changed, past months included.
///
/// Returned by ``BudgetStore/setBudget(_:forCategory:from:)``,
/// ``BudgetStore/setBudget(_:forCategory:onlyIn:)``, ``BudgetStore/removeBudget(forCategory:from:)``
/// and ``BudgetStore/removeBudget(forCategory:onlyIn:)``, so a front end can say exactly what changed.
public struct BudgetHistoryEdit: Hashable, Sendable {
    /// One entry's change.
    public enum Change: Hashable, Sendable {
        /// A new entry.
        case added(BudgetChange)
        /// An entry of the same month and scope, with another amount.
        case replaced(BudgetChange, with: BudgetChange)
        /// An entry taken out.
        case removed(BudgetChange)
    }

    /// The category's name.
    public let category: String
    /// What changed in the history; empty when it already said that (same month, scope and amount).
    public let changes: [Change]
    /// The months whose report is now different: their budget, whether the category is listed
    /// or, for a category with rollover, what carries into them.
    public let affectedMonths: AffectedMonths

    /// Creates an edit description.
    public init(category: String, changes: [Change], affectedMonths: AffectedMonths) {
        self.category = category
        self.changes = changes
        self.affectedMonths = affectedMonths
    }
}

/// What a change to rollover did: ``BudgetStore/setRollover(_:forCategory:)``.
public struct RolloverEdit: Hashable, Sendable {
    /// The category's name.
    public let category: String
    /// Whether rollover was on before.
    public let wasOn: Bool
    /// Whether rollover is on now.
    public let isOn: Bool
    /// The months whose report is now different: every month after the category's first
    /// budget month (what carries into it), past months included; none when nothing changed.
    public let affectedMonths: AffectedMonths

    /// Creates a rollover edit description.
    public init(category: String, wasOn: Bool, isOn: Bool, affectedMonths: AffectedMonths) {
        self.category = category
        self.wasOn = wasOn
        self.isOn = isOn
        self.affectedMonths = affectedMonths
    }
}

/// The months whose reports an edit changed.
public enum AffectedMonths: Hashable, Sendable {
    /// No report changed.
    case none
    /// Reports within these months, and no others: from the first changed month through the
    /// last. A month in between keeps its report when a one-month override still sets its budget.
    case months(ClosedRange<Month>)
    /// This month's report and every later one's.
    case from(Month)

    /// The earliest month affected, or `nil` for none: compare it with the current month to
    /// learn whether past reports changed.
    public var first: Month? {
        switch self {
        case .none: return nil
        case .months(let range): return range.lowerBound
        case .from(let month): return month
        }
    }

    /// Whether `month` is in the affected span (see ``months(_:)``).
    public func contains(_ month: Month) -> Bool {
        switch self {
        case .none: return false
        case .months(let range): return range.contains(month)
        case .from(let first): return month >= first
        }
    }
}

extension AffectedMonths {
    /// The months in which a category's report differs between two budget histories.
    ///
    /// Both histories are piecewise constant between entry months (and the month after each
    /// one-month override), so comparing them at those boundaries is enough. With rollover, a
    /// different month changes what carries into every later one.
    ///
    /// - Complexity: O(b × e) for b boundaries and e entries, both small.
    init(from old: [BudgetChange], to new: [BudgetChange], rollover: Bool) {
        var boundaries = Set<Month>()
        for change in old + new {
            boundaries.insert(change.month)
            if change.scope == .only, let next = change.month.next { boundaries.insert(next) }
        }
        let sorted = boundaries.sorted()
        var first: Month?, last: Month?, openEnded = false
        for (index, month) in sorted.enumerated() where old.budget(in: month) != new.budget(in: month) {
            first = first ?? month
            if index + 1 < sorted.count { last = sorted[index + 1].previous } else { openEnded = true }
        }
        // A moved first month also changes whether the months between have started (and where
        // rollover starts), even when one-month overrides keep their budgets.
        if old.firstMonth != new.firstMonth {
            let starts = [old.firstMonth, new.firstMonth].compactMap { $0 }
            if let earliest = starts.min() { first = Swift.min(first ?? earliest, earliest) }
            if starts.count < 2 { openEnded = true }
            if let latest = starts.max()?.previous { last = Swift.max(last ?? latest, latest) }
        }
        guard let first else {
            self = .none
            return
        }
        self = openEnded || rollover ? .from(first) : .months(first...Swift.max(first, last ?? first))
    }
}
