import CLibXML2

/// Reads XML as a stream of start, text and end events, through libxml2's SAX2 push parser fed
/// one chunk at a time: memory stays flat whatever the document's size.
///
/// Safe with hostile input: no network (`XML_PARSE_NONET`), no external DTD or entity loading
/// (no `XML_PARSE_DTDLOAD`, no `XML_PARSE_NOENT`), and any document type declaration is refused
/// before its internal subset is read (``BankFileProblem/doctypeNotAllowed``), so entity
/// expansion attacks (billion laughs) never start; undeclared entities are well-formedness
/// errors. The encoding declaration is ignored (`XML_PARSE_IGNORE_ENC`): the bytes are UTF-8
/// from ``TextTranscoder``.
///
/// Limits: elements nested at most ``maximumDepth`` deep, text between two tags at most
/// ``maximumTextBytes``; libxml2's own limits (10 MB for a name or attribute value without
/// `XML_PARSE_HUGE`) stand behind them.
///
/// libxml2 is loaded when the first event is asked for (``LibXML2``).
///
/// Not thread-safe. The parser context is freed with the reader's last copy.
struct XMLStreamReader {
    /// The deepest nesting accepted (bank files need about 12).
    static let maximumDepth = 64
    /// The most bytes of text between two tags: 1 MiB.
    static let maximumTextBytes = 1 << 20
    /// The most bytes handed to the parser at once, which bounds the events queued.
    static let feedBytes = 64 << 10

    let file: String
    private let source: () throws -> [UInt8]?
    /// Made on the first call of ``next()``, which loads libxml2.
    private var parser: XMLParser?
    private var queued: [XMLEvent] = []
    private var head = 0
    private var finished = false

    init(file: String, chunks: @escaping () throws -> [UInt8]?) {
        self.file = file
        self.source = chunks
    }

    /// The next event, or `nil` after the root element's end and a well-formed rest.
    ///
    /// - Throws: ``BankFileError`` (``BankFileProblem/xml(_:)``, ``BankFileProblem/doctypeNotAllowed``,
    ///   ``BankFileProblem/tooLong(limit:)``, ``BankFileProblem/tooMany(limit:)``) at the line
    ///   reached, ``BudgetError/missingLibrary(name:reason:)`` when libxml2 cannot be loaded, or
    ///   what the chunk source throws.
    mutating func next() throws -> XMLEvent? {
        while head == queued.count {
            queued.removeAll(keepingCapacity: true)
            head = 0
            if finished { return nil }
            let parser = try startedParser()
            if let chunk = try source() {
                var offset = 0
                while offset < chunk.count {
                    let end = min(chunk.count, offset + Self.feedBytes)
                    try parser.feed(chunk[offset..<end], terminate: false)
                    offset = end
                }
            } else {
                try parser.feed([], terminate: true)
                finished = true
            }
            queued = parser.takeEvents()
        }
        defer { head += 1 }
        return queued[head]
    }

    /// The parser, made on first use.
    private mutating func startedParser() throws(BudgetError) -> XMLParser {
        if let parser { return parser }
        let started = try XMLParser(file: file)
        parser = started
        return started
    }

    /// The line the parser has reached (for errors found after the last event).
    var line: Int { parser?.line ?? 0 }
}

@available(*, unavailable)
extension XMLStreamReader: Sendable {}

/// The libxml2 push parser context and the events its callbacks collect. Not thread-safe.
final class XMLParser {
    let file: String
    private let libxml2: LibXML2
    private var context: xmlParserCtxtPtr?
    fileprivate var events: [XMLEvent] = []
    fileprivate var text: [UInt8] = []
    fileprivate var depth = 0
    /// The names of the open elements (for the error at a premature end).
    private var open: [String] = []
    private var sawRoot = false
    fileprivate var problem: BankFileProblem?

