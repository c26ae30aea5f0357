import BudgetKit
import Testing
@testable import BudgetCLI

/// Issue 11 through `budget import`: formats, encodings, accounts, balances, pending rows,
/// deleted rows and errors, each with its message and exit status, and the book unchanged on
/// errors.
@Suite struct ImportBankFileTests {
    static let statement = """
        :20:STARTUMSE
        :25:37040044/0532013000
        :28C:00330/001
        :60F:C261127EUR1500,00
        :61:2611281128DR89,90NDDTINV-2026-4711//2611280001
        :86:105?20Abschlag Strom?32Stadtwerke
        :61:2611301130CR2500,00NTRFNONREF//2611300002
        :86:166?20Gehalt November?32Arbeitgeber GmbH
        :62F:C261130EUR3910,10
        -

        """

    func book(opening: String = "1500") -> Sandbox {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-account", "Giro", "--number", "37040044/0532013000", "--opening", opening, "--on", "2026-11-01")
        return sandbox
    }

    @Test func anMT940FileGoesIntoTheAccountWithItsNumberAndItsBalanceChecksOut() throws {
        let sandbox = book()
        let file = sandbox.write("giro.txt", Self.statement)
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 2 transactions from \(file).\nGiro on 2026-11-30: 3910.10, as the statement says.\n")
        let listed = sandbox.succeed("list", "--account", "Giro", "--format", "csv")
        #expect(listed.contains("2026-11-28,89.90,Food,Stadtwerke,Abschlag Strom,expense,Giro,"))
    }

