import Testing
@testable import BudgetKit

/// OFX 1.x (SGML) structures a bank writes that the spec's element rules still read: an
/// aggregate's end tag left out, stray text inside an aggregate. No row is ever dropped.
@Suite struct OFXStatementBuilderTests {
    static let header = "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR"
        + "<BANKACCTFROM><ACCTID>DE89370400440532013000</BANKACCTFROM><BANKTRANLIST>\n"
    static let footer = "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"

    static func entries(_ body: String) throws -> [String] {
        try readAll("f.ofx", bytes: Array((header + body + footer).utf8)).filter { $0.hasPrefix("entry") }
    }

    static let coffee = "entry 2026-11-03 -4.75 EUR payee='Coffee' ref=A1 @f.ofx:5 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)"
    static let bakery = "entry 2026-11-04 -10.00 EUR payee='Bakery' ref=A2 @f.ofx:6 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)"

    @Test(arguments: [
        // The reviewer's file: Coffee's </STMTTRN> left out before Bakery's <STMTTRN>.
        "<STMTTRN><DTPOSTED>20261103<TRNAMT>-4.75<FITID>A1<NAME>Coffee\n<STMTTRN><DTPOSTED>20261104<TRNAMT>-10.00<FITID>A2<NAME>Bakery</STMTTRN>\n",
        // Both end tags left out: the list's end closes the last.
        "<STMTTRN><DTPOSTED>20261103<TRNAMT>-4.75<FITID>A1<NAME>Coffee\n<STMTTRN><DTPOSTED>20261104<TRNAMT>-10.00<FITID>A2<NAME>Bakery\n",
        // An element inside left open too (PAYEE's end): closed with its STMTTRN.
        "<STMTTRN><DTPOSTED>20261103<TRNAMT>-4.75<FITID>A1<PAYEE><NAME>Coffee\n<STMTTRN><DTPOSTED>20261104<TRNAMT>-10.00<FITID>A2<NAME>Bakery</STMTTRN>\n",
    ])
    func anOpenTransactionIsClosedByTheNextOneAndBothAreRead(body: String) throws {
        #expect(try Self.entries(body) == [Self.coffee, Self.bakery])
    }

    @Test(arguments: [
        "<STMTTRN>x<DTPOSTED>20261103<TRNAMT>-4.75<FITID>A1<NAME>Coffee</STMTTRN>\n",
        "<STMTTRN><DTPOSTED>20261103<TRNAMT>-4.75<FITID>A1<PAYEE>stray<NAME>Coffee</PAYEE></STMTTRN>\n",
    ])
    func strayTextInsideATransactionIsIgnoredAndTheRowKept(body: String) throws {
        let next = "<STMTTRN><DTPOSTED>20261104<TRNAMT>-10.00<FITID>A2<NAME>Bakery</STMTTRN>\n"
        #expect(try Self.entries(body + next) == [Self.coffee, Self.bakery])
    }

    @Test func aTransactionLeftOpenAtTheEndOfTheFileIsAnErrorNamingItsLine() {
        let text = Self.header + "<STMTTRN><DTPOSTED>20261103<TRNAMT>-4.75<FITID>A1<NAME>Coffee\n<STMTTRN><DTPOSTED>20261104<TRNAMT>-10.00\n"
        #expect(throws: BankFileError(BankFileLocation(file: "f.ofx", line: 6, elementPath: "OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN"),
                                      .unexpectedEnd(expected: "</STMTTRN>"))) {
            _ = try readAll("f.ofx", bytes: Array(text.utf8))
        }
    }
}
