import Testing
@testable import BudgetCLI

/// What `budget import` reads is what the file says: no row dropped, no sign flipped, no payee
/// emptied, no row added twice, and nothing on stdout before an error.
@Suite struct ImportFaithfulnessTests {
    static let ofxHeader = "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR"
        + "<BANKACCTFROM><ACCTID>DE89370400440532013000</BANKACCTFROM><BANKTRANLIST>\n"
    static let ofxFooter = "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"

    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-account", "Giro", "--number", "DE89370400440532013000")
        return sandbox
    }

    /// An OFX 1.x transaction whose `</STMTTRN>` the bank left out is read, not dropped.
    @Test func anOFXTransactionWithoutItsEndTagIsImported() throws {
        let sandbox = book()
        let file = sandbox.write("open.ofx", Self.ofxHeader
            + "<STMTTRN><DTPOSTED>20261103<TRNAMT>-4.75<FITID>A1<NAME>Coffee\n"
            + "<STMTTRN><DTPOSTED>20261104<TRNAMT>-10.00<FITID>A2<NAME>Bakery</STMTTRN>\n" + Self.ofxFooter)
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 2 transactions from \(file).\n")
        #expect(try sandbox.query("SELECT payee || ' ' || amount FROM transactions WHERE import_key IS NOT NULL ORDER BY id")
            == ["Coffee 475", "Bakery 1000"])
    }

    /// A transaction in another currency than the account's (OFX `CURRENCY/CURSYM`, CAMT
    /// `Amt@Ccy`) is refused by name, never taken as the account's money; `ORIGCURRENCY`, whose
    /// amount is already the account's, is imported.
    @Test func anAmountInAnotherCurrencyIsRefusedNeverTakenAsTheAccounts() throws {
        let sandbox = book()
        let foreign = sandbox.write("usd.ofx", Self.ofxHeader
            + "<STMTTRN><DTPOSTED>20261103<TRNAMT>-100.00<FITID>F1<NAME>Shop\n"
            + "<CURRENCY><CURRATE>0.9<CURSYM>USD</CURRENCY></STMTTRN>\n" + Self.ofxFooter)
        let before = try sandbox.snapshot()
        let refused = sandbox.run("import", foreign, "--default-category", "Food")
        #expect(refused.status == 65)
        #expect(refused.stdout == "")
        #expect(refused.stderr == """
            budget: error: \(foreign):5 (OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN): the amount of this entry is in USD, and its statement's account in EUR
            hint: budget keeps one currency and does not guess a rate: remove the entry from the file and add it with 'budget add' in EUR, as the account was charged

            """)
        #expect(try sandbox.snapshot() == before)
        let original = sandbox.write("orig.ofx", Self.ofxHeader
            + "<STMTTRN><DTPOSTED>20261103<TRNAMT>-90.00<FITID>F2<NAME>Shop\n"
            + "<ORIGCURRENCY><CURRATE>0.9<CURSYM>USD</ORIGCURRENCY></STMTTRN>\n" + Self.ofxFooter)
        #expect(sandbox.run("import", original, "--default-category", "Food").status == 0)
        // With no CURDEF there is no account currency to compare: refused too.
        let unstated = sandbox.write("nocurdef.ofx", Self.ofxHeader.replacing("<CURDEF>EUR", with: "")
            + "<STMTTRN><DTPOSTED>20261103<TRNAMT>-12.50<FITID>F3<NAME>Shop\n"
            + "<CURRENCY><CURRATE>1.1<CURSYM>USD</CURRENCY></STMTTRN>\n" + Self.ofxFooter)
        let noCurdef = sandbox.run("import", unstated, "--default-category", "Food")
        #expect(noCurdef.status == 65)
        #expect(noCurdef.stderr.contains("the amount of this entry is in USD, and its statement names no currency of its own (CURDEF)"))
        #expect(try sandbox.query("SELECT amount FROM transactions WHERE import_key IS NOT NULL") == ["9000"])
    }

    /// DOS's end-of-file mark (Ctrl-Z) on the last line is no row (it was an invalid date).
    @Test func aDOSEndOfFileMarkIsNoRow() throws {
        let sandbox = book()
        let file = sandbox.write("eof.csv", "Date,Description,Amount\r\n2026-11-03,Coffee Shop,-4.75\r\n\u{1A}")
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(file).\n")
    }

    /// budget's own export holds what `add` takes, control characters in payees and notes
    /// included: import reads it back exactly wherever the row is (its header tells it apart);
    /// any other file with such a byte in its first 64 KiB is still refused as binary data.
    @Test func anExportWithControlCharactersImportsBackExactlyAndABanksFileIsStillRefused() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "10")
        sandbox.succeed("-q", "add", "1", "Food", "ACME\u{1B}[0m", "--date", "2026-11-02", "--note", "a\u{01}b")
        sandbox.succeed("-q", "add", "2", "Food", "plain", "--date", "2026-11-03")
        let export = sandbox.succeed("export")
        let file = sandbox.write("e.csv", export)
        let copy = sandbox.directory + "/copy.sqlite3"
        let run = sandbox.run("--db", copy, "import", file, "--create-categories")
        #expect(run.status == 0)
        #expect(run.stderr == "Imported 2 transactions from \(file); created 1 category.\n")
        #expect(sandbox.succeed("--db", copy, "export") == export)
        let bank = sandbox.write("bank.csv", "Date,Description,Amount\n2026-11-04,ACME\u{1B}[0m,-4.75\n")
        let before = try sandbox.snapshot()
        let refused = sandbox.run("import", bank, "--default-category", "Food")
        #expect(refused.status == 65)
        #expect(refused.stderr == """
            budget: error: \(bank):2: binary data, not a bank file or CSV text
            hint: budget reads CSV, OFX, QFX, QIF, CAMT.052/053/054 and MT940; name the format with --file-format if it is one

            """)
        #expect(try sandbox.snapshot() == before)
    }

    /// A PDF statement, a spreadsheet, an archive or a picture saved as the bank file is named
    /// for what it is, with how to get a file budget reads, whatever its name or `--file-format`
    /// says; exit 65, the book unchanged.
    @Test(arguments: [
        ("statement.csv", Array("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n".utf8), [String](), """
            a PDF document, not a bank file
            hint: a PDF statement is for reading: download the statement from the bank as CSV, OFX, QFX, QIF, CAMT or MT940
            """),
        ("export.xlsx", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00], [], """
            a ZIP archive (an Excel .xlsx or OpenDocument .ods workbook is one), not a bank file
            hint: save a workbook as CSV from the spreadsheet and import that; unpack an archive and import the file inside
            """),
        ("export.csv", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0x00, 0x00], [], """
            an Excel 97-2003 workbook (or another old Office file), not a bank file
            hint: open it in a spreadsheet and save it as CSV, then import the CSV; or download the statement from the bank as CSV, OFX, QFX, QIF, CAMT or MT940
            """),
        ("bank.ofx", [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00], ["--file-format", "ofx"], """
            gzip-compressed data, not a bank file
            hint: unpack it first (gunzip -k), then import the file it gives
            """),
        ("backup.csv", Array("SQLite format 3\u{0}".utf8) + [0x10, 0x00], [], """
            an SQLite database (a budget book or backup?), not a bank file
            hint: 'budget restore FILE' puts a backup in the book's place; --db FILE reads another book
            """),
        ("scan.csv", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], [], """
            a picture (JPEG), not a bank file
            hint: download the statement from the bank as CSV, OFX, QFX, QIF, CAMT or MT940
            """),
    ])
    func aFileOfAnotherKindIsNamedForWhatItIs(name: String, bytes: [UInt8], options: [String], message: String) throws {
        let sandbox = book()
        let file = sandbox.write(name, bytes: bytes)
        let before = try sandbox.snapshot()
        let refused = sandbox.run(["import", file, "--default-category", "Food"] + options)
        #expect(refused.status == 65)
        #expect(refused.stderr == "budget: error: \(file):1: " + message + "\n")
        #expect(refused.stdout == "")
        #expect(try sandbox.snapshot() == before)
    }

    /// A bank's header with a lowercase `amount` is a bank's: money out is spending, the payee read.
    @Test func aBanksHeaderWithALowercaseAmountIsReadAsABanks() throws {
        let sandbox = book()
        let file = sandbox.write("low.csv", "Date,Description,amount\n2026-11-03,Coffee Shop,-4.75\n2026-11-04,Refund Store,10.00\n")
        let result = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[1...4].joined(separator: ",") }
            == ["2026-11-03,4.75,Food,Coffee Shop", "2026-11-04,-10.00,Food,Refund Store"])
        #expect(result.stderr.hasPrefix("Read as csv (utf-8, ','), header on line 1: date 'Date', amount 'amount', payee 'Description';"))
    }

    /// `--negate` says what a recognised bank header assumes anyway (money out negative): the
    /// header is still recognised, its payee column kept, and the amounts read the same.
    @Test func negateKeepsABanksHeaderRecognisedAndReadsTheSameRows() throws {
        let sandbox = book()
        let file = sandbox.write("bank.csv", "Date,Description,Amount\n2026-11-03,Coffee Shop,-4.75\n2026-11-04,Refund Store,10.00\n")
        let plain = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        let negated = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv", "--negate")
        #expect(negated.status == 0)
        #expect(negated.stdout == plain.stdout)
        #expect(negated.stdout.contains(",4.75,Food,Coffee Shop,") && negated.stdout.contains(",-10.00,Food,Refund Store,"))
        #expect(negated.stderr.hasPrefix("Read as csv (utf-8, ','), header on line 1: date 'Date', amount 'Amount', payee 'Description';"))
    }

    /// A dry run in CSV or TSV writes nothing on stdout (not even the header) before an error.
    @Test(arguments: ["csv", "tsv", "json"])
    func aDryRunsRecordsPrintNothingBeforeAnError(format: String) throws {
        let sandbox = book()
        let file = sandbox.write("bad.csv", "Date,Description,Amount\n2026-11-03,A,-1.00\n2026-11-04,B,x\n")
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", format)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(file):3:3: invalid amount 'x': it is not a number like 12.50\n"
            + ImportBadInputTests.hint)
        #expect(try sandbox.snapshot() == before)
    }

    /// A pending row replaced by its posted twin is found again as that transaction: the older
    /// file's row is skipped as already imported, never offered back as deleted (following that
    /// hint added the pending row a second time).
    @Test func aReplacedPendingRowImportedAgainIsSkippedNotDeleted() throws {
        let sandbox = book()
        let pending = sandbox.write("pending.csv", "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n")
        let posted = sandbox.write("posted.csv", "date,amount,payee,status\n2026-11-22,-12.00,Corner Cafe,posted\n")
        sandbox.succeed("-q", "import", pending, "--negate", "--default-category", "Food")
        #expect(sandbox.run("import", posted, "--negate", "--default-category", "Food").stderr
            == "Imported 0 transactions from \(posted); replaced 1 pending transaction by its posted row.\n")
        let id = try #require(try sandbox.query("SELECT id FROM transactions WHERE payee = 'Corner Cafe'").first)
        let dryRun = sandbox.run("import", pending, "--negate", "--default-category", "Food", "--dry-run", "--format", "csv",
                                 "--include-deleted")
        #expect(dryRun.stdout.split(separator: "\n").dropFirst().map { "\($0.prefix { $0 != "," }) \($0.split(separator: ",").last ?? "")" }
            == ["\(id) skip"])
        #expect(dryRun.stderr == "Dry run: would import 0 transactions from \(pending); would skip 1 already imported.\n")
        for options in [[], ["--include-deleted"]] {
            let again = sandbox.run(["import", pending, "--negate", "--default-category", "Food"] + options)
            #expect(again.status == 0)
            #expect(again.stderr == "Imported 0 transactions from \(pending); skipped 1 already imported.\n")
        }
        #expect(try sandbox.query("SELECT count(*) FROM transactions WHERE payee = 'Corner Cafe'") == ["1"])
    }

    /// A bank id given again to a row of another day or amount: the row is skipped (a bank id
    /// names one transaction) and a warning shows both, with how to add it; the same row again
    /// (an overlapping statement) is skipped quietly.
    @Test func aBankIdReusedForAnotherTransactionIsSkippedWithAWarningShowingBoth() throws {
        let sandbox = book()
        func statement(_ name: String, _ row: String) -> String {
            sandbox.write(name, Self.ofxHeader + "<STMTTRN>\(row)</STMTTRN>\n" + Self.ofxFooter)
        }
        let first = statement("m1.ofx", "<DTPOSTED>20261103<TRNAMT>-4.75<FITID>1<NAME>Coffee")
        let second = statement("m2.ofx", "<DTPOSTED>20261203<TRNAMT>-99.00<FITID>1<NAME>Electronics")
        sandbox.succeed("-q", "import", first, "--default-category", "Food")
        let id = try #require(try sandbox.query("SELECT id FROM transactions WHERE payee = 'Coffee'").first)
        let before = try sandbox.snapshot()
        for dryRun in [true, false] {
            let result = sandbox.run(["import", second, "--default-category", "Food"] + (dryRun ? ["--dry-run"] : []))
            #expect(result.status == 0)
            #expect(result.stderr == (dryRun ? "Read as ofx (utf-8).\nDry run: would import 0 transactions from \(second); would skip 1 already imported.\n"
                                             : "Imported 0 transactions from \(second); skipped 1 already imported.\n")
                + "budget: warning: \(second):5: \(dryRun ? "would be skipped" : "skipped") as already imported: its bank id is "
                + "transaction \(id)'s (2026-11-03 4.75 Coffee), but the row is 2026-12-03 99.00 Electronics\n"
                + "hint: if the bank gave the id to another transaction, add it with 'budget add'; "
                + "if it corrected the row, correct transaction \(id) with 'budget edit \(id)'\n")
        }
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.run("import", first, "--default-category", "Food").stderr
            == "Imported 0 transactions from \(first); skipped 1 already imported.\n")
    }
}
