/// One field of an MT940 message: its tag (`61`, `86`, `60F`), its text (continuation lines
/// joined with a line feed), and where it starts.
struct MT940Field {
    var tag: String
    var lines: [String]
    var line: Int

    /// The most bytes one field may hold: 64 KiB (an `:86:` holds at most 390).
    static let maximumBytes = 64 << 10

    var text: String { lines.joined(separator: "\n") }

    /// The field's text starts after `:TAG:`.
    var column: Int { tag.count + 3 }
}

/// Splits MT940 text into fields, skipping the SWIFT envelope (`{1:...}{2:...}{4:` before,
/// `-}` and `{5:...}` after); a line `-` or `-}` ends a message, reported as a field with the
/// tag `-`. Not thread-safe.
struct MT940FieldReader {
    private var lines: LineReader
    private var current: MT940Field?
    private var currentBytes = 0
    private var ended = false

    init(file: String, chunks: @escaping () throws -> [UInt8]?) {
        lines = LineReader(file: file, chunks: chunks)
    }

    var file: String { lines.file }

    /// The next field, or `nil` at the end.
    mutating func next() throws -> MT940Field? {
        while !ended {
            guard let (line, number) = try lines.next() else {
                ended = true
                break
            }
            var text = line
            if text.hasPrefix("{") {
                // The envelope: blocks 1-3 and the start of block 4 before the fields, or a trailer.
                guard let body = text.firstRange(of: "{4:") else { continue }
                text = String(text[body.upperBound...])
                if text.isEmpty { continue }
            }
            let trimmed = text.strippingTrailingBlanks
            if trimmed == "-" || trimmed.hasPrefix("-}") {
                let field = current
                current = MT940Field(tag: "-", lines: [], line: number)
                if let field { return field }
                continue
            }
            if let tag = Self.tag(of: trimmed) {
                if trimmed.utf8.count > MT940Field.maximumBytes {
                    throw BankFileError(BankFileLocation(file: file, line: number, column: 1), .tooLong(limit: MT940Field.maximumBytes))
                }
                let field = current
                current = MT940Field(tag: tag, lines: [String(trimmed.dropFirst(tag.count + 2))], line: number)
                currentBytes = trimmed.utf8.count
                if let field { return field }
                continue
            }
            if trimmed.isEmpty { continue }
            guard current != nil, current?.tag != "-" else {
                throw BankFileError(BankFileLocation(file: file, line: number, column: 1), .malformedField("MT940 line", text: trimmed))
            }
            currentBytes += trimmed.utf8.count
            if currentBytes > MT940Field.maximumBytes {
                throw BankFileError(BankFileLocation(file: file, line: current!.line, column: 1), .tooLong(limit: MT940Field.maximumBytes))
            }
            current!.lines.append(trimmed)
        }
        defer { current = nil }
        return current
    }

    /// The tag of a line starting `:NN:` or `:NNA:`, or `nil`.
    private static func tag(of line: String) -> String? {
        let bytes = Array(line.utf8.prefix(6))
        guard bytes.count >= 4, bytes[0] == UInt8(ascii: ":"), bytes[1] >= 0x30, bytes[1] <= 0x39,
              bytes[2] >= 0x30, bytes[2] <= 0x39 else { return nil }
        if bytes[3] == UInt8(ascii: ":") { return String(decoding: bytes[1...2], as: UTF8.self) }
        if bytes.count >= 5, bytes[3] >= 0x41, bytes[3] <= 0x5A, bytes[4] == UInt8(ascii: ":") {
            return String(decoding: bytes[1...3], as: UTF8.self)
        }
        return nil
    }
}

@available(*, unavailable)
extension MT940FieldReader: Sendable {}
