/// Splits OFX 1.x (SGML) text into tags and texts: `<NAME>` starts an element, `</NAME>` ends
/// one, text runs to the next `<`. OFX's SGML leaves the ends of elements holding text out
/// (`<TRNAMT>-12.50<FITID>...`); ``OFXStatementBuilder`` closes them.
///
/// Everything before the first `<` (the `OFXHEADER:100` header) is skipped; `<!...>` and `<?...>`
/// are skipped; names are upper-cased; texts are trimmed and `&amp;`, `&lt;`, `&gt;`, `&quot;`,
/// `&apos;`, `&nbsp;` and character references (`&#233;`, `&#xE9;`; not control characters)
/// replaced. Limits: a tag of at most ``maximumTagBytes``, a text of at
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
                guard let end = try buffer.scan(for: UInt8(ascii: ">"), or: UInt8(ascii: "<"), limit: Self.maximumTagBytes) else {
                    throw BankFileError(BankFileLocation(file: file, line: line), .tooLong(limit: Self.maximumTagBytes))
                }
                // The file ends inside a tag (`<STMT`): cut short, not a long tag.
                guard end < buffer.bytes.count else {
                    throw BankFileError(BankFileLocation(file: file, line: line), .unexpectedEnd(expected: ">"))
                }
                guard buffer.bytes[end] == UInt8(ascii: ">") else {
                    let text = "<" + String(decoding: buffer.bytes[buffer.position..<end], as: UTF8.self)
                    throw BankFileError(BankFileLocation(file: file, line: line), .malformedField("tag", text: text))
                }
                // The scan may have moved the unread bytes to the buffer's start: read the position after it.
                let tag = buffer.bytes[buffer.position..<end]
                countLines(tag)
                buffer.position = end + 1
                guard let first = tag.first, first != UInt8(ascii: "!"), first != UInt8(ascii: "?") else { continue }
                let closing = first == UInt8(ascii: "/")
                let nameBytes = Self.trimmed(closing ? tag.dropFirst() : tag[...])
                guard !nameBytes.isEmpty, !nameBytes.contains(where: { $0 <= 0x20 }) else {
                    throw BankFileError(BankFileLocation(file: file, line: startLine), .malformedField("tag", text: "<\(String(decoding: tag, as: UTF8.self))>"))
                }
                let name = Self.name(nameBytes)
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
            let content = Self.trimmed(bytes)
            if content.isEmpty { continue }
            let text = String(decoding: content, as: UTF8.self)
            return OFXEvent(kind: .text(content.contains(UInt8(ascii: "&")) ? Self.replacingEntities(text) : text), line: startLine)
        }
        return nil
    }

    /// A tag's name in capitals: a listed one found by its bytes, another made and upper-cased
    /// (when it holds ASCII lower-case letters).
    private static func name(_ bytes: ArraySlice<UInt8>) -> OFXElementName {
        let id = bytes.withUnsafeBufferPointer { OFXTag.vocabulary.id(of: $0) }
        if id != XMLVocabulary.unknown { return OFXElementName(id: id, vocabulary: OFXTag.vocabulary) }
        var text = String(decoding: bytes, as: UTF8.self)
        if bytes.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) { text = text.uppercased() }
        return OFXElementName(capitals: text)
    }

    /// The bytes without surrounding spaces, tabs and line breaks.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end && isBlank(bytes[start]) { start += 1 }
        while end > start && isBlank(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
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
            // A character reference, `&#233;` or `&#xE9;`, as OFX 2's XML reader reads it too.
            if rest.hasPrefix("&#"), let semicolon = rest.prefix(12).firstIndex(of: ";") {
                let digits = rest[rest.index(rest.startIndex, offsetBy: 2)..<semicolon]
                let hex = digits.first == "x" || digits.first == "X"
                let number = hex ? digits.dropFirst() : digits
                if !number.isEmpty, number.allSatisfy({ hex ? $0.isHexDigit : ("0"..."9").contains($0) }),
                   let value = UInt32(number, radix: hex ? 16 : 10),
                   let scalar = Unicode.Scalar(value), value >= 0x20, !(0x7F...0x9F).contains(value) {
                    result.unicodeScalars.append(scalar)
                    rest = rest[rest.index(after: semicolon)...]
                    continue outer
                }
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
        case start(OFXElementName)
        case text(String)
        case end(OFXElementName)
    }

    var kind: Kind
    var line: Int
}
