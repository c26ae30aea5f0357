import BudgetKit

/// The pictures of `report --format svg`: the month's budget against actual as bars, a trend and
/// the net worth as lines over months. Every amount drawn is also written beside its bar or in
/// its point's tooltip, exactly as the table prints it, so the picture can be checked against it.
enum Charts {
    /// Line colours, cycled: the first eight lines are solid, the next eight take the second dash
    /// pattern, and so on (``dashPatterns``).
    static let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
    /// Solid, dashed, dotted, dash-dot: with the palette, `palette.count * dashPatterns.count`
    /// (32) lines each have a style of their own; from the 33rd on, styles repeat.
    static let dashPatterns: [String?] = [nil, "6 3", "2 3", "8 3 2 3"]

    /// The colour and dash pattern of the `number`th line (from 0) of a chart.
    static func style(ofLine number: Int) -> (color: String, dashes: String?) {
        (palette[number % palette.count], dashPatterns[number / palette.count % dashPatterns.count])
    }

    // MARK: - The month

    /// The widest a category's or a line's name is drawn; a longer one is shortened with `…`,
    /// and its tooltip has it whole.
    static let nameWidth = 480
    /// The space between the picture's edge and its texts.
    private static let margin = 16

    /// The widest of `texts` drawn at `size`, estimated (``SVGDocument/estimatedWidth(of:size:)``).
    private static func widest(_ texts: [String], size: Int = 12) -> Int {
        texts.map { SVGDocument.estimatedWidth(of: $0, size: size) }.max() ?? 0
    }

    /// Each category's available amount (budget plus rollover) as a pale bar, its actual as a
    /// bar over it (red when an expense is over), with the amounts written after it; expenses,
    /// then income, then the net.
    ///
    /// The name column is as wide as the longest name (up to ``nameWidth``), the totals and the
    /// net start at the left margin, and the picture is as wide as its longest amounts: every
    /// text is inside it whatever the amounts' lengths.
    static func monthly(_ report: MonthlyReport, account: String? = nil) -> String {
        let barHeight = 18, rowHeight = 28, barsWidth = 460
        let sections = [("Expenses", report.expenses, report.expenseTotals), ("Income", report.income, report.incomeTotals)]
            .filter { !$0.1.isEmpty || $0.0 == "Expenses" }
        let rows = sections.reduce(0) { $0 + $1.1.count + 2 }
        func name(_ line: ReportLine) -> String { line.category + (line.hasStarted ? "" : "*") }
        func amounts(_ line: ReportLine) -> String {
            "\(line.actual) of \(line.available)" + (line.percentUsed.map { " (\($0)%)" } ?? "")
        }
        let totals = sections.map { title, _, totals in
            "Total \(title.lowercased()): \(totals.actual) of \(totals.budget.clampedAdding(totals.rollover))"
        }
        let net = report.income.isEmpty ? nil : "Net: \(report.net)"
        let labelWidth = Swift.max(220, margin + Swift.min(nameWidth, widest(report.lines.map(name))) + 8)
        let amountsX = labelWidth + barsWidth + 8
        let width = Swift.max(labelWidth + barsWidth + 300, amountsX + widest(report.lines.map(amounts)) + margin,
                              margin + widest(totals + [net].compactMap { $0 }) + margin)
        var svg = SVGDocument(width: width, height: 70 + rows * rowHeight + 40)
        svg.text("Report for \(report.month)" + (account.map { ", account \($0) only" } ?? ""), x: margin, y: 30, size: 18, bold: true)
        let scale = ChartScale(values: report.lines.flatMap { [$0.available, $0.actual] }, start: labelWidth, end: labelWidth + barsWidth)
        var y = 60
        for ((title, lines, _), total) in zip(sections, totals) {
            svg.text(title, x: margin, y: y + 14, size: 14, bold: true)
            y += rowHeight
            for line in lines {
                let shown = SVGDocument.shortened(name(line), size: 12, toWidth: nameWidth)
                svg.text(shown, x: labelWidth - 8, y: y + 13, anchor: .end, title: shown == VisibleText.visible(name(line)) ? nil : name(line))
                bar(&svg, line.available, on: scale, y: y, height: barHeight, fill: "#d9d9d9",
                    title: "\(line.category): available \(line.available)")
                bar(&svg, line.actual, on: scale, y: y + 4, height: barHeight - 8,
                    fill: line.isOverspent ? overspent : line.kind == .expense ? "#1f77b4" : "#2ca02c",
                    title: "\(line.category): actual \(line.actual)")
                // Red too, so an overspend shows however small its bar is on the scale.
                svg.text(amounts(line), x: amountsX, y: y + 13, fill: line.isOverspent ? overspent : "#222")
                y += rowHeight
            }
            svg.text(total, x: margin, y: y + 13, bold: true)
            y += rowHeight
        }
        if let net {
            svg.text(net, x: margin, y: y + 13, bold: true)
        }
        if report.lines.contains(where: { !$0.hasStarted }) {
            svg.text("* before its first budget month: budget 0.", x: margin, y: svg.height - 12, size: 11)
        }
        return svg.rendered()
    }

    /// The colour of an overspent expense's bar and amounts.
    private static let overspent = "#d62728"

    /// A horizontal bar from zero to `amount` on `scale`. A non-zero amount is at least a pixel
    /// wide (on its side of zero), so a small one next to large ones never vanishes.
    private static func bar(_ svg: inout SVGDocument, _ amount: Money, on scale: ChartScale, y: Int, height: Int, fill: String,
                            title: String) {
        let zero = scale.pixel(.zero)
        var end = scale.pixel(amount)
        if end == zero && amount != .zero { end = amount > .zero ? zero + 1 : zero - 1 }
        svg.rect(x: Swift.min(zero, end), y: y, width: abs(end - zero), height: height, fill: fill, title: title)
    }

