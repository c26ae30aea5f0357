/// Reads OFX and QFX files: 1.x in SGML (through ``OFXSGMLTokenizer``) or 2.x in XML (through
/// ``XMLStreamReader``, libxml2), both into ``OFXStatementBuilder``.
///
/// The version comes from the head of the text: an XML declaration or an `<?OFX` processing
/// instruction means 2.x; anything else (an `OFXHEADER:100` header, or none) 1.x. Errors name
/// the line and the element path (`OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN/TRNAMT`).
/// Not thread-safe.
struct OFXReader: BankItemReader {
    // One of the two is set; kept apart (not in an enum) so that reading mutates in place.
    private var sgml: OFXSGMLTokenizer?
    private var xml: XMLStreamReader?
    private var names: [String] = []
    private var builder: OFXStatementBuilder
    private var queue: [BankFileItem] = []
    private var head = 0
    private var finished = false
    private var lastLine = 1

    init(file: String, format: BankFileFormat, head: [UInt8], chunks: @escaping () throws -> [UInt8]?) throws {
        let start = String(decoding: head.prefix(4096), as: UTF8.self).strippingBlanks
        let isXML = start.hasPrefix("<?xml") || start.contains("<?OFX")
        if isXML { xml = XMLStreamReader(file: file, chunks: chunks) } else { sgml = OFXSGMLTokenizer(file: file, chunks: chunks) }
        builder = OFXStatementBuilder(file: file, format: format)
    }

    mutating func next() throws -> BankFileItem? {
        while head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
            if finished { return nil }
            guard let event = try nextEvent() else {
                finished = true
                try builder.finish(line: lastLine)
                queue = builder.takeItems()
                continue
            }
            lastLine = event.line
            try builder.take(event)
            queue = builder.takeItems()
        }
        defer { head += 1 }
        return queue[head]
    }

    private mutating func nextEvent() throws -> OFXEvent? {
        if sgml != nil { return try sgml!.next() }
        guard let event = try xml!.next() else { return nil }
        switch event.kind {
        case .start(let name, _, _):
            let upper = name.uppercased()
            names.append(upper)
            return OFXEvent(kind: .start(upper), line: event.line)
        case .text(let text):
            return OFXEvent(kind: .text(text.strippingBlanks), line: event.line)
        case .end:
            return OFXEvent(kind: .end(names.popLast() ?? ""), line: event.line)
        }
    }
}

@available(*, unavailable)
extension OFXReader: Sendable {}
