#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte-level state machine behind ``CSVReader``: scans one record out of a contiguous
/// buffer, or says it needs more bytes (the reader then refills and scans the record again).
///
/// Being restartable keeps it simple: no state survives between calls except the start offset
/// and the line number, which the reader advances only when a whole record has been scanned.
struct CSVScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    /// Whether the buffer holds everything up to the end of the input.
    let atEnd: Bool
    let expectedFieldCount: Int

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
        /// The buffer ends inside a record (or a CR that may be followed by LF).
        case needMore
        /// No bytes left at all.
        case end
        case failure(Failure)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")

    /// A stop that is not a record: more bytes are needed, or the input is malformed.
    private enum Stop: Error {
        case needMore
        case failure(Failure)
    }

    func scanRecord(from start: Int, line: Int) -> Outcome {
        let count = bytes.count
        if start == count { return atEnd ? .end : .needMore }
        if bytes[start] == Self.lf || bytes[start] == Self.cr {
            guard let end = lineEnd(at: start) else { return .needMore }
            return .blank(end: end)
        }
        var fields: [String] = []
        fields.reserveCapacity(expectedFieldCount)
        var index = start
        var currentLine = line
        do throws(Stop) {
            while true {
                let column = fields.count + 1
                let fieldLine = currentLine
                if index < count && bytes[index] == Self.quote {
                    let (value, after) = try scanQuoted(from: index + 1, line: &currentLine, column: column)
                    index = after
                    fields.append(value)
                    if index < count, bytes[index] != delimiter, bytes[index] != Self.lf, bytes[index] != Self.cr {
                        throw Stop.failure(Failure(line: currentLine, column: column,
                                                   message: "unexpected text after the closing quote of a quoted field"))
                    }
                } else {
                    var end = index
                    while end < count {
                        let byte = bytes[end]
                        if byte == delimiter || byte == Self.lf || byte == Self.cr { break }
                        if byte == Self.quote {
                            throw Stop.failure(Failure(line: currentLine, column: column,
                                                       message: "a quote inside an unquoted field (quote the whole field and double the quotes inside it)"))
                        }
                        end += 1
                    }
                    if end == count && !atEnd { return .needMore }
                    fields.append(try string(.init(rebasing: bytes[index..<end]), line: fieldLine, column: column))
                    index = end
                }
                // After a field: the delimiter, a line ending, or the end of the input.
                if index == count {
                    if !atEnd { return .needMore }
                    return .record(fields, end: index, lines: currentLine - line + 1)
                }
                if bytes[index] == delimiter {
                    index += 1
                    continue
                }
                guard let end = lineEnd(at: index) else { return .needMore }
                return .record(fields, end: end, lines: currentLine - line + 1)
            }
        } catch {
            switch error {
            case .needMore: return .needMore
            case .failure(let failure): return .failure(failure)
            }
        }
    }

    /// The offset after the line ending at `index` (LF, CR LF or a lone CR), or `nil` when a CR
    /// ends the buffer and the next chunk may hold its LF.
    private func lineEnd(at index: Int) -> Int? {
        if bytes[index] == Self.lf { return index + 1 }
        if index + 1 < bytes.count { return bytes[index + 1] == Self.lf ? index + 2 : index + 1 }
        return atEnd ? index + 1 : nil
    }

    /// Scans a quoted field whose content starts at `start`; returns its unescaped text and the
    /// offset after the closing quote, counting the line breaks inside it.
    private func scanQuoted(from start: Int, line: inout Int, column: Int) throws(Stop) -> (String, Int) {
        let count = bytes.count
        let openingLine = line
        var index = start
        var segmentStart = start
        var unescaped: [UInt8]? = nil
        while true {
            guard index < count else {
                if !atEnd { throw .needMore }
                throw .failure(Failure(line: openingLine, column: column,
                                       message: "a quoted field is not closed before the end of the file"))
            }
            let byte = bytes[index]
            if byte == Self.quote {
                if index + 1 == count && !atEnd { throw .needMore }
                if index + 1 < count && bytes[index + 1] == Self.quote {
                    // A doubled quote: keep one. Only such fields are copied before decoding.
                    if unescaped == nil { unescaped = [] }
                    unescaped!.append(contentsOf: bytes[segmentStart...index])
                    index += 2
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
            if byte == Self.lf || (byte == Self.cr && (index + 1 == count || bytes[index + 1] != Self.lf)) {
                line += 1
            }
            index += 1
        }
    }

    /// Decodes a field, rejecting invalid UTF-8. ASCII (the common case) skips validation;
    /// other text is decoded with repair and compared with the input, which is exact (repair
    /// changes the bytes if and only if they were invalid) and much faster than
    /// `String(validating:as:)` on this toolchain.
    private func string(_ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws(Stop) -> String {
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
