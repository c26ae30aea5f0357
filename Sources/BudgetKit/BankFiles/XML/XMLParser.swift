import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// The libxml2 SAX2 push parser context, and the tokens its callbacks collect into an
/// ``XMLBatch`` for ``XMLCursor`` (see ``XMLStreamReader`` for the options and limits).
/// libxml2's functions come from ``LibXML2``, loaded with the first parser.
///
/// The callbacks reach the collecting state through a pointer of its own, allocated with the
/// parser and freed with it: no retain, release or exclusivity check per callback. Not
/// thread-safe.
final class XMLParser {
    let file: String
    private let libxml2: LibXML2
    private let context: xmlParserCtxtPtr
    private let state: UnsafeMutablePointer<XMLCollector>

    /// - Throws: ``BudgetError/missingLibrary(name:reason:)`` when libxml2 cannot be loaded.
    init(file: String, vocabulary: XMLVocabulary) throws(BudgetError) {
        self.file = file
        libxml2 = try LibXML2.shared.get()
        state = .allocate(capacity: 1)
        state.initialize(to: XMLCollector(vocabulary: vocabulary))
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, name, _, uri, _, _, attributeCount, _, attributes in
            XMLCollector.from(context).pointee.start(name, uri: uri, attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.endElementNs = { context, _, _, _ in XMLCollector.from(context).pointee.end() }
        handler.characters = { context, bytes, length in XMLCollector.from(context).pointee.characters(bytes, Int(length)) }
        handler.cdataBlock = { context, bytes, length in XMLCollector.from(context).pointee.characters(bytes, Int(length)) }
        handler.internalSubset = { context, _, _, _ in XMLCollector.from(context).pointee.stop(.doctypeNotAllowed) }
        handler.serror = { _, _ in }   // errors are read from the context; nothing goes to stderr
        guard let context = libxml2.createPushParser(&handler, UnsafeMutableRawPointer(state), nil, 0, file) else {
            preconditionFailure("libxml2 cannot create a parser context")
        }
        self.context = context
        state.pointee.start(context: context, libxml2: libxml2)
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOCDATA.rawValue
        _ = libxml2.useOptions(context, Int32(options))
    }

    deinit {
        libxml2.freeParser(context)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var line: Int { Int(libxml2.lineNumber(UnsafeMutableRawPointer(context))) }

    /// Parses `bytes`; `terminate` at the end of the input.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>, terminate: Bool) throws {
        let status = bytes.withMemoryRebound(to: CChar.self) {
            libxml2.parseChunk(context, $0.baseAddress, Int32($0.count), terminate ? 1 : 0)
        }
        if let problem = state.pointee.problem { throw BankFileError(BankFileLocation(file: file, line: line), problem) }
        if status != 0 && terminate && (!state.pointee.sawRoot || state.pointee.open.count > 0) {
            // libxml2's push parser calls a premature end "extra content"; say what is missing.
            let expected = state.pointee.innermostName.map { "</\($0)>" } ?? "an XML element"
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

    /// Hands the tokens collected since the last call over in `batch`, whose old contents are
    /// dropped (its buffers are kept for the next chunk).
    func takeTokens(into batch: inout XMLBatch) {
        swap(&batch, &state.pointee.batch)
        state.pointee.batch.removeAll()
    }
}

@available(*, unavailable)
extension XMLParser: Sendable {}

/// What the callbacks keep between calls: the batch being filled, the text being gathered, the
/// open elements' names. Reached only through ``XMLParser``'s pointer.
struct XMLCollector {
    private var context: xmlParserCtxtPtr?
    /// libxml2's line number and stop functions (set with the context).
    private var lineNumber: clibxml2_line_number?
    private var stopParser: clibxml2_stop_parser?
    var batch = XMLBatch()
    var text: [UInt8] = []
    /// How many elements are open.
    var depth = 0
    /// The open elements' names (for the error at a premature end).
    private(set) var open: XMLNameStack
    var sawRoot = false
    var problem: BankFileProblem?

    init(vocabulary: XMLVocabulary) {
        open = XMLNameStack(vocabulary: vocabulary)
    }

    /// Sets the parser context the callbacks come from, before any of them.
    mutating func start(context: xmlParserCtxtPtr, libxml2: LibXML2) {
        self.context = context
        lineNumber = libxml2.lineNumber
        stopParser = libxml2.stopParser
    }

    @inline(__always)
    static func from(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<XMLCollector> {
        pointer.unsafelyUnwrapped.assumingMemoryBound(to: XMLCollector.self)
    }

    /// The innermost open element's name, if any.
    var innermostName: String? {
        open.count > 0 ? open.name(at: open.count - 1) : nil
    }

    private var line: Int32 { lineNumber.map { $0(UnsafeMutableRawPointer(context)) } ?? 0 }

    /// The bytes before a C string's NUL.
    @inline(__always)
    private static func length(_ string: UnsafePointer<xmlChar>) -> Int {
        strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))
    }

    mutating func stop(_ reason: BankFileProblem) {
        if problem == nil { problem = reason }
        stopParser?(context)
    }

    private mutating func flushText() {
        guard !text.isEmpty else { return }
        defer { text.removeAll(keepingCapacity: true) }
        guard text.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return }
        let first = text.withUnsafeBufferPointer { batch.append($0.baseAddress!, count: $0.count) }
        batch.tokens.append(XMLToken(kind: .text, line: line, first: first, count: Int32(truncatingIfNeeded: text.count)))
    }

    mutating func start(_ name: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?, attributeCount: Int,
                        attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard problem == nil else { return }
        flushText()
        depth += 1
        if depth > XMLStreamReader.maximumDepth { return stop(.tooMany(limit: XMLStreamReader.maximumDepth)) }
        let line = self.line
        var token = XMLToken(kind: .start, line: line)
        var nameBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if let name { nameBytes = UnsafeBufferPointer(start: name, count: Self.length(name)) }
        let id = open.vocabulary.id(of: nameBytes)
        token.id = Int32(truncatingIfNeeded: id)
        if !open.spells(id), let base = nameBytes.baseAddress {
            // The cursor reads the name back only when the vocabulary cannot spell it.
            token.first = batch.append(base, count: nameBytes.count)
            token.count = Int32(truncatingIfNeeded: nameBytes.count)
        }
        open.push(id, name: nameBytes)
        sawRoot = true
        batch.tokens.append(token)
        if depth == 1 {
            var namespace = XMLToken(kind: .namespace, line: line)
            if let uri {
                let count = Self.length(uri)
                namespace.first = batch.append(uri, count: count)
                namespace.count = Int32(truncatingIfNeeded: count)
            }
            batch.tokens.append(namespace)
        }
        guard let attributes, attributeCount > 0 else { return }
        for index in 0..<attributeCount {
            // localname, prefix, URI, value start, value end
            guard let attributeName = attributes[index * 5], let start = attributes[index * 5 + 3],
                  let end = attributes[index * 5 + 4] else { continue }
            var attribute = XMLToken(kind: .attribute, line: line)
            let count = Self.length(attributeName)
            attribute.first = batch.append(attributeName, count: count)
            attribute.count = Int32(truncatingIfNeeded: count)
            attribute.valueFirst = batch.append(start, count: end - start)
            attribute.valueCount = Int32(truncatingIfNeeded: end - start)
            batch.tokens.append(attribute)
        }
    }

    mutating func end() {
        guard problem == nil else { return }
        flushText()
        depth -= 1
        open.pop()
        batch.tokens.append(XMLToken(kind: .end, line: line))
    }

    mutating func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
        guard problem == nil, let bytes, count > 0 else { return }
        if text.count + count > XMLStreamReader.maximumTextBytes { return stop(.tooLong(limit: XMLStreamReader.maximumTextBytes)) }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }
}
