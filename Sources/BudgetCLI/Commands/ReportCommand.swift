import BudgetKit

/// `budget report`: a month's budget against actual, or a trend over months.
struct Report: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "report",
        abstract: "Show each category's budget, actual and remaining.",
        discussion: """
        Every transaction counts: a category with transactions before its first budget month is \
        listed with a budget of 0 that month (marked *), and is overspent if it spent.
        With --from and --to, shows a trend instead: the actual amounts of each category (or \
        payee, with --by payee) in each month, with their total and average; the table ends with \
        the totals of expenses and income and the net. Averages divide by every month from --from \
        to --to, months with nothing included.
        With --check, prints the report as usual, then names each overspent expense category on \
        standard error and exits 2; it exits 0 when none is overspent. For cron:
          budget report --month last --check > /dev/null
        A split counts each part in its category; a transfer is never spending or income. With \
        --account, only that account's transactions count, in the actual amounts and in what \
        rolls over (so the remaining is what the budget leaves if that account alone spent); \
        the budgets are the whole book's, and the table says so.
        With --net-worth, shows each account's balance at the end of each month from --from to \
        --to (by default the twelve months up to this one) and their total.
        On a terminal the table shows a bar of the percent used, coloured unless NO_COLOR is set, \
        and a trend or net worth a sparkline per row. With --format svg, writes the month, the \
        trend or the net worth as a chart (an SVG picture a browser or a mail reader shows):
          budget report --from 2026-01 --to 2026-12 --format svg > trend.svg
        """,
        access: .read)

    static var arguments: [CommandArgument<Report>] {[
        .option(\.month, "month", "month", help: "The month: YYYY-MM, this or last (default: this)."),
        .flag(\.check, "check", help: "Exit 2 when an expense category is over its budget plus rollover."),
        .option(\.from, "from", "month", help: "A trend from this month: YYYY-MM, this or last."),
        .option(\.to, "to", "month", help: "A trend up to this month, included."),
        .option(\.grouping, "by", "grouping", help: "What a trend's rows are (default: category)."),
        .option(\.account, "account", "name", help: "Only this account's transactions."),
        .flag(\.netWorth, "net-worth", help: "Each account's balance at the end of each month, and the total."),
        .option(\.format, "format", "format", default: ReportFormat.table.rawValue,
                help: "The output format: table, csv, tsv, json, or svg for a chart."),
        .excelSafe(\.excelSafe),
    ]}

    var month: Month?
    var check = false
    var from: Month?
    var to: Month?
    var grouping: TrendGrouping?
    var account: AccountName?
    var netWorth = false
    var format = ReportFormat.table

    /// The table without `--check` (what `budget` and `make run` print): an empty book's report
    /// with its hint, even in a pipe, when the default book does not exist yet.
    var printsForPeople: Bool { format == .table && !check }
    var excelSafe = false

    /// `--format`: the formats of records, and a chart.
    enum ReportFormat: String, ChoiceValue {
        case table, csv, tsv, json, svg

        /// The records' format; `nil` for a chart.
        var records: OutputFormat? { OutputFormat(rawValue: rawValue) }
    }

    func validate() throws(UsageError) {
        if netWorth {
            if month != nil { throw .conflict("'--net-worth' cannot be used with '--month <month>'") }
            if check { throw .conflict("'--net-worth' cannot be used with '--check'") }
            if grouping != nil { throw .conflict("'--net-worth' cannot be used with '--by <grouping>'") }
            if account != nil { throw .conflict("'--net-worth' cannot be used with '--account <name>'") }
            return
        }
        if from != nil || to != nil {
            guard from != nil else { throw .needs("--to <month>", "--from <month>") }
            guard to != nil else { throw .needs("--from <month>", "--to <month>") }
            if month != nil { throw .conflict("'--from <month>' cannot be used with '--month <month>'") }
            if check { throw .conflict("'--from <month>' cannot be used with '--check'") }
        } else if grouping != nil {
            throw .conflict("'--by <grouping>' needs '--from <month>' and '--to <month>'")
        }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        if netWorth {
            let last = to ?? .current()
            return try printNetWorth(context, from: from ?? last.advanced(by: -11), to: last)
        }
        if let from, let to { return try printTrend(context, from: from, to: to) }
        return try printMonthlyReport(context)
    }

    private func printMonthlyReport(_ context: CommandContext) throws -> Outcome {
        let month = month ?? .current()
        let store = try context.store()
        let report = try store.monthlyReport(for: month, account: account?.name)
        let accountName = try account.map { try store.account(named: $0.name).name }
        do throws(any Error) {
            if format == .svg {
                try context.stdout.write(Charts.monthly(report, account: accountName))
            } else if format == .table {
                if context.stdout.isTerminal {
                    // Category names are escaped in the table; the bars' colours are ours.
                    try context.stdout.write(TerminalText(rendered: report.table(bars: PercentBar(colored: context.usesColor), account: accountName)))
                } else {
                    try context.stdout.write(report.table(bars: nil, account: accountName))
                }
                if report.lines.isEmpty {
                    try context.stdout.flush()
                    context.confirm(try emptyReportNote(month, context))
                }
            } else {
                var writer = try RecordWriter(format: format.records ?? .csv, record: .reportLine, output: context.stdout, excelSafe: excelSafe)
                for line in report.lines { try writer.write(MonthlyReportRow(month: month, line: line)) }
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
            let over = Money.zero.clampedSubtracting(line.remaining)
            let note = line.hasStarted ? "" : "; its budget starts later"
            context.warn("budget: overspent in \(month): \(line.category): \(line.actual) spent of \(line.available) (\(over) over\(note))")
        }
        return report.overspent.isEmpty ? .success : .overspent
    }

    /// What an empty monthly report says: how to start in a book with no category; otherwise
    /// the month its first budget starts (every later month has a budget, so an empty month is
    /// before all of them) and where to see the categories.
    private func emptyReportNote(_ month: Month, _ context: CommandContext) throws -> String {
        let store = try context.store()
        let none = "No category has a budget or transactions in \(month)"
        let categories = try store.categories(in: month)
        guard !categories.isEmpty else { return none + ". Start with: budget add-category Food 300" }
        let first = try categories.compactMap { category in
            try store.budgetHistory(forCategory: category.name).filter { $0.scope == .from }.map(\.month).min()
        }.min()
        guard let first, first > month else { return none + ". See them with: budget categories" }
        return none + "; the first budget starts in \(first). See: budget report --month \(first), or budget categories"
    }

    private func printTrend(_ context: CommandContext, from: Month, to: Month) throws -> Outcome {
        guard from <= to else {
            throw UsageError(message: "'--from \(from)' is after '--to \(to)'", hint: "give the earlier month with --from")
        }
        let grouping = grouping ?? .category
        let trend = try context.store().trendReport(from: from, to: to, by: grouping, account: account?.name)
        if format == .svg {
            try context.stdout.write(Charts.trend(trend, from: from, to: to, by: grouping))
            return .success
        }
        let sparklines = format == .table && context.stdout.isTerminal
        let keys = [grouping.rawValue, "kind"] + trend.months.map(\.description) + ["total", "average"] + (sparklines ? ["trend"] : [])
        let record = RecordDescription<[Cell]>.cells(keys: keys, alignments: keys.indices.map { $0 < 2 || $0 == keys.count - 1 && sparklines ? .left : .right })
        let rows = trend.rows.map { row -> [Cell] in
            [.text(row.name), .text(row.kind.rawValue)] + row.actuals.map(Cell.money) + [.money(row.total), .money(row.average)]
                + (sparklines ? [.text(Charts.sparkline(row.actuals))] : [])
        }
        let totals = [("Total expenses", trend.totals.expenses), ("Total income", trend.totals.income), ("Net", trend.totals.net)].map {
            [$0.0, ""] + $0.1.amounts.map(\.description) + [$0.1.total.description, $0.1.average.description]
                + (sparklines ? [Charts.sparkline($0.1.amounts)] : [])
        }
        guard let table = try printCells(context, record: record, rows: rows, totals: totals) else { return .success }
        let months = trend.monthCount == 1 ? "1 month" : "\(trend.monthCount) months"
        try context.stdout.write(table + "\nAverages divide each total by \(months), \(from) to \(to), months with nothing included.\n")
        return .success
    }
}

