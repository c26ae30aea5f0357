/// Reads OFX and QFX files: 1.x in SGML (through ``OFXSGMLTokenizer``) or 2.x in XML (through
/// ``XMLCursor``, libxml2), both into ``OFXStatementBuilder``, element names as ``OFXElementName``s.
///
/// The version comes from the head of the text: an XML declaration or an `<?OFX` processing
/// instruction means 2.x; anything else (an `OFXHEADER:100` header, or none) 1.x. Errors name
/// the line and the element path (`OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN/TRNAMT`).
/// Not thread-safe.
struct OFXReader: BankItemReader {
    // One of the two is set; kept apart (not in an enum) so that reading mutates in place.
    private var sgml: OFXSGMLTokenizer?
    private var xml: XMLCursor?
    /// The open XML elements' names (an end names none).
    private var names: [OFXElementName] = []
    private var builder: OFXStatementBuilder
    /// Items to give, last first (each `next()` pops one).
    private var queue: [BankFileItem] = []
    private var finished = false
    private var lastLine = 1

    init(file: String, format: BankFileFormat, head: [UInt8], chunks: @escaping () throws -> [UInt8]?) throws {
        let start = String(decoding: head.prefix(4096), as: UTF8.self).strippingBlanks
        let isXML = start.hasPrefix("<?xml") || start.contains("<?OFX")
        if isXML { xml = XMLCursor(file: file, vocabulary: OFXTag.vocabulary, chunks: chunks) } else { sgml = OFXSGMLTokenizer(file: file, chunks: chunks) }
        builder = OFXStatementBuilder(file: file, format: format)
    }

    mutating func next() throws -> BankFileItem? {
        while queue.isEmpty {
            if finished { return nil }
            guard let event = try nextEvent() else {
                finished = true
                try builder.finish(line: lastLine)
                builder.moveItems(into: &queue)
                continue
            }
            lastLine = event.line
            try builder.take(event)
            builder.moveItems(into: &queue)
            if queue.count > 1 { queue.reverse() }
        }
        return queue.popLast()
    }

    private mutating func nextEvent() throws -> OFXEvent? {
        if sgml != nil { return try sgml!.next() }
        guard let kind = try xml!.next() else { return nil }
        switch kind {
        case .start:
            // A listed name is known by its bytes; another is upper-cased as written.
            let id = xml!.id
            let name = id != XMLVocabulary.unknown ? OFXElementName(id: id, vocabulary: OFXTag.vocabulary) : OFXElementName(written: xml!.name)
            names.append(name)
            return OFXEvent(kind: .start(name), line: xml!.line)
        case .text:
            return OFXEvent(kind: .text(xml!.trimmedText), line: xml!.line)
        case .end, .namespace, .attribute:
            return OFXEvent(kind: .end(names.popLast() ?? OFXElementName(capitals: "")), line: xml!.line)
        }
    }
}

@available(*, unavailable)
extension OFXReader: Sendable {}
