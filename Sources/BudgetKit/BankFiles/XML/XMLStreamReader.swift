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
/// Each event is a value of its own, its strings made for it: what format detection and the
/// tests want. The bank file readers read the same stream through ``XMLCursor``, which makes
/// no string it is not asked for.
///
/// Not thread-safe. The parser context is freed with the reader's last copy.
struct XMLStreamReader {
    /// The deepest nesting accepted (bank files need about 12).
    static let maximumDepth = 64
    /// The most bytes of text between two tags: 1 MiB.
    static let maximumTextBytes = 1 << 20
    /// The most bytes handed to the parser at once, which bounds the tokens queued.
    static let feedBytes = 64 << 10

    private var cursor: XMLCursor

    init(file: String, chunks: @escaping () throws -> [UInt8]?) {
        cursor = XMLCursor(file: file, vocabulary: XMLVocabulary([]), chunks: chunks)
    }

    var file: String { cursor.file }

    /// The next event, or `nil` after the root element's end and a well-formed rest.
    ///
    /// - Throws: ``BankFileError`` (``BankFileProblem/xml(_:)``, ``BankFileProblem/doctypeNotAllowed``,
    ///   ``BankFileProblem/tooLong(limit:)``, ``BankFileProblem/tooMany(limit:)``) at the line
    ///   reached, ``BudgetError/missingLibrary(name:reason:)`` when libxml2 cannot be loaded, or
    ///   what the chunk source throws.
    mutating func next() throws -> XMLEvent? {
        guard let kind = try cursor.next() else { return nil }
        switch kind {
        case .start:
            return XMLEvent(kind: .start(cursor.name, namespace: cursor.namespace, attributes: cursor.attributes), line: cursor.line)
        case .text:
            return XMLEvent(kind: .text(cursor.text), line: cursor.line)
        case .end, .namespace, .attribute:
            return XMLEvent(kind: .end, line: cursor.line)
        }
    }

    /// The line the parser has reached (for errors found after the last event).
    var line: Int { cursor.parserLine }
}

@available(*, unavailable)
extension XMLStreamReader: Sendable {}
