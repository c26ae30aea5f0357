import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// Issue 10 item 5 from the shell: a statement that matches marks; one that does not exits 1,
/// says by how much, lists where to look and marks nothing; --force says what it breaks.
@Suite struct ReconcileCommandTests {
    /// A book of hostile amounts (an income row of 92233720368547750.00, written with the
    /// sqlite3 shell) and a statement far below it: the gap does not fit in 64 bits. It trapped
    /// (`arithmetic overflow` in `ReconciliationMismatch.difference`, exit 132); it is a mismatch
    /// whose gap is named without its amount, and nothing is marked.
    @Test func aGapPastSixtyFourBitsIsAMismatchNotATrap() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Salary", "0", "--income")
        sandbox.succeed("-q", "add", "100", "Salary", "ACME", "--date", "2026-01-05")
        sandbox.sql("UPDATE transactions SET amount = 9223372036854775000 WHERE id = 1")
        let before = try sandbox.snapshot()
        let run = sandbox.run("reconcile", "Main", "--statement-balance", "-99999999999.99", "--on", "2026-01-31")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: Main at the end of 2026-01-31: the statement says -99999999999.99, the book 92233720368547750.00 \
            (above the statement)
            hint: the book has too much: check the 1 transaction of Main since it began (listed), fix them and reconcile again; \
            nothing was marked

            """)
        #expect(run.stdout.contains("Book  "))
        #expect(try sandbox.snapshot() == before)
        #expect(try sandbox.query("SELECT count(*) FROM reconciliations") == ["0"])
        #expect(try sandbox.query("SELECT count(*) FROM transactions WHERE reconciled_on IS NOT NULL") == ["0"])
    }

    @Test func aMatchMarksEveryTransactionUpToTheDayAndListShowsIt() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let run = sandbox.run("reconcile", "checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "Reconciled Checking on 2026-11-20: the book matches the statement (2405.10); marked 4 transactions reconciled.\n")
        // The card bill is reconciled in Checking, whose statement vouched for it; not yet in Visa.
        #expect(sandbox.succeed("list", "--status", "--account", "Visa") == """
            ID  DATE        AMOUNT  CATEGORY    PAYEE   NOTE       STATUS
             4  2026-11-14   82.40  split (2)   Market
             5  2026-11-20   82.40  ← Checking          card bill
            --  ----------  ------  ----------  ------  ---------  ------
                Spent        82.40
                Earned        0.00
                Net         -82.40
                Transfers    82.40

            """)
        #expect(sandbox.succeed("list", "--status", "--account", "Checking").contains("→ Visa            card bill  reconciled"))
        #expect(sandbox.succeed("list", "--status").split(separator: "\n").contains { $0.contains("card bill") && $0.hasSuffix("reconciled in Checking") })
        // Changes that leave every balance as it was need no --force.
        #expect(sandbox.run("edit", "2", "--payee", "Lunch place", "--note", "with Ann").status == 0)
    }

    /// With an opening balance the rows' sum is not the book's balance: the table says what
    /// the balance was before them, so its column adds up to the figure the error names.
    @Test func aMismatchsTableAddsUpToTheBooksBalance() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "100", "--from", "2026-01")
        sandbox.succeed("-q", "set-opening-balance", "Main", "100", "--on", "2026-09-01")
        sandbox.succeed("-q", "add", "3", "Food", "X", "--date", "2026-10-02")
        sandbox.succeed("-q", "add", "-5", "Food", "Refund", "--date", "2026-10-03")
        let run = sandbox.run("reconcile", "Main", "--statement-balance", "0", "--on", "2026-10-31")
        #expect(run.status == 1)
        #expect(run.stdout == """
            ID  DATE        AMOUNT  CATEGORY  PAYEE   NOTE  IN/OUT
             1  2026-10-02    3.00  Food      X              -3.00
             2  2026-10-03   -5.00  Food      Refund          5.00
            --  ----------  ------  --------  ------  ----  ------
                Sum                                           2.00
                Before                                      100.00
                Book                                        102.00

