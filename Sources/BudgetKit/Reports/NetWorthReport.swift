/// Where the money was at the end of each month: each account's balance, and their total.
///
/// A balance follows ``BalanceQuery``'s one rule (opening balance, spending, income,
/// transfers): transfers move money between rows and never change the total; an opening
/// balance counts from its day on, and is never income.
public struct NetWorthReport: Hashable, Sendable {
    /// The months, oldest first.
    public let months: [Month]
    /// One row per account, by name ignoring case: those open at the start of the range, and
    /// closed ones that hold money in it.
    public let rows: [NetWorthRow]
    /// Per month: the sum of the rows.
    public let totals: [Money]

    /// Creates a report; the totals are summed here.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when a total would not fit in 64 bits.
    public init(months: [Month], rows: [NetWorthRow]) throws {
        self.months = months
        self.rows = rows
        totals = try months.indices.map { index in
            try rows.reduce(Money.zero) { try $0.adding(index < $1.balances.count ? $1.balances[index] : .zero) }
        }
    }
}

/// One account's balances in a ``NetWorthReport``.
public struct NetWorthRow: Hashable, Sendable {
    /// The account.
    public let account: Account
    /// Its balance at the end of each month of the report.
    public let balances: [Money]

    /// Creates a row.
    public init(account: Account, balances: [Money]) {
        self.account = account
        self.balances = balances
    }
}

extension BudgetStore {
    /// Each account's balance at the end of each month from `first` through `last`, and the total.
    ///
    /// ```swift
    /// let report = try store.netWorthReport(from: Month(iso: "2026-01")!, to: Month(iso: "2026-12")!)
    /// print(report.totals.last!)   // net worth at the end of 2026
    /// ```
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when a balance would not fit in 64 bits.
    /// - Complexity: one pass over the rows before `first` (their sums by account and category)
    ///   and one over the rows in the range, grouped by month.
    public func netWorthReport(from first: Month, to last: Month) throws -> NetWorthReport {
        let months = first <= last ? Array(first...last) : []
        guard let start = months.first, let end = months.last else { return try NetWorthReport(months: [], rows: []) }
        return try reading {
            try connection.inReadTransaction {
                let accounts = try connection.cached("""
                    SELECT \(AccountColumn.list("a")) FROM accounts AS a ORDER BY a.name_key, a.id
                    """).map([], AccountColumn.account)
                let before = start.firstDay == Day.first ? [:]
                    : try BalanceQuery.flows(.init(through: start.firstDay.adding(days: -1)), in: connection)
                let during = try BalanceQuery.flows(.init(through: end.lastDay, from: start.firstDay, byMonth: true), in: connection)
                var rows: [NetWorthRow] = []
                for account in accounts {
                    var running = before[account.id]?[nil] ?? 0
                    let balances = try months.map { month in
                        running += during[account.id]?[month] ?? 0
                        return try BalanceQuery.balance(account, flow: running, on: month.lastDay)
                    }
                    let closedBefore = account.closedOn.map { $0 < start.firstDay } ?? false
                    if !closedBefore || balances.contains(where: { $0 != .zero }) {
                        rows.append(NetWorthRow(account: account, balances: balances))
                    }
                }
                return try NetWorthReport(months: months, rows: rows)
            }
        }
    }
}
