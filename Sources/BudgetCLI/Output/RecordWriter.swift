import BudgetKit

/// The CSV writer records go through: BudgetKit's, shared with `import`'s round trip.
enum DelimitedRowWriter {
    typealias Writer = CSVWriter
    typealias Field = CSVField
}

/// Streams records as CSV, TSV or JSON to an ``Output``: a header (or `[`), one row (or object) per
/// record, no totals. Memory stays bounded whatever the number of records. Nothing is written
/// before the first record (or ``finish()``, for none): a command that fails before its first
/// record (a dry run's bad row) leaves its output empty.
///
/// ```swift
/// var writer = try RecordWriter(format: .csv, record: .transaction, output: stdout)
/// try writer.write(lunch)
/// try writer.finish()
/// ```
///
/// Tables for people are written by ``Table`` (whole) or ``TableWriter`` (streamed).
struct RecordWriter<Value> {
    private let format: OutputFormat
    private let record: RecordDescription<Value>
    private let output: Output
    private let delimited: DelimitedRowWriter.Writer
    /// The JSON keys, written once.
    private let jsonKeys: JSON.ObjectKeys
    private var count = 0
    /// The row (or JSON object) being written, and its fields, kept to reuse their storage.
    private var row: [UInt8] = [], fields: [DelimitedRowWriter.Field] = []

    /// Prepares the output; the header row for CSV and TSV is written with the first record, or
    /// by ``finish()`` when there is none.
    ///
    /// - Parameter excelSafe: `--excel-safe`: text cells a spreadsheet could run as a formula get a
    ///   `'` in front (CSV and TSV only; JSON is not read by spreadsheets).
    init(format: OutputFormat, record: RecordDescription<Value>, output: Output, excelSafe: Bool = false) throws(OutputError) {
        precondition(format != .table, "tables are rendered by Table")
        self.format = format
        self.record = record
        self.output = output
        delimited = DelimitedRowWriter.Writer(format: format == .tsv ? .tsv : .csv, excelSafe: excelSafe)
        jsonKeys = JSON.ObjectKeys(format == .json ? record.keys : [])
    }

    /// Writes one record.
    ///
    /// - Complexity: O(n) in the record's bytes.
    mutating func write(_ value: Value) throws(OutputError) {
        if count == 0 { try writeHeader() }
        defer { count += 1 }
        let cells = record.cells(value)
        switch format {
        case .json:
            row.removeAll(keepingCapacity: true)
            row.append(contentsOf: (count == 0 ? "[\n  " : ",\n  ").utf8)
            jsonKeys.appendObject(cells, to: &row)
            try output.write(utf8: row)
        case .csv, .tsv:
            // Data cells: the header alone is never guarded, so a column named `-x` stays put.
            fields.removeAll(keepingCapacity: true)
            for cell in cells { fields.append(cell.csvField) }
            try writeDelimited(fields)
        case .table:
            preconditionFailure()
        }
    }

    /// Ends the output: the CSV or TSV header when no record came, closes the JSON array (`[]`
    /// when there were no records), then writes out the output's buffer: a summary or warning
    /// the command writes to stderr next comes after the records when both go to one file or
    /// terminal (`> log 2>&1`).
    func finish() throws(OutputError) {
        if count == 0 { try writeHeader() }
        if format == .json { try output.write(count == 0 ? "[]\n" : "\n]\n") }
        try output.flush()
    }

    /// The header row of CSV and TSV (JSON has none: `[` comes with its first object).
    private func writeHeader() throws(OutputError) {
        guard format != .json else { return }
        var bytes: [UInt8] = []
        delimited.writeRow(record.keys.map { .text($0) }, to: &bytes)
        try output.write(utf8: bytes)
    }

    /// Writes one row of data fields.
    private mutating func writeDelimited(_ fields: [DelimitedRowWriter.Field]) throws(OutputError) {
        row.removeAll(keepingCapacity: true)
        delimited.writeRow(fields, to: &row)
        try output.write(utf8: row)
    }
}

extension RecordDescription where Value == [Cell] {
    /// Records whose columns are known only at run time (a trend's months): each value is its
    /// cells, in the order of `keys`.
    static func cells(keys: [String], alignments: [Table.Alignment]) -> RecordDescription<[Cell]> {
        RecordDescription(columns: keys.indices.map { index in RecordColumn(keys[index], alignments[index]) { $0[index] } })
    }
}
