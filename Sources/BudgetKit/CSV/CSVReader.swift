/// Reads RFC 4180 CSV records one at a time from a source of byte chunks, with bounded memory.
///
/// It handles quoted fields holding delimiters, doubled quotes and line breaks; LF, CR LF (and a
/// lone CR) line endings; a UTF-8 byte order mark at the start; a missing final line ending; and
/// any ASCII delimiter (`,`, `;`, tab). Empty lines are skipped (but counted).
///
/// Positions: a record knows the 1-based physical line it starts on, and errors name
/// `FILE:LINE:COLUMN` where COLUMN is the **1-based field number** in the record (not a character
/// offset), which is what a user needs to find the cell in a spreadsheet.
///
/// Errors, all ``BudgetError/badInput(file:line:column:message:)``:
/// - a quote inside an unquoted field (`a"b`);
/// - text after the closing quote of a quoted field (`"a"b`), at the line of that text;
/// - a quoted field still open at the end of the input, at the line where it opened;
/// - a field that is not valid UTF-8, at the line where the field starts.
///
/// ```swift
/// var reader = CSVReader(file: "bank.csv", delimiter: ";", chunks: { try input.read(65_536) })
/// while let record = try reader.next() {
///     print(record.line, record.fields)
/// }
/// ```
///
/// What it deliberately does not do: guess the delimiter, trim spaces, check that records have
/// the same number of fields (the caller knows what it needs), or undo TSV backslash escapes
/// (a tab-delimited file is read with RFC 4180 quoting).
///
/// Memory is bounded by the chunk size plus the longest record. Scanning is byte by byte over a
/// contiguous buffer; each field becomes a `String` in one validating copy.
/// Not thread-safe (it is a mutable iterator over a closure); each record is O(its bytes).
public struct CSVReader {
    /// The name used in error messages (`-` or `<stdin>` for standard input, say).
    public let file: String
    /// The field separator.
    public let delimiter: Unicode.Scalar

    private let source: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var position = 0
    private var exhausted = false
    private var line = 1
    private var linesToSkip: Int
    private var started = false
    private var expectedFieldCount = 8

    /// Creates a reader pulling chunks of bytes from `chunks` until it returns `nil`.
    ///
    /// - Parameters:
    ///   - file: the name errors will show.
    ///   - delimiter: an ASCII character other than a quote, CR or LF; `,` by default.
    ///   - skippingLines: physical lines to skip before reading anything (a bank's preamble);
    ///     they are skipped as raw text, so they may hold anything, and they are counted.
    ///   - chunks: returns the next bytes (any size; an empty array is fine), or `nil` at the
    ///     end. Errors it throws are passed on by ``next()`` unchanged.
    public init(file: String, delimiter: Unicode.Scalar = ",", skippingLines: Int = 0,
                chunks: @escaping () throws -> [UInt8]?) {
        precondition(delimiter.isASCII && !"\"\r\n".unicodeScalars.contains(delimiter),
                     "a CSV delimiter is an ASCII character other than a quote, CR or LF")
        precondition(skippingLines >= 0, "cannot skip a negative number of lines")
        self.file = file
        self.delimiter = delimiter
        self.linesToSkip = skippingLines
        self.source = chunks
    }

    /// Creates a reader over bytes already in memory.
    public init(file: String, delimiter: Unicode.Scalar = ",", skippingLines: Int = 0, bytes: [UInt8]) {
        var pending: [UInt8]? = bytes
        self.init(file: file, delimiter: delimiter, skippingLines: skippingLines) {
            defer { pending = nil }
            return pending
        }
    }

    /// Creates a reader over text already in memory.
    public init(file: String, delimiter: Unicode.Scalar = ",", skippingLines: Int = 0, text: String) {
        self.init(file: file, delimiter: delimiter, skippingLines: skippingLines, bytes: Array(text.utf8))
    }

    /// The next record, or `nil` at the end of the input.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` for malformed input (see the
    ///   type's documentation), or whatever the chunk source throws.
    /// - Complexity: amortized O(n) in the record's bytes.
    public mutating func next() throws -> CSVRecord? {
        if !started { try start() }
        while true {
            let outcome = buffer.withUnsafeBufferPointer { bytes in
                CSVScanner(bytes: bytes, delimiter: UInt8(delimiter.value), atEnd: exhausted,
                           expectedFieldCount: expectedFieldCount)
                    .scanRecord(from: position, line: line)
            }
            switch outcome {
            case .end:
                return nil
            case .needMore:
                try refill()
            case .blank(let end):
                position = end
                line += 1
            case .record(let fields, let end, let lines):
                let record = CSVRecord(fields: fields, line: line)
                position = end
                line += lines
                expectedFieldCount = fields.count
                return record
            case .failure(let failure):
                throw BudgetError.badInput(file: file, line: failure.line, column: failure.column,
                                           message: failure.message)
            }
        }
    }

    /// Skips the byte order mark and the lines to skip.
    private mutating func start() throws {
        started = true
        while buffer.count - position < 3 && !exhausted { try refill() }
        if buffer.count - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB,
           buffer[position + 2] == 0xBF {
            position += 3
        }
        while linesToSkip > 0 {
            if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                position = newline + 1
                line += 1
                linesToSkip -= 1
            } else if exhausted {
                position = buffer.count
                linesToSkip = 0
            } else {
                try refill()
            }
        }
    }

    /// Drops what has been read and appends at least one chunk, and at least as many bytes as
    /// were left unread, so that re-scanning a long record costs amortized linear time.
    private mutating func refill() throws {
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        let wanted = max(1, buffer.count)
        var appended = 0
        while appended < wanted {
            guard let chunk = try source() else {
                exhausted = true
                return
            }
            buffer.append(contentsOf: chunk)
            appended += chunk.count
        }
    }
}

@available(*, unavailable)
extension CSVReader: Sendable {}
