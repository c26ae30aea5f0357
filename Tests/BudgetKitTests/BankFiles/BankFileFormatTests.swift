import Testing
@testable import BudgetKit

@Suite struct BankFileFormatTests {
    @Test(arguments: [
        ("OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>", BankFileFormat.ofx),
        ("\r\n  OFXHEADER:100\r\n\r\n<OFX><SIGNONMSGSRSV1><SONRS><INTU.BID>3000", .qfx),
        ("<?xml version=\"1.0\"?><?OFX OFXHEADER=\"200\"?><OFX></OFX>", .ofx),
        ("<OFX>\n<SIGNONMSGSRSV1>", .ofx),
        ("<?xml version=\"1.0\"?>\n<!-- a comment -->\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\"><BkToCstmrStmt>", .camt053),
        ("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.052.001.02\">", .camt052),
        ("<p:Document xmlns:p=\"urn:iso:std:iso:20022:tech:xsd:camt.054.001.04\">", .camt054),
        ("!Type:Bank\nD1/1/26\n", .qif),
        ("!Account\nNChecking\n^\n", .qif),
        ("!Option:AutoSwitch\n", .qif),
        (":20:STARTUMSE\n:25:1/2\n", .mt940),
        ("\r\n:20:X\r\n:25:Y\r\n", .mt940),
        ("{1:F01X}{2:O940}{4:\n:20:X\n", .mt940),
        ("date,amount\n2026-11-03,4.75\n", .csv),
        ("Buchungstag;Betrag\n", .csv),
        (":20: only\nno account line", .csv),
        // ABN AMRO's files open with the bank's BIC and 940; an export whose note holds lines
        // starting :20: and :25: stays CSV (its header has delimiters).
        ("ABNANL2A\n940\nABNANL2A\n:20:ABN AMRO BANK NV\n:25:123456789\n", .mt940),
        ("id,date,amount,category,payee,note\n1,2026-11-03,4.75,Food,Cafe,\"a\n:20:x\n:25:y\"\n", .csv),
        ("Datum;Betrag;Text\n03.11.2026;-4,75;\"\n:20:x\n:25:y\"\n", .csv),
        ("", .csv),
    ])
    func findsTheFormatFromTheContent(text: String, format: BankFileFormat) throws {
        #expect(try BankFileFormat.detect(head: Array(text.utf8), file: "f") == format)
    }

    @Test func aFileNameNeverDecidesTheFormat() throws {
        let reader = try BankFileReader(file: "statement.ofx", bytes: Array("date,amount\n".utf8))
        #expect(reader.format == .csv)
    }

    @Test func anExplicitFormatOverridesDetection() throws {
        var reader = try BankFileReader(file: "f", options: BankFileOptions(format: .qif), bytes: Array("D03.11.2026\nT-1,00\n^\n".utf8))
        #expect(reader.format == .qif)
        #expect(try reader.next() == nil)   // entries outside a !Type section are not read
    }

    @Test func binaryDataIsNotABankFile() {
        #expect(throws: BankFileError(BankFileLocation(file: "f", line: 2), .notText)) {
            _ = try BankFileReader(file: "f", bytes: [0x50, 0x4B, 0x0A, 0x03, 0x04])
        }
    }

    @Test func anotherKindOfXMLIsNamedByItsRoot() {
        let pain = "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.001.001.03\"><CstmrCdtTrfInitn/></Document>"
        #expect(throws: BankFileError(BankFileLocation(file: "f", line: 2, elementPath: "Document"),
                                      .unsupportedXML(root: "Document", namespace: "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"))) {
            _ = try BankFileReader(file: "f", bytes: Array(pain.utf8))
        }
    }

    @Test(arguments: [("ofx", BankFileFormat.ofx), ("QFX", .qfx), ("qif", .qif), ("camt", .camt053), ("camt.052", .camt052),
                      ("camt054", .camt054), ("mt940", .mt940), ("sta", .mt940), ("csv", .csv), ("tsv", .csv)])
    func formatsAreNamedAsPeopleWriteThem(name: String, format: BankFileFormat) {
        #expect(BankFileFormat(name: name) == format)
    }
}