            """)
        #expect(run.stderr.hasPrefix("budget: error: Main at the end of 2026-10-31: the statement says 0.00, the book 102.00 (102.00 above the statement)\n"))
    }

    /// Standard output on a full disk: the listing cannot be written, and the difference and
    /// its hint still reach stderr before the write error (it said "cannot write output" alone).
    @Test func aMismatchWhoseListingCannotBeWrittenStillSaysTheDifference() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let before = sandbox.dump()
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let stderr = Output(capturingAsTerminal: false)
        let status = BudgetCLI.run(["reconcile", "Checking", "--statement-balance", "2400", "--on", "2026-11-20"],
                                   environment: sandbox.environment, stdout: Output(fileDescriptor: full), stderr: stderr)
        #expect(status == 74)
        #expect(stderr.text.hasPrefix("""
            budget: error: Checking at the end of 2026-11-20: the statement says 2400.00, the book 2405.10 (5.10 above the statement)
            hint: the book has 5.10 too much: check the 4 transactions of Checking since it began (listed), fix them and reconcile again; nothing was marked
            budget: error: cannot write
            """))
        #expect(sandbox.dump() == before)
    }

    @Test func aMismatchExits1SaysTheDifferenceListsTheRowsAndMarksNothing() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let before = sandbox.dump()
        let run = sandbox.run("reconcile", "Checking", "--statement-balance", "2400", "--on", "2026-11-20")
        #expect(run.status == 1)
        // IN/OUT is each row's effect on the balance, as the bank's statement shows it; their
        // sum (3000.00 - 12.50 - 500.00 - 82.40) plus the balance before them is the book's.
        #expect(run.stdout == """
            ID  DATE         AMOUNT  CATEGORY   PAYEE  NOTE        IN/OUT
             1  2026-11-01  3000.00  Salary     ACME              3000.00
             2  2026-11-03    12.50  Food       Lunch              -12.50
             3  2026-11-05  -500.00  → Savings         monthly    -500.00
             5  2026-11-20   -82.40  → Visa            card bill   -82.40
            --  ----------  -------  ---------  -----  ---------  -------
                Sum                                               2405.10
                Before                                               0.00
                Book                                              2405.10

            """)
        #expect(run.stderr == """
            budget: error: Checking at the end of 2026-11-20: the statement says 2400.00, the book 2405.10 (5.10 above the statement)
            hint: the book has 5.10 too much: check the 4 transactions of Checking since it began (listed), fix them and reconcile again; nothing was marked