    // MARK: - Over months

    /// One line over the months.
    struct Series {
        var name: String
        /// Drawn after the name wherever it is shown, and never shortened: a payee's kind.
        var suffix = ""
        var values: [Money]
        /// Drawn black and thicker: a total.
        var isTotal = false
        /// Whether the legend gives the sum of the values (a trend's; not balances').
        var showsSum = true
    }

    /// What names the empty payee in a picture, where a blank name would be no label at all.
    static let noPayee = "(no payee)"

    /// A trend: a line per category (or payee), and the net. A payee's line says its kind, as
    /// the table's KIND column does (a payee both paid and paying has two lines): `ACME (income)`.
    static func trend(_ trend: TrendReport, from: Month, to: Month, by grouping: TrendGrouping) -> String {
        let series = trend.rows.map { row in
            switch grouping {
            case .category: Series(name: row.name, values: row.actuals)
            case .payee: Series(name: row.name.isEmpty ? noPayee : row.name, suffix: " (\(row.kind.rawValue))", values: row.actuals)
            }
        }
        return lines(title: "Actual by month, \(from) to \(to)", months: trend.months,
                     series: series + [Series(name: "Net", values: trend.totals.net.amounts, isTotal: true)])
    }

    /// The net worth: a line per account, and the total.
    static func netWorth(_ report: NetWorthReport) -> String {
        let first = report.months.first.map(\.description) ?? "", last = report.months.last.map(\.description) ?? ""
        return lines(title: "Net worth at the end of each month, \(first) to \(last)", months: report.months,
                     series: report.rows.map { Series(name: $0.account.name, values: $0.balances, showsSum: false) }
                        + [Series(name: "Total", values: report.totals, isTotal: true, showsSum: false)])
    }

    /// Lines over months, with a grid of five amounts, a legend, and each point's amount as its tooltip.
    ///
    /// The amounts' column is as wide as the longest amount, names in the legend are shortened to
    /// ``nameWidth``, and the picture is as wide as its longest legend: every text is inside it.
    static func lines(title: String, months: [Month], series: [Series]) -> String {
        let top = 50, plotWidth = 720, plotHeight = 340, legendRow = 18
        let scale = ChartScale(values: series.flatMap(\.values), start: top + plotHeight, end: top)
        let ticks = scale.ticks(4)
        let left = Swift.max(110, margin + widest(ticks.map(\.description), size: 11) + 6)
        let legends = series.map { line in
            let sum = line.values.reduce(Money.zero) { $0.clampedAdding($1) }
            let name = SVGDocument.shortened(line.name, size: 12, toWidth: nameWidth)
            return (text: name + line.suffix + (line.showsSum ? "  (total \(sum))" : ""),
                    title: name == VisibleText.visible(line.name) ? nil : line.name + line.suffix)
        }
        let width = Swift.max(left + plotWidth + 40, left + 32 + widest(legends.map(\.text)) + margin,
                              margin + widest([title], size: 18) + margin)
        var svg = SVGDocument(width: width, height: top + plotHeight + 60 + series.count * legendRow)
        svg.text(title, x: margin, y: 30, size: 18, bold: true)
        for tick in ticks {
            let y = scale.pixel(tick)
            svg.line(x1: left, y1: y, x2: left + plotWidth, y2: y, stroke: tick == .zero ? "#888" : "#e5e5e5")
            svg.text(tick.description, x: left - 6, y: y + 4, anchor: .end, size: 11)
        }
        if scale.low < 0 && scale.high > 0 {
            let y = scale.pixel(.zero)
            svg.line(x1: left, y1: y, x2: left + plotWidth, y2: y, stroke: "#888")
        }
        func x(_ index: Int) -> Int {
            months.count <= 1 ? left + plotWidth / 2 : left + index * plotWidth / (months.count - 1)
        }
        let labelEvery = Swift.max(1, (months.count + 11) / 12)
        for (index, month) in months.enumerated() where index % labelEvery == 0 || index == months.count - 1 {
            svg.text(month.description, x: x(index), y: top + plotHeight + 18, anchor: .middle, size: 11)
        }
        var legendY = top + plotHeight + 44
        for (number, line) in series.enumerated() {
            let (color, dashes) = line.isTotal ? ("#000", nil) : style(ofLine: number)
            let points = line.values.indices.map { (x: x($0), y: scale.pixel(line.values[$0])) }
            svg.polyline(points, stroke: color, width: line.isTotal ? 3 : 2, dashes: dashes, title: line.name + line.suffix)
            for (index, point) in points.enumerated() {
                svg.circle(x: point.x, y: point.y, radius: 3, fill: color,
                           title: "\(line.name)\(line.suffix) \(months[index]): \(line.values[index])")
            }
            svg.line(x1: left, y1: legendY - 4, x2: left + 24, y2: legendY - 4, stroke: color, dashes: dashes)
            svg.text(legends[number].text, x: left + 32, y: legendY, size: 12, bold: line.isTotal, title: legends[number].title)
            legendY += legendRow
        }
        return svg.rendered()
    }

    // MARK: - Sparklines

    private static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// A sparkline, a block per amount on a scale from the smallest amount or zero, whichever is
    /// lower, to the largest or zero, whichever is higher: `▁▃▅█`. Every block is the lowest
    /// when all are zero; amounts all below zero never reach the top.
    static func sparkline(_ values: [Money]) -> String {
        let scale = ChartScale(values: values, start: 0, end: levels.count - 1)
        return String(values.map { levels[Swift.min(levels.count - 1, Swift.max(0, scale.pixel($0)))] })
    }
}
