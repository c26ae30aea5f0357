/// Streams the rows of an imported file: a ``CSVReader`` and an ``ImportMapper`` together.
///
/// ```swift
/// var rows = ImportReader(file: "bank.csv", options: options, chunks: { try file.read(65_536) })
/// while let row = try rows.next() {
///     print(row.line, row.date, row.amount, row.payee, row.importKey)
/// }
/// ```
///
/// Memory stays bounded by the longest record plus the import keys' counters (see
/// ``ImportKeyer``). Not thread-safe.
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
            if let row = try mapper.map(record) { return row }
        }
        return nil
    }
}

@available(*, unavailable)
extension ImportReader: Sendable {}
