/// A table for people: aligned columns under a header, numbers right-aligned, optional rules
/// and totals rows. Built whole, then rendered (column widths need every row).
///
/// ```
/// ID  DATE        AMOUNT  CATEGORY  PAYEE
///  1  2026-11-02   12.50  Food      Lunch
///  2  2026-11-03   -2.25  Food      Refund
/// --  ----------  ------  --------  ------
///     Total        10.25
/// ```
///
/// Columns are two spaces apart; widths are display widths (``DisplayWidth``); no line has
/// trailing spaces. It deliberately does not wrap or truncate: a long payee widens its column.
struct Table {
    enum Alignment { case left, right }

    enum Row {
        /// One text per column (fewer is fine: the rest are empty).
        case cells([String])
        /// A line of dashes under every titled column.
        case rule
    }

    /// Column titles and alignments.
    var columns: [(title: String, alignment: Alignment)]
    /// The rows, in order.
    var rows: [Row] = []

    init(columns: [(title: String, alignment: Alignment)]) {
        self.columns = columns
    }

    /// Adds a row of data cells, made safe for one line.
    mutating func append(_ cells: [Cell]) {
        rows.append(.cells(cells.map { TerminalText.visible($0.plainText) }))
    }

    /// Adds a row of ready texts (totals, bars): not escaped.
    mutating func append(texts: [String]) {
        rows.append(.cells(texts))
    }

    mutating func appendRule() {
        rows.append(.rule)
    }

    /// The table as lines of text, each ending in a newline.
    ///
    /// - Complexity: O(n) in the size of the cells.
    func render() -> String {
        var widths = columns.map { DisplayWidth.of($0.title) }
        for case .cells(let texts) in rows {
            for (index, text) in texts.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(text))
            }
        }
        // A column that is empty in every row and has no title takes no room.
        let visible = widths.indices.filter { widths[$0] > 0 }
        var output = ""
        func line(_ texts: [String]) {
            var pieces: [String] = []
            for index in visible {
                let text = index < texts.count ? texts[index] : ""
                let padding = String(repeating: " ", count: widths[index] - DisplayWidth.of(text))
                pieces.append(columns[index].alignment == .right ? padding + text : text + padding)
            }
            var joined = pieces.joined(separator: "  ")
            while joined.last == " " { joined.removeLast() }
            output += joined + "\n"
        }
        line(columns.map(\.title))
        for row in rows {
            switch row {
            case .cells(let texts): line(texts)
            case .rule: line(columns.indices.map { columns[$0].title.isEmpty ? "" : String(repeating: "-", count: widths[$0]) })
            }
        }
        return output
    }
}