            """)
        #expect(sandbox.dump() == before)
        // After a reconciliation, only what came since (and what --force un-marked) is listed.
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        sandbox.succeed("add", "3", "Food", "Coffee", "--date", "2026-11-21")
        sandbox.succeed("edit", "2", "--amount", "13", "--force")
        let later = sandbox.run("reconcile", "Checking", "--statement-balance", "2400", "--on", "2026-11-21", "--format", "csv")
        #expect(later.status == 1)
        #expect(later.stdout == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            2,2026-11-03,13.00,Food,Lunch,,expense,Checking,,,,,
            6,2026-11-21,3.00,Food,Coffee,,expense,Checking,,,,,

            """)
        #expect(later.stderr == """
            budget: error: Checking at the end of 2026-11-21: the statement says 2400.00, the book 2401.60 (1.60 above the statement)
            hint: the book has 1.60 too much: check the 2 transactions of Checking since its reconciliation on 2026-11-20 or changed with --force (listed), fix them and reconcile again; nothing was marked

            """)
    }

    /// A transaction a reconciliation vouched for, changed since without losing its mark (a
    /// sync bringing another device's edit, here the sqlite3 shell): no unmarked row explains the
    /// difference, and the hint says where to look instead of "check the 0 transactions".
    @Test func aMarkedTransactionChangedSinceIsWhatTheHintPointsAtWhenNothingIsListed() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE transactions SET amount = 1300 WHERE id = 2\"") == 0)
        let again = sandbox.run("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        #expect(again.status == 1)
        #expect(again.stderr == """
            budget: error: Checking at the end of 2026-11-20: the statement says 2405.10, the book 2404.60 (0.50 below the statement)
            hint: the book lacks 0.50, and no transaction of Checking since its reconciliation on 2026-11-20 explains it: one it vouched for changed since (by a sync from another device, or the sqlite3 shell), or the opening balance did (set-opening-balance --force); find it with 'budget log' and 'budget list --account Checking --to 2026-11-20', fix it and reconcile again; nothing was marked

            """)
    }

    /// An older statement checked after a later one (statements reconciled out of order) is
    /// looked at from the reconciliation before it: its rows are listed, and nothing blames a
    /// sync or the sqlite3 shell for a change that never happened.
    @Test func anOlderStatementAfterALaterReconciliationListsItsOwnRows() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        let before = sandbox.dump()
        let older = sandbox.run("reconcile", "Checking", "--statement-balance", "2480.00", "--on", "2026-11-10")
        #expect(older.status == 1)
        #expect(older.stdout == """
            ID  DATE         AMOUNT  CATEGORY   PAYEE  NOTE      IN/OUT
             1  2026-11-01  3000.00  Salary     ACME            3000.00
             2  2026-11-03    12.50  Food       Lunch            -12.50
             3  2026-11-05  -500.00  → Savings         monthly  -500.00
            --  ----------  -------  ---------  -----  -------  -------
                Sum                                             2487.50
                Before                                             0.00
                Book                                            2487.50

            """)
        #expect(older.stderr == """
            budget: error: Checking at the end of 2026-11-10: the statement says 2480.00, the book 2487.50 (7.50 above the statement)
            hint: the book has 7.50 too much: check the 3 transactions of Checking since it began (listed), fix them and reconcile again; nothing was marked

            """)
        #expect(sandbox.dump() == before)
    }

    /// `import --force` says which reconciliations its rows break, as add, edit and delete
    /// --force do (with -q too: it matters); its dry run, and a re-import adding nothing, do not.
    @Test func aForcedImportSaysWhichReconciliationItBreaks() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("-q", "reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        let file = sandbox.write("bank.csv", "date,amount,category,payee\n2026-11-10,4.00,Food,Kiosk\n2026-11-25,5.00,Food,Bakery\n")
        let dry = sandbox.run("import", file, "--account", "Checking", "--force", "--dry-run", "--format", "csv")
        #expect(dry.status == 0)
        #expect(dry.stderr == "Dry run: would import 2 transactions from \(file).\n")
        let forced = sandbox.run("-q", "import", file, "--account", "Checking", "--force")
        #expect(forced.status == 0)
        #expect(forced.stderr == """
            budget: warning: this breaks the reconciliation of Checking on 2026-11-20 (statement balance 2405.10); reconcile again when the book matches the bank

            """)
        let again = sandbox.run("-q", "import", file, "--account", "Checking", "--force")
        #expect(again.status == 0 && again.stderr == "")
    }

    /// Nothing changed since a matching reconciliation and nothing was added after it: the
    /// book still has that statement's balance, so what is missing is the statement's newer
    /// rows (or the figure is mistyped), not a row the reconciliation vouched for.
    @Test func aStatementAfterAMatchingReconciliationWithNothingSinceSaysTransactionsAreMissing() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        let before = try sandbox.query("SELECT id, reconciled_on, transfer_reconciled_on FROM transactions ORDER BY id")
        let later = sandbox.run("reconcile", "Checking", "--statement-balance", "2400.00", "--on", "2026-11-25")
        #expect(later.status == 1)
        #expect(later.stderr == """
            budget: error: Checking at the end of 2026-11-25: the statement says 2400.00, the book 2405.10 (5.10 above the statement)
            hint: the book has 5.10 too much, and Checking still has the balance of its reconciliation on 2026-11-20 (2405.10), with no transaction since: what the statement holds after 2026-11-20, up to 2026-11-25, is missing from the book (or the statement balance is mistyped); add it and reconcile again; nothing was marked

            """)
        let sameDay = sandbox.run("reconcile", "Checking", "--statement-balance", "2400.00", "--on", "2026-11-20")
        #expect(sameDay.status == 1)
        #expect(sameDay.stderr == """
            budget: error: Checking at the end of 2026-11-20: the statement says 2400.00, the book 2405.10 (5.10 above the statement)
            hint: the book has 5.10 too much, and Checking still has the balance of its reconciliation on 2026-11-20 (2405.10): check the statement balance; nothing was marked

            """)
        #expect(try sandbox.query("SELECT id, reconciled_on, transfer_reconciled_on FROM transactions ORDER BY id") == before)
        #expect(try sandbox.query("SELECT count(*) FROM reconciliations") == ["1"])
    }

    @Test func forceChangesAReconciledTransactionSaysWhichReconciliationItBreaksAndUnmarksNothingElse() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        let warning = "budget: warning: this breaks the reconciliation of Checking on 2026-11-20 (statement balance 2405.10); "
            + "reconcile again when the book matches the bank\n"
        let edit = sandbox.run("edit", "2", "--amount", "13", "--force")
        #expect(edit.status == 0)
        #expect(edit.stderr == "Updated transaction 2: 13.00 in Food on 2026-11-03 (Lunch).\n" + warning)
        let add = sandbox.run("add", "1", "Food", "--date", "2026-11-19", "--force")
        #expect(add.stdout == "6\n")
        #expect(add.stderr == "Added transaction 6: 1.00 in Food on 2026-11-19.\n" + warning)
        let delete = sandbox.run("delete", "1", "--force")
        #expect(delete.stderr == "Deleted transaction 1.\n" + warning)
        #expect(sandbox.succeed("list", "--status", "--account", "Checking", "--format", "csv") == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            2,2026-11-03,13.00,Food,Lunch,,expense,Checking,,,,,
            3,2026-11-05,500.00,,,monthly,transfer,Checking,Savings,,,2026-11-20,
            6,2026-11-19,1.00,Food,,,expense,Checking,,,,,
            5,2026-11-20,82.40,,,card bill,transfer,Checking,Visa,,,2026-11-20,

            """)
    }
}

