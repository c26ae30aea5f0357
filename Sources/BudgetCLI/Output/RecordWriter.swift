import BudgetKit

/// The CSV writer records go through: BudgetKit's, shared with `import`'s round trip.
enum DelimitedRowWriter {
    typealias Writer = CSVWriter
    typealias Field = CSVField
}

/// Streams records as CSV, TSV or JSON to an ``Output``: a header (or `[`), one row (or object) per
/// record, no totals. Memory stays bounded whatever the number of records.
///
/// ```swift
/// var writer = try RecordWriter(format: .csv, columns: ["id", "amount"], output: stdout)
/// try writer.write([.integer(1), .money(lunch)])
/// try writer.finish()
/// ```
///
/// Tables are not streamed (their column widths need every row): see ``Table``.
struct RecordWriter {
    private let format: OutputFormat
    private let columns: [String]
    private let output: Output
    private let delimited: DelimitedRowWriter.Writer
    private var count = 0

    /// Starts the output: the header row for CSV and TSV.
    ///
    /// - Parameter excelSafe: `--excel-safe`: text cells starting with `=`, `+`, `-` or `@` get a
    ///   `'` in front (CSV and TSV only; JSON is not read by spreadsheets).
    init(format: OutputFormat, columns: [String], output: Output, excelSafe: Bool = false) throws(OutputError) {
        precondition(format != .table, "tables are rendered by Table")
        self.format = format
        self.columns = columns
        self.output = output
        delimited = DelimitedRowWriter.Writer(format: format == .tsv ? .tsv : .csv, excelSafe: excelSafe)
        if format != .json { try writeDelimited(columns.map { .text($0) }) }
    }

    /// Writes one record; `cells` match the columns one to one.
    ///
    /// - Complexity: O(n) in the record's bytes.
    mutating func write(_ cells: [Cell]) throws(OutputError) {
        precondition(cells.count == columns.count, "a record has one cell per column")
        defer { count += 1 }
        switch format {
        case .json:
            var line = count == 0 ? "[\n  {" : ",\n  {"
            for (index, cell) in cells.enumerated() {
                if index > 0 { line += ", " }
                JSON.appendString(columns[index], to: &line)
                line += ": "
                JSON.appendValue(cell, to: &line)
            }
            try output.write(line + "}")
        case .csv, .tsv:
            // Data cells: the header alone is never guarded, so a column named `-x` stays put.
            try writeDelimited(cells.map(\.csvField))
        case .table:
            preconditionFailure()
        }
    }

    /// Ends the output: closes the JSON array (`[]` when there were no records).
    func finish() throws(OutputError) {
        if format == .json { try output.write(count == 0 ? "[]\n" : "\n]\n") }
    }

    private func writeDelimited(_ fields: [DelimitedRowWriter.Field]) throws(OutputError) {
        var bytes: [UInt8] = []
        delimited.writeRow(fields, to: &bytes)
        try output.write(String(decoding: bytes, as: UTF8.self))
    }
}
