/// One row read by ``CSVReader``: its fields and the line it starts on.
public struct CSVRecord: Hashable, Sendable {
    /// The fields, unquoted and unescaped, in order.
    public var fields: [String]
    /// The 1-based physical line of the file where the record starts (a record whose quoted
    /// fields hold line breaks spans several lines; the next record's line accounts for them).
    public var line: Int

    /// Creates a record.
    public init(fields: [String], line: Int) {
        self.fields = fields
        self.line = line
    }
}
