import Testing
@testable import BudgetCLI

/// `import` judges what it does to the book's balances as `add` and `edit` judge a change, by
/// one rule: a new transaction by its balance effect (a split by its parts' sum, so a row of
/// 0.00 and a split whose parts cancel are taken), a posted row that replaces its pending twin
/// by the change it makes to the twin (its day and amount before against after).
@Suite struct ImportReconciledTests {
    /// A book with Salary (income) and the account Priv, its number the statements' own.
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Salary", "3000", "--income", "--from", "2026-01")
        sandbox.succeed("-q", "add-account", "Priv", "--number", "0532013000")
        return sandbox
    }

    /// A CAMT.052 report of one credit to Priv, keyed by the bank's reference REF-77.
    static func report(amount: String, status: String, day: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt><Rpt><Id>R</Id>
        <Acct><Id><Othr><Id>0532013000</Id></Othr></Id></Acct>
        <Ntry><Amt Ccy="CHF">\(amount)</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>\(status)</Cd></Sts><BookgDt><Dt>\(day)</Dt></BookgDt>
        <AcctSvcrRef>REF-77</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Muster AG</Nm></Pty></Dbtr></RltdPties></TxDtls>
        </NtryDtls></Ntry></Rpt></BkToCstmrAcctRpt></Document>

        """
    }

    /// The book after a pending credit of 12.80 on 2026-11-18 was imported (transaction 1) and
    /// Priv reconciled on 2026-11-20 at 12.80, and the posted row's file.
    func reconciledPending(posted amount: String, on day: String) -> (Sandbox, String) {
        let sandbox = book()
        let pending = sandbox.write("pending.xml", Self.report(amount: "12.80", status: "PDNG", day: "2026-11-18"))
        sandbox.succeed("-q", "import", pending, "--default-category", "Salary")
        sandbox.succeed("-q", "reconcile", "Priv", "--statement-balance", "12.80", "--on", "2026-11-20")
        return (sandbox, sandbox.write("posted.xml", Self.report(amount: amount, status: "BOOK", day: day)))
    }

    static func refusal(_ file: String) -> String {
        """
        budget: error: \(file) has a posted row that would replace pending transaction 1, which the reconciliation of Priv \
        on 2026-11-20 (statement balance 12.80) covers; nothing was imported
        hint: to replace it anyway, add --force (the reconciliation will no longer hold)

        """
    }

    static let broken = "budget: warning: this breaks the reconciliation of Priv on 2026-11-20 (statement balance 12.80); "
        + "reconcile again when the book matches the bank\n"

    /// A posted row of 0.00 was let through as a row that moves nothing ("Imported 0 ...;
    /// replaced 1 pending transaction by its posted row.", exit 0), while replacing its twin
    /// took the reconciled 12.80 out of the book. A posted row dated after the statement day
    /// moved the twin out of the reconciled period, in silence too. Both change the twin's
    /// effect on a reconciled day: refused, the book as it was; with --force, replaced and
    /// said to break the reconciliation, the twin no longer marked.
    @Test(arguments: [("0", "2026-11-19"), ("12.80", "2026-11-21")])
    func aPostedRowChangingAReconciledPendingTwinIsRefused(amount: String, day: String) throws {
        let (sandbox, file) = reconciledPending(posted: amount, on: day)
        let before = sandbox.dump()
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--default-category", "Salary"], status: 1, stderr: Self.refusal(file))
        #expect(sandbox.dump() == before)
        let forced = sandbox.run("import", file, "--default-category", "Salary", "--force")
        #expect(forced.status == 0)
        #expect(forced.stderr == "Imported 0 transactions from \(file); replaced 1 pending transaction by its posted row.\n" + Self.broken)
        let cents = amount == "0" ? "0" : "1280"
        #expect(try sandbox.query("SELECT id, date, amount, reconciled_on IS NULL FROM transactions") == ["1|\(day)|\(cents)|1"])
    }

    /// A posted row the same as its reconciled pending twin changes no balance: it replaces the
    /// twin (which stays reconciled), as `edit` takes a change of payee on a reconciled day. It
    /// was refused, judged as a new row of 2026-11-18.
    @Test func aPostedRowChangingNoBalanceReplacesAReconciledTwin() throws {
        let (sandbox, file) = reconciledPending(posted: "12.80", on: "2026-11-18")
        let dryRun = sandbox.run("import", file, "--default-category", "Salary", "--dry-run")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == "Read as camt.052 (utf-8).\nDry run: would import 0 transactions from \(file); would replace 1 pending transaction by its posted row.\n")
        let result = sandbox.run("import", file, "--default-category", "Salary")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(file); replaced 1 pending transaction by its posted row.\n")
        #expect(try sandbox.query("SELECT id, date, amount, reconciled_on FROM transactions") == ["1|2026-11-18|1280|2026-11-20"])
    }

    /// A book reconciled on 2026-09-30 at -10.00 in Main, with Food and Home.
    func reconciledBook() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Home", "100", "--from", "2026-01")
        sandbox.succeed("-q", "add", "10", "Food", "Shop", "--date", "2026-09-01")
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-10.00", "--on", "2026-09-30")
        return sandbox
    }

    /// A split whose parts cancel moves no balance: `add` took it on a reconciled day, judged
    /// by its total; `import` judged each part, refused it ("has a row of 2026-09-15", exit 1)
    /// and with --force said it broke the reconciliation. Now both take it, and the
    /// reconciliation holds.
    @Test(arguments: [[], ["--force"]])
    func aSplitWhosePartsCancelIsImportedOnAReconciledDayAsAddTakesIt(force: [String]) throws {
        let sandbox = reconciledBook()
        sandbox.succeed("-q", "add", "0", "--split", "Food=5", "--split", "Home=-5", "--payee", "Y", "--date", "2026-09-15")
        let file = sandbox.write("split.csv", "date,amount,category,payee,split\n2026-09-15,5.00,Food,X,1/2\n2026-09-15,-5.00,Home,X,2/2\n")
        let dryRun = sandbox.run(["import", file, "--dry-run"] + force)
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == "Dry run: would import 1 transaction from \(file).\n")
        let result = sandbox.run(["import", file] + force)
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(file).\n")
        #expect(try sandbox.query("SELECT date, amount, payee FROM transactions WHERE id = 3") == ["2026-09-15|0|X"])
        #expect(try sandbox.query("SELECT amount FROM transaction_splits WHERE transaction_id = 3 ORDER BY position") == ["500", "-500"])
        let again = sandbox.run("reconcile", "Main", "--statement-balance", "-10.00", "--on", "2026-09-30")
        #expect(again.status == 0)
        #expect(try sandbox.query("SELECT statement_date, statement_balance FROM reconciliations") == ["2026-09-30|-1000"])
    }

    /// A split that moves money is still refused on a reconciled day, by its day.
    @Test func aSplitThatMovesMoneyIsStillRefusedOnAReconciledDay() throws {
        let sandbox = reconciledBook()
        let file = sandbox.write("split.csv", "date,amount,category,payee,split\n2026-09-15,5.00,Food,X,1/2\n2026-09-15,-4.00,Home,X,2/2\n")
        try sandbox.expectRefusedWithItsDryRun(["import", file], status: 1, stderr: """
            budget: error: \(file) has a row of 2026-09-15, on or before the reconciliation of Main on 2026-09-30 \
            (statement balance -10.00); nothing was imported
            hint: an import never matches rows typed in by hand: if the book holds the file's rows up to 2026-09-30 already, \
            leave them out of the file; to import them anyway, add --force (the reconciliation will no longer hold)

            """)
    }
}
