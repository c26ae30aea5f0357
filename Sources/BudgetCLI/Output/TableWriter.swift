/// Streams a ``Table`` to an ``Output`` as its rows come, for the tables whose rows grow with the
/// data (`list`, an import's dry run): memory stays bounded whatever the number of rows.
///
/// ```swift
/// var writer = TableWriter(columns: record.table().columns, output: stdout)
/// for line in lines { try writer.append(record.tableCells(line)) }
/// try writer.finish(footer: [.rule, .cells(["", "Total", total.description])])
/// ```
///
/// The first ``bufferedRows`` rows are held. A table that ends within them is written at the end
/// exactly as ``Table/render()`` writes it, aligned by every row and its footer. A longer table
/// is aligned by its first ``bufferedRows`` rows: when one more row comes, the column widths are
/// fixed from the header and the held rows, those rows are written out, and from then on each
/// row is written as it comes. A later cell wider than its column widens that column from that
/// row on (the lines above stay as they were written, so the columns after it shift there). The
/// footer (rules, totals) is written last at the final widths, widened to fit its own texts, so
/// it lines up with the last rows.
///
/// It deliberately does not look ahead or rewrite what it wrote: a long table on a terminal or
/// in a pipe starts at once and never holds more than ``bufferedRows`` rows.
///
/// Not thread-safe: one command writes to it at a time.
struct TableWriter {
    /// How many rows are held to align a table before it is streamed: 2,000.
    static let bufferedRows = 2_000

    private var table: Table
    private let output: Output
    private let limit: Int
    private let willStream: () -> Void
    /// The column widths once streaming, `nil` while the rows are held.
    private var widths: [Int]?

    /// A writer of a table with these columns (no line is written yet).
    ///
    /// - Parameters:
    ///   - bufferedRows: how many rows are held to align the table (tests pass a few).
    ///   - willStream: called once, just before the held rows are written out, when the table
    ///     outgrows them (a progress bar on the same terminal steps aside).
    init(columns: [(title: String, alignment: Table.Alignment)], output: Output, bufferedRows: Int = TableWriter.bufferedRows,
         willStream: @escaping () -> Void = {}) {
        precondition(bufferedRows >= 0, "a table cannot hold fewer than no rows")
        table = Table(columns: columns)
        self.output = output
        limit = bufferedRows
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
            if table.rows.count > limit { try startStreaming() }
            return
        }
        Table.widen(&widths, toFit: row)
        self.widths = widths
        try output.write(table.line(row, widths: widths))
    }

    /// Ends the table with its footer: rows of ready texts (totals: not escaped) and rules.
    ///
    /// - Throws: ``OutputError`` when a line cannot be written.
    func finish(footer: [Table.Row] = []) throws(OutputError) {
        guard var widths else {
            var whole = table
            whole.rows += footer
            try output.write(whole.render())
            return
        }
        for row in footer { Table.widen(&widths, toFit: row) }
        for row in footer { try output.write(table.line(row, widths: widths)) }
    }

    /// Fixes the widths from the header and the held rows (all but the newest, which is the first
    /// row past the limit), writes those lines, then the newest row as a streamed one.
    private mutating func startStreaming() throws(OutputError) {
        willStream()
        let newest = table.rows.removeLast()
        var widths = table.titleWidths
        for row in table.rows { Table.widen(&widths, toFit: row) }
        try output.write(table.line(.cells(table.columns.map(\.title)), widths: widths))
        for row in table.rows { try output.write(table.line(row, widths: widths)) }
        table.rows = []
        Table.widen(&widths, toFit: newest)
        self.widths = widths
        try output.write(table.line(newest, widths: widths))
    }
}
