import Testing
@testable import BudgetKit

/// Every reader's errors name where: `FILE:LINE:COLUMN`, or the line and the XML element path.
@Suite struct BankFileErrorTests {
    static let ofxStart: String = "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD\n<BANKTRANLIST>\n"
    static let transactionPath = "OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN"
    static let camtStart: String = "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\"><BkToCstmrStmt><Stmt>\n"
    static let entryPath = "Document/BkToCstmrStmt/Stmt/Ntry"

    static func ofx(_ body: String) -> String { ofxStart + body }
    static func camt(_ body: String) -> String { camtStart + body }
    static func at(_ line: Int, _ column: Int? = nil, path: String? = nil) -> BankFileLocation {
        BankFileLocation(file: "f", line: line, column: column, elementPath: path)
    }

    static let cases: [(String, BankFileError)] = {
        var cases: [(String, BankFileError)] = []
        cases.append((ofx("<STMTTRN><DTPOSTED>20261103\n</STMTTRN>"), BankFileError(BankFileLocation(file: "f", line: 6, elementPath: transactionPath), .missingField("TRNAMT"))))
        cases.append((ofx("<STMTTRN>\n<DTPOSTED>20261103\n<TRNAMT>1.234,56\n</STMTTRN>"),
         BankFileError(BankFileLocation(file: "f", line: 8, elementPath: transactionPath + "/TRNAMT"), .invalidAmount("1.234,56"))))
        cases.append((ofx("<STMTTRN>\n<DTPOSTED>2026-11-03\n<TRNAMT>1\n</STMTTRN>"),
         BankFileError(BankFileLocation(file: "f", line: 7, elementPath: transactionPath + "/DTPOSTED"), .invalidDate("2026-11-03"))))
        cases.append((ofx("<STMTTRN><DTPOSTED>20261103<TRNAMT>1\n"),
         BankFileError(BankFileLocation(file: "f", line: 6, elementPath: transactionPath), .unexpectedEnd(expected: "</STMTTRN>"))))
        // Cut short inside a tag: the file ends, the tag is not too long.
        cases.append((ofx("<STMTTRN><DTPOSTED>20261103<TRNAMT>-1.00<FITID>F1<NAME>a</STMT"),
         BankFileError(BankFileLocation(file: "f", line: 6), .unexpectedEnd(expected: ">"))))
        cases.append((ofx("<STMTTRN><DTPOS<TED>20261103"),
         BankFileError(BankFileLocation(file: "f", line: 6), .malformedField("tag", text: "<DTPOS"))))
        cases.append((camt("<Ntry><Amt Ccy=\"EUR\">1.00</Amt>\n<CdtDbtInd>CREDIT</CdtDbtInd><BookgDt><Dt>2026-11-03</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>"),
         BankFileError(BankFileLocation(file: "f", line: 2, elementPath: entryPath), .malformedField("CdtDbtInd", text: "CREDIT"))))
        cases.append((camt("<Ntry><Amt Ccy=\"EUR\">-1.00</Amt>\n<CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-03</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>"),
         BankFileError(BankFileLocation(file: "f", line: 2, elementPath: entryPath + "/Amt"), .invalidAmount("-1.00"))))
        cases.append((camt("<Ntry><Amt Ccy=\"EUR\">1.00</Amt>\n<CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-02-30</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>"),
         BankFileError(BankFileLocation(file: "f", line: 3, elementPath: entryPath + "/BookgDt"), .invalidDate("2026-02-30"))))
        cases.append((camt("<Ntry><Amt Ccy=\"EUR\">1.00</Amt>\n"),
         BankFileError(BankFileLocation(file: "f", line: 2), .unexpectedEnd(expected: "</Ntry>"))))
        cases.append((":20:X\n:25:ACCOUNT\n:61:2611031103Q1,00NTRFNONREF\n",
         BankFileError(BankFileLocation(file: "f", line: 3, column: 5), .malformedField(":61:", text: "2611031103Q1,00NTRFNONREF"))))
        // Cut short after an entry: no :62F: closes the statement.
        cases.append((":20:X\n:25:ACCOUNT\n:60F:C261101EUR1,00\n:61:2611031103D1,00NTRFNONREF\n:86:Text\nmore text\n",
         BankFileError(BankFileLocation(file: "f", line: 6, column: 1), .unexpectedEnd(expected: ":62F:"))))
        cases.append((":20:X\n:25:ACCOUNT\n:60F:C261331EUR1,00\n", BankFileError(BankFileLocation(file: "f", line: 3, column: 6), .invalidDate("261331"))))
        cases.append(("\n:20:X\n:25:ACCOUNT\n-\nstray text\n", BankFileError(BankFileLocation(file: "f", line: 5, column: 1), .malformedField("MT940 line", text: "stray text"))))
        cases.append(("!Type:Bank\nD03.11.2026\nT1.234\n^\n", BankFileError(BankFileLocation(file: "f", line: 3, column: 2), .ambiguousAmount("1.234", readings: ["1234", "1.234"]))))
        cases.append(("!Type:Bank\nD31.11.2026\nT1\n^\n", BankFileError(BankFileLocation(file: "f", line: 2, column: 2), .invalidDate("31.11.2026"))))
        cases.append(("!Type:Bank\nPNo date\nT1\n^\n", BankFileError(BankFileLocation(file: "f", line: 2, column: 1), .missingField("D"))))
        cases.append(("!Type:Bank\nD03.11.2026\nT1\n", BankFileError(BankFileLocation(file: "f", line: 4, column: 1), .unexpectedEnd(expected: "^"))))
        cases.append(("!Type:Bank\nD03.11.2026\nT1\nSFood\n^\n", BankFileError(BankFileLocation(file: "f", line: 4, column: 1), .missingField("$"))))
        return cases
    }()


