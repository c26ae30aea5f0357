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
/// - a field that is not valid UTF-8, at the line where the field starts;
/// - a NUL byte in a field, at its line: a NUL is damage (or UTF-16) in a text file, and text
///   holding one misbehaves in terminals and C strings, so it is refused rather than kept;
/// - a field over ``maximumFieldBytes`` (1 MiB), a record or a line to skip over
///   ``maximumRecordBytes`` (4 MiB), or a record with more than ``maximumFieldCount`` fields,
///   at the line where it starts and the field being read.
///
/// ```swift
/// var reader = CSVReader(file: "bank.csv", delimiter: ";", chunks: { try input.read(65_536) })
/// while let record = try reader.next() {
///     print(record.line, record.fields)
/// }
/// ```
///
/// With ``Quoting/backslashEscapes`` it reads what ``CSVWriter/Format/tsv`` writes (`budget
/// export --format tsv`) instead: nothing is quoted, a record is one line, and `\t`, `\n`, `\r`
/// and `\\` are undone; a backslash followed by anything else (or ending a field) is an error
/// at its line and field, as is a NUL byte.
///
/// What it deliberately does not do: guess the delimiter or the quoting, trim spaces, or check
/// that records have the same number of fields (the caller knows what it needs). A
/// tab-delimited file is read with RFC 4180 quoting unless told otherwise, as banks write it.
///
/// Memory is bounded whatever the input, endless ones included (`/dev/zero`, a line that never
/// ends, a quoted field that is never closed): the reader holds at most the unread part of the
/// current record, which the limits cap at 4 MiB, plus one chunk. It stops with an error after
/// reading at most a limit plus one chunk past the start of the offending record. Scanning is
/// byte by byte over a contiguous buffer; each field becomes a `String` in one validating copy.
/// Not thread-safe (it is a mutable iterator over a closure); each record is O(its bytes).
public struct CSVReader {
    /// The name used in error messages (`-` or `<stdin>` for standard input, say).
    public let file: String
    /// The field separator.
    public let delimiter: Unicode.Scalar
    /// How a field holds a delimiter, a quote or a line break of its own.
    public let quoting: Quoting

    /// How a field holds a delimiter, a quote or a line break of its own.
    public enum Quoting: Hashable, Sendable {
        /// RFC 4180: such a field is quoted, the quotes inside it doubled (the default).
        case rfc4180
        /// ``CSVWriter/Format/tsv``'s, as IANA's `text/tab-separated-values` readers and Miller
        /// read it: nothing is quoted (a quote is text), and `\t`, `\n`, `\r` and `\\` stand for a
        /// tab, LF, CR and a backslash.
        case backslashEscapes
    }

    /// The most bytes one field may hold: 1 MiB (quotes around it and doubled quotes in it
    /// count once). A longer field is an error, not a memory hazard.
    public static let maximumFieldBytes = 1 << 20
    /// The most bytes one record may hold, delimiters and quoted line breaks included, and the
    /// longest line ``init(file:delimiter:skippingLines:chunks:)`` may skip: 4 MiB.
    public static let maximumRecordBytes = 4 << 20
    /// The most fields one record may hold: 16,384 (a spreadsheet's widest row).
    public static let maximumFieldCount = 16_384

    private let source: () throws -> [UInt8]?
    private let limits: CSVLimits
    private var buffer: [UInt8] = []
    private var position = 0
    private var exhausted = false
    private var line = 1
    private var linesToSkip: Int
    private var started = false
    private var expectedFieldCount = 8
    /// Lines skipped so far (``init(file:delimiter:skippingLines:chunks:)``'s preamble).
    private(set) var skippedLineCount = 0
    /// Records read so far.
    private(set) var recordCount = 0
    /// Physical lines read so far (all of them, at the end).
    var lineCount: Int { line - 1 }
    /// Whether anything past the byte order mark has been read (a line skipped, a blank line,
    /// a record): at the end, whether the input was empty.
    private(set) var hasContent = false

