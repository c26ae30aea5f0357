/// Streams a ``Table`` to an ``Output`` as its rows come, for the tables whose rows grow with the
/// data (`list`, an import's dry run): memory stays bounded whatever the number of rows.
///
/// ```swift
/// var writer = TableWriter(columns: record.table().columns, output: stdout, totalling: [2])
/// for line in lines { try writer.append(record.tableCells(line)) }
/// try writer.finish(footer: [.rule, .cells(["", "Total", total.description])])
/// ```
///
/// The first ``bufferedRows`` rows are held. A table that ends within them is written at the end
/// exactly as ``Table/render()`` writes it, aligned by every row and its footer. A longer table
/// is aligned by its first ``bufferedRows`` rows: when one more row comes, the column widths are
/// fixed from the header and the held rows, each column the footer will total (`totalling`)
/// gets ``totalHeadroom`` more characters, those rows are written out, and from then on each
/// row is written as it comes. A later cell wider than its column widens that column from that
/// row on (the lines above stay as they were written, so the columns after it shift there). The
/// footer (rules, totals) is written last at the final widths, so it lines up with the last rows
/// and, when its totals fit the room left for them (nearly always), with every row; a total
/// wider than that widens its column in the footer alone. Finishing writes the table out, so
/// the stderr lines that follow it do.
///
/// It deliberately does not look ahead or rewrite what it wrote: a long table on a terminal or
/// in a pipe starts at once and never holds more than ``bufferedRows`` rows.
///
/// Not thread-safe: one command writes to it at a time.
struct TableWriter {
    /// How many rows are held to align a table before it is streamed: 2,000.
    static let bufferedRows = 2_000

    /// How many characters a streamed table adds to each column its footer totals: 4, room for
    /// the total's extra digits. A sum of N amounts has at most ⌈log₁₀ N⌉ more digits than the
    /// widest of them, and may have a minus sign they lack (a net), so 4 characters fit the
    /// total of up to 1,000 amounts as wide as the column's widest held one, and of far more
    /// typical amounts, mostly narrower: 6,000 rows of 42.25 under AMOUNT (6 wide) total
    /// 253500.00 spent and -253500.00 net, 10 characters.
    static let totalHeadroom = 4

    private var table: Table
    private let output: Output
    private let limit: Int
    private let willStream: () -> Void
    /// The columns the footer totals: they get ``totalHeadroom`` when the table streams.
    private let totalled: [Int]
    /// The column widths once streaming, `nil` while the rows are held.
    private var widths: [Int]?
    /// The width of each text of the held rows, row after row (``Table/measure(_:into:)``):
    /// each cell is measured once.
    private var heldWidths: [Int] = []
    /// The line being written, kept to reuse its storage.
    private var line = ""

    /// A writer of a table with these columns (no line is written yet).
    ///
    /// - Parameters:
    ///   - bufferedRows: how many rows are held to align the table (tests pass a few).
    ///   - totalling: the indices of the columns whose totals the footer will show: a streamed
    ///     table leaves them room for those (``totalHeadroom``).
    ///   - willStream: called once, just before the held rows are written out, when the table
    ///     outgrows them (a progress bar on the same terminal steps aside).
    init(columns: [(title: String, alignment: Table.Alignment)], output: Output, bufferedRows: Int = TableWriter.bufferedRows,
         totalling: [Int] = [], willStream: @escaping () -> Void = {}) {
        precondition(bufferedRows >= 0, "a table cannot hold fewer than no rows")
        precondition(totalling.allSatisfy(columns.indices.contains), "a total in a column the table does not have")
        table = Table(columns: columns)
        self.output = output
        limit = bufferedRows
        totalled = totalling
        self.willStream = willStream
    }

    /// Whether the held rows have been written out and later rows go out as they come.
    var isStreaming: Bool { widths != nil }

    /// Adds a row of data cells, made safe for one line as ``Table/append(_:)`` makes them.
    ///
    /// - Throws: ``OutputError`` when a line cannot be written.
    /// - Complexity: O(n) in the row's cells; writing out the held rows when the table outgrows
    ///   them is O(n) in their cells.
    mutating func append(_ cells: [Cell]) throws(OutputError) {
        let row = Table.row(cells)
        guard var widths else {
            table.rows.append(row)
            Table.measure(row, into: &heldWidths)
            if table.rows.count > limit { try startStreaming() }
            return
        }
        let start = heldWidths.count
        Table.measure(row, into: &heldWidths)
        Table.widen(&widths, by: heldWidths[start...])
        self.widths = widths
        try write(row, widths: widths, cellWidths: heldWidths[start...])
        heldWidths.removeAll(keepingCapacity: true)
    }

    /// Ends the table with its footer (rows of ready texts, totals: not escaped, and rules), then
    /// writes out the output's buffer: a summary or warning the command writes to stderr next
    /// comes after the table when both go to one file or terminal (`> log 2>&1`).
    ///
    /// - Throws: ``OutputError`` when a line cannot be written.
    mutating func finish(footer: [Table.Row] = []) throws(OutputError) {
        var footerWidths: [Int] = []
        for row in footer { Table.measure(row, into: &footerWidths) }
        if var widths {
            var next = 0
            for row in footer {
                Table.widen(&widths, by: footerWidths[next..<(next + row.textCount)])
                next += row.textCount
            }
            next = 0
            for row in footer {
                try write(row, widths: widths, cellWidths: footerWidths[next..<(next + row.textCount)])
                next += row.textCount
            }
        } else {
            var whole = table
            whole.rows += footer
            try output.write(whole.render(cellWidths: heldWidths + footerWidths))
        }
        try output.flush()
    }

    /// Writes one line of the table.
    private mutating func write(_ row: Table.Row, widths: [Int], cellWidths: ArraySlice<Int>) throws(OutputError) {
        line.removeAll(keepingCapacity: true)
        table.appendLine(row, widths: widths, cellWidths: cellWidths, to: &line)
        try output.write(line)
    }

    /// Fixes the widths from the header and the held rows (all but the newest, which is the first
    /// row past the limit) with room for the totals, writes those lines, then the newest row as a
    /// streamed one.
    private mutating func startStreaming() throws(OutputError) {
        willStream()
        let newest = table.rows.removeLast()
        let newestWidths = Array(heldWidths.suffix(newest.textCount))
        heldWidths.removeLast(newest.textCount)
        let titles = table.titleWidths
        var widths = titles
        var next = 0
        for row in table.rows {
            Table.widen(&widths, by: heldWidths[next..<(next + row.textCount)])
            next += row.textCount
        }
        for column in totalled { widths[column] += Self.totalHeadroom }
        try write(.cells(table.columns.map(\.title)), widths: widths, cellWidths: titles[...])
        next = 0
        for row in table.rows {
            try write(row, widths: widths, cellWidths: heldWidths[next..<(next + row.textCount)])
            next += row.textCount
        }
        table.rows = []
        heldWidths = []
        Table.widen(&widths, by: newestWidths[...])
        self.widths = widths
        try write(newest, widths: widths, cellWidths: newestWidths[...])
    }
}
