/// Splits OFX 1.x (SGML) text into tags and texts: `<NAME>` starts an element, `</NAME>` ends
/// one, text runs to the next `<`. OFX's SGML leaves the ends of elements holding text out
/// (`<TRNAMT>-12.50<FITID>...`); ``OFXStatementBuilder`` closes them.
///
/// Everything before the first `<` (the `OFXHEADER:100` header) is skipped; `<!...>` and `<?...>`
/// are skipped; names are upper-cased; texts are trimmed and `&amp;`, `&lt;`, `&gt;`, `&quot;`,
/// `&apos;` and `&nbsp;` replaced. Limits: a tag of at most ``maximumTagBytes``, a text of at
/// most ``maximumTextBytes``. Not thread-safe.
struct OFXSGMLTokenizer {
    /// The longest tag accepted: 256 bytes (OFX names are at most 32 characters).
    static let maximumTagBytes = 256
    /// The longest text accepted between two tags: 1 MiB.
    static let maximumTextBytes = 1 << 20

    let file: String
    private var buffer: ChunkBuffer
    private var line = 1
    private var inHeader = true

    init(file: String, chunks: @escaping () throws -> [UInt8]?) {
        self.file = file
        buffer = ChunkBuffer(chunks: chunks)
    }

    /// The next event, or `nil` at the end.
    mutating func next() throws -> OFXEvent? {
        while let byte = try buffer.peek() {
            if byte == UInt8(ascii: "<") {
                inHeader = false
                let startLine = line
                buffer.position += 1
                guard let end = try buffer.scan(for: UInt8(ascii: ">"), or: UInt8(ascii: "<"), limit: Self.maximumTagBytes),
                      end < buffer.bytes.count, buffer.bytes[end] == UInt8(ascii: ">") else {
                    let problem: BankFileProblem = buffer.atEnd ? .unexpectedEnd(expected: ">") : .tooLong(limit: Self.maximumTagBytes)
                    throw BankFileError(BankFileLocation(file: file, line: line), problem)
                }
                // The scan may have moved the unread bytes to the buffer's start: read the position after it.
                let tag = buffer.bytes[buffer.position..<end]
                countLines(tag)
                buffer.position = end + 1
                guard let first = tag.first, first != UInt8(ascii: "!"), first != UInt8(ascii: "?") else { continue }
                let closing = first == UInt8(ascii: "/")
                let name = String(decoding: closing ? tag.dropFirst() : tag[...], as: UTF8.self).strippingBlanks.uppercased()
                guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\n" || $0 == "\t" }) else {
                    throw BankFileError(BankFileLocation(file: file, line: startLine), .malformedField("tag", text: "<\(String(decoding: tag, as: UTF8.self))>"))
                }
                return OFXEvent(kind: closing ? .end(name) : .start(name), line: startLine)
            }
            guard let end = try buffer.scan(for: UInt8(ascii: "<"), or: UInt8(ascii: "<"),
                                            limit: Self.maximumTextBytes) else {
                throw BankFileError(BankFileLocation(file: file, line: line), .tooLong(limit: Self.maximumTextBytes))
            }
            let bytes = buffer.bytes[buffer.position..<end]
            let startLine = line
            countLines(bytes)
            buffer.position = end
            if inHeader { continue }
            let text = Self.replacingEntities(String(decoding: bytes, as: UTF8.self).strippingBlanks)
            if !text.isEmpty { return OFXEvent(kind: .text(text), line: startLine) }
        }
        return nil
    }

    private mutating func countLines(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes where byte == 0x0A { line += 1 }
    }

    private static let entities: [(String, String)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"),
                                                       ("&nbsp;", "\u{A0}"), ("&amp;", "&")]

    static func replacingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        outer: while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            for (entity, character) in entities where rest.hasPrefix(entity) {
                result += character
                rest = rest.dropFirst(entity.count)
                continue outer
            }
            result += "&"
            rest = rest.dropFirst()
        }
        return result + rest
    }
}

@available(*, unavailable)
extension OFXSGMLTokenizer: Sendable {}

/// A tag or a text of an OFX file, from either version.
struct OFXEvent {
    enum Kind {
        case start(String)
        case text(String)
        case end(String)
    }

    var kind: Kind
    var line: Int
}
