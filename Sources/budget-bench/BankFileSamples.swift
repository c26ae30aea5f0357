import BudgetKit

/// The same rows written as each bank format, for the bank file benchmarks: row `i` is on day
/// `i * 1826 / rows` after 2022-01-01, of `-(i * 7919 % 20000 + 1)` minor units (one in seven
/// is money in), to payee `Payee i % 500`.
enum BankFileSamples {
    static func row(_ index: Int, rows: Int) -> (day: Day, amount: Money, payee: String) {
        let day = Day(year: 2022, month: 1, day: 1)!.adding(days: index * 1826 / rows)
        let units = Int64(index * 7919 % 20000 + 1)
        return (day, Money(minorUnits: index % 7 == 0 ? units : -units), "Payee \(index % 500)")
    }

    static func compact(_ day: Day) -> String {
        String(day.description.filter { $0 != "-" })
    }

    static func csv(rows: Int) -> String {
        var text = "date,amount,payee,memo\n"
        for index in 0..<rows {
            let (day, amount, payee) = row(index, rows: rows)
            text += "\(day),\(amount),\(payee),Ref \(index)\n"
        }
        return text
    }

    static func ofxSGML(rows: Int) -> String {
        var text = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\n"
            + "OLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STMTRS>\n<CURDEF>USD\n"
            + "<BANKACCTFROM>\n<BANKID>121000248\n<ACCTID>0012345678\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n"
        for index in 0..<rows {
            let (day, amount, payee) = row(index, rows: rows)
            text += "<STMTTRN>\n<TRNTYPE>\(amount.minorUnits < 0 ? "DEBIT" : "CREDIT")\n<DTPOSTED>\(compact(day))120000.000[-5:EST]\n"
                + "<TRNAMT>\(amount)\n<FITID>\(index)\n<NAME>\(payee)\n<MEMO>Ref \(index)\n</STMTTRN>\n"
        }
        return text + "</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>0.00\n<DTASOF>20261231\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n"
    }

    static func ofxXML(rows: Int) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"211\"?>\n<OFX><BANKMSGSRSV1><STMTTRNRS>"
            + "<TRNUID>1</TRNUID><STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>121000248</BANKID><ACCTID>0012345678</ACCTID>"
            + "<ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST>\n"
        for index in 0..<rows {
            let (day, amount, payee) = row(index, rows: rows)
            text += "<STMTTRN><TRNTYPE>\(amount.minorUnits < 0 ? "DEBIT" : "CREDIT")</TRNTYPE><DTPOSTED>\(compact(day))</DTPOSTED>"
                + "<TRNAMT>\(amount)</TRNAMT><FITID>\(index)</FITID><NAME>\(payee)</NAME><MEMO>Ref \(index)</MEMO></STMTTRN>\n"
        }
        return text + "</BANKTRANLIST><LEDGERBAL><BALAMT>0.00</BALAMT><DTASOF>20261231</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
    }

    static func camt053(rows: Int) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">"
            + "<BkToCstmrStmt><GrpHdr><MsgId>1</MsgId><CreDtTm>2026-12-31T00:00:00</CreDtTm></GrpHdr><Stmt><Id>1</Id>"
            + "<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>\n"
        for index in 0..<rows {
            let (day, amount, payee) = row(index, rows: rows)
            let credit = amount.minorUnits >= 0
            let party = credit ? "<Dbtr><Nm>\(payee)</Nm></Dbtr>" : "<Cdtr><Nm>\(payee)</Nm></Cdtr>"
            text += "<Ntry><Amt Ccy=\"EUR\">\(Money(minorUnits: Int64(amount.minorUnits.magnitude)))</Amt>"
                + "<CdtDbtInd>\(credit ? "CRDT" : "DBIT")</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>\(day)</Dt></BookgDt>"
                + "<ValDt><Dt>\(day)</Dt></ValDt><AcctSvcrRef>\(index)</AcctSvcrRef><NtryDtls><TxDtls><RltdPties>\(party)</RltdPties>"
                + "<RmtInf><Ustrd>Ref \(index)</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n"
        }
        return text + "</Stmt></BkToCstmrStmt></Document>\n"
    }
}
