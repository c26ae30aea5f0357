import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// QIF through `budget import`: `!Account` sections, transfers named in both registers, splits
/// with transfer parts, `!Type:Cat` kinds, and errors at the line of the field that is wrong,
/// each with its message, its exit status and the book unchanged on errors.
@Suite struct ImportQIFTests {
    static let hint = "hint: fix that row and run the command again; nothing was imported\n"
    static let accountHint = "hint: add it with: budget add-account Nowhere, or correct the row; nothing was imported\n"
    static let missingHint = "hint: add it with 'budget add-category', or import with --create-categories to create it from the file; "
        + "nothing was imported\n"

    /// A book with Salary (income), Food (expense), Giro (1000 on 2026-01-01) and Savings.
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Salary", "1000", "--income")
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add-account", "Giro", "--opening", "1000", "--on", "2026-01-01")
        sandbox.succeed("-q", "add-account", "Savings")
        return sandbox
    }

    /// Giro's register, then Savings': the transfer between them is in both.
    static func twoAccounts(second: String = "Savings") -> String {
        """
        !Account
        NGiro
        TBank
        ^
        !Type:Bank
        D11/03/2026
        T-50.00
        PTransfer to savings
        L[Savings]
        ^
        D11/04/2026
        T-3.20
        PCafe
        LFood
        ^
        !Account
        N\(second)
        TBank
        ^
        !Type:Bank
        D11/03/2026
        T50.00
        L[Giro]
        ^
        D11/04/2026
        T-3.20
        PCafe
        LFood
        ^

        """
    }

    /// Every transaction as the CSV export writes it, without its header.
    func rows(_ sandbox: Sandbox) -> [String] {
        Array(sandbox.succeed("list", "--format", "csv").split(separator: "\n").dropFirst().map(String.init))
    }

    @Test func eachAccountSectionGoesIntoItsAccountAndATransferInBothRegistersIsImportedOnce() throws {
        let sandbox = book()
        let file = sandbox.write("m.qif", Self.twoAccounts())
        let result = sandbox.run("import", file, "--date-order", "mdy", "--default-category", "Salary")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 3 transactions from \(file).\n")
        #expect(rows(sandbox).sorted() == [
            "1,2026-11-03,50.00,,Transfer to savings,,transfer,Giro,Savings,,,,",
            "2,2026-11-04,3.20,Food,Cafe,,expense,Giro,,,,,",
            "3,2026-11-04,3.20,Food,Cafe,,expense,Savings,,,,,",
        ])
        expectBalances(sandbox, "Giro,checking,,946.80,2026-12-01,off,", "Main,checking,,0.00,2026-12-01,on,", "Savings,checking,,46.80,2026-12-01,off,")
        // Keyed by the source, as with --account (numbered across the file), so importing it
        // either way finds the rows already there.
        #expect(try sandbox.query("SELECT import_key FROM transactions ORDER BY id") == [
            "default|2026-11-03|-50.00|Transfer to savings|1", "default|2026-11-04|-3.20|Cafe|1", "default|2026-11-04|-3.20|Cafe|2",
        ])
        let again = sandbox.run("import", file, "--date-order", "mdy", "--default-category", "Salary")
        #expect(again.stderr == "Imported 0 transactions from \(file); skipped 3 already imported.\n")
    }

    /// One account's register as a file of its own: its transfers each name the other account.
    static func register(_ account: String, _ entries: [(day: String, amount: String, other: String)]) -> String {
        "!Account\nN\(account)\nTBank\n^\n!Type:Bank\n"
            + entries.map { "D\($0.day)\nT\($0.amount)\nPTransfer\nL[\($0.other)]\n^\n" }.joined()
    }

    /// Banks and Quicken export one file per account, each with its side of a transfer. The
    /// second file's side was filed as a second transfer: Giro and Savings were each 50.00 off,
    /// with nothing said. It is the transfer the first file brought, whichever file comes first.
    @Test(arguments: [false, true])
    func aTransferFromTheOtherAccountsFileIsTheOneAlreadyImported(savingsFirst: Bool) throws {
        let sandbox = book()
        let giro = sandbox.write("giro.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/05/2026", "-20.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Giro"), ("11/05/2026", "20.00", "Giro")]))
        let (first, second) = savingsFirst ? (savings, giro) : (giro, savings)
        #expect(sandbox.run("import", first, "--date-order", "mdy").stderr == "Imported 2 transactions from \(first).\n")
        let dryRun = sandbox.run("import", second, "--date-order", "mdy", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr.hasSuffix("Dry run: would import 0 transactions from \(second); would skip 2 already imported "
            + "(2 of them transfers imported before from the other account's file).\n"))
        let result = sandbox.run("import", second, "--date-order", "mdy")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(second); skipped 2 already imported "
            + "(2 of them transfers imported before from the other account's file).\n")
        #expect(rows(sandbox) == [
            "1,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,",
            "2,2026-11-05,20.00,,Transfer,,transfer,Giro,Savings,,,,",
        ])
        // 1000.00 - 50.00 - 20.00 and 50.00 + 20.00.
        expectBalances(sandbox, "Giro,checking,,930.00,2026-12-01,off,", "Savings,checking,,70.00,2026-12-01,off,")
        // Either file again still finds its rows.
        for file in [giro, savings] {
            #expect(sandbox.run("import", file, "--date-order", "mdy").stderr.hasPrefix("Imported 0 transactions from \(file); skipped 2 already imported"))
        }
        #expect(rows(sandbox).count == 2)
    }

    /// A transfer deleted after its first file was imported came back with the other account's
    /// file: that side had a key of its own, and nothing in the book held the deleted
    /// transfer's day, amount and accounts any more. It stays deleted, in a dry run too; the
    /// other transfer of the file is still found already imported, and `--include-deleted`
    /// brings the deleted one back once (the first file then finds it already imported).
    @Test(arguments: [false, true])
    func aTransferDeletedAfterItsFirstFileStaysDeletedWhenTheOtherAccountsFileComes(undoneAndRedone: Bool) throws {
        let sandbox = book()
        let giro = sandbox.write("giro.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/05/2026", "-20.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Giro"), ("11/05/2026", "20.00", "Giro")]))
        #expect(sandbox.run("import", giro, "--date-order", "mdy").stderr == "Imported 2 transactions from \(giro).\n")
        sandbox.succeed("-q", "delete", "1")
        if undoneAndRedone {
            // The deletion undone and redone is remembered as it was.
            sandbox.succeed("-q", "undo")
            sandbox.succeed("-q", "redo")
        }
        let dryRun = sandbox.run("import", savings, "--date-order", "mdy", "--dry-run")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr.hasSuffix("Dry run: would import 0 transactions from \(savings); would skip 1 already imported "
            + "(a transfer imported before from its other account's file); would ignore 1 deleted after an earlier import "
            + "(--include-deleted brings it back).\n"))
        let result = sandbox.run("import", savings, "--date-order", "mdy")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(savings); skipped 1 already imported "
            + "(a transfer imported before from its other account's file); ignored 1 deleted after an earlier import "
            + "(--include-deleted brings it back).\n")
        #expect(rows(sandbox) == ["2,2026-11-05,20.00,,Transfer,,transfer,Giro,Savings,,,,"])
        expectBalances(sandbox, "Giro,checking,,980.00,2026-12-01,off,", "Savings,checking,,20.00,2026-12-01,off,")
        // Brought back once, under the deleted transfer's key: the first file finds it imported.
        #expect(sandbox.run("import", savings, "--date-order", "mdy", "--include-deleted").stderr.hasPrefix("Imported 1 transaction from \(savings)"))
        #expect(sandbox.run("import", giro, "--date-order", "mdy").stderr == "Imported 0 transactions from \(giro); skipped 2 already imported.\n")
        #expect(rows(sandbox).count == 2)
    }

    /// Giro's later statement brings the deleted 50.00 transfer again and a second, new one of
    /// 50.00 that day. The deleted one's row took a key of its account (its tombstone's), so the
    /// deleted transfer looked free to be the other side of the new one, which was hidden too
    /// ("ignored 2 deleted", Giro and Savings 50.00 off) whenever the book held any imported row.
    @Test func aNewTransferLikeADeletedOneInTheSameAccountsNextFileIsImported() throws {
        let sandbox = book()
        let cafe = sandbox.write("cafe.qif", "!Account\nNGiro\nTBank\n^\n!Type:Bank\nD11/01/2026\nT-3.20\nPCafe\nLFood\n^\n")
        let giro = sandbox.write("giro.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings")]))
        let later = sandbox.write("later.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro")]))
        sandbox.succeed("-q", "import", cafe, "--date-order", "mdy")
        sandbox.succeed("-q", "import", giro, "--date-order", "mdy")
        sandbox.succeed("-q", "delete", "2")
        let dryRun = sandbox.run("import", later, "--date-order", "mdy", "--dry-run")
        #expect(dryRun.stderr.hasSuffix("Dry run: would import 1 transaction from \(later); "
            + "would ignore 1 deleted after an earlier import (--include-deleted brings it back).\n"))
        let result = sandbox.run("import", later, "--date-order", "mdy")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(later); ignored 1 deleted after an earlier import (--include-deleted brings it back).\n")
        #expect(rows(sandbox) == ["1,2026-11-01,3.20,Food,Cafe,,expense,Giro,,,,,", "2,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,"])
        // Savings' file: one side is the transfer imported, the other the deleted one.
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 0 transactions from \(savings); skipped 1 already imported "
            + "(a transfer imported before from its other account's file); ignored 1 deleted after an earlier import (--include-deleted brings it back).\n")
        expectBalances(sandbox, "Giro,checking,,946.80,2026-12-01,off,", "Savings,checking,,50.00,2026-12-01,off,")
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// Giro's next file brings a real second transfer of the same day and amount, and not the
    /// first again: it was taken for the first one's other side and skipped, because the rule
    /// knew transfers by their facts alone. A transfer is taken only for one the other
    /// account's file brought (`imported_transfer_sides`), deleted or not; Savings' file still
    /// finds both.
    /// Expects each of `lines` among the book's accounts as `accounts --date 2026-12-01 --format
    /// csv` lists them (the balances after every transfer the tests make).
    func expectBalances(_ sandbox: Sandbox, _ lines: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        let balances = sandbox.succeed("accounts", "--date", "2026-12-01", "--format", "csv")
        for line in lines { #expect(balances.contains(line), "\(line) not in:\n\(balances)", sourceLocation: sourceLocation) }
    }

    @Test func aRealSecondTransferInTheSameAccountsNextFileIsImported() throws {
        let sandbox = book()
        let first = sandbox.write("giro-1.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings")]))
        let next = sandbox.write("giro-2.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro")]))
        #expect(sandbox.run("import", first, "--date-order", "mdy").stderr == "Imported 1 transaction from \(first).\n")
        // giro-2 holds the first again (its first row, the same key) and a second.
        #expect(sandbox.run("import", next, "--date-order", "mdy").stderr == "Imported 1 transaction from \(next); skipped 1 already imported.\n")
        #expect(rows(sandbox).count == 2)
        let alone = sandbox.write("giro-3.qif", Self.register("Giro", [("11/04/2026", "-20.00", "Savings")]))
        let again = sandbox.write("giro-4.qif", "!Account\nNGiro\nTBank\n^\n!Type:Bank\nD11/04/2026\nT-20.00\nPSecond\nL[Savings]\n^\n")
        #expect(sandbox.run("import", alone, "--date-order", "mdy").stderr == "Imported 1 transaction from \(alone).\n")
        // A file of Giro's that does not hold the first: its 20.00 is a second transfer.
        #expect(sandbox.run("import", again, "--date-order", "mdy").stderr == "Imported 1 transaction from \(again).\n")
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 0 transactions from \(savings); skipped 2 already imported "
            + "(2 of them transfers imported before from the other account's file).\n")
        #expect(rows(sandbox).count == 4)
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// A transfer deleted, brought back with `--include-deleted` (under its key scoped to Giro,
    /// which the book then held) and deleted again was remembered twice in `deleted_transfers`:
    /// the first row stayed, as bringing it back forgot only the scoped key. Savings' file then
    /// hid a real second transfer alike as deleted too ("ignored 2 deleted", Savings 50.00 off).
    @Test func aTransferBroughtBackAndDeletedAgainHidesOneOtherSide() throws {
        let sandbox = book()
        let cafe = sandbox.write("cafe.qif", "!Account\nNGiro\nTBank\n^\n!Type:Bank\nD11/01/2026\nT-3.20\nPCafe\nLFood\n^\n")
        let giro = sandbox.write("giro.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro")]))
        sandbox.succeed("-q", "import", cafe, "--date-order", "mdy")
        sandbox.succeed("-q", "import", giro, "--date-order", "mdy")
        sandbox.succeed("-q", "delete", "2")
        #expect(sandbox.run("import", giro, "--date-order", "mdy", "--include-deleted").stderr == "Imported 1 transaction from \(giro).\n")
        sandbox.succeed("-q", "delete", "2")
        let dryRun = sandbox.run("import", savings, "--date-order", "mdy", "--dry-run")
        #expect(dryRun.stderr.hasSuffix("Dry run: would import 1 transaction from \(savings); "
            + "would ignore 1 deleted after an earlier import (--include-deleted brings it back).\n"))
        let result = sandbox.run("import", savings, "--date-order", "mdy")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(savings); ignored 1 deleted after an earlier import (--include-deleted brings it back).\n")
        #expect(rows(sandbox) == ["1,2026-11-01,3.20,Food,Cafe,,expense,Giro,,,,,", "2,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,"])
        expectBalances(sandbox, "Giro,checking,,946.80,2026-12-01,off,", "Savings,checking,,50.00,2026-12-01,off,")
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// Giro's 50.00 transfer deleted; Savings' file holds its side and a second, real transfer
    /// of 50.00 that day: the first is found deleted, the second imported. Importing Savings'
    /// file again (an overlapping statement) brought the deleted one back: the second, now in
    /// the book from Savings' file, counted as the deleted one's kept twin (the rule for two
    /// devices that each imported one side). The side found deleted is remembered deleted in
    /// its own account, as its tombstone says; `--include-deleted` still brings it back once.
    @Test func aTransfersSideFoundDeletedStaysDeletedWhenItsFileIsImportedAgain() throws {
        let sandbox = book()
        let giro = sandbox.write("giro.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro")]))
        sandbox.succeed("-q", "import", giro, "--date-order", "mdy")
        sandbox.succeed("-q", "delete", "1")
        let ignored = "ignored 1 deleted after an earlier import (--include-deleted brings it back).\n"
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 1 transaction from \(savings); " + ignored)
        let before = rows(sandbox)
        #expect(before == ["1,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,"])
        let dryRun = sandbox.run("import", savings, "--date-order", "mdy", "--dry-run")
        #expect(dryRun.stderr.hasSuffix("Dry run: would import 0 transactions from \(savings); would skip 1 already imported; "
            + "would ignore 1 deleted after an earlier import (--include-deleted brings it back).\n"))
        for _ in 1...2 {
            let again = sandbox.run("import", savings, "--date-order", "mdy")
            #expect(again.status == 0)
            #expect(again.stderr == "Imported 0 transactions from \(savings); skipped 1 already imported; " + ignored)
        }
        #expect(rows(sandbox) == before)
        expectBalances(sandbox, "Giro,checking,,950.00,2026-12-01,off,", "Savings,checking,,50.00,2026-12-01,off,")
        // Undone (the imports after it added nothing), the import forgets what it found
        // deleted: the file finds it so again.
        sandbox.succeed("-q", "undo")
        #expect(rows(sandbox) == [])
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 1 transaction from \(savings); " + ignored)
        #expect(sandbox.run("import", savings, "--date-order", "mdy", "--include-deleted").stderr == "Imported 1 transaction from \(savings); skipped 1 already imported.\n")
        #expect(rows(sandbox).count == 2)
        // Brought back as Giro's transfer (its key and side): Savings' file again finds it.
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 0 transactions from \(savings); skipped 2 already imported "
            + "(1 of them a transfer imported before from the other account's file).\n")
        #expect(sandbox.run("import", giro, "--date-order", "mdy").stderr == "Imported 0 transactions from \(giro); skipped 1 already imported.\n")
        #expect(rows(sandbox).count == 2)
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// A book of schema 14 (Fixtures/README.md) deleted Giro's 50.00 transfer before deleted
    /// transfers were remembered: migrated, Giro's file still finds it deleted, and the 20.00
    /// transfer deleted after the migration stays deleted when Savings' file comes. (Savings'
    /// side of the 50.00 is imported: the old tombstone does not say what it was.)
    @Test func aVersion14BookKeepsItsDeletionsAndRemembersNewOnes() throws {
        let sandbox = Sandbox()
        let fixture = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/../BudgetKitTests/Fixtures/book-v14-transfers.sqlite3"
        #expect(system("cp '\(fixture)' '\(sandbox.database)'") == 0)
        let giro = sandbox.write("giro.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/05/2026", "-20.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/03/2026", "50.00", "Giro"), ("11/05/2026", "20.00", "Giro")]))
        #expect(sandbox.run("import", giro, "--date-order", "mdy").stderr == "Imported 0 transactions from \(giro); skipped 1 already imported; "
            + "ignored 1 deleted after an earlier import (--include-deleted brings it back).\n")
        sandbox.succeed("-q", "delete", "2")
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 1 transaction from \(savings); "
            + "ignored 1 deleted after an earlier import (--include-deleted brings it back).\n")
        #expect(rows(sandbox) == ["1,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,"])
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// Matched one to one: two transfers of the same amount on one day in Giro's file are two,
    /// and a third in Savings' file is a third; a transfer typed with `budget transfer` is never
    /// taken for one a file brings (as no typed row is).
    @Test func aTransferIsTakenForTheOtherSideOfOneImportedTransferAtMost() throws {
        let sandbox = book()
        sandbox.succeed("-q", "transfer", "10.00", "Giro", "Savings", "--date", "2026-11-07")
        let giro = sandbox.write("giro.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [
            ("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro"), ("11/07/2026", "10.00", "Giro"),
        ]))
        #expect(sandbox.run("import", giro, "--date-order", "mdy").stderr == "Imported 2 transactions from \(giro).\n")
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 2 transactions from \(savings); skipped 2 already imported "
            + "(2 of them transfers imported before from the other account's file).\n")
        #expect(rows(sandbox) == [
            "2,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,",
            "3,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,",
            "4,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,",
            "1,2026-11-07,10.00,,,,transfer,Giro,Savings,,,,",
            "5,2026-11-07,10.00,,Transfer,,transfer,Giro,Savings,,,,",
        ])
        // The file's third row is the transaction it was filed as: importing it again adds nothing.
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 0 transactions from \(savings); skipped 4 already imported "
            + "(2 of them transfers imported before from the other account's file).\n")
    }

    /// Savings' bank booked its side a day later: not the same transfer by the rule (the same
    /// day), so it is imported, and listed beside the one it looks like, in a dry run too. One
    /// four days apart is not listed.
    @Test func aTransferADayApartFromOneImportedBeforeIsImportedAndListed() throws {
        let sandbox = book()
        let giro = sandbox.write("giro.qif", Self.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/20/2026", "-9.00", "Savings")]))
        let savings = sandbox.write("savings.qif", Self.register("Savings", [("11/04/2026", "50.00", "Giro"), ("11/24/2026", "9.00", "Giro")]))
        sandbox.succeed("-q", "import", giro, "--date-order", "mdy")
        let before = try sandbox.snapshot()
        let dryRun = sandbox.run("import", savings, "--date-order", "mdy", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr.hasSuffix("""
            Dry run: would import 2 transactions from \(savings).
            budget: warning: \(savings):9: the transfer of 50.00 from Giro to Savings on 2026-11-04 would be imported as new; \
            transfer 1, imported before, is one of 50.00 from Giro to Savings on 2026-11-03
            hint: if the two are one transfer (each account's side, booked on another day), import, then delete one with 'budget delete 1'

            """))
        #expect(try sandbox.snapshot() == before)
        let result = sandbox.run("import", savings, "--date-order", "mdy")
        #expect(result.status == 0)
        #expect(result.stderr == """
            Imported 2 transactions from \(savings).
            budget: warning: \(savings):9: the transfer of 50.00 from Giro to Savings on 2026-11-04 was imported as transaction 3; \
            transfer 1, imported before, is one of 50.00 from Giro to Savings on 2026-11-03
            hint: if the two are one transfer (each account's side, booked on another day), delete one with 'budget delete 3'

            """)
        #expect(rows(sandbox).count == 4)
        // Again: nothing new, nothing listed.
        #expect(sandbox.run("import", savings, "--date-order", "mdy").stderr == "Imported 0 transactions from \(savings); skipped 2 already imported.\n")
    }

    /// Quicken's export of every account lists them first (`!Option:AutoSwitch`): the list
    /// names no section's account.
    @Test func theListOfAccountsBeforeTheSectionsNamesNoSectionsAccount() throws {
        let sandbox = book()
        let file = sandbox.write("all.qif", "!Option:AutoSwitch\n!Account\nNGiro\nTBank\n^\nNSavings\nTBank\n^\n!Clear:AutoSwitch\n"
                                     + "!Type:Bank\nD11/04/2026\nT-3.20\nPCafe\nLFood\n^\n" + Self.twoAccounts())
        let result = sandbox.run("import", file, "--date-order", "mdy")
        #expect(result.status == 0)
        #expect(rows(sandbox).sorted() == [
            "1,2026-11-04,3.20,Food,Cafe,,expense,Main,,,,,",
            "2,2026-11-03,50.00,,Transfer to savings,,transfer,Giro,Savings,,,,",
            "3,2026-11-04,3.20,Food,Cafe,,expense,Giro,,,,,",
            "4,2026-11-04,3.20,Food,Cafe,,expense,Savings,,,,,",
        ])
    }

    @Test func aSectionNamingAnAccountTheBookLacksIsRefusedAtItsNameLine() throws {
        let sandbox = book()
        let file = sandbox.write("m.qif", Self.twoAccounts(second: "Holiday fund"))
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--date-order", "mdy", "--default-category", "Salary"], status: 1, stderr: """
            budget: error: \(file):17:2: the file's !Account section names account 'Holiday fund', and the book has no account of that name
            hint: add it with: budget add-account 'Holiday fund', then import the whole file again (its transfers between accounts are paired within one file); nothing was imported

            """)
    }

    @Test func accountOptionIsRefusedForAFileNamingTwoAccounts() throws {
        let sandbox = book()
        let file = sandbox.write("m.qif", Self.twoAccounts())
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--date-order", "mdy", "--default-category", "Salary", "--account", "Giro")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            budget: error: \(file):17:2: the file names a second account, 'Savings', after 'Giro' on line 2
            hint: --account puts a file of one account into that account; leave it out to import each !Account section into the account it names

            """)
        #expect(try sandbox.snapshot() == before)
    }

    @Test func accountOptionPutsAFileOfOneNamedSectionIntoThatAccount() throws {
        let sandbox = book()
        let file = sandbox.write("m.qif", "!Account\nNEveryday\nTBank\n^\n!Type:Bank\nD2026-11-04\nT-3.20\nPCafe\nLFood\n^\n")
        let result = sandbox.run("import", file, "--account", "Savings")
        #expect(result.status == 0)
        #expect(rows(sandbox) == ["1,2026-11-04,3.20,Food,Cafe,,expense,Savings,,,,,"])
        // Keyed by --source, as before sections were read.
        #expect(try sandbox.query("SELECT import_key FROM transactions") == ["default|2026-11-04|-3.20|Cafe|1"])
    }

    /// A file of one named section imported with --account, then without it into the same
    /// account, adds nothing the second time: its rows are keyed alike either way.
    @Test func aNamedSectionImportedWithAndWithoutAccountAddsItsRowsOnce() throws {
        let sandbox = book()
        let file = sandbox.write("m.qif", "!Account\nNSavings\nTBank\n^\n!Type:Bank\nD2026-11-04\nT-3.20\nPCafe\nLFood\n^\n"
                                 + "D2026-11-05\nT-9.00\nPBakery\nLFood\n^\n")
        #expect(sandbox.run("import", file, "--account", "Savings").status == 0)
        let again = sandbox.run("import", file)
        #expect(again.status == 0)
        #expect(again.stderr == "Imported 0 transactions from \(file); skipped 2 already imported.\n")
        #expect(rows(sandbox).count == 2)
    }

    @Test func aFileWithoutAccountSectionsGoesIntoTheImportsAccount() throws {
        let sandbox = book()
        let file = sandbox.write("m.qif", "!Type:Bank\nD2026-11-04\nT-3.20\nPCafe\nLFood\n^\nD2026-11-05\nT-9.00\nL[Savings]\n^\n")
        #expect(sandbox.run("import", file).status == 0)
        #expect(rows(sandbox).sorted() == ["1,2026-11-04,3.20,Food,Cafe,,expense,Main,,,,,", "2,2026-11-05,9.00,,,,transfer,Main,Savings,,,,"])
    }

    /// A split's parts that are transfers are transfers of their own; the category parts stay
    /// a split (one part: a row in its category), so every amount is kept exactly.
    @Test(arguments: [
        ("SFood\n$-20.00\nS[Savings]\nE to the jar\n$-10.00\n",
         ["1,2026-11-05,20.00,Food,Market,,expense,Main,,,,,", "2,2026-11-05,10.00,,Market,to the jar,transfer,Main,Savings,,,,"]),
        ("SFood\n$-15.00\nSFood\nEwine\n$-5.00\nS[Savings]\n$-10.00\n",
         ["1,2026-11-05,15.00,Food,Market,,expense,Main,,1/2,,,", "1,2026-11-05,5.00,Food,Market,,expense,Main,,2/2,wine,,",
          "2,2026-11-05,10.00,,Market,,transfer,Main,Savings,,,,"]),
        ("SFood\n$-30.00\n", ["1,2026-11-05,30.00,Food,Market,,expense,Main,,,,,"]),
        ("L--Split--\nSFood\n$-30.00\n", ["1,2026-11-05,30.00,Food,Market,,expense,Main,,,,,"]),
    ] as [(String, [String])])
    func aSplitKeepsEveryPartsCategoryAndTransfer(parts: String, expected: [String]) throws {
        let sandbox = book()
        let file = sandbox.write("s.qif", "!Type:Bank\nD2026-11-05\nT-30.00\nPMarket\n" + parts + "^\n")
        let result = sandbox.run("import", file, "--default-category", "Salary")
        #expect(result.status == 0)
        #expect(sandbox.succeed("list", "--format", "csv", "--splits").split(separator: "\n").dropFirst().map(String.init).sorted()
            == expected)
        #expect(sandbox.run("import", file, "--default-category", "Salary").stderr.contains("Imported 0 transactions"))
    }

    static let categoryList = "!Type:Cat\nNWages\nDPay\nI\n^\nNGifts\nE\n^\nNFood\nI\n^\n"

    @Test func aCategoryListedAsIncomeIsCreatedAsIncomeAndOneListedAsExpenseAsExpense() throws {
        let sandbox = book()
        let file = sandbox.write("c.qif", "!Type:Cat\nNWages\nDPay\nI\n^\nNGifts\nE\n^\n"
                                     + "!Type:Bank\nD2026-11-03\nT3000.00\nLWages\n^\nD2026-11-04\nT-20.00\nLGifts\n^\n")
        let result = sandbox.run("import", file, "--create-categories")
        #expect(result.status == 0)
        #expect(rows(sandbox).sorted() == ["1,2026-11-03,3000.00,Wages,,,income,Main,,,,,", "2,2026-11-04,20.00,Gifts,,,expense,Main,,,,,"])
    }

    /// A paycheck as Quicken writes it: wages (income) less taxes and a lunch (expense) in one
    /// split. A split keeps to one kind, so the expense parts are a split of their own: both
    /// imported, the money adding up to the deposit.
    @Test func aSplitOfIncomeAndExpensePartsIsImportedAsASplitOfEachKind() throws {
        let sandbox = book()
        let file = sandbox.write("pay.qif", "!Type:Cat\nNWages\nI\n^\nNTaxes\nE\n^\nNLunch\nE\n^\n"
            + "!Type:Bank\nD2026-11-03\nT2190.00\nPACME\nL--Split--\nSWages\n$3000.00\nSTaxes\n$-800.00\nSLunch\n$-10.00\n^\n")
        // The kind of the first part the list names decides, whatever comes before it.
        let unlisted = sandbox.write("pay2.qif", "!Type:Cat\nNWages\nI\n^\nNTaxes\nE\n^\n"
            + "!Type:Bank\nD2026-11-04\nT1500.00\nPACME\nL--Split--\nSSalary\n$100.00\nSWages\n$1900.00\nSTaxes\n$-500.00\n^\n")
        let result = sandbox.run("import", file, "--create-categories")
        #expect(result.status == 0)
        #expect(rows(sandbox).sorted() == [
            "1,2026-11-03,3000.00,Wages,ACME,,income,Main,,,,,",
            "2,2026-11-03,10.00,Lunch,ACME,,expense,Main,,2/2,,,",
            "2,2026-11-03,800.00,Taxes,ACME,,expense,Main,,1/2,,,",
        ])
        #expect(sandbox.succeed("accounts", "--date", "2026-12-01", "--format", "csv").contains("Main,checking,,2190.00,"))
        #expect(sandbox.run("import", file, "--create-categories").stderr.contains("Imported 0 transactions"))
        #expect(sandbox.run("import", unlisted, "--create-categories").status == 0)
        #expect(sandbox.succeed("accounts", "--date", "2026-12-01", "--format", "csv").contains("Main,checking,,3690.00,"))
    }

    @Test func aCategoryListedWithTheOtherKindThanTheBooksStopsTheImport() throws {
        let sandbox = book()
        let file = sandbox.write("c.qif", Self.categoryList + "!Type:Bank\nD2026-11-04\nT-20.00\nPCafe\nLFood\n^\n")
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--create-categories")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(file):16:2: category 'Food' is expense, not income\n" + Self.hint)
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aCategoryListLongerThanTheLimitStopsTheImport() throws {
        let sandbox = book()
        let list = (0...10_000).map { "NC\($0)\nE\n^\n" }.joined()
        let file = sandbox.write("c.qif", "!Type:Cat\n" + list + "!Type:Bank\nD2026-11-04\nT-20.00\nLC1\n^\n")
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--create-categories")
        #expect(result.status == 65)
        #expect(result.stderr == "budget: error: \(file):30004:1: more than 10000 nested XML elements, split lines or listed categories\n"
            + "hint: check the file: bank files are not that deep\n")
        #expect(try sandbox.snapshot() == before)
    }

    /// Transfers waiting for their other side are held in memory: beyond the limit the import
    /// stops (memory stays bounded whatever the file), naming the line and how to import it.
    @Test func moreTransfersWaitingForTheirOtherSideThanTheLimitStopTheImport() throws {
        let sandbox = book()
        let entries = (1...100_001).map { "D2026-11-03\nT-\($0 / 100).\($0 % 100 < 10 ? "0" : "")\($0 % 100)\nL[Savings]\n^\n" }.joined()
        let file = sandbox.write("t.qif", "!Account\nNGiro\nTBank\n^\n!Type:Bank\n" + entries)
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(file):400008:1: more than 100000 transfers between the file's accounts waiting for "
            + "their other side\nhint: check the file: a transfer between two of its accounts is written in both accounts' sections, "
            + "and budget pairs them within one file\n")
        #expect(try sandbox.snapshot() == before)
    }

    /// An error about a row's category or transfer names the line of its `L` or `S` field.
    @Test(arguments: [
        ("D2026-11-04\nT-3.20\nPCafe\nL[Nowhere]\n^\n", "5:2: no account named 'Nowhere'\n" + accountHint),
        ("D2026-11-04\nT-3.20\nPCafe\nLFod\n^\n", "5:2: no category named 'Fod'; did you mean 'Food'?\n" + missingHint),
        ("D2026-11-04\nT-3.20\nPCafe\nSFood\n$-1.20\nE jar\nS[Nowhere]\n$-2.00\n^\n", "8:2: no account named 'Nowhere'\n" + accountHint),
        ("D2026-11-04\nT-3.20\nPCafe\nSFood\n$-1.20\nSFod\n$-2.00\n^\n", "7:2: no category named 'Fod'; did you mean 'Food'?\n" + missingHint),
    ] as [(String, String)])
    func anErrorNamesTheLineOfTheFieldThatIsWrong(entry: String, message: String) throws {
        let sandbox = book()
        let file = sandbox.write("t.qif", "!Type:Bank\n" + entry)
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(file):\(message)")
        #expect(try sandbox.snapshot() == before)
    }
}