extension Report {
    /// `report --net-worth`: a row per account, a column per month, and (in the table) the total.
    func printNetWorth(_ context: CommandContext, from: Month, to: Month) throws -> Outcome {
        guard from <= to else {
            throw UsageError(message: "'--from \(from)' is after '--to \(to)'", hint: "give the earlier month with --from")
        }
        let report = try context.store().netWorthReport(from: from, to: to)
        if format == .svg {
            try context.stdout.write(Charts.netWorth(report))
            return .success
        }
        let sparklines = format == .table && context.stdout.isTerminal
        let keys = ["account", "type"] + report.months.map(\.description) + (sparklines ? ["trend"] : [])
        let record = RecordDescription<[Cell]>.cells(keys: keys, alignments: keys.indices.map { $0 < 2 || $0 == keys.count - 1 && sparklines ? .left : .right })
        let rows = report.rows.map { row -> [Cell] in
            [.text(row.account.name), .text(row.account.kind.rawValue)] + row.balances.map(Cell.money)
                + (sparklines ? [.text(Charts.sparkline(row.balances))] : [])
        }
        let total = ["Total", ""] + report.totals.map(\.description) + (sparklines ? [Charts.sparkline(report.totals)] : [])
        if let table = try printCells(context, record: record, rows: rows, totals: [total]) {
            try context.stdout.write(table)
        }
        return .success
    }

    /// The trend's and net worth's rows: in a machine format written at once (`nil`); for the
    /// table, the table with a rule and the `totals` rows under it, to write with what follows.
    private func printCells(_ context: CommandContext, record: RecordDescription<[Cell]>, rows: [[Cell]],
                            totals: [[String]]) throws -> String? {
        guard format == .table else {
            try context.printRecords(format.records ?? .csv, record: record, values: rows, excelSafe: excelSafe)
            return nil
        }
        var table = record.table()
        for row in rows { table.append(row) }
        table.appendRule()
        for total in totals { table.append(texts: total) }
        return table.render()
    }
}
