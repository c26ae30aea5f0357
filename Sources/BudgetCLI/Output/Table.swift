/// A table for people: aligned columns under a header, numbers right-aligned, optional rules
/// and totals rows. Built whole, then rendered (column widths need every row); a table whose rows
/// grow with the data is streamed by ``TableWriter`` instead.
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
        rows.append(Self.row(cells))
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
        var widths = titleWidths
        for row in rows { Self.widen(&widths, toFit: row) }
        var output = line(.cells(columns.map(\.title)), widths: widths)
        for row in rows { output += line(row, widths: widths) }
        return output
    }

    /// A row of data cells, made safe for one line (``TerminalText/visible(_:keepingLayout:)``).
    static func row(_ cells: [Cell]) -> Row {
        .cells(cells.map { TerminalText.visible($0.plainText) })
    }

    /// The width each column's title needs.
    var titleWidths: [Int] { columns.map { DisplayWidth.of($0.title) } }

    /// Widens `widths` (one per column) to fit a row's texts; a rule fits any width.
    static func widen(_ widths: inout [Int], toFit row: Row) {
        guard case .cells(let texts) = row else { return }
        for (index, text) in texts.enumerated() where index < widths.count {
            widths[index] = max(widths[index], DisplayWidth.of(text))
        }
    }

    /// One row as a line at these widths, ending in a newline. A column of width 0 (no title,
    /// empty in every row so far) takes no room.
    ///
    /// - Precondition: every text fits its column's width.
    func line(_ row: Row, widths: [Int]) -> String {
        let texts: [String]
        switch row {
        case .cells(let cells): texts = cells
        case .rule: texts = columns.indices.map { columns[$0].title.isEmpty ? "" : String(repeating: "-", count: widths[$0]) }
        }
        var pieces: [String] = []
        for index in widths.indices where widths[index] > 0 {
            let text = index < texts.count ? texts[index] : ""
            let padding = String(repeating: " ", count: widths[index] - DisplayWidth.of(text))
            pieces.append(columns[index].alignment == .right ? padding + text : text + padding)
        }
        var joined = pieces.joined(separator: "  ")
        while joined.last == " " { joined.removeLast() }
        return joined + "\n"
    }
}
