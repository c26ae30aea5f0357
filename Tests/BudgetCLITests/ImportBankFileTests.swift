import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

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

    /// A bank that writes one FITID on every row: each row imports, the file again adds nothing,
    /// and an overlapping statement adds only its new row.
    @Test func anIdTheFileGivesTwiceLosesNoRow() throws {
        let sandbox = book()
        func statement(_ rows: [(String, String, String, String)]) -> String {
            """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>37040044/0532013000<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20261101<DTEND>20261130

            """ + rows.map { "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\($0.0)<TRNAMT>\($0.1)<FITID>\($0.2)<NAME>\($0.3)</STMTTRN>\n" }.joined()
                + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        }
        let file = sandbox.write("giro.ofx", statement([("20261105", "-1.00", "0", "Bakery"), ("20261106", "-2.00", "0", "Kiosk|2"),
                                                         ("20261107", "-3.00", "7", "Cafe")]))
        let dryRun = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.split(separator: "\n").filter { $0.hasSuffix(",new") }.count == 3)
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 3 transactions from \(file).\n")
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.stderr == "Imported 0 transactions from \(file); skipped 3 already imported.\n")
        let keys = try sandbox.query("SELECT import_key FROM transactions WHERE import_key LIKE '%|ref|%' ORDER BY id")
        #expect(keys == ["37040044/0532013000|ref|0|2026-11-05|-100|Bakery|1", "37040044/0532013000|ref|0|2026-11-06|-200|Kiosk\\|2|1",
                         "37040044/0532013000|ref|7"])
        // A later download: a new row first, then two already imported.
        let later = sandbox.write("later.ofx", statement([("20261104", "-9.00", "0", "Florist"), ("20261105", "-1.00", "0", "Bakery"),
                                                           ("20261106", "-2.00", "0", "Kiosk|2")]))
        #expect(sandbox.run("import", later, "--default-category", "Food").stderr
            == "Imported 1 transaction from \(later); skipped 2 already imported.\n")
    }

    /// A row keyed for its account stays found when the other account's row is gone (undone).
    @Test func aRowKeyedForItsAccountIsFoundAgainWhenTheOtherAccountsRowIsGone() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add-account", "Visa")
        sandbox.succeed("-q", "add-account", "Amex")
        let file = sandbox.write("n.csv", "date,amount,payee\n2026-11-05,15.99,Netflix\n")
        sandbox.succeed("-q", "import", file, "--account", "Visa", "--default-category", "Food")
        sandbox.succeed("-q", "import", file, "--account", "Amex", "--default-category", "Food")
        let visaImport = try sandbox.query("SELECT max(id) FROM history WHERE command LIKE '%--account Visa%'")[0]
        #expect(sandbox.run("undo", visaImport).status == 0)
        #expect(sandbox.run("import", file, "--account", "Amex", "--default-category", "Food").stderr
            == "Imported 0 transactions from \(file); skipped 1 already imported.\n")
        #expect(try sandbox.query("SELECT count(*) FROM transactions WHERE payee = 'Netflix'") == ["1"])
    }

    /// A deletion is remembered in its card: the same charge on another card's statement is
    /// imported, and the file imported again into the first card leaves it out.
    @Test func aRowDeletedFromOneCardIsStillImportedIntoAnother() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add-account", "Visa")
        sandbox.succeed("-q", "add-account", "Amex")
        let file = sandbox.write("n.csv", "date,amount,payee\n2026-11-05,15.99,Netflix\n")
        sandbox.succeed("-q", "import", file, "--account", "Visa", "--default-category", "Food")
        let id = try sandbox.query("SELECT id FROM transactions WHERE payee = 'Netflix'")[0]
        sandbox.succeed("-q", "delete", id)
        let amex = sandbox.run("import", file, "--account", "Amex", "--default-category", "Food")
        #expect(amex.status == 0)
        #expect(amex.stderr == "Imported 1 transaction from \(file).\n")
        let visa = sandbox.run("import", file, "--account", "Visa", "--default-category", "Food")
        #expect(visa.status == 0)
        #expect(visa.stderr == "Imported 0 transactions from \(file); ignored 1 deleted after an earlier import (--include-deleted brings it back).\n")
        #expect(try sandbox.query("SELECT a.name FROM transactions AS t JOIN accounts AS a ON a.id = t.account_id WHERE t.payee = 'Netflix'")
            == ["Amex"])
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
            budget: warning: \(file):1:1: the statement opens Giro at 1500.00, the book at 0.00 (1500.00 below the statement): an earlier statement is missing
            hint: import the statements before this one, then this one again (it adds nothing twice); if the book starts with this statement, give the account its opening balance: budget set-opening-balance Giro 1500.00 --on 2026-11-01
            budget: error: \(file):1:1: the statement closes Giro on 2026-11-30 at 3910.10, the book at 2410.10 as the bank sees it (1500.00 below the statement)
            hint: the 2 rows were imported; look for rows deleted, edited or missing in Giro up to 2026-11-30 (see 'budget list --account Giro'), and for an earlier statement not imported

            """)
        #expect(try sandbox.snapshot().contains("Stadtwerke"))
        // The hint's command makes the book open as the bank does; the same file then checks out.
        // The account's opening day counts where the statement opens (2026-11-27): it stays.
        #expect(sandbox.run("set-opening-balance", "Giro", "1500.00", "--on", "2026-11-01").stderr
            == "Set the opening balance of Giro to 1500.00 from 2026-11-01 (was 0.00 from 2026-11-01).\n")
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.status == 0)
        #expect(again.stderr == "Imported 0 transactions from \(file); skipped 2 already imported.\nGiro on 2026-11-30: 3910.10, as the statement says.\n")
    }

    /// A German bank's MT940 file names the account `BLZ/KONTO` in `:25:`; the account was
    /// added with its IBAN, as the bank prints it, or with its account number without the
    /// leading zero the file writes: the import said no account had that number.
    @Test(arguments: ["DE89 3704 0044 0532 0130 00", "37040044/532013000"])
    func anMT940FileFindsTheAccountAddedWithItsIBAN(number: String) throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-account", "Giro", "--number", number, "--opening", "1500", "--on", "2026-11-01")
        let file = sandbox.write("giro.txt", Self.statement)
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 2 transactions from \(file).\nGiro on 2026-11-30: 3910.10, as the statement says.\n")
        #expect(sandbox.succeed("list", "--account", "Giro", "--format", "csv").contains("2026-11-28,89.90,Food,Stadtwerke,"))
    }

    /// Story: rows typed in by hand and reconciled, then the bank's file of that month imported.
    /// The refusal said only "2026-11-28 is on or before the reconciliation ...; add --force
    /// to add it anyway": no word of the file or that nothing was imported, and --force would
    /// add the typed row a second time.
    @Test func aStatementReachingIntoAReconciledPeriodNamesTheFileAndTheTypedRows() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add", "89.90", "Food", "Stadtwerke", "--date", "2026-11-10", "--account", "Giro")
        sandbox.succeed("-q", "reconcile", "Giro", "--statement-balance", "1410.10", "--on", "2026-11-10")
        let file = sandbox.write("giro.txt", Self.statement.replacing(":61:2611281128DR", with: ":61:2611101110DR"))
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--default-category", "Food"], status: 1, stderr: """
            budget: error: \(file) has a row of 2026-11-10, on or before the reconciliation of Giro on 2026-11-10 (statement balance 1410.10); nothing was imported
            hint: an import never matches rows typed in by hand: if the book holds the file's rows up to 2026-11-10 already, leave them out of the file; to import them anyway, add --force (the reconciliation will no longer hold)

            """)
    }

    /// Story: a statement imported into the wrong account with --account. Its balances then
    /// differ, and the hints said an earlier statement was missing and to set Other's opening
    /// balance to the bank's (which would have hidden the mistake); now the account whose
    /// number the file names is said first, with the way back, which works.
    @Test func aStatementPutIntoAnotherAccountThanItsNumbersSaysSoAndUndoTakesItBack() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add-account", "Other")
        let file = sandbox.write("giro.txt", Self.statement)
        let wrong = sandbox.run("import", file, "--default-category", "Food", "--account", "Other")
        #expect(wrong.status == 3)
        #expect(wrong.stderr == """
            Imported 2 transactions from \(file).
            budget: warning: \(file):1:1: the statement is of Giro's account number, but --account put its rows into Other
            hint: if that is a mistake, 'budget undo' takes this import back; then import the file again without --account
            budget: warning: \(file):1:1: the statement opens Other at 1500.00, the book at 0.00 (1500.00 below the statement): an earlier statement is missing
            budget: error: \(file):1:1: the statement closes Other on 2026-11-30 at 3910.10, the book at 2410.10 as the bank sees it (1500.00 below the statement)

            """)
        let dryRun = sandbox.run("import", file, "--default-category", "Food", "--account", "Other", "--dry-run")
        #expect(dryRun.status == 3)
        #expect(dryRun.stderr.contains("but --account would put its rows into Other\nhint: leave --account out to import it into Giro\n"))
        #expect(sandbox.run("undo").status == 0)
        #expect(sandbox.succeed("list", "--account", "Other", "--format", "csv").split(separator: "\n").count == 1)
        let right = sandbox.run("import", file, "--default-category", "Food")
        #expect(right.status == 0)
        #expect(right.stderr == "Imported 2 transactions from \(file).\nGiro on 2026-11-30: 3910.10, as the statement says.\n")
    }

    /// --account naming the account the file's number belongs to, or a file whose balances
    /// agree, says nothing more than before.
    @Test func aStatementPutIntoItsOwnAccountWithAccountSaysNothingMore() throws {
        let sandbox = book()
        let file = sandbox.write("giro.txt", Self.statement)
        let result = sandbox.run("import", file, "--default-category", "Food", "--account", "giro")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 2 transactions from \(file).\nGiro on 2026-11-30: 3910.10, as the statement says.\n")
    }

    @Test func aStatementOfAnUnknownAccountIsRefusedWithTheCommandThatAddsIt() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("giro.sta", Self.statement)
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--default-category", "Food"], status: 1, stderr: """
            budget: error: \(file):5: the file is a statement of account '37040044/0532013000', and no account has that number
            hint: give an account that number with: budget set-account-number NAME 37040044/0532013000 (or add one with --number), or import into an account with --account NAME; nothing was imported

            """)
        // --account puts it somewhere.
        #expect(sandbox.run("import", file, "--default-category", "Food", "--account", "Main").status == 3)
    }

    /// The account exists, without its number: the hint's command gives it the number, and the
    /// statement then goes there. Each mistake on the way is refused and changes nothing.
    @Test func anAccountMadeWithoutItsNumberTakesItAndTheStatementGoesThere() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-account", "Giro", "--opening", "1500", "--on", "2026-11-01")
        sandbox.succeed("-q", "add-account", "Old giro", "--number", "DE-0000")
        sandbox.succeed("-q", "add-account", "Old savings", "--number", "DE02 3704 0044 0000 0000 77")
        let file = sandbox.write("giro.sta", Self.statement)
        #expect(sandbox.run("import", file, "--default-category", "Food").status == 1)
        let before = try sandbox.snapshot()
        let usage = "usage: budget set-account-number <name> [<number>] [--clear]\n  see 'budget set-account-number --help' for more information\n"
        let refused: [([String], Int32, String)] = [
            (["Giro"], 64, "budget: error: set-account-number needs a <number>, or '--clear' to take the number away\n" + usage),
            (["Giro", "", "--clear"], 64, "budget: error: '<number>' cannot be used with '--clear'\n" + usage),
            (["Giro", " - "], 64, """
                budget: error: the value ' - ' is invalid for '<number>': it holds no digit or letter
                hint: use '--clear' to take the number away

                """),
            (["Giro", "37040044\u{1B}[2J"], 64, """
                budget: error: invalid account number '37040044\\u{1b}[2J': it must be text without control or invisible characters
                hint: write the number as the bank's statement shows it, such as "DE89 3704 0044 0532 0130 00"

                """),
            (["Giro", "de 0000"], 1, """
                budget: error: account 'Old giro' already has the number 'de 0000'
                hint: numbers are unique ignoring spaces, dashes and case; check the number

                """),
            // The same bank account as another account's IBAN: statements naming it go there already.
            (["Giro", "37040044/77"], 1, """
                budget: error: '37040044/77' is the bank account of account 'Old savings' (number 'DE02 3704 0044 0000 0000 77'), in another form
                hint: statements naming either form go into 'Old savings' already: one bank account belongs to one budget account

                """),
            (["Girp", "37040044/0532013000"], 1, """
                budget: error: no account named 'Girp'; did you mean 'Giro'?
                hint: see the accounts with 'budget accounts --all', or add one with 'budget add-account NAME'

                """),
        ]
        for (words, status, message) in refused {
            let result = sandbox.run(["set-account-number"] + words)
            #expect(result.status == status, "\(words)")
            #expect(result.stderr == message)
            #expect(try sandbox.snapshot() == before)
        }
        #expect(sandbox.run("set-account-number", "Giro", "37040044/0532013000").stderr == "Giro's number is now 37040044/0532013000.\n")
        #expect(sandbox.run("set-account-number", "Giro", "37040044/0532013000").stderr == "Giro already has the number 37040044/0532013000.\n")
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 2 transactions from \(file).\nGiro on 2026-11-30: 3910.10, as the statement says.\n")
        #expect(sandbox.run("set-account-number", "Old giro", "--clear").stderr == "Old giro has no number now (it was DE-0000).\n")
        #expect(sandbox.succeed("accounts", "--format", "csv", "--date", "2026-11-30") == """
            name,type,number,balance,date,default,closed_on
            Giro,checking,37040044/0532013000,3910.10,2026-11-30,off,
            Main,checking,,1989.75,2026-11-30,on,
            Old giro,checking,,0.00,2026-11-30,off,
            Old savings,checking,DE02 3704 0044 0000 0000 77,0.00,2026-11-30,off,

            """)
    }

    @Test func aDeletedRowIsListedAsIgnoredAndComesBackWhenAsked() throws {
        let sandbox = book()
        let file = sandbox.write("giro.sta", Self.statement)
        sandbox.succeed("-q", "import", file, "--default-category", "Food")
        let id = sandbox.succeed("list", "--account", "Giro", "--format", "csv").split(separator: "\n").dropFirst()
            .first { $0.contains("Stadtwerke") }.map { String($0.prefix { $0 != "," }) } ?? ""
        sandbox.succeed("-q", "delete", id)
        let dry = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        // The dry run foresees the difference the import then finds, and exits as it does.
        #expect(dry.status == 3)
        #expect(dry.stdout.contains("2026-11-28,89.90,Food,Stadtwerke,Abschlag Strom,expense,Giro,,,,,,ignored"))
        #expect(dry.stderr.hasPrefix("Read as mt940 (utf-8).\nDry run: would import 0 transactions from \(file); would skip 1 already imported; would ignore 1 deleted"))
        #expect(dry.stderr.contains("budget: error: \(file):1:1: the statement closes Giro on 2026-11-30 at 3910.10, the book would be at 4000.00 as the bank sees it (89.90 above the statement)"))
        #expect(dry.stderr.contains("hint: nothing was imported (dry run); look for rows deleted, edited or missing in Giro up to 2026-11-30"))
        let brought = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--include-deleted")
        #expect(brought.status == 0)
        #expect(brought.stderr.hasSuffix("Giro on 2026-11-30 would be 3910.10, as the statement says.\n"))
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.status == 3)
        #expect(again.stderr.contains("the book at 4000.00 as the bank sees it (89.90 above the statement)"))
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
        let before = sandbox.dump()
        // The dry run says what the import then does, and writes nothing.
        let dry = sandbox.run("import", second, "--negate", "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("5,2026-11-22,13.00,Food,Corner Cafe,,expense,Main,,,,,,replaces 5"))
        #expect(dry.stdout.contains("8,2026-11-21,5.00,Food,Baker's,,expense,Main,,,,,,new"))
        #expect(dry.stderr == """
            Dry run: would import 1 transaction from \(second); would replace 1 pending transaction by its posted row.
            budget: warning: pending transaction 6 (2026-11-20 5.00 Bakery) looks like transaction 8 this import would add (2026-11-21 5.00 Baker's); both would be kept
            hint: if the two are one, delete the pending one with 'budget delete 6'

            """)
        #expect(sandbox.dump() == before)
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
        ("date,amount,payee\n2026-11-03,\"1,500\",Rent\n", [], 65,
         "2:2: ambiguous amount '1,500': 1500 or 1.500",
         "say which separator is the decimal one: --decimal-point reads 1500, --decimal-comma reads 1.500"),
        ("date,amount,payee\n2026-11-03,1.500,Rent\n", [], 65,
         "2:2: ambiguous amount '1.500': 1500 or 1.500",
         "say which separator is the decimal one: --decimal-comma reads 1500, --decimal-point reads 1.500"),
        // Read with that separator as the decimal one it has a third decimal, which no option
        // makes an amount: only the other option is offered (it once offered both, and the one
        // then failed).
        ("date,amount,payee\n2026-11-03,1.234,Rent\n", [], 65,
         "2:2: amount '1.234' has three decimals, or is 1234 with a thousands separator",
         "--decimal-comma reads 1234; amounts with more than two decimals are not kept"),
        ("date,amount,payee\n2026-11-03,12.505,Rent\n", [], 65,
         "2:2: amount '12.505' has three decimals, or is 12505 with a thousands separator",
         "--decimal-comma reads 12505; amounts with more than two decimals are not kept"),
        ("date,amount,payee\n2026-11-03,\"-12,505\",Rent\n", [], 65,
         "2:2: amount '-12,505' has three decimals, or is -12505 with a thousands separator",
         "--decimal-point reads -12505; amounts with more than two decimals are not kept"),
    ])
    func anAmbiguousValueNamesTheOptionThatSettlesIt(text: String, options: [String], status: Int32, message: String, hint: String) throws {
        let sandbox = book()
        let file = sandbox.write(text.hasPrefix("!Type") ? "bank.qif" : "bank.csv", text)
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--negate", "--default-category", "Food"] + options, status: status,
                                               stderr: "budget: error: \(file):\(message)\nhint: \(hint)\n")
    }

    /// A date two orders read is read in the one order every date of the file fits, named by
    /// the date that settles it, in the import and its dry run alike; the rows' import keys are
    /// those of the same file imported with that --date-order. A file where two orders still
    /// fit every date, where no order fits them all, or read from standard input (read once)
    /// is refused as before.
    @Test(arguments: [
        ("11/03/2026,($4.75),Coffee\n25/03/2026,1.00,Bakery\n", "dmy", "day", "3:1", "25/03/2026", "2026-03-11", "2026-03-25"),
        ("11/03/2026,($4.75),Coffee\n12/25/2026,1.00,Bakery\n", "mdy", "month", "3:1", "12/25/2026", "2026-11-03", "2026-12-25"),
        ("26-01-15,($4.75),Coffee\n99-12-31,1.00,Bakery\n", "ymd", "year", "3:1", "99-12-31", "2026-01-15", "1999-12-31"),
        // A two-digit year last: 25/03/26 is never year first with slashes.
        ("11/03/26,($4.75),Coffee\n25/03/26,1.00,Bakery\n", "dmy", "day", "3:1", "25/03/26", "2026-03-11", "2026-03-25"),
    ])
    func anAmbiguousDateIsReadAsTheFilesOtherDatesSettleIt(rows: String, order: String, first: String, at: String, witness: String,
                                                            one: String, two: String) throws {
        let sandbox = book()
        let file = sandbox.write("bank.csv", "date,amount,payee\n" + rows)
        let note = "Read dates \(first) first, as line \(at.prefix(1))'s '\(witness)' can only be read that way.\n"
        let dry = sandbox.run("import", file, "--negate", "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dry.status == 0)
        #expect(dry.stderr == note + "Dry run: would import 2 transactions from \(file).\n")
        let result = sandbox.run("import", file, "--negate", "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == note + "Imported 2 transactions from \(file).\n")
        let list = sandbox.succeed("list", "--format", "csv", "--from", "1990-01-01", "--to", "2099-12-31")
        #expect(list.contains(",\(one),4.75,Food,Coffee,") && list.contains(",\(two),-1.00,Food,Bakery,"))
        // The keys are the option's: the file imported with it adds nothing.
        #expect(sandbox.run("import", file, "--negate", "--default-category", "Food", "--date-order", order).stderr
                == "Imported 0 transactions from \(file); skipped 2 already imported.\n")
    }

    /// A QIF register's dates settle their order too, as Quicken writes them (`'26`).
    @Test func aQIFFilesAmbiguousDateIsReadAsItsOtherDatesSettleIt() throws {
        let sandbox = book()
        let file = sandbox.write("giro.qif", "!Type:Bank\nD11/03/2026\nT-4.75\nPCoffee\n^\nD11/20'26\nT-1.00\nPBakery\n^\n")
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Read dates month first, as line 6's '11/20'26' can only be read that way.\nImported 2 transactions from \(file).\n")
        let list = sandbox.succeed("list", "--format", "csv", "--from", "2026-11-01", "--to", "2026-11-30")
        #expect(list.contains(",2026-11-03,4.75,Food,Coffee,") && list.contains(",2026-11-20,1.00,Food,Bakery,"))
    }

    @Test(arguments: [
        // Two orders fit every date.
        ("11/03/2026,-4.75,Coffee\n03/04/2026,-1.00,Bakery\n", "2:1: ambiguous date '11/03/2026': 2026-03-11 or 2026-11-03"),
        // No order fits them all.
        ("11/03/2026,-4.75,Coffee\n25/03/2026,-1.00,Bakery\n03/25/2026,-1.00,Bakery\n",
         "2:1: ambiguous date '11/03/2026': 2026-03-11 or 2026-11-03"),
    ])
    func anAmbiguousDateTheFileDoesNotSettleIsRefused(rows: String, message: String) throws {
        let sandbox = book()
        let file = sandbox.write("bank.csv", "date,amount,payee\n" + rows)
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--negate", "--default-category", "Food"], status: 65, stderr: """
            budget: error: \(file):\(message)
            hint: say the order of its numbers: --date-order mdy reads 2026-11-03, --date-order dmy reads 2026-03-11

            """)
    }

    @Test func anAmbiguousDateFromStandardInputIsRefusedThoughTheFileSettlesIt() throws {
        let sandbox = book()
        let before = try sandbox.snapshot()
        let result = sandbox.run(["import", "-", "--negate", "--default-category", "Food"],
                                 stdin: "date,amount,payee\n11/03/2026,-4.75,Coffee\n25/03/2026,-1.00,Bakery\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("budget: error: <stdin>:2:1: ambiguous date '11/03/2026'"))
        #expect(try sandbox.snapshot() == before)
    }

    /// A FIFO is read once, as standard input is: opening it again would wait for a writer for
    /// good (the import used to hang there).
    @Test func anAmbiguousDateFromAFIFOIsRefusedWithoutWaitingForItAgain() throws {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let sandbox = book()
        let fifo = sandbox.directory + "/bank.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        let pid = spawnBudget(binary, ["import", fifo, "--negate", "--default-category", "Food"],
                              environment: ["BUDGET_DB=\(sandbox.database)"], stderr: sandbox.directory + "/stderr")
        try #require(pid > 0)
        // Opens once the import has opened it for reading (ENXIO until then), never waiting for
        // good on an import that ended without opening it; the import reads its end once this
        // closes it. Closed on exec: a process another test starts meanwhile does not keep the
        // FIFO open for writing, which would keep the import from its end while it runs.
        var status: Int32 = 0
        var ended = false
        let deadline = time(nil) + 60
        var writer: Int32 = -1
        while writer < 0, !ended, time(nil) <= deadline {
            writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if writer < 0 {
                #expect(errno == ENXIO)
                ended = waitpid(pid, &status, WNOHANG) == pid
                usleep(10_000)
            }
        }
        if writer >= 0 {
            _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) & ~O_NONBLOCK)
            let text = "date,amount,payee\n11/03/2026,-4.75,Coffee\n25/03/2026,-1.00,Bakery\n"
            #expect(write(writer, text, text.utf8.count) == text.utf8.count)
            close(writer)
        } else {
            Issue.record("the import did not open the FIFO")
        }
        while !ended, waitpid(pid, &status, WNOHANG) != pid {
            guard time(nil) <= deadline else {
                Issue.record("the import waits on the FIFO after reading it")
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(10_000)
        }
        #expect((status >> 8) & 0xFF == 65)
        #expect(String(decoding: sandbox.bytes("stderr"), as: UTF8.self).hasPrefix("budget: error: \(fifo):2:1: ambiguous date '11/03/2026'"))
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

    /// A cooperative bank's CSV file: amounts without a sign, `S` (money out) or `H` (money in)
    /// in the unnamed column after them, the payee under `Empfänger/Zahlungspflichtiger`. The
    /// purchase was imported as a refund of 54.37 with no payee, so no rule matched: Food
    /// showed -54.37 spent and the salary went to Food too, with exit 0.
    @Test func aCooperativeBanksSignColumnAndPayeeAreRead() throws {
        let sandbox = book()
        sandbox.succeed("-q", "rule", "add", "acme", "Salary")
        let file = sandbox.write("umsatz.csv", """
            "Buchungstag";"Valuta";"Auftraggeber/Zahlungsempfänger";"Empfänger/Zahlungspflichtiger";"Vorgang/Verwendungszweck";"Währung";"Umsatz";" "
            "03.11.2026";"03.11.2026";"Erika Mustermann";"REWE Markt GmbH";"Einkauf";"EUR";"54,37";"S"
            "25.11.2026";"25.11.2026";"Erika Mustermann";"ACME GmbH";"Gehalt";"EUR";"3.250,00";"H"

            """)
        let dryRun = sandbox.run("import", file, "--account", "Giro", "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == """
            Read as csv (utf-8, ';'), header on line 1: date 'Buchungstag', amount 'Umsatz', payee 'Empfänger/Zahlungspflichtiger', \
            note 'Vorgang/Verwendungszweck'; signs from column 8 (S or D out, H or C in), else signs as the bank's (money out negative).
            Dry run: would import 2 transactions from \(file).

            """)
        let result = sandbox.run("import", file, "--account", "Giro", "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 2 transactions from \(file).\n")
        let listed = sandbox.succeed("list", "--account", "Giro", "--format", "csv")
        #expect(listed.contains(",2026-11-03,54.37,Food,REWE Markt GmbH,Einkauf,expense,Giro,"))
        #expect(listed.contains(",2026-11-25,3250.00,Salary,ACME GmbH,Gehalt,income,Giro,"))
        #expect(sandbox.succeed("accounts", "--date", "2026-11-30", "--format", "csv").contains("Giro,checking,37040044/0532013000,4695.63,"))
    }

    /// A German bank's file with `Beschreibung` and no payee column: its text was dropped (no
    /// payee, no note), so no rule could place a row. It is the note now, not the payee: the
    /// rows a book imported before (keyed with an empty payee) are found again by the next,
    /// overlapping statement, never imported twice.
    @Test func aBeschreibungColumnIsTheNoteAndKeepsTheKeysOfEarlierImports() throws {
        let sandbox = book()
        sandbox.succeed("-q", "rule", "add", "rewe", "Food", "--field", "note")
        let header = "Buchungstag;Wertstellung;Beschreibung;Betrag;Saldo\n"
        let rewe = "03.11.2026;03.11.2026;REWE Markt Berlin;-54,37;1.445,63\n"
        // The first statement imported as earlier versions read it: no payee, no note.
        let november = sandbox.write("nov.csv", header + rewe)
        sandbox.succeed("-q", "import", november, "--delimiter", ";", "--date-column", "Buchungstag", "--date-format", "DD.MM.YYYY",
                        "--decimal-comma", "--amount-column", "Betrag", "--negate", "--account", "Giro", "--default-category", "Rent")
        let overlapping = sandbox.write("nov-dec.csv", header + rewe + "01.12.2026;01.12.2026;REWE Markt Berlin;-12,10;1.433,53\n")
        let before = try sandbox.snapshot()
        let dryRun = sandbox.run("import", overlapping, "--account", "Giro", "--default-category", "Rent", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == """
            Read as csv (utf-8, ';'), header on line 1: date 'Buchungstag', amount 'Betrag', note 'Beschreibung'; \
            signs as the bank's (money out negative).
            Dry run: would import 1 transaction from \(overlapping); would skip 1 already imported.

            """)
        #expect(try sandbox.snapshot() == before)
        let result = sandbox.run("import", overlapping, "--account", "Giro", "--default-category", "Rent")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(overlapping); skipped 1 already imported.\n")
        #expect(try sandbox.query("""
            SELECT t.date, t.amount, c.name, t.payee, t.note, t.import_key FROM transactions AS t JOIN categories AS c ON c.id = t.category_id
            WHERE t.import_key IS NOT NULL ORDER BY t.date
            """) == ["2026-11-03|5437|Rent|||default|2026-11-03|-54.37||1", "2026-12-01|1210|Food||REWE Markt Berlin|default|2026-12-01|-12.10||1"])
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
