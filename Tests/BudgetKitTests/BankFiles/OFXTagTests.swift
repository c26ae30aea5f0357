import Testing
@testable import BudgetKit

@Suite struct OFXTagTests {
    @Test(arguments: [("stmttrn", "STMTTRN", OFXTag.stmttrn.rawValue), ("StmtTrn", "STMTTRN", OFXTag.stmttrn.rawValue),
                      ("ſtmttrn", "STMTTRN", OFXTag.stmttrn.rawValue), ("foo", "FOO", XMLVocabulary.unknown),
                      ("banktranlist", "BANKTRANLIST", OFXTag.banktranlist.rawValue), ("ofx", "OFX", OFXTag.vocabulary.id("OFX"))])
    func aNameIsItsCapitalsAndTheirId(written: String, capitals: String, id: Int) {
        let name = OFXElementName(written: written)
        #expect(name.text == capitals && name.id == id)
    }

    @Test(arguments: [
        ("Caf&#233; &amp; Co", "Café & Co"), ("&#xE9;t&#XE9;", "été"), ("A&lt;B&gt;", "A<B>"),
        // Not a reference, or a control character: kept as written.
        ("&#27;[31m", "&#27;[31m"), ("&#x9B;", "&#x9B;"), ("&#;", "&#;"), ("&#12345678901234;", "&#12345678901234;"),
        ("&#xD800;", "&#xD800;"), ("R&D", "R&D"), ("&", "&"), ("&#+65;", "&#+65;"), ("&#x+42;", "&#x+42;"), ("&#x;", "&#x;"),
    ])
    func sgmlTextsReplaceEntitiesAndCharacterReferences(text: String, expected: String) {
        #expect(OFXSGMLTokenizer.replacingEntities(text) == expected)
    }

    @Test func unlistedNamesAreEqualByTheirText() {
        #expect(OFXElementName(written: "foo") == OFXElementName(capitals: "FOO"))
        #expect(OFXElementName(written: "foo") != OFXElementName(written: "bar"))
        #expect(OFXElementName(written: "stmttrn") == OFXElementName(id: OFXTag.stmttrn.rawValue, vocabulary: OFXTag.vocabulary))
    }

    @Test(arguments: [false, true])
    func tagsInAnyCaseReadAsCapitalsInEitherVersion(xml: Bool) throws {
        let body = "<ofx><bankmsgsrsv1><stmttrnrs><StmtRs><curdef>EUR</curdef><banktranlist><stmttrn><dtposted>20261103</dtposted>"
            + "<trnamt>-4.50</trnamt><name>Bäckerei</name><Wrapper><memo>x</memo></Wrapper></stmttrn>\n<stmttrn><dtposted>2026</dtposted>"
            + "<trnamt>1</trnamt></stmttrn></banktranlist></StmtRs></stmttrnrs></bankmsgsrsv1></ofx>\n"
        let text = (xml ? "<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"211\"?>\n" : "OFXHEADER:100\n\n") + body
        var reader = try BankFileReader(file: "f", bytes: Array(text.utf8))
        var entries: [BankEntry] = []
        #expect(throws: BankFileError(BankFileLocation(file: "f", line: 4,
                                                       elementPath: "OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN/DTPOSTED"),
                                      .invalidDate("2026"))) {
            while let item = try reader.next() { if case .entry(let entry) = item { entries.append(entry) } }
        }
        #expect(entries.map { "\($0.bookingDay) \($0.amount) \($0.payee) \($0.currency ?? "-") @\($0.location)" }
                == ["2026-11-03 -4.50 Bäckerei EUR @f:3 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)"])
        // A value counts in the innermost aggregate the builder knows, past an unknown one.
        #expect(entries.first?.memo == "x")
    }
}
