import BudgetKit

extension Commands {
    static let report = Command(spec: CommandSpec(
        name: "report",
        abstract: "Show each category's budget, actual and remaining.",
        discussion: """
        With --from and --to, shows a trend instead: the actual amounts of each category (or \
        payee, with --by payee) in each month, with their total and average.
        With --check, prints the report as usual, then names each overspent expense category on \
        standard error and exits 2; it exits 0 when none is overspent. For cron:
          budget report --month last --check > /dev/null
        On a terminal the table shows a bar of the percent used, coloured unless NO_COLOR is set.
        """,
        options: [
            .value("month", "month", kind: .month, help: "The month: YYYY-MM, this or last (default: this)."),
            .flag("check", help: "Exit 2 when an expense category is over its budget plus rollover."),
            .value("from", "month", kind: .month, help: "A trend from this month: YYYY-MM, this or last."),
            .value("to", "month", kind: .month, help: "A trend up to this month, included."),
            .value("by", "grouping", kind: .choice(["category", "payee"]), default: "category",
                   help: "What a trend's rows are."),
            OutputFormat.option(),
        ]
    )) { context in
        let arguments = context.arguments
        if arguments.has("from") || arguments.has("to") {
            try arguments.require("to", with: "from")
            try arguments.require("from", with: "to")
            try arguments.requireAtMostOne(of: "from", "month")
            try arguments.requireAtMostOne(of: "from", "check")
            return try printTrend(context)
        }
        if arguments.has("by") { throw UsageError.conflict("'--by' needs '--from <month>' and '--to <month>'") }
        return try printMonthlyReport(context)
    }

    static let reportColumns = ["month", "category", "kind", "budget", "rollover", "actual", "remaining", "percent_used"]

    /// One report line's cells, in ``reportColumns`` order (shared with `watch report`).
    static func reportCells(_ line: ReportLine, month: Month) -> [Cell] {
        [.date(month.description), .text(line.category), .text(line.kind.rawValue), .money(line.budget),
         .money(line.rollover), .money(line.actual), .money(line.remaining), .percent(line.percentUsed)]
    }

    private static func printMonthlyReport(_ context: CommandContext) throws -> Outcome {
        let month = context.arguments.month("month") ?? .current()
        let report = try context.store().monthlyReport(for: month)
        let check = context.arguments.flag("check")
        do throws(any Error) {
            let format = context.arguments.format
            if format == .table {
                let bars = context.stdout.isTerminal ? PercentBar(colored: context.usesColor) : nil
                try context.stdout.write(report.table(bars: bars))
                if report.lines.isEmpty {
                    try context.stdout.flush()
                    context.confirm("No category has a budget or transactions in \(month). Start with: budget add-category Food 300")
                }
            } else {
                var writer = try RecordWriter(format: format, columns: reportColumns, output: context.stdout)
                for line in report.lines { try writer.write(reportCells(line, month: month)) }
                try writer.finish()
            }
            // The report is out before the verdict: flush so a reader sees them in that order.
            if check { try context.stdout.flush() }
        } catch {
            // The reader went away (`report --check | head`): the verdict still matters to cron.
            guard check, error as? OutputError == .closed else { throw error }
        }
        guard check else { return .success }
        for line in report.overspent {
            context.warn("budget: overspent in \(month): \(line.category): \(line.actual) spent of "
                + "\(line.available) (\(Money.zero.clampedSubtracting(line.remaining)) over)")
        }
        return report.overspent.isEmpty ? .success : .overspent
    }

    private static func printTrend(_ context: CommandContext) throws -> Outcome {
        let arguments = context.arguments
        let from = arguments.month("from")!, to = arguments.month("to")!
        guard from <= to else {
            throw UsageError(message: "'--from \(from)' is after '--to \(to)'", hint: "give the earlier month with --from")
        }
        let grouping: TrendGrouping = arguments.text("by") == "payee" ? .payee : .category
        let trend = try context.store().trendReport(from: from, to: to, by: grouping)
        let columns = [grouping.rawValue, "kind"] + trend.months.map(\.description) + ["total", "average"]
        try context.printRecords(columns: columns, rows: trend.rows.map { row in
            [.text(row.name), .text(row.kind.rawValue)] + row.actuals.map(Cell.money) + [.money(row.total), .money(row.average)]
        })
        return .success
    }
}
