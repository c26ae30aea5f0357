#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How big a record may grow before ``CSVReader`` refuses it (see its documentation).
struct CSVLimits: Sendable {
    /// The most bytes in one field, quotes and doubled quotes not counted.
    var fieldBytes: Int
    /// The most bytes in one record (or one skipped line), delimiters, quotes and line breaks
    /// inside quoted fields included, its line ending not.
    var recordBytes: Int
    /// The most fields in one record.
    var fieldCount: Int

    /// ``CSVReader/maximumFieldBytes``, ``CSVReader/maximumRecordBytes``, ``CSVReader/maximumFieldCount``.
    static let standard = CSVLimits(fieldBytes: CSVReader.maximumFieldBytes, recordBytes: CSVReader.maximumRecordBytes,
                                    fieldCount: CSVReader.maximumFieldCount)
}

/// The byte-level state machine behind ``CSVReader``: scans one record out of a contiguous
/// buffer, or says it needs more bytes (the reader then refills and scans the record again).
///
/// Being restartable keeps it simple: no state survives between calls except the start offset
/// and the line number, which the reader advances only when a whole record has been scanned.
/// Rescanning stays linear overall because the reader at least doubles what it holds before
/// scanning again, and bounded because the limits stop a record before it outgrows them.
struct CSVScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    /// Whether the buffer holds everything up to the end of the input.
    let atEnd: Bool
    let expectedFieldCount: Int
    let limits: CSVLimits

    struct Failure: Error {
        let line: Int
        let column: Int
        let message: String
    }

    enum Outcome {
        /// A record: its fields, the offset just past it, and how many lines it spanned.
        case record([String], end: Int, lines: Int)
        /// An empty line, skipped.
        case blank(end: Int)
        /// The buffer ends inside a record (or a CR that may be followed by LF); at most
        /// `within` more bytes decide it (a limit is reached by then).
        case needMore(within: Int)
        /// No bytes left at all.
        case end
        case failure(Failure)
    }

    static let quote = UInt8(ascii: "\"")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")

    /// A stop that is not a record: more bytes are needed, or the input is malformed.
    enum Stop: Error {
        case needMore(within: Int)
        case failure(Failure)
    }

    /// The bytes that end an unquoted field or need a closer look there (NUL, LF, CR, quote,
    /// and the delimiter when below 64), as a bit mask over 0..<64: one test per byte.
    private var unquotedStops: UInt64 {
        var mask: UInt64 = 1 << 0 | 1 << UInt64(Self.lf) | 1 << UInt64(Self.cr) | 1 << UInt64(Self.quote)
        if delimiter < 64 { mask |= 1 << UInt64(delimiter) }
        return mask
    }

    /// What stands at `start` when it is no record: the end of the input, more bytes needed
    /// there, or a blank line; `nil` when a record starts there. Both ways of scanning ask it first.
    func noRecord(at start: Int) -> Outcome? {
        if start == bytes.count { return atEnd ? .end : .needMore(within: limits.recordBytes + 1) }
        if bytes[start] == Self.lf || bytes[start] == Self.cr {
            guard let end = lineEnd(at: start) else { return .needMore(within: 1) }
            return .blank(end: end)
        }
        return nil
    }

    func scanRecord(from start: Int, line: Int) -> Outcome {
        if let outcome = noRecord(at: start) { return outcome }
        let count = bytes.count
        var fields: [String] = []
        fields.reserveCapacity(min(expectedFieldCount, limits.fieldCount))
        var index = start
        var currentLine = line
        let recordStop = start + limits.recordBytes   // the last offset the record may reach
        let stops = unquotedStops
        do throws(Stop) {
            while true {
                let column = fields.count + 1
                let fieldLine = currentLine
                if column > limits.fieldCount {
                    throw Stop.failure(Failure(line: line, column: column,
                                               message: "a row with more than \(limits.fieldCount) fields"))
                }
                if index < count && bytes[index] == Self.quote {
                    let (value, after) = try scanQuoted(from: index + 1, recordStart: start, line: &currentLine, column: column)
                    index = after
                    fields.append(value)
                    if index < count, bytes[index] != delimiter, bytes[index] != Self.lf, bytes[index] != Self.cr {
                        throw Stop.failure(Failure(line: currentLine, column: column,
                                                   message: "unexpected text after the closing quote of a quoted field"))
                    }
                } else {
                    var end = index
                    let stop = min(count, index + limits.fieldBytes + 1, recordStop + 1)
                    while end < stop {
                        let byte = bytes[end]
                        if byte < 64 ? (stops >> UInt64(byte)) & 1 != 0 : byte == delimiter {
                            if byte == delimiter || byte == Self.lf || byte == Self.cr { break }
                            throw Stop.failure(Failure(line: currentLine, column: column, message: byte == 0
                                ? Self.nulMessage
                                : "a quote inside an unquoted field (quote the whole field and double the quotes inside it)"))
                        }
                        end += 1
                    }
                    if end - index > limits.fieldBytes { throw .failure(fieldTooLong(line: fieldLine, column: column)) }
                    if end > recordStop { throw .failure(recordTooLong(line: line, column: column)) }
                    if end == count && !atEnd {
                        throw .needMore(within: min(index + limits.fieldBytes + 1, recordStop + 1) - end)
                    }
                    fields.append(try string(.init(rebasing: bytes[index..<end]), line: fieldLine, column: column))
                    index = end
                }
                // After a field: the delimiter, a line ending, or the end of the input.
                if index == count {
                    if !atEnd { throw .needMore(within: recordStop + 1 - index) }
                    return .record(fields, end: index, lines: currentLine - line + 1)
                }
                if bytes[index] == delimiter {
                    index += 1
                    continue
                }
                guard let end = lineEnd(at: index) else { throw .needMore(within: 1) }
                return .record(fields, end: end, lines: currentLine - line + 1)
            }
        } catch {
            switch error {
            case .needMore(let within): return .needMore(within: max(1, within))
            case .failure(let failure): return .failure(failure)
            }
        }
    }

    /// The offset after the line ending at `index` (LF, CR LF or a lone CR), or `nil` when a CR
    /// ends the buffer and the next chunk may hold its LF.
    func lineEnd(at index: Int) -> Int? {
        if bytes[index] == Self.lf { return index + 1 }
        if index + 1 < bytes.count { return bytes[index + 1] == Self.lf ? index + 2 : index + 1 }
        return atEnd ? index + 1 : nil
    }

    /// Scans a quoted field whose content starts at `start`; returns its unescaped text and the
    /// offset after the closing quote, counting the line breaks inside it.
    private func scanQuoted(from start: Int, recordStart: Int, line: inout Int, column: Int) throws(Stop) -> (String, Int) {
        let count = bytes.count
        let openingLine = line
        var index = start
        var segmentStart = start
        var unescaped: [UInt8]? = nil
        var doubledQuotes = 0
        let recordStop = recordStart + limits.recordBytes
        while true {
            // At `fieldStop` the content (a doubled quote counts once) has outgrown its limit.
            let fieldStop = start + doubledQuotes + limits.fieldBytes + 1
            let stop = min(count, fieldStop, recordStop + 1)
            while index < stop {
                let byte = bytes[index]
                if byte == Self.quote || byte == 0 { break }
                if byte == Self.lf || (byte == Self.cr && (index + 1 == count || bytes[index + 1] != Self.lf)) {
                    line += 1
                }
                index += 1
            }
            if index >= fieldStop { throw .failure(fieldTooLong(line: openingLine, column: column)) }
            if index > recordStop { throw .failure(recordTooLong(line: openingLine, column: column)) }
            guard index < count else {
                if !atEnd { throw .needMore(within: min(fieldStop, recordStop + 1) - index) }
                throw .failure(Failure(line: openingLine, column: column,
                                       message: "a quoted field is not closed before the end of the file"))
            }
            if bytes[index] == 0 { throw .failure(Failure(line: line, column: column, message: Self.nulMessage)) }
            // A quote: doubled (keep one), or the closing one.
            if index + 1 == count && !atEnd { throw .needMore(within: 1) }
            if index + 1 < count && bytes[index + 1] == Self.quote {
                // Only fields with doubled quotes are copied before decoding.
                if unescaped == nil { unescaped = [] }
                unescaped!.append(contentsOf: bytes[segmentStart...index])
                index += 2
                doubledQuotes += 1
                segmentStart = index
                continue
            }
            let content = UnsafeBufferPointer(rebasing: bytes[segmentStart..<index])
            guard var unescaped else {
                return (try string(content, line: openingLine, column: column), index + 1)
            }
            unescaped.append(contentsOf: content)
            let text = try unescaped.withUnsafeBufferPointer { (value) throws(Stop) -> String in
                try string(value, line: openingLine, column: column)
            }
            return (text, index + 1)
        }
    }

    /// What a NUL byte in a field is refused with.
    static let nulMessage = "a NUL byte (the file is binary or UTF-16, not UTF-8 text)"

    func fieldTooLong(line: Int, column: Int) -> Failure {
        Failure(line: line, column: column, message: "a field longer than \(limits.fieldBytes) bytes")
    }

    func recordTooLong(line: Int, column: Int) -> Failure {
        Failure(line: line, column: column, message: "a row longer than \(limits.recordBytes) bytes")
    }

    /// Decodes a field, rejecting invalid UTF-8. ASCII (the common case) skips validation;
    /// other text is decoded with repair and compared with the input, which is exact (repair
    /// changes the bytes if and only if they were invalid) and much faster than
    /// `String(validating:as:)` on this toolchain.
    func string(_ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws(Stop) -> String {
        var high: UInt8 = 0
        for byte in value { high |= byte }
        let text = String(decoding: value, as: UTF8.self)
        if high & 0x80 != 0 {
            var copy = text
            let valid = copy.withUTF8 { decoded in
                decoded.count == value.count && (value.isEmpty || memcmp(decoded.baseAddress!, value.baseAddress!, value.count) == 0)
            }
            guard valid else {
                throw .failure(Failure(line: line, column: column,
                                       message: "invalid UTF-8 text (save the file as UTF-8)"))
            }
        }
        return text
    }
}