extension ReconcileCommandTests {
    /// One forced change that reaches two reconciled accounts (a transfer between them, or two
    /// deletions) names both reconciliations it breaks, one line each.
    @Test func forceNamesEveryReconciliationAChangeBreaks() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        sandbox.succeed("reconcile", "Savings", "--statement-balance", "1500", "--on", "2026-11-20")
        let warnings = """
            budget: warning: this breaks the reconciliation of Checking on 2026-11-20 (statement balance 2405.10); \
            reconcile again when the book matches the bank
            budget: warning: this breaks the reconciliation of Savings on 2026-11-20 (statement balance 1500.00); \
            reconcile again when the book matches the bank

            """
        let before = sandbox.dump()
        let refused = sandbox.run("edit", "3", "--amount", "400")
        #expect(refused.status == 1)
        #expect(sandbox.dump() == before)
        let edit = sandbox.run("edit", "3", "--amount", "400", "--force")
        #expect(edit.status == 0)
        #expect(edit.stderr == "Updated transfer 3: 400.00 from Checking to Savings on 2026-11-05.\n" + warnings)
        let delete = sandbox.run("delete", "2", "3", "--force")
        #expect(delete.status == 0)
        #expect(delete.stderr == "Deleted 2 transactions.\n" + warnings)
        // A change that breaks one names only that one.
        let add = sandbox.run("add", "1", "Food", "--date", "2026-11-19", "--force")
        #expect(add.stderr == "Added transaction 6: 1.00 in Food on 2026-11-19.\n" + warnings.split(separator: "\n").prefix(1).joined() + "\n")
    }
}

