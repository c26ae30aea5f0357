extension BankFileFormat {
    /// How much decoded text detection looks at: 64 KiB.
    static let headBytes = 64 << 10

    /// The format of a file from the first ``headBytes`` of its decoded text (or all of it).
    ///
    /// In order: a first line that is `budget export`'s own header (``TransactionField``, all
    /// of them in order, separated by commas or tabs) is CSV, whatever its payees and notes hold
    /// (`add` takes control characters there, and the export writes them as they are); otherwise control characters
    /// other than tab, line breaks, form feed and DOS's end of file (0x1A) mean binary data, an
    /// error; a first line `OFXHEADER:` is OFX 1.x; a first
    /// line `!Type:`, `!Account`, `!Option:` or `!Clear:` is QIF; a SWIFT envelope `{1:` or
    /// lines starting `:20:` and `:25:` after a first line with no CSV delimiter (`,`, `;`, tab)
    /// are MT940; an HTML page (`<!DOCTYPE html`, `<html`) is
    /// ``BankFileProblem/htmlPage``; text starting with `<` is XML, whose root
    /// element decides (read by libxml2): `OFX` is OFX 2.x (or 1.x without its header), a
    /// namespace `urn:iso:std:iso:20022:tech:xsd:camt.05[234]...` is CAMT, any other is
    /// ``BankFileProblem/unsupportedXML(root:namespace:)``. OFX with `<INTU.BID>` is QFX.
    /// Everything else is CSV.
    ///
    /// - Throws: ``BankFileError`` for binary data, an unsupported or malformed XML document.
    static func detect(head: [UInt8], file: String) throws -> BankFileFormat {
        if exportHeaderDelimiter(head) != nil { return .csv }
        var line = 1
        for byte in head {
            if byte == 0x0A { line += 1 }
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C && byte != 0x1A {
                throw BankFileError(BankFileLocation(file: file, line: line), .notText)
            }
        }
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(omittingEmptySubsequences: true) { $0.isNewline }
            .lazy.map { $0.drop { $0 == " " || $0 == "\t" } }.filter { !$0.isEmpty }
        guard let first = lines.first else { return .csv }
        let upper = first.uppercased()
        if upper.hasPrefix("OFXHEADER:") { return Self.ofxOrQFX(text) }
        if ["!TYPE:", "!ACCOUNT", "!OPTION:", "!CLEAR:"].contains(where: { upper.hasPrefix($0) }) { return .qif }
        if first.hasPrefix("{1:") && text.contains("{4:") { return .mt940 }
        // A CSV file's header has a delimiter; MT940's first line (`:20:`, a bank's BIC) none: an
        // export whose notes hold lines starting `:20:` and `:25:` stays CSV.
        if !first.contains(where: { $0 == "," || $0 == ";" || $0 == "\t" }),
           lines.contains(where: { $0.hasPrefix(":20:") }) && lines.contains(where: { $0.hasPrefix(":25:") }) { return .mt940 }
        // A bank's web page saved instead of its statement (a login or error page).
        if upper.hasPrefix("<!DOCTYPE HTML") || upper.hasPrefix("<HTML") {
            throw BankFileError(BankFileLocation(file: file, line: 1), .htmlPage)
        }
        if first.hasPrefix("<") { return try xml(head, text: text, file: file) }
        return .csv
    }

    /// `id,date,amount,...,transfer_reconciled`: the header line `budget export` writes in CSV,
    /// and in TSV (the same names separated by tabs), each with its delimiter.
    static let exportHeaders: [(delimiter: Unicode.Scalar, line: [UInt8])] = [",", "\t"].map { delimiter in
        (delimiter, Array(TransactionField.allCases.map(\.rawValue).joined(separator: String(delimiter)).utf8))
    }

    /// The delimiter of `budget export`'s header when `head`'s first line (after a byte order
    /// mark) is exactly that header in CSV (`,`) or TSV (tab); `nil` for any other line.
    ///
    /// A TSV file with that header is read with ``CSVReader/Quoting/backslashEscapes``, as
    /// `export --format tsv` writes it (``ImportReader``).
    static func exportHeaderDelimiter(_ head: [UInt8]) -> Unicode.Scalar? {
        var text = head[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        for header in exportHeaders where text.starts(with: header.line) {
            let next = text.dropFirst(header.line.count).first
            if next == nil || next == 0x0A || next == 0x0D { return header.delimiter }
        }
        return nil
    }

    private static func ofxOrQFX(_ text: String) -> BankFileFormat {
        text.uppercased().contains("<INTU.BID>") ? .qfx : .ofx
    }

    /// The format of an XML document, from its root element.
    private static func xml(_ head: [UInt8], text: String, file: String) throws -> BankFileFormat {
        var fed = false
        var reader = XMLStreamReader(file: file) {
            defer { fed = true }
            return fed ? nil : head
        }
        // The root's start comes before any error a head cut off mid-document would give.
        while true {
            guard let event = try reader.next() else {
                throw BankFileError(BankFileLocation(file: file, line: reader.line), .xml("no root element"))
            }
            if case .start(let name, let namespace, _) = event.kind {
                return try format(root: name, namespace: namespace ?? "", line: event.line, text: text, file: file)
            }
        }
    }

    private static func format(root name: String, namespace uri: String, line: Int, text: String, file: String) throws -> BankFileFormat {
        if name.uppercased() == "OFX" { return ofxOrQFX(text) }
        let camt = "urn:iso:std:iso:20022:tech:xsd:camt.05"
        if uri.hasPrefix(camt), let kind = uri.dropFirst(camt.count).first {
            switch kind {
            case "2": return .camt052
            case "3": return .camt053
            case "4": return .camt054
            default: break
            }
        }
        throw BankFileError(BankFileLocation(file: file, line: line, elementPath: name), .unsupportedXML(root: name, namespace: uri))
    }
}
