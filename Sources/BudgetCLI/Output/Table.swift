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

        /// How many texts it has (a rule none).
        var textCount: Int {
            if case .cells(let texts) = self { return texts.count }
            return 0
        }
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
    /// - Complexity: O(n) in the size of the cells; each cell's width is measured once.
    func render() -> String {
        var cellWidths: [Int] = []
        for row in rows { Self.measure(row, into: &cellWidths) }
        return render(cellWidths: cellWidths)
    }

    /// The table as lines of text, its rows' texts already measured: `cellWidths` holds each
    /// text's width (``measure(_:into:)``), row after row.
    func render(cellWidths: [Int]) -> String {
        let titles = titleWidths
        var widths = titles
        var next = 0
        for row in rows {
            Self.widen(&widths, by: cellWidths[next..<(next + row.textCount)])
            next += row.textCount
        }
        var output = ""
        appendLine(.cells(columns.map(\.title)), widths: widths, cellWidths: titles[...], to: &output)
        next = 0
        for row in rows {
            appendLine(row, widths: widths, cellWidths: cellWidths[next..<(next + row.textCount)], to: &output)
            next += row.textCount
        }
        return output
    }

    /// A row of data cells, made safe for one line (``TerminalText/visible(_:keepingLayout:)``).
    static func row(_ cells: [Cell]) -> Row {
        .cells(cells.map { TerminalText.visible($0.plainText) })
    }

    /// The width each column's title needs.
    var titleWidths: [Int] { columns.map { DisplayWidth.of($0.title) } }

    /// Appends the width of each of a row's texts to `cellWidths` (none for a rule).
    static func measure(_ row: Row, into cellWidths: inout [Int]) {
        guard case .cells(let texts) = row else { return }
        for text in texts { cellWidths.append(DisplayWidth.of(text)) }
    }

    /// Widens `widths` (one per column) to fit a row whose texts measure `cellWidths`.
    static func widen(_ widths: inout [Int], by cellWidths: ArraySlice<Int>) {
        for (index, width) in zip(widths.indices, cellWidths) where width > widths[index] { widths[index] = width }
    }

    /// Appends one row as a line at these widths, ending in a newline, to `output`. A column of
    /// width 0 (no title, empty in every row so far) takes no room. `cellWidths` holds the width
    /// of each of the row's texts (``measure(_:into:)``; none for a rule). The text is what
    /// joining the padded cells with two spaces and dropping the trailing spaces gives, without
    /// building the pieces: padding and gaps are held back as a count of spaces until something
    /// is written after them.
    ///
    /// - Precondition: every text fits its column's width.
    /// - Complexity: O(n) in the line's length.
    func appendLine(_ row: Row, widths: [Int], cellWidths: ArraySlice<Int>, to output: inout String) {
        let lineStart = output.utf8.count
        var spaces = 0, first = true
        for index in widths.indices where widths[index] > 0 {
            if !first { spaces += 2 }
            first = false
            let text: String, width: Int
            switch row {
            case .cells(let texts):
                let position = cellWidths.startIndex + index
                (text, width) = index < texts.count ? (texts[index], cellWidths[position]) : ("", 0)
            case .rule:
                text = columns[index].title.isEmpty ? "" : String(repeating: "-", count: widths[index])
                width = text.isEmpty ? 0 : widths[index]
            }
            let padding = widths[index] - width
            precondition(padding >= 0, "a text wider than its column")
            if columns[index].alignment == .right { spaces += padding }
            if !text.isEmpty {
                if spaces > 0 { Self.appendSpaces(spaces, to: &output) }
                spaces = 0
                output += text
            }
            if columns[index].alignment == .left { spaces += padding }
        }
        // The spaces held back are the line's trailing ones, dropped. Trailing spaces of the last
        // text go too, as characters: a space that joins the character before it in one
        // grapheme (after a prepended mark) is not one, so it stays, held-back spaces included.
        if output.utf8.count > lineStart, let last = output.utf8.last, last >= 0x80 || last == 0x20 {
            if spaces > 0 { Self.appendSpaces(spaces, to: &output) }
            while output.utf8.count > lineStart, output.last == " " { output.removeLast() }
        }
        output += "\n"
    }

    /// Runs of spaces made once: most padding is shorter than 32.
    private static let blanks = (0...32).map { String(repeating: " ", count: $0) }

    private static func appendSpaces(_ count: Int, to output: inout String) {
        output += count < blanks.count ? blanks[count] : String(repeating: " ", count: count)
    }
}
