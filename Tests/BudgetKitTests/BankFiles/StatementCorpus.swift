import Testing
@testable import BudgetKit

/// One corpus file and exactly what it must give.
struct CorpusCase: Sendable, CustomTestStringConvertible {
    let file: String
    let options: BankFileOptions
    let format: BankFileFormat
    let encoding: TextEncoding?
    let items: [String]

    init(_ file: String, _ options: BankFileOptions, format: BankFileFormat, encoding: TextEncoding?, items: [String]) {
        self.file = file
        self.options = options
        self.format = format
        self.encoding = encoding
        self.items = items
    }

    var testDescription: String { file }
}

/// The statement formats' corpus files (see Corpus/README.md) and every item each must give,
/// written out whole: statements with their accounts and balances, entries with every field.
let statementCorpus: [CorpusCase] = [
        CorpusCase("ofx1-us-checking-unclosed.ofx", BankFileOptions(), format: .ofx, encoding: nil, items: [
            "start ofx account=0012345678|121000248|-|CHECKING USD entries=0 @ofx1-us-checking-unclosed.ofx:33 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS)",
            "entry 2026-11-03 -4.75 USD payee='BLUE BOTTLE COFFEE' memo='POS PURCHASE' ref=202611030001 type=DEBIT @ofx1-us-checking-unclosed.ofx:43 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "entry 2026-11-05 -1250.00 USD payee='A & B PROPERTY MGMT' ref=202611050002 type=CHECK check=1042 @ofx1-us-checking-unclosed.ofx:52 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "entry 2026-11-15 2500.00 value=2026-11-16 USD payee='ACME PAYROLL' ref=202611150003 type=DIRECTDEP @ofx1-us-checking-unclosed.ofx:60 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "entry 2026-11-30 -0.50 USD payee='First Example Bank' memo='MONTHLY SERVICE FEE' ref=202611300004 type=FEE @ofx1-us-checking-unclosed.ofx:69 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "end ofx account=0012345678|121000248|-|CHECKING USD closing=1745.95@2026-11-30 available=1700.00@2026-11-30 period=2026-11-01...2026-11-30 entries=4 @ofx1-us-checking-unclosed.ofx:33 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS)",
        ]),
        CorpusCase("ofx1-european-bank-cp1252.ofx", BankFileOptions(), format: .ofx, encoding: .windows1252, items: [
            "start ofx account=DE89370400440532013000|37040044|-|CHECKING EUR entries=0 @ofx1-european-bank-cp1252.ofx:14 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS)",
            "entry 2026-11-02 -200.00 EUR payee='Bäckerei Müller' memo='Kartenzahlung – Filiale Köln' ref=EU-0001 type=DEBIT @ofx1-european-bank-cp1252.ofx:17 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "entry 2026-11-10 1234.50 EUR payee='Arbeitgeber GmbH' memo='Gehalt November' ref=EU-0002 type=CREDIT @ofx1-european-bank-cp1252.ofx:18 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "entry 2026-11-11 -0.99 EUR payee='€-Shop' ref=EU-0003 type=DEBIT @ofx1-european-bank-cp1252.ofx:19 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "end ofx account=DE89370400440532013000|37040044|-|CHECKING EUR closing=1033.51@2026-11-30 period=2026-11-01...2026-11-30 entries=3 @ofx1-european-bank-cp1252.ofx:14 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS)",
        ]),
        CorpusCase("qfx-credit-card-one-line.qfx", BankFileOptions(), format: .qfx, encoding: nil, items: [
            "start qfx account=4111111111111111|-|-|CREDITCARD USD entries=0 @qfx-credit-card-one-line.qfx:11 (OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS/CCSTMTRS)",
            "entry 2026-11-04 -42.10 USD payee='GROCERY OUTLET #12' ref=CC1 type=DEBIT @qfx-credit-card-one-line.qfx:11 (OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS/CCSTMTRS/BANKTRANLIST/STMTTRN)",
            "entry 2026-11-20 42.10 USD payee='PAYMENT THANK YOU' ref=CC2 type=CREDIT @qfx-credit-card-one-line.qfx:11 (OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS/CCSTMTRS/BANKTRANLIST/STMTTRN)",
            "end qfx account=4111111111111111|-|-|CREDITCARD USD closing=0.00@2026-11-30 period=2026-11-01...2026-11-30 entries=2 @qfx-credit-card-one-line.qfx:11 (OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS/CCSTMTRS)",
        ]),
        CorpusCase("ofx2-xml-savings.ofx", BankFileOptions(), format: .ofx, encoding: nil, items: [
            "start ofx account=12345678|400515|-|SAVINGS GBP entries=0 @ofx2-xml-savings.ofx:15 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS)",
            "entry 2026-11-30 3.21 GBP payee='Interest <gross>' ref=INT-2026-11 type=INT @ofx2-xml-savings.ofx:25 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "entry 2026-11-12 -100.00 GBP payee='Transfer to current account' memo='Standing order & reference' ref=XF-88 type=XFER @ofx2-xml-savings.ofx:32 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN)",
            "end ofx account=12345678|400515|-|SAVINGS GBP closing=5903.21@2026-11-30 period=2026-11-01...2026-11-30 entries=2 @ofx2-xml-savings.ofx:15 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS)",
        ]),
        CorpusCase("camt053-batch-and-pending.xml", BankFileOptions(), format: .camt053, encoding: nil, items: [
            "start camt.053 account=DE89370400440532013000|COBADEFFXXX|-|- EUR opening=1500.00@2026-11-29 closing=1065.10@2026-11-30 available=1050.00@2026-11-30 entries=0 @camt053-batch-and-pending.xml:8 (Document/BkToCstmrStmt/Stmt)",
            "entry 2026-11-30 -89.90 value=2026-11-30 EUR payee='Stadtwerke Beispielstadt' memo='Abschlag Strom November Kundennr. 12345' ref=2026113000001 type=PMNT/IDDT/ESDD @camt053-batch-and-pending.xml:40 (Document/BkToCstmrStmt/Stmt/Ntry)",
            "entry 2026-11-30 -120.00 value=2026-11-30 EUR payee='Hausverwaltung Nord' memo='Nebenkosten' ref=2026113000002/1 type=PMNT/ICDT/ESCT @camt053-batch-and-pending.xml:73 (Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls)",
            "entry 2026-11-30 -180.00 value=2026-11-30 EUR payee='Sportverein 1899 e.V.' memo='Jahresbeitrag' ref=2026113000002/2 type=PMNT/ICDT/ESCT @camt053-batch-and-pending.xml:79 (Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls)",
            "entry 2026-11-30 -45.00 value=2026-11-30 EUR memo='SAMMLER 3 POSTEN' ref=2026113000003 type=NMSC+191 @camt053-batch-and-pending.xml:87 (Document/BkToCstmrStmt/Stmt/Ntry)",
            "entry 2026-12-01 36.55 value=2026-12-01 EUR payee='Online Shop AG' memo='RF18539007547034' pending type=PMNT/RCDT/ESCT @camt053-batch-and-pending.xml:103 (Document/BkToCstmrStmt/Stmt/Ntry)",
            "end camt.053 account=DE89370400440532013000|COBADEFFXXX|-|- EUR opening=1500.00@2026-11-29 closing=1065.10@2026-11-30 available=1050.00@2026-11-30 period=2026-11-30...2026-11-30 entries=5 @camt053-batch-and-pending.xml:8 (Document/BkToCstmrStmt/Stmt)",
        ]),
        CorpusCase("camt052-intraday-v08.xml", BankFileOptions(), format: .camt052, encoding: .utf8, items: [
            "start camt.052 account=0532013000|UBSWCHZH80A|Privatkonto|- CHF closing=-250.50@2026-11-20(intermediate) entries=0 @camt052-intraday-v08.xml:5 (Document/BkToCstmrAcctRpt/Rpt)",
            "entry 2026-11-20 1000.00 value=2026-11-20 CHF payee='Muster & Co AG' memo='Lohn November' ref=CH-20261120-1 type=PMNT/RCDT/DMCT @camt052-intraday-v08.xml:10 (Document/BkToCstmrAcctRpt/Rpt/Ntry)",
            "entry 2026-11-20 -12.80 CHF payee='Café Zürichsee' memo='Kartenzahlung 20.11.2026 12:31' pending type=CARD @camt052-intraday-v08.xml:25 (Document/BkToCstmrAcctRpt/Rpt/Ntry)",
            "end camt.052 account=0532013000|UBSWCHZH80A|Privatkonto|- CHF closing=-250.50@2026-11-20(intermediate) entries=2 @camt052-intraday-v08.xml:5 (Document/BkToCstmrAcctRpt/Rpt)",
        ]),
        CorpusCase("camt054-notification.xml", BankFileOptions(), format: .camt054, encoding: .utf8, items: [
            "start camt.054 account=FR1420041010050500013M02606|-|-|- entries=0 @camt054-notification.xml:5 (Document/BkToCstmrDbtCdtNtfctn/Ntfctn)",
            "entry 2026-11-18 -64.20 value=2026-11-17 EUR payee='Librairie Générale' memo='CB 17/11 LIBRAIRIE' ref=FR-N-0042 type=PMNT/CCRD/POSD @camt054-notification.xml:9 (Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry)",
            "end camt.054 account=FR1420041010050500013M02606|-|-|- entries=1 @camt054-notification.xml:5 (Document/BkToCstmrDbtCdtNtfctn/Ntfctn)",
        ]),
        CorpusCase("mt940-structured-86-multiline.sta", BankFileOptions(), format: .mt940, encoding: nil, items: [
            "start mt940 account=37040044/0532013000|-|-|- EUR opening=1500.00@2026-11-27 entries=0 @mt940-structured-86-multiline.sta:1:1",
            "entry 2026-11-28 -89.90 value=2026-11-28 EUR payee='Stadtwerke Beispielstadt' memo='Abschlag Strom November Kundennr. 12345' ref=2611280001 type=NDDT @mt940-structured-86-multiline.sta:5:1",
            "entry 2026-12-01 2500.00 value=2026-11-30 EUR payee='Arbeitgeber GmbH' memo='Gehalt November 2026' ref=2611300002 type=NTRF @mt940-structured-86-multiline.sta:8:1",
            "entry 2026-11-30 -3.50 value=2026-11-30 EUR memo='Kontofuehrungsgebuehr November 2026' type=NMSC @mt940-structured-86-multiline.sta:10:1",
            "end mt940 account=37040044/0532013000|-|-|- EUR opening=1500.00@2026-11-27 closing=3906.60@2026-11-30 available=3906.60@2026-11-30 entries=3 @mt940-structured-86-multiline.sta:1:1",
        ]),
        CorpusCase("mt940-swift-envelope-intermediate.txt", BankFileOptions(), format: .mt940, encoding: nil, items: [
            "start mt940 account=NL91ABNA0417164300|-|-|- EUR opening=-120.00@2026-11-30(intermediate) entries=0 @mt940-swift-envelope-intermediate.txt:2:1",
            "entry 2026-12-01 1000.00 value=2026-12-01 EUR memo='SALARY DECEMBER FROM EXAMPLE EMPLOYER BV WITH A TEXT THAT IS LONG ENOUGH TO WRAP ONTO A SECOND LINE AND A THIRD /PMTREF/PAYROLL' ref=BR-1 type=NTRF @mt940-swift-envelope-intermediate.txt:6:1",
            "entry 2026-12-01 20.00 value=2026-12-01 EUR memo='REVERSAL OF CHARGE' ref=BR-2 type=NCHG @mt940-swift-envelope-intermediate.txt:11:1",
            "end mt940 account=NL91ABNA0417164300|-|-|- EUR opening=-120.00@2026-11-30(intermediate) closing=900.00@2026-12-01(intermediate) entries=2 @mt940-swift-envelope-intermediate.txt:2:1",
        ]),
        CorpusCase("qif-european-dates-and-amounts.qif", BankFileOptions(), format: .qif, encoding: .utf8, items: [
            "start qif account=-|-|-|Bank entries=0 @qif-european-dates-and-amounts.qif:1:1",
            "entry 2026-12-31 -1234.56 payee='Möbelhaus' category='Wohnen' @qif-european-dates-and-amounts.qif:2:1",
            "entry 2027-01-05 2500.00 payee='Arbeitgeber' memo='Januar' @qif-european-dates-and-amounts.qif:7:1",
            "entry 2027-01-15 -12.50 payee='Bäcker' @qif-european-dates-and-amounts.qif:12:1",
            "end qif account=-|-|-|Bank entries=3 @qif-european-dates-and-amounts.qif:1:1",
        ]),
        CorpusCase("qif-us-splits-transfer.qif", BankFileOptions(dateOrder: .monthDayYear), format: .qif, encoding: nil, items: [
            "start qif account=-|-|Everyday Checking|Bank entries=0 @qif-us-splits-transfer.qif:6:1",
            "entry 2026-12-31 -1234.56 payee='Acme Furniture' memo='Sofa and chair' check=1043 category='Home:Furniture' @qif-us-splits-transfer.qif:7:1",
            "entry 2027-01-05 -250.00 payee='Transfer to savings' transfer='Savings' @qif-us-splits-transfer.qif:14:1",
            "entry 2027-01-15 -100.00 payee='Costco' split(Groceries|-|-60.00|Weekly shop) split(Household:Cleaning|-|-25.00|) split(-|Cash|-15.00|Refund to wallet) @qif-us-splits-transfer.qif:19:1",
            "entry 2027-01-31 2500.00 payee='Employer Inc' category='Salary' @qif-us-splits-transfer.qif:33:1",
            "end qif account=-|-|Everyday Checking|Bank entries=4 @qif-us-splits-transfer.qif:6:1",
        ]),
]