/// A book from the release before schema 8: undoing its reconciliation of a transfer, whose mark
/// the migration moved to the side whose statement vouched for it, says so and changes nothing.
@Suite struct ReconcileUpgradeCommandTests {
    @Test func undoingAReconciliationWhoseMarkTheUpgradeMovedSaysWhyAndChangesNothing() throws {
        let sandbox = Sandbox()
        let fixture = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/../BudgetKitTests/Fixtures/book-v7-transfers.sqlite3"
        #expect(system("cp '\(fixture)' '\(sandbox.database)'") == 0)
        let before = sandbox.succeed("export")
        let undo = sandbox.run("undo")
        #expect(undo.status == 1)
        #expect(undo.stderr == """
            budget: error: entry 11 conflicts with later changes; nothing was changed:
            budget: error:   transactions id=5: changed since (reconciled_on is NULL where 2026-11-02 was expected)
            hint: undo the later entries first (see 'budget log'), or change the rows back by hand; a transfer's reconciled \
            mark may also have been moved to its own account's side when the book was upgraded to schema 8, which no entry \
            undoes: reconcile again instead

            """)
        #expect(sandbox.succeed("export") == before)
        #expect(before.contains("2026-11-01,20.00,,,,transfer,Savings,Visa,,,,2026-11-02"))
    }
}

extension ReconcileCommandTests {
    /// A card's statement shows what is owed as a positive amount, the book keeps that debt
    /// negative: the balance typed from the statement is the book's with the other sign. The
    /// hint says so, instead of sending the user through the rows to find twice the balance.
    @Test func aStatementBalanceOfTheOtherSignIsNamedSo() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let before = sandbox.dump()
        let card = sandbox.run("reconcile", "Visa", "--statement-balance", "82.40", "--on", "2026-11-14")
        #expect(card.status == 1)
        #expect(card.stdout.hasPrefix("ID  DATE        AMOUNT  CATEGORY   PAYEE   NOTE  IN/OUT\n"))
        #expect(card.stderr == """
            budget: error: Visa at the end of 2026-11-14: the statement says 82.40, the book -82.40 (164.80 below the statement)
            hint: the statement's balance is the book's with the other sign: a card's statement shows what is owed as a positive amount, which the book keeps negative; if so, reconcile with '--statement-balance -82.40'; nothing was marked

            """)
        let checking = sandbox.run("reconcile", "Checking", "--statement-balance", "-2405.10", "--on", "2026-11-20")
        #expect(checking.status == 1)
        #expect(checking.stderr == """
            budget: error: Checking at the end of 2026-11-20: the statement says -2405.10, the book 2405.10 (4810.20 above the statement)
            hint: the statement's balance is the book's with the other sign: check the sign of --statement-balance; nothing was marked

            """)
        #expect(sandbox.dump() == before)
    }
}

extension ReconcileCommandTests {
    /// With a statement each week, a forced change of a day names the reconciliation whose
    /// statement balance it breaks, not merely the latest: a date moved across a statement day
    /// breaks that statement only; one moved within a statement period breaks none, so
    /// nothing is named (it still needs --force, and loses its mark).
    @Test func forceNamesTheReconciliationWhoseBalanceItBreaks() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2987.50", "--on", "2026-11-03")
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        let across = sandbox.run("edit", "2", "--date", "2026-11-04", "--force")
        #expect(across.status == 0)
        #expect(across.stderr == """
            Updated transaction 2: 12.50 in Food on 2026-11-04 (Lunch).
            budget: warning: this breaks the reconciliation of Checking on 2026-11-03 (statement balance 2987.50); \
            reconcile again when the book matches the bank

            """)
        #expect(sandbox.run("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20").status == 0)
        let within = sandbox.run("edit", "2", "--date", "2026-11-10", "--force")
        #expect(within.status == 0)
        #expect(within.stderr == "Updated transaction 2: 12.50 in Food on 2026-11-10 (Lunch).\n")
        #expect(sandbox.succeed("list", "--status", "--account", "Checking").contains(" 2  2026-11-10    12.50  Food       Lunch\n"))
        // An amount changed breaks the latest statement it reaches, as before.
        let amount = sandbox.run("edit", "2", "--amount", "13", "--force")
        #expect(amount.stderr.hasSuffix("budget: warning: this breaks the reconciliation of Checking on 2026-11-20 (statement balance 2405.10); "
            + "reconcile again when the book matches the bank\n"))
    }
}