    @Test(arguments: cases)
    func anErrorNamesWhereItIs(text: String, error: BankFileError) {
        #expect(throws: error) {
            var reader = try BankFileReader(file: "f", bytes: Array(text.utf8))
            while try reader.next() != nil {}
        }
    }

    /// An MT942 interim report has no closing balance: its end is no cut.
    @Test func anInterimReportWithoutAClosingBalanceReadsWhole() throws {
        let text = ":20:X\n:25:ACCOUNT\n:13D:2611031200+0100\n:34F:EUR0,\n:61:2611031103D1,00NTRFNONREF\n:86:Text\n:90D:1EUR1,00\n"
        var reader = try BankFileReader(file: "f", bytes: Array(text.utf8))
        var entries = 0
        while let item = try reader.next() { if case .entry = item { entries += 1 } }
        #expect(entries == 1)
    }

    @Test func errorsReadAsFileLineColumnOrTheElementPath() {
        #expect(BankFileError(BankFileLocation(file: "a.sta", line: 3, column: 5), .malformedField(":61:", text: "x")).description
                == "a.sta:3:5: malformed :61: 'x'")
        #expect(BankFileError(BankFileLocation(file: "a.xml", line: 9, elementPath: "Document/Ntry/Amt"), .invalidAmount("x")).description
                == "a.xml:9 (Document/Ntry/Amt): invalid amount 'x'")
    }

    @Test func aReaderStopsAtTheFirstErrorAfterTheEntriesBeforeIt() throws {
        var reader = try BankFileReader(file: "f", bytes: Array("!Type:Bank\nD03.11.2026\nT1\n^\nD99.99.2026\nT1\n^\n".utf8))
        #expect(try reader.next().map(describe)?.hasPrefix("start qif") == true)
        #expect(try reader.next().map(describe)?.hasPrefix("entry 2026-11-03 1.00") == true)
        #expect(throws: BankFileError(BankFileLocation(file: "f", line: 5, column: 2), .invalidDate("99.99.2026"))) { try reader.next() }
    }
}
