import BudgetKit

extension MonthlyReport {
    /// The report as a table for people: expense categories with their totals, income categories
    /// with theirs, and the net (income minus expenses, actual amounts).
    ///
    /// ```
    /// Report for 2026-11
    ///
    /// CATEGORY        BUDGET  ROLLOVER  ACTUAL  REMAINING    USED
    /// Food            300.00      0.00  312.50     -12.50  104.2%
    /// --------------  ------  --------  ------  ---------  ------
    /// Total expenses  300.00      0.00  312.50     -12.50  104.2%
    /// ```
    ///
    /// - Parameters:
    ///   - bars: draws a bar of percent used after each category (on a terminal).
    ///   - account: the account the report is of (`--account`): the title names it, and a line
    ///     under the table says what its rollover and remaining are.
    func table(bars: PercentBar?, account: String? = nil) -> String {
        var table = Table(columns: [("CATEGORY", .left), ("BUDGET", .right), ("ROLLOVER", .right), ("ACTUAL", .right),
                                    ("REMAINING", .right), ("USED", .right), ("", .left)])
        func add(_ line: ReportLine) {
            var texts = [TerminalText.visible(line.category) + (line.hasStarted ? "" : "*")] + [line.budget, line.rollover, line.actual, line.remaining].map(\.description)
            texts.append(line.percentUsed.map { "\($0)%" } ?? "")
            if let bars { texts.append(bars.render(line)) }
            table.append(texts: texts)
        }
        func addTotals(_ title: String, _ totals: ReportTotals) {
            table.appendRule()
            table.append(texts: [title] + [totals.budget, totals.rollover, totals.actual, totals.remaining].map(\.description)
                + [totals.percentUsed.map { "\($0)%" } ?? ""])
        }
        expenses.forEach(add)
        addTotals("Total expenses", expenseTotals)
        if !income.isEmpty {
            table.append(texts: [])
            income.forEach(add)
            addTotals("Total income", incomeTotals)
            table.append(texts: [])
            table.append(texts: ["Net", "", "", net.description])
        }
        let shown = account.map { TerminalText.visible($0) }
        var text = "Report for \(month)" + (shown.map { ", account \($0) only" } ?? "") + "\n\n" + table.render()
        if lines.contains(where: { !$0.hasStarted }) {
            text += "\n* before its first budget month: budget 0.\n"
        }
        if let shown {
            // The budgets are the book's: without this, a rollover counted from one account's
            // spending reads as the category's.
            text += "\nOnly \(shown)'s transactions count (actual and rollover); the budgets are the whole book's.\n"
        }
        return text
    }
}

/// A small bar of percent used, 10 columns wide with eighth blocks: `█████▍    `; an overspent
/// category's is full, even when nothing or less than nothing was available. Coloured on a
/// terminal without `NO_COLOR`: an expense category green under 90 % of its available amount,
/// yellow from 90 % up to all of it, red once over it. The colour compares the exact amounts,
/// never the rounded percentage: red is ``ReportLine/isOverspent``, what `report --check` reports.
/// Income is not coloured (more is not a warning).
struct PercentBar {
    static let width = 10
    /// Whether to use ANSI colours.
    var colored: Bool

    /// The bar of `line`'s percent used: full when it is overspent, even with nothing (or less)
    /// available and so no percentage; otherwise empty when it has no percentage.
    func render(_ line: ReportLine) -> String {
        let tenths: Int64
        if line.isOverspent {
            tenths = 1000
        } else if let percent = line.percentUsed {
            tenths = percent.tenths
        } else {
            return ""
        }
        // Eighths of a column, capped at a full bar.
        let eighths = Int(Swift.max(0, Swift.min(tenths, 1000)) * Int64(Self.width * 8) / 1000)
        var bar = String(repeating: "█", count: eighths / 8)
        if eighths % 8 > 0 { bar.append(Array("▏▎▍▌▋▊▉")[eighths % 8 - 1]) }
        bar += String(repeating: " ", count: Self.width - DisplayWidth.of(bar))
        bar = "│" + bar + "│"
        guard colored, line.kind == .expense else { return bar }
        let color = line.isOverspent ? "31" : Self.isNearlySpent(line) ? "33" : "32"
        return "\u{1B}[\(color)m\(bar)\u{1B}[0m"
    }

    /// `actual >= 90 % of available`, in 128 bits so no amount overflows.
    private static func isNearlySpent(_ line: ReportLine) -> Bool {
        Int128(line.actual.minorUnits) * 10 >= Int128(line.available.minorUnits) * 9
    }
}
