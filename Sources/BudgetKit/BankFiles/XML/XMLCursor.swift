/// Reads XML as a stream of starts, texts and ends without allocating for each: element names
/// come as ``XMLVocabulary`` ids, the open elements are a stack of ids (``XMLNameStack``: a
/// path is joined only when asked for), and a text is bytes until asked for as a string. The readers of CAMT and OFX 2.x work on it; ``XMLStreamReader`` gives the same
/// stream as values.
///
/// After ``next()`` returns `.start`, the new element is the innermost one (``depth`` counts it);
/// after `.end`, the ending element still is (it goes at the next call); a `.text` belongs to
/// the innermost element. The current token's bytes stay readable until the next call.
///
/// Parsing, its safety and its limits are ``XMLStreamReader``'s. Not thread-safe.
struct XMLCursor {
    let file: String
    let vocabulary: XMLVocabulary
    private let source: () throws -> [UInt8]?
    /// Made when the first token is asked for, which loads libxml2.
    private var parser: XMLParser?
    private var batch = XMLBatch()
    /// The next token to read in `batch`, and the one read last.
    private var index = 0
    private var current = 0
    private var finished = false
    private var endPending = false
    /// The open elements.
    private var names: XMLNameStack

    /// Creates a cursor over the UTF-8 chunks of `chunks` (see ``XMLStreamReader``).
    init(file: String, vocabulary: XMLVocabulary, chunks: @escaping () throws -> [UInt8]?) {
        self.file = file
        self.vocabulary = vocabulary
        source = chunks
        names = XMLNameStack(vocabulary: vocabulary)
    }

    /// Moves to the next start, text or end; `nil` after the root element's end and a
    /// well-formed rest.
    ///
    /// - Throws: what ``XMLStreamReader/next()`` throws (``BudgetError/missingLibrary(name:reason:)``
    ///   when libxml2 cannot be loaded).
    mutating func next() throws -> XMLToken.Kind? {
        if endPending {
            endPending = false
            names.pop()
        }
        while true {
            while index < batch.tokens.count {
                let token = batch.tokens[index]
                current = index
                index += 1
                switch token.kind {
                case .namespace, .attribute:
                    continue
                case .start:
                    batch.bytes.withUnsafeBufferPointer {
                        names.push(Int(token.id), name: UnsafeBufferPointer(rebasing: $0[Int(token.first)..<Int(token.first + token.count)]))
                    }
                    return .start
                case .text:
                    return .text
                case .end:
                    endPending = true
                    return .end
                }
            }
            if finished { return nil }
            let parser = try startedParser()
            if let chunk = try source() {
                try chunk.withUnsafeBufferPointer { buffer in
                    var offset = 0
                    while offset < buffer.count {
                        let end = min(buffer.count, offset + XMLStreamReader.feedBytes)
                        try parser.feed(UnsafeBufferPointer(rebasing: buffer[offset..<end]), terminate: false)
                        offset = end
                    }
                }
            } else {
                try parser.feed(UnsafeBufferPointer(start: nil, count: 0), terminate: true)
                finished = true
            }
            parser.takeTokens(into: &batch)
            index = 0
        }
    }

    /// The line of the token read last.
    var line: Int { Int(batch.tokens[current].line) }

    /// The parser, made on first use.
    private mutating func startedParser() throws(BudgetError) -> XMLParser {
        if let parser { return parser }
        let started = try XMLParser(file: file, vocabulary: vocabulary)
        parser = started
        return started
    }

    /// The line the parser has reached (for errors found after the last token).
    var parserLine: Int { parser?.line ?? 0 }

    /// How many elements are open.
    var depth: Int { names.count }

    /// The innermost open element's id.
    var id: Int { names.ids[names.count - 1] }

    /// The id of the open element at `level` (0 is the root).
    func id(at level: Int) -> Int { names.ids[level] }

    /// The innermost open element's name.
    var name: String { names.name(at: names.count - 1) }

    /// The open elements' names joined with `/` (`Document/BkToCstmrStmt/Stmt`).
    var pathText: String { names.path() }

    /// The names of the open elements below `level` (it excluded), joined with `/`.
    func path(below level: Int) -> String { names.path(from: level + 1) }

    /// Whether ``pathText`` would be `text` (without making it).
    func pathIs(_ text: String) -> Bool { names.pathIs(text) }

    /// A text token's text, as written.
    var text: String { string(batch.tokens[current].first, batch.tokens[current].count) }

    /// A text token's text without surrounding spaces, tabs and line breaks.
    var trimmedText: String {
        let token = batch.tokens[current]
        var start = Int(token.first), end = start + Int(token.count)
        return batch.bytes.withUnsafeBufferPointer { bytes in
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            while start < end && isBlank(bytes[start]) { start += 1 }
            while end > start && isBlank(bytes[end - 1]) { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// A start's attribute `name` (its local name), the first if there are several.
    func attribute(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            var at = current + 1
            while at < batch.tokens.count, batch.tokens[at].kind == .attribute || batch.tokens[at].kind == .namespace {
                let token = batch.tokens[at]
                at += 1
                guard token.kind == .attribute, bytesEqual(token.first, token.count, wanted) else { continue }
                return string(token.valueFirst, token.valueCount)
            }
            return nil
        }
    }

    /// A start's attributes, in order.
    var attributes: [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var at = current + 1
        while at < batch.tokens.count, batch.tokens[at].kind == .attribute || batch.tokens[at].kind == .namespace {
            let token = batch.tokens[at]
            at += 1
            if token.kind == .attribute { pairs.append((string(token.first, token.count), string(token.valueFirst, token.valueCount))) }
        }
        return pairs
    }

    /// The root element's namespace URI (empty when none) at its start; `nil` at any other.
    var namespace: String? {
        let at = current + 1
        guard at < batch.tokens.count, batch.tokens[at].kind == .namespace else { return nil }
        return string(batch.tokens[at].first, batch.tokens[at].count)
    }

    private func string(_ first: Int32, _ count: Int32) -> String {
        batch.bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(first)..<Int(first + count)]), as: UTF8.self)
        }
    }

    private func bytesEqual(_ first: Int32, _ count: Int32, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        batch.bytes.withUnsafeBufferPointer { $0[Int(first)..<Int(first + count)].elementsEqual(other) }
    }
}

@available(*, unavailable)
extension XMLCursor: Sendable {}
