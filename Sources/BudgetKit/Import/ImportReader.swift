/// Streams the rows of an imported file: a ``CSVReader`` and an ``ImportMapper`` together.
///
/// ```swift
/// var rows = ImportReader(file: "bank.csv", options: options, chunks: { try file.read(65_536) })
/// while let row = try rows.next() {
///     print(row.line, row.date, row.amount, row.payee, row.importKey)
/// }
/// ```
///
/// Memory stays bounded by the longest record (see ``CSVReader``'s limits) plus the import
/// keys' counters (see ``ImportKeyer``), which ``BudgetStore`` keeps on disk instead when it
/// reads the rows. Not thread-safe.
public struct ImportReader {
    private var records: CSVReader
    private var mapper: ImportMapper

    /// The name errors show.
    public var file: String { mapper.file }
    /// The options in use.
    public var options: ImportOptions { mapper.options }

    /// Creates a reader pulling chunks of bytes from `chunks` until it returns `nil`.
    ///
    /// - Parameters:
    ///   - file: the name errors show (`-` for standard input, say).
    ///   - options: how to read the file.
    ///   - chunks: the next bytes, or `nil` at the end; its errors are passed on unchanged.
    public init(file: String, options: ImportOptions, chunks: @escaping () throws -> [UInt8]?) {
        records = CSVReader(file: file, delimiter: options.delimiter, skippingLines: options.skipLines, chunks: chunks)
        mapper = ImportMapper(file: file, options: options)
    }

    /// Creates a reader over text already in memory.
    public init(file: String, options: ImportOptions, text: String) {
        var pending: [UInt8]? = Array(text.utf8)
        self.init(file: file, options: options) {
            defer { pending = nil }
            return pending
        }
    }

    /// The next row, or `nil` at the end of the file.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` for a malformed file or row,
    ///   or whatever the chunk source throws.
    public mutating func next() throws -> ImportRow? {
        while let record = try records.next() {
            if let row = try mapper.map(record) {
                rowCount += 1
                return row
            }
        }
        return nil
    }

    /// Rows read so far.
    private(set) var rowCount = 0

    /// The next row like ``next()``, its ``ImportRow/importKey`` left empty (see
    /// ``ImportMapper/mapUnkeyed(_:)``).
    mutating func nextUnkeyed() throws -> ImportRow? {
        while let record = try records.next() {
            if let row = try mapper.mapUnkeyed(record) {
                rowCount += 1
                return row
            }
        }
        return nil
    }

    /// Once ``next()`` has returned `nil` without a row: why a file that is not empty gave
    /// none, or `nil` when it was empty (nothing but a byte order mark and blank lines, and
    /// no lines to skip).
    var noRowsError: BudgetError? {
        guard rowCount == 0 else { return nil }
        if let header = mapper.headerLine {
            return .noRowsAfterHeader(file: file, line: header)
        }
        if options.skipLines > 0 && records.hasContent {
            return .noRowsAfterSkipping(file: file, skipLines: options.skipLines, lineCount: records.lineCount)
        }
        return nil
    }
}

@available(*, unavailable)
extension ImportReader: Sendable {}