    /// Creates a reader pulling chunks of bytes from `chunks` until it returns `nil`.
    ///
    /// - Parameters:
    ///   - file: the name errors will show.
    ///   - delimiter: an ASCII character other than a quote, CR or LF; `,` by default.
    ///   - skippingLines: physical lines to skip before reading anything (a bank's preamble);
    ///     they are skipped as raw text, so they may hold anything (quotes included), and they
    ///     are counted. Each ends at LF, CR LF or a lone CR, as records do.
    ///   - quoting: ``Quoting/rfc4180`` (the default), or ``Quoting/backslashEscapes`` for
    ///     `budget export --format tsv`'s files.
    ///   - chunks: returns the next bytes (any size; an empty array is fine), or `nil` at the
    ///     end. Errors it throws are passed on by ``next()`` unchanged.
    public init(file: String, delimiter: Unicode.Scalar = ",", skippingLines: Int = 0, quoting: Quoting = .rfc4180,
                chunks: @escaping () throws -> [UInt8]?) {
        self.init(file: file, delimiter: delimiter, skippingLines: skippingLines, quoting: quoting, limits: .standard, chunks: chunks)
    }

    /// Creates a reader with other limits (tests).
    init(file: String, delimiter: Unicode.Scalar = ",", skippingLines: Int = 0, quoting: Quoting = .rfc4180,
         limits: CSVLimits, chunks: @escaping () throws -> [UInt8]?) {
        precondition(delimiter.isASCII && !"\"\r\n".unicodeScalars.contains(delimiter),
                     "a CSV delimiter is an ASCII character other than a quote, CR or LF")
        precondition(quoting == .rfc4180 || delimiter != "\\", "a backslash cannot separate fields it escapes")
        precondition(skippingLines >= 0, "cannot skip a negative number of lines")
        self.file = file
        self.delimiter = delimiter
        self.quoting = quoting
        self.linesToSkip = skippingLines
        self.source = chunks
        self.limits = limits
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
                let scanner = CSVScanner(bytes: bytes, delimiter: UInt8(delimiter.value), atEnd: exhausted,
                                         expectedFieldCount: expectedFieldCount, limits: limits)
                return quoting == .rfc4180 ? scanner.scanRecord(from: position, line: line)
                    : scanner.scanEscapedRecord(from: position, line: line)
            }
            switch outcome {
            case .end:
                return nil
            case .needMore(let within):
                try refill(within: within)
            case .blank(let end):
                position = end
                line += 1
                hasContent = true
            case .record(let fields, let end, let lines):
                let record = CSVRecord(fields: fields, line: line)
                position = end
                line += lines
                expectedFieldCount = fields.count
                recordCount += 1
                hasContent = true
                return record
            case .failure(let failure):
                throw BudgetError.badInput(file: file, line: failure.line, column: failure.column,
                                           message: failure.message)
            }
        }
    }

    /// Skips the byte order mark and the lines to skip: each ends at LF, CR LF or a lone CR,
    /// as records do, and may be at most ``maximumRecordBytes`` long.
    private mutating func start() throws {
        started = true
        while buffer.count - position < 3 && !exhausted { try refill(within: 3) }
        if buffer.count - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB,
           buffer[position + 2] == 0xBF {
            position += 3
        }
        var scanned = position
        while linesToSkip > 0 {
            let stop = min(buffer.count, position + limits.recordBytes + 1)
            while scanned < stop && buffer[scanned] != 0x0A && buffer[scanned] != 0x0D { scanned += 1 }
            if scanned - position > limits.recordBytes {
                throw BudgetError.badInput(file: file, line: line, column: 1,
                                           message: "a line longer than \(limits.recordBytes) bytes")
            }
            if scanned == buffer.count {
                if exhausted {
                    // A last line without a line ending, or nothing left to skip.
                    if scanned > position { skip(to: scanned) }
                    linesToSkip = 0
                    break
                }
                let offset = scanned - position
                try refill(within: position + limits.recordBytes + 1 - scanned)
                scanned = position + offset
                continue
            }
            // A line ending; a CR at the end of the buffer may be followed by an LF.
            if buffer[scanned] == 0x0D && scanned + 1 == buffer.count && !exhausted {
                let offset = scanned - position
                try refill(within: 1)
                scanned = position + offset
                continue
            }
            let crlf = buffer[scanned] == 0x0D && scanned + 1 < buffer.count && buffer[scanned + 1] == 0x0A
            skip(to: scanned + (crlf ? 2 : 1))
            scanned = position
        }
    }

    /// Moves past one skipped line ending at `end`.
    private mutating func skip(to end: Int) {
        position = end
        line += 1
        linesToSkip -= 1
        skippedLineCount += 1
        hasContent = true
    }

    /// Drops what has been read and appends chunks: at least as many bytes as were left unread,
    /// so that re-scanning a long record costs amortized linear time, but no more than `within`
    /// (past which the scanner can decide, a limit being reached) once that is reached.
    private mutating func refill(within: Int) throws {
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        let wanted = max(1, min(buffer.count, within))
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
