import Testing
@testable import BudgetKit

@Suite struct XMLStreamReaderTests {
    static func events(_ text: String, size: Int = 65536) throws -> [String] {
        let bytes = Array(text.utf8)
        var offset = 0
        var reader = XMLStreamReader(file: "x.xml") {
            guard offset < bytes.count else { return nil }
            defer { offset += size }
            return Array(bytes[offset..<min(bytes.count, offset + size)])
        }
        var events: [String] = []
        while let event = try reader.next() {
            switch event.kind {
            case .start(let name, let namespace, let attributes):
                events.append("<\(name)\(namespace.map { " ns=\($0)" } ?? "")\(attributes.map { " \($0.name)=\($0.value)" }.joined())>@\(event.line)")
            case .text(let text): events.append("'\(text)'")
            case .end: events.append("</>")
            }
        }
        return events
    }

    @Test func readsStartsTextsAndEndsWithEntitiesReplaced() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a:Doc xmlns:a=\"urn:x\">\n <Amt Ccy=\"EUR\">1 &amp; &#x32;<![CDATA[<3>]]></Amt>\n <E/>\n</a:Doc>\n"
        for size in [1, 5, 65536] {
            #expect(try Self.events(xml, size: size) == ["<Doc ns=urn:x>@2", "<Amt Ccy=EUR>@3", "'1 & 2<3>'", "</>", "<E>@4", "</>", "</>"])
        }
    }

    @Test func refusesADocumentTypeSoEntitiesNeverExpand() {
        // Billion laughs: ten levels of ten references, a few hundred bytes expanding to gigabytes.
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        laughs += "]>\n<lolz>&lol9;</lolz>\n"
        #expect(throws: BankFileError(BankFileLocation(file: "x.xml", line: 2), .doctypeNotAllowed)) { _ = try Self.events(laughs) }
        let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE d SYSTEM \"http://127.0.0.1:9/evil.dtd\">\n<d>&ext;</d>"
        #expect(throws: BankFileError(BankFileLocation(file: "x.xml", line: 2), .doctypeNotAllowed)) { _ = try Self.events(external) }
    }

    @Test func anUndeclaredEntityIsAWellFormednessError() {
        #expect(throws: BankFileError(BankFileLocation(file: "x.xml", line: 1), .xml("Entity 'ext' not defined"))) {
            _ = try Self.events("<d>&ext;</d>")
        }
    }

    @Test(arguments: [("<a><b></a>", 1, BankFileProblem.xml("Opening and ending tag mismatch: b line 1 and a")),
                      ("<a></a><b/>", 1, .xml("Extra content at the end of the document")), ("<a>\n<b>", 2, .unexpectedEnd(expected: "</b>")),
                      ("", 1, .unexpectedEnd(expected: "an XML element")), ("<?xml version=\"1.0\"?>\n", 2, .unexpectedEnd(expected: "an XML element"))])
    func malformedXMLIsAnErrorWithLibxml2sMessage(xml: String, line: Int, problem: BankFileProblem) {
        #expect(throws: BankFileError(BankFileLocation(file: "x.xml", line: line), problem)) { _ = try Self.events(xml) }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        let deep = String(repeating: "<a>", count: XMLStreamReader.maximumDepth + 1) + String(repeating: "</a>", count: XMLStreamReader.maximumDepth + 1)
        #expect(throws: BankFileError(BankFileLocation(file: "x.xml", line: 1), .tooMany(limit: XMLStreamReader.maximumDepth))) {
            _ = try Self.events(deep)
        }
    }

    @Test func textLongerThanTheLimitIsRefused() {
        let long = "<a>" + String(repeating: "x", count: XMLStreamReader.maximumTextBytes + 1) + "</a>"
        #expect(throws: BankFileError(BankFileLocation(file: "x.xml", line: 1), .tooLong(limit: XMLStreamReader.maximumTextBytes))) {
            _ = try Self.events(long)
        }
    }
}