    /// - Throws: ``BudgetError/missingLibrary(name:reason:)`` when libxml2 cannot be loaded.
    init(file: String) throws(BudgetError) {
        self.file = file
        libxml2 = try LibXML2.shared.get()
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, name, _, uri, _, _, attributeCount, _, attributes in
            XMLParser.from(context).start(name, uri: uri, attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.endElementNs = { context, _, _, _ in XMLParser.from(context).end() }
        handler.characters = { context, bytes, length in XMLParser.from(context).characters(bytes, Int(length)) }
        handler.cdataBlock = { context, bytes, length in XMLParser.from(context).characters(bytes, Int(length)) }
        handler.internalSubset = { context, _, _, _ in XMLParser.from(context).stop(.doctypeNotAllowed) }
        handler.serror = { _, _ in }   // errors are read from the context; nothing goes to stderr
        context = libxml2.createPushParser(&handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, file)
        precondition(context != nil, "libxml2 cannot create a parser context")
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOCDATA.rawValue
        _ = libxml2.useOptions(context, Int32(options))
    }

    deinit {
        libxml2.freeParser(context)
    }

    fileprivate static func from(_ pointer: UnsafeMutableRawPointer?) -> XMLParser {
        Unmanaged<XMLParser>.fromOpaque(pointer!).takeUnretainedValue()
    }

    var line: Int { Int(libxml2.lineNumber(UnsafeMutableRawPointer(context))) }

    /// Parses `bytes`; `terminate` at the end of the input.
    func feed<C: Collection>(_ bytes: C, terminate: Bool) throws where C.Element == UInt8 {
        let status: Int32 = Array(bytes).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                libxml2.parseChunk(context, $0.baseAddress, Int32($0.count), terminate ? 1 : 0)
            }
        }
        if let problem { throw BankFileError(BankFileLocation(file: file, line: line), problem) }
        if status != 0 && terminate && (!sawRoot || !open.isEmpty) {
            // libxml2's push parser calls a premature end "extra content"; say what is missing.
            let expected = open.last.map { "</\($0)>" } ?? "an XML element"
            throw BankFileError(BankFileLocation(file: file, line: line), .unexpectedEnd(expected: expected))
        }
        if status != 0 {
            var message = "error \(status)"
            var errorLine = line
            if let error = libxml2.lastError(UnsafeMutableRawPointer(context)), let text = error.pointee.message {
                message = String(cString: text)
                while message.last == "\n" || message.last == " " { message.removeLast() }
                if error.pointee.line > 0 { errorLine = Int(error.pointee.line) }
            }
            throw BankFileError(BankFileLocation(file: file, line: errorLine), .xml(message))
        }
    }

    func takeEvents() -> [XMLEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    fileprivate func stop(_ reason: BankFileProblem) {
        if problem == nil { problem = reason }
        libxml2.stopParser(context)
    }

    private func flushText() {
        guard !text.isEmpty else { return }
        defer { text.removeAll(keepingCapacity: true) }
        guard text.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return }
        events.append(XMLEvent(kind: .text(String(decoding: text, as: UTF8.self)), line: line))
    }

    fileprivate func start(_ name: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?, attributeCount: Int,
                           attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard problem == nil else { return }
        flushText()
        depth += 1
        if depth > XMLStreamReader.maximumDepth { return stop(.tooMany(limit: XMLStreamReader.maximumDepth)) }
        var pairs: [(name: String, value: String)] = []
        if let attributes, attributeCount > 0 {
            pairs.reserveCapacity(attributeCount)
            for index in 0..<attributeCount {
                // localname, prefix, URI, value start, value end
                guard let attributeName = attributes[index * 5], let start = attributes[index * 5 + 3],
                      let end = attributes[index * 5 + 4] else { continue }
                let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                pairs.append((String(cString: attributeName), value))
            }
        }
        let namespace = depth == 1 ? uri.map { String(cString: $0) } ?? "" : nil
        let elementName = name.map { String(cString: $0) } ?? ""
        open.append(elementName)
        sawRoot = true
        events.append(XMLEvent(kind: .start(elementName, namespace: namespace, attributes: pairs), line: line))
    }

    fileprivate func end() {
        guard problem == nil else { return }
        flushText()
        depth -= 1
        open.removeLast()
        events.append(XMLEvent(kind: .end, line: line))
    }

    fileprivate func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
        guard problem == nil, let bytes, count > 0 else { return }
        if text.count + count > XMLStreamReader.maximumTextBytes { return stop(.tooLong(limit: XMLStreamReader.maximumTextBytes)) }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }
}

@available(*, unavailable)
extension XMLParser: Sendable {}