    /// A bank that writes one FITID on every row: each row imports, and the file again adds nothing.
    @Test func anIdTheFileGivesTwiceLosesNoRow() throws {
        let sandbox = book()
        let file = sandbox.write("giro.ofx", """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>37040044/0532013000<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20261101<DTEND>20261130
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-1.00<FITID>0<NAME>Bakery</STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261106<TRNAMT>-2.00<FITID>0<NAME>Kiosk</STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261107<TRNAMT>-3.00<FITID>7<NAME>Cafe</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """)
        let dryRun = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.split(separator: "\n").filter { $0.hasSuffix(",new") }.count == 3)
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 3 transactions from \(file).\n")
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.stderr == "Imported 0 transactions from \(file); skipped 3 already imported.\n")
        let keys = try sandbox.query("SELECT import_key FROM transactions WHERE import_key LIKE '%|ref|%' ORDER BY id")
        #expect(keys == ["37040044/0532013000|ref|0", "37040044/0532013000|ref|0|2", "37040044/0532013000|ref|7"])
    }

    /// A bank's file with budget's own header words: most rows negative, which budget's layout
    /// reads as money in, so the import says so and names --negate; the bank's header words say
    /// how they were read.
    @Test func aFileReadWithMostAmountsNegativeIsPointedOut() throws {
        let sandbox = book()
        let text = "2026-11-05,-5.75,Coffee\n2026-11-06,-12.00,Bakery\n2026-11-07,1200.00,Salary\n2026-11-08,-3.10,Kiosk\n"
        let lower = sandbox.write("lower.csv", "date,amount,payee\n" + text)
        let dryRun = sandbox.run("import", lower, "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dryRun.stderr == """
            Dry run: would import 4 transactions from \(lower).
            budget: warning: 3 of 4 rows have a negative amount, which budget's own layout reads as money in (a refund, or income)
            hint: if the file is a bank's, where money out is negative, add --negate

            """)
        let result = sandbox.run("import", lower, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix("run 'budget undo' and import it again with --negate\n"))
        #expect(sandbox.run("import", lower, "--default-category", "Food", "--negate", "--source", "again").stderr
            == "Imported 4 transactions from \(lower).\n")
        let upper = sandbox.write("upper.csv", "Date,Amount,Payee\n" + text)
        #expect(sandbox.run("import", upper, "--default-category", "Food", "--dry-run", "--format", "csv").stderr == """
            Read as csv (utf-8, ','), header on line 1: date 'Date', amount 'Amount', payee 'Payee'; signs as the bank's (money out negative).
            Dry run: would import 0 transactions from \(upper); would skip 4 already imported.

            """)
    }

    /// An investment statement's cash entries go into the account with its number.
    @Test func anInvestmentStatementGoesIntoItsAccount() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add-account", "Broker", "--number", "4111-22")
        let file = sandbox.write("broker.ofx", """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20261130<CURDEF>USD
            <INVACCTFROM><BROKERID>broker.example<ACCTID>4111-22</INVACCTFROM>
            <INVTRANLIST><DTSTART>20261101<DTEND>20261130
            <INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261105<TRNAMT>100.00<FITID>I1<NAME>Deposit</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>
            </INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>

            """)
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(file).\n")
        #expect(try sandbox.query("SELECT a.name || ' ' || t.import_key FROM transactions AS t JOIN accounts AS a ON a.id = t.account_id WHERE t.payee = 'Deposit'")
            == ["Broker 411122|ref|I1"])
    }

    /// A bank's web page saved instead of its statement is named as such, whatever its name.
    @Test(arguments: ["<!DOCTYPE html>\n<html><body>Login</body></html>\n", "<html><head></head><body>Error</body></html>\n",
                      "\n  <!doctype HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">\n<HTML>\n"])
    func aWebPageIsNamed(text: String) throws {
        let sandbox = book()
        let file = sandbox.write("statement.csv", text)
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 65)
        #expect(result.stderr == "budget: error: \(file):1: an HTML web page, not a bank statement\n"
            + "hint: the bank's web page (a login or an error page) was saved instead of the statement: download the statement again\n")
        #expect(try sandbox.snapshot() == before)
    }

    /// A file in which no statement was found is an error, never "Imported 0 transactions".
    @Test(arguments: [
        ("inv.qif", "!Type:Invst\nD11/07/2026\nNBuy\nYAAPL\nT-100\n^\n", [String](), "qif",
         "budget reads the sections !Type:Bank, Cash, CCard, Oth A and Oth L of a QIF file, not investment accounts"),
        ("typo.qif", "!Type:Bnk\nD11/07/2026\nT-100\nPx\n^\n", [], "qif",
         "budget reads the sections !Type:Bank, Cash, CCard, Oth A and Oth L of a QIF file, not investment accounts"),
        ("error.ofx", "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR</STATUS></SONRS></SIGNONMSGSRSV1></OFX>\n",
         [], "ofx", "an OFX file without a bank or card statement (an error response from the bank, say) has nothing to import"),
        ("rows.csv", "date,amount,payee\n2026-11-05,1.00,x\n", ["--file-format", "qif"], "qif",
         "budget reads the sections !Type:Bank, Cash, CCard, Oth A and Oth L of a QIF file, not investment accounts"),
    ])
    func aFileWithNoStatementIsAnError(name: String, text: String, options: [String], format: String, hint: String) throws {
        let sandbox = book()
        let file = sandbox.write(name, text)
        let before = try sandbox.snapshot()
        for dryRun in [[], ["--dry-run"]] {
            let result = sandbox.run(["import", file, "--default-category", "Food"] + options + dryRun)
            #expect(result.status == 65)
            #expect(result.stdout == "")
            #expect(result.stderr == "budget: error: \(file): no statement or transaction found, read as \(format)\n"
                + "hint: \(hint); check the file, or name its format with --file-format\n")
        }
        #expect(try sandbox.snapshot() == before)
    }

    /// The same charge on two cards' statements: each card gets its row, and each file again adds nothing.
    @Test func identicalRowsInTwoAccountsAreTwoRows() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add-account", "Visa")
        sandbox.succeed("-q", "add-account", "Amex")
        let visa = sandbox.write("visa.csv", "date,amount,payee\n2026-11-05,9.99,Netflix\n2026-11-06,4.00,Cafe\n")
        let amex = sandbox.write("amex.csv", "date,amount,payee\n2026-11-05,9.99,Netflix\n")
        #expect(sandbox.run("import", visa, "--account", "Visa", "--default-category", "Food").stderr
            == "Imported 2 transactions from \(visa).\n")
        let dryRun = sandbox.run("import", amex, "--account", "Amex", "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dryRun.stdout.split(separator: "\n").filter { $0.hasSuffix(",new") }.count == 1)
        #expect(sandbox.run("import", amex, "--account", "Amex", "--default-category", "Food").stderr
            == "Imported 1 transaction from \(amex).\n")
        for (file, account, count) in [(amex, "Amex", 1), (visa, "Visa", 2)] {
            #expect(sandbox.run("import", file, "--account", account, "--default-category", "Food").stderr
                == "Imported 0 transactions from \(file); skipped \(count) already imported.\n")
        }
        let keys = try sandbox.query(
            "SELECT a.name || ' ' || t.import_key FROM transactions AS t JOIN accounts AS a ON a.id = t.account_id WHERE t.payee = 'Netflix' ORDER BY t.id")
        let amexID = try sandbox.query("SELECT id FROM accounts WHERE name = 'Amex'")[0]
        #expect(keys == ["Visa default|2026-11-05|9.99|Netflix|1", "Amex default|2026-11-05|9.99|Netflix|1|account \(amexID)"])
    }

    /// A direct debit's EndToEndId is the payer's (a contract number, every month): February's
    /// debit is not January's.
    @Test func aPayersReferenceKeysNothing() throws {
        let sandbox = book()
        func statement(_ day: String) -> String {
            """
            <?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S</Id>
            <Acct><Id><Othr><Id>37040044/0532013000</Id></Othr></Id></Acct><Ntry><Amt Ccy="EUR">49.90</Amt><CdtDbtInd>DBIT</CdtDbtInd>
            <Sts>BOOK</Sts><BookgDt><Dt>\(day)</Dt></BookgDt><NtryDtls><TxDtls><Refs><EndToEndId>VERTRAG 4711</EndToEndId>
            <TxId>T1</TxId></Refs><RltdPties><Cdtr><Nm>Insurance AG</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry></Stmt>
            </BkToCstmrStmt></Document>
            """
        }
        for day in ["2026-11-15", "2026-12-15"] {
            let file = sandbox.write("camt-\(day).xml", statement(day))
            let result = sandbox.run("import", file, "--default-category", "Food")
            #expect(result.status == 0)
            #expect(result.stderr == "Imported 1 transaction from \(file).\n")
        }
        let listed = sandbox.succeed("list", "--account", "Giro", "--format", "csv", "--from", "2026-11-01", "--to", "2026-12-31")
        #expect(listed.contains("2026-11-15,49.90,Food,Insurance AG") && listed.contains("2026-12-15,49.90,Food,Insurance AG"))
    }

    @Test func aClosingBalanceThatDiffersExits3AndKeepsTheRows() throws {
        let sandbox = book(opening: "0")
        let file = sandbox.write("giro.sta", Self.statement)
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 3)
        #expect(result.stderr == """
            Imported 2 transactions from \(file).
            budget: warning: \(file):1:1: the statement opens Giro at 1500.00, the book at 0.00 (difference -1500.00): an earlier statement is missing
            hint: import the statements before this one, then this one again (it adds nothing twice); if the book starts with this statement, give the account its opening balance: budget set-opening-balance Giro 1500.00
            budget: error: \(file):1:1: the statement closes Giro on 2026-11-30 at 3910.10, the book at 2410.10 as the bank sees it; difference -1500.00
            hint: the rows were imported; look for rows deleted, edited or missing in Giro up to 2026-11-30 (see 'budget list --account Giro'), and for an earlier statement not imported

            """)
        #expect(try sandbox.snapshot().contains("Stadtwerke"))
        // The hint's command makes the book open as the bank does; the same file then checks out.
        #expect(sandbox.run("set-opening-balance", "Giro", "1500.00").stderr == "Set the opening balance of Giro to 1500.00 (was 0.00 from 2026-11-01).\n")
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.status == 0)
        #expect(again.stderr == "Imported 0 transactions from \(file); skipped 2 already imported.\nGiro on 2026-11-30: 3910.10, as the statement says.\n")
    }

    @Test func aStatementOfAnUnknownAccountIsRefusedWithTheCommandThatAddsIt() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("giro.sta", Self.statement)
        let before = try sandbox.snapshot()
        for dryRun in [[], ["--dry-run"]] {
            let result = sandbox.run(["import", file, "--default-category", "Food"] + dryRun)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == """
                budget: error: \(file):5: the file is a statement of account '37040044/0532013000', and no account has that number
                hint: add it with 'budget add-account NAME --number 37040044/0532013000', or import into an account with --account NAME; nothing was imported

                """)
        }
        #expect(try sandbox.snapshot() == before)
        // --account puts it somewhere.
        #expect(sandbox.run("import", file, "--default-category", "Food", "--account", "Main").status == 3)
    }

    @Test func aDeletedRowIsListedAsIgnoredAndComesBackWhenAsked() throws {
        let sandbox = book()
        let file = sandbox.write("giro.sta", Self.statement)
        sandbox.succeed("-q", "import", file, "--default-category", "Food")
        let id = sandbox.succeed("list", "--account", "Giro", "--format", "csv").split(separator: "\n").dropFirst()
            .first { $0.contains("Stadtwerke") }.map { String($0.prefix { $0 != "," }) } ?? ""
        sandbox.succeed("-q", "delete", id)
        let dry = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("2026-11-28,89.90,Food,Stadtwerke,Abschlag Strom,expense,Giro,,,,,,ignored"))
        #expect(dry.stderr.hasPrefix("Read as mt940 (utf-8).\nDry run: would import 0 transactions from \(file); would skip 1 already imported; would ignore 1 deleted"))
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.status == 3)
        #expect(again.stderr.hasPrefix("Imported 0 transactions from \(file); skipped 1 already imported; ignored 1 deleted after an earlier import "
            + "(--include-deleted brings it back).\n"))
        let back = sandbox.run("import", file, "--default-category", "Food", "--include-deleted")
        #expect(back.status == 0)
        #expect(back.stderr.hasPrefix("Imported 1 transaction from \(file); skipped 1 already imported.\n"))
    }

    @Test func aPendingRowIsReplacedAndANearMissListed() throws {
        let sandbox = book()
        let first = sandbox.write("pending.csv", "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n2026-11-20,-5.00,Bakery,pending\n")
        sandbox.succeed("-q", "import", first, "--negate", "--default-category", "Food")
        let second = sandbox.write("posted.csv", "date,amount,payee,status\n2026-11-22,-13.00,Corner Cafe,booked\n2026-11-21,-5.00,Baker's,booked\n")
        let result = sandbox.run("import", second, "--negate", "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == """
            Imported 1 transaction from \(second); replaced 1 pending transaction by its posted row.
            budget: warning: pending transaction 6 (2026-11-20 5.00 Bakery) looks like transaction 8 just imported (2026-11-21 5.00 Baker's); both kept
            hint: if the two are one, delete the pending one with 'budget delete 6'

            """)
        #expect(sandbox.succeed("list", "--format", "csv").contains("5,2026-11-22,13.00,Food,Corner Cafe"))
    }

    @Test(arguments: [
        ("date,amount,payee\n11/03/2026,-4.75,Coffee\n", [String](), 65,
         "2:1: ambiguous date '11/03/2026': 2026-03-11 or 2026-11-03",
         "say the order of its numbers: --date-order mdy reads 2026-11-03, --date-order dmy reads 2026-03-11"),
        ("date,amount,payee\n26-01-15,-4.75,Coffee\n", [String](), 65,
         "2:1: ambiguous date '26-01-15': 2015-01-26 or 2026-01-15",
         "say the order of its numbers: --date-order dmy reads 2015-01-26, --date-order ymd reads 2026-01-15"),
        ("!Type:Bank\nD11/20/2026\nT-30.00\nPMarket\nSFood\n$-20.00\nSFood\n$-5.00\n^\n", [String](), 65,
         "2:1: its split parts ($) add up to -25.00 (-20.00 + -5.00), but its total (T) is -30.00",
         "correct the entry so that its parts add up to its total; nothing was imported"),
        ("date,amount,payee\n2026-11-03,\"1,234\",Rent\n", [], 65,
         "2:2: ambiguous amount '1,234': 1234 or 1.234",
         "say which separator is the decimal one: --decimal-point reads 1234, --decimal-comma reads 1.234"),
        ("date,amount,payee\n2026-11-03,1.234,Rent\n", [], 65,
         "2:2: ambiguous amount '1.234': 1234 or 1.234",
         "say which separator is the decimal one: --decimal-comma reads 1234, --decimal-point reads 1.234"),
    ])
    func anAmbiguousValueNamesTheOptionThatSettlesIt(text: String, options: [String], status: Int32, message: String, hint: String) throws {
        let sandbox = book()
        let file = sandbox.write(text.hasPrefix("!Type") ? "bank.qif" : "bank.csv", text)
        let before = try sandbox.snapshot()
        for dryRun in [[], ["--dry-run"]] {
            let result = sandbox.run(["import", file, "--negate", "--default-category", "Food"] + options + dryRun)
            #expect(result.status == status)
            #expect(result.stdout == "")
            #expect(result.stderr == "budget: error: \(file):\(message)\nhint: \(hint)\n")
        }
        #expect(try sandbox.snapshot() == before)
    }

    @Test(arguments: [
        (["--date-order", "mdy"], "2026-11-03,4.75"),
        (["--date-order", "dmy"], "2026-03-11,4.75"),
    ])
    func theOptionReadsTheAmbiguousDate(options: [String], expected: String) throws {
        let sandbox = book()
        let file = sandbox.write("bank.csv", "date,amount,payee\n11/03/2026,($4.75),Coffee\n")
        #expect(sandbox.run(["import", file, "--negate", "--default-category", "Food"] + options).status == 0)
        #expect(sandbox.succeed("list", "--format", "csv", "--from", "2026-01-01").contains(expected))
    }

    @Test func aMalformedOFXNamesItsLineAndElementPath() throws {
        let sandbox = book()
        let file = sandbox.write("bank.ofx", """
            <?xml version="1.0"?>
            <?OFX OFXHEADER="200" VERSION="220"?>
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF>
            <BANKACCTFROM><BANKID>1</BANKID><ACCTID>37040044/0532013000</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261103</DTPOSTED>
            <TRNAMT>-4.7.5</TRNAMT><FITID>1</FITID></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """)
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--default-category", "Food", "--dry-run")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(file):6 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN/TRNAMT): "
            + "invalid amount '-4.7.5'\nhint: \(ErrorText.bankAmountHint)\n")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aDryRunShowsTheColumnsItChose() throws {
        let sandbox = book()
        let bytes = Array("Konto;Giro\n\nBuchungstag;Auftraggeber;Empf".utf8) + [0xE4] + Array("nger;Verwendungszweck;Betrag\n".utf8)
            + Array("03.11.2026;Erika;B".utf8) + [0xE4] + Array("cker;Br".utf8) + [0xF6] + Array("tchen;-4,75\n".utf8)
        let file = sandbox.write("umsatz.csv", bytes: bytes)
        let result = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(result.status == 0)
        #expect(result.stdout.contains(",2026-11-03,4.75,Food,Bäcker,Brötchen,expense,"))
        #expect(result.stderr == """
            Read as csv (windows-1252, ';'), header on line 3: date 'Buchungstag', amount 'Betrag', payee 'Empfänger' (money out), \
            'Auftraggeber' (money in), note 'Verwendungszweck'; signs as the bank's (money out negative).
            Dry run: would import 1 transaction from \(file).

            """)
    }

    @Test func aFormatGivenThatIsNotAFormatIsAUsageError() {
        let result = book().run("import", "x.csv", "--file-format", "xls")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("budget: error: the value 'xls' is invalid for '--file-format <format>': expected 'csv', 'tsv', 'ofx',"))
    }

    /// libxml2 is loaded when an XML file is read: without it, the import fails saying so.
    @Test func aMissingLibxml2IsAFailureSayingWhatToInstall() {
        let error = BudgetError.missingLibrary(name: "libxml2.so.2",
                                               reason: "libxml2.so.2: cannot open shared object file: No such file or directory")
        #expect(Failure.message(for: error, help: HelpRenderer(commands: Commands.info)) ==
            "budget: error: cannot read XML bank files (OFX 2, QFX, CAMT) without libxml2.so.2: "
            + "libxml2.so.2: cannot open shared object file: No such file or directory\n"
            + "hint: install libxml2 (on Debian and Ubuntu: sudo apt-get install libxml2)\n")
        #expect(ExitStatus(error).rawValue == 1)
    }

    /// libzstd is loaded when an import's history entry is written or read: without it, the
    /// import (or the undo) fails saying so.
    @Test func aMissingLibzstdIsAFailureSayingWhatToInstall() {
        let error = BudgetError.missingLibrary(name: "libzstd.so.1",
                                               reason: "libzstd.so.1: cannot open shared object file: No such file or directory")
        #expect(Failure.message(for: error, help: HelpRenderer(commands: Commands.info)) ==
            "budget: error: cannot write or read the history of an import without libzstd.so.1: "
            + "libzstd.so.1: cannot open shared object file: No such file or directory\n"
            + "hint: install zstd's library (on Debian and Ubuntu: sudo apt-get install libzstd1)\n")
        #expect(ExitStatus(error).rawValue == 1)
    }
}
