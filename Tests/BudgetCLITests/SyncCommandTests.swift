import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SyncCommandTests {
    @Test func twoBooksShareAFolderAndAConflictIsPrintedAndListed() throws {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        let anna = ["--db", sandbox.directory + "/anna.sqlite3"], ben = ["--db", sandbox.directory + "/ben.sqlite3"]
        sandbox.succeed(anna + ["-q", "add-category", "Food", "300"])
        sandbox.succeed(anna + ["-q", "add", "12.50", "Food", "--date", "2026-01-02"])
        sandbox.succeed(anna + ["-q", "device", "anna"])
        #expect(sandbox.run(anna + ["sync", shared]).stderr == """
            Founded \(shared) as device anna (ids ending in 0).
            Published 1 change, applied 0 from other devices.

            """)
        sandbox.succeed(ben + ["-q", "device", "ben"])
        #expect(sandbox.run(ben + ["sync", shared]).stderr == """
            Joined \(shared) as device ben; it adds rows once the founding device has synced and given it an id digit (sync again then).
            Published 1 change, applied 1 from other devices.

            """)
        // Joined, waiting for its digit: not "not synced", as a book that never synced says.
        #expect(sandbox.succeed(ben + ["device"]).hasPrefix("ben\t") && sandbox.succeed(ben + ["device"]).hasSuffix("\tno id digit yet\n"))
        sandbox.succeed(ben + ["-q", "edit", "1", "--amount", "20"])
        usleep(2_000)
        sandbox.succeed(anna + ["-q", "edit", "1", "--amount", "30"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        let synced = sandbox.run(ben + ["sync", shared])
        #expect(synced.stderr.hasSuffix("1 conflict:\n  transactions 1 amount: kept 3000 (anna), lost 2000 (ben)\n"))
        #expect(sandbox.succeed(ben + ["conflicts", "--format", "csv"]).hasSuffix(",transactions,1,amount,3000,anna,2000,ben\n"))
        sandbox.succeed(anna + ["-q", "sync", shared])
        #expect(sandbox.succeed(anna + ["list", "--format", "csv"]) == sandbox.succeed(ben + ["list", "--format", "csv"]))
        #expect(sandbox.succeed(ben + ["log", "--limit", "1"]).contains("  (synced)\n"))
        // Undoing the synced edit by id names whose change it was (it said "Undid entry 4: .").
        let edit = try #require(sandbox.succeed(ben + ["log"]).split(separator: "\n").firstIndex { $0.contains("amount 1250 -> 3000") })
        let line = sandbox.succeed(ben + ["log"]).split(separator: "\n")[edit - 1]
        let id = String(line.prefix { $0 != " " })
        let undo = sandbox.run(ben + ["undo", id])
        #expect(undo.status == 0)
        #expect(undo.stderr == "Undid entry \(id): a change synced from anna.\n")
        // An entry giving a device its id digit is refused by name, not called unknown.
        let log = sandbox.succeed(ben + ["log"]).split(separator: "\n")
        let slot = try #require(log.firstIndex { $0.contains("added devices") })
        let slotID = String(log[slot - 1].prefix { $0 != " " })
        let refused = sandbox.run(ben + ["undo", slotID])
        #expect(refused.status == 1)
        #expect(refused.stderr == """
            budget: error: entry \(slotID) gives devices their id digits (a sync's own entry) and is never undone
            hint: undoing it could make two devices add rows with the same ids; undo another entry (see 'budget log')

            """)
    }

    /// A row another device added inside a reconciled period breaks the reconciliation: the
    /// sync says so, with the book's balance that day, never quietly.
    /// In a synced book an import numbers its rows by steps of ten from the device's first id
    /// (by their place in the file, or among the transactions a tombstone does not hide when the
    /// file has splits): the dry run lists the ids the import then gives, not the book's max + 1.
    @Test(arguments: [
        ("f.csv", "date,amount,category,payee\n2026-11-01,1.00,Food,A\n2026-11-02,2.00,Food,B\n2026-11-05,5.00,Food,E\n2026-11-06,6.00,Food,F\n"),
        ("f.qif", "!Type:Bank\nD2026-11-01\nT-1.00\nPA\nLFood\n^\nD2026-11-02\nT-2.00\nPB\nLFood\n^\n"
            + "D2026-11-03\nT-3.00\nPC\nSFood\n$-1.00\nSFood\n$-2.00\n^\nD2026-11-04\nT-4.00\nPD\nLFood\n^\n"),
    ])
    func aDryRunInASyncedBookListsTheIdsTheImportGives(name: String, text: String) throws {
        let sandbox = Sandbox()
        let (_, anna, _) = sandbox.twoSyncedBooks(annaFirst: [["-q", "add-category", "Food", "300"]])
        func ids() -> Set<String> {
            Set(sandbox.succeed(anna + ["list", "--format", "csv"]).split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) })
        }
        // A and B imported before; B deleted (its tombstone hides it), A already there.
        let first = sandbox.write("first.csv", "date,amount,category,payee\n2026-11-01,1.00,Food,A\n2026-11-02,2.00,Food,B\n")
        if name == "f.csv" { sandbox.succeed(anna + ["-q", "import", first]) }
        let qifFirst = sandbox.write("first.qif", "!Type:Bank\nD2026-11-01\nT-1.00\nPA\nLFood\n^\nD2026-11-02\nT-2.00\nPB\nLFood\n^\n")
        if name == "f.qif" { sandbox.succeed(anna + ["-q", "import", qifFirst]) }
        let b = try #require(sandbox.succeed(anna + ["list", "--format", "csv", "--payee", "B"]).split(separator: "\n").dropFirst().first)
        sandbox.succeed(anna + ["-q", "delete", String(b.prefix { $0 != "," })])
        let file = sandbox.write(name, text)
        let before = ids()
        let dry = sandbox.run(anna + ["import", file, "--dry-run", "--format", "csv"])
        #expect(dry.status == 0)
        let listed = Set(dry.stdout.split(separator: "\n").filter { $0.hasSuffix(",new") }.map { String($0.prefix { $0 != "," }) })
        sandbox.succeed(anna + ["-q", "import", file])
        let added = ids().subtracting(before)
        #expect(added.count == 2)
        #expect(listed == added, "the dry run listed \(listed.sorted()), the import gave \(added.sorted())")
    }

    @Test func aSyncThatBreaksAReconciliationSaysSo() {
        let sandbox = Sandbox()
        let (shared, anna, ben) = sandbox.twoSyncedBooks(annaFirst: [
            ["-q", "add-category", "Food", "300", "--from", "2026-01"],
            ["-q", "add", "10", "Food", "X", "--date", "2026-11-01"],
        ])
        sandbox.succeed(anna + ["-q", "reconcile", "Main", "--statement-balance", "-10", "--on", "2026-11-10"])
        sandbox.succeed(ben + ["-q", "add", "50", "Food", "Late", "--date", "2026-11-05"])
        sandbox.succeed(ben + ["-q", "sync", shared])
        let synced = sandbox.run(anna + ["sync", shared])
        #expect(synced.status == 0)
        #expect(synced.stderr.hasSuffix("""
            budget: warning: the reconciliation of Main on 2026-11-10 (statement balance -10.00) no longer holds: \
            changes from another device make the book's balance that day -60.00
            hint: see the rows with 'budget list --account Main --to 2026-11-10', then put them right or reconcile again

            """))
        // Nothing more to say at the next sync.
        #expect(!sandbox.run(anna + ["sync", shared]).stderr.contains("warning"))
    }

    /// Edits made apart that merge into a transfer from and to one account: the sync goes on and
    /// says so, `check` names it without calling for a restore, and one edit settles it.
    @Test func aTransferMergedIntoOneThatBreaksItsRulesIsNamedAndSettledByAnEdit() {
        let sandbox = Sandbox()
        let (shared, anna, ben) = sandbox.twoSyncedBooks(annaFirst: [
            ["-q", "add-account", "Savings"],
            ["-q", "add-account", "Visa", "--type", "credit"],
            ["-q", "transfer", "100", "Main", "Savings", "--date", "2026-11-07"],
        ])
        sandbox.succeed(anna + ["-q", "edit", "1", "--account", "Visa"])
        sandbox.succeed(ben + ["-q", "edit", "1", "--transfer-to", "Visa"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        let synced = sandbox.run(ben + ["sync", shared])
        #expect(synced.status == 0)
        #expect(synced.stderr.hasSuffix("""
            budget: warning: edits made apart on two devices merged into a transaction that no longer holds together: \
            transaction 1 is a transfer with a category, to the account it comes from, or of an amount not above zero
            hint: every device holds the same now; put each one right with 'budget edit ID' (a transfer: --account \
            and --transfer-to; a split: --split or --category) or delete it, and the edit reaches the other devices with their next sync

            """))
        let check = sandbox.run(ben + ["check"])
        #expect(check.status == 1)
        #expect(check.stdout == "transaction 1 is a transfer with a category, to the account it comes from, or of an amount not above zero\n")
        #expect(check.stderr.hasSuffix("hint: the book is whole: put each transaction named right with 'budget edit ID' (or delete it)\n"))
        // An edit that leaves it from and to one account is refused, its hint naming edit's options.
        let note = sandbox.run(ben + ["edit", "1", "--note", "x"])
        #expect(note.status == 64)
        #expect(note.stderr.hasSuffix("--account (where it comes from) and --transfer-to (where it goes) of 'budget edit'\n"))
        sandbox.succeed(ben + ["-q", "edit", "1", "--account", "Main"])
        sandbox.succeed(ben + ["-q", "sync", shared])
        #expect(sandbox.run(anna + ["sync", shared]).status == 0)
        #expect(sandbox.succeed(anna + ["check"]) == "ok\n")
        #expect(sandbox.succeed(anna + ["list", "--format", "csv"]) == sandbox.succeed(ben + ["list", "--format", "csv"]))
    }

    /// A row another device added in an account closed here, dated after the closing: the sync
    /// says so (the account's balance moved where 'budget accounts' does not show it), once.
    @Test func aRowSyncedIntoAClosedAccountAfterItsClosingIsNamed() {
        let sandbox = Sandbox()
        let (shared, anna, ben) = sandbox.twoSyncedBooks(annaFirst: [
            ["-q", "add-category", "Food", "300"],
            ["-q", "add-account", "Visa", "--type", "credit"],
        ])
        sandbox.succeed(anna + ["-q", "close-account", "Visa", "--on", "2026-11-10"])
        sandbox.succeed(ben + ["-q", "add", "7", "Food", "late", "--account", "Visa", "--date", "2026-11-15"])
        sandbox.succeed(ben + ["-q", "sync", shared])
        let synced = sandbox.run(anna + ["sync", shared])
        #expect(synced.status == 0)
        #expect(synced.stderr.hasSuffix("""
            budget: warning: transaction 1 is dated on or after 2026-11-10, when Visa was closed (the row or the closing \
            came from another device): 'budget accounts' leaves Visa out (see 'budget accounts --all')
            hint: move it to an open account with 'budget edit 1 --account NAME' (a transfer's other side: --transfer-to NAME), \
            or delete it

            """))
        #expect(!sandbox.run(anna + ["sync", shared]).stderr.contains("warning"))
    }

    /// Anna imported Giro's file and Ben Savings' file, apart: each side of a transfer has a
    /// key of its own, so both books held it twice after syncing, and both balances were off,
    /// with nothing said. The sync that brings the two together names them (both stay: the bank
    /// may have made two), on each device once; a delete settles it everywhere, and importing
    /// either file again adds nothing.
    @Test func aTransferImportedFromEachAccountsFileOnTwoDevicesIsNamed() {
        let sandbox = Sandbox()
        let (shared, anna, ben) = sandbox.twoSyncedBooks(annaFirst: [
            ["-q", "add-account", "Giro"],
            ["-q", "add-account", "Savings"],
        ])
        let giro = sandbox.write("giro.qif", ImportQIFTests.register("Giro", [("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", ImportQIFTests.register("Savings", [("11/03/2026", "50.00", "Giro")]))
        sandbox.succeed(anna + ["-q", "import", giro, "--date-order", "mdy"])
        sandbox.succeed(ben + ["-q", "import", savings, "--date-order", "mdy"])
        sandbox.succeed(ben + ["-q", "sync", shared])
        let warning = """
            budget: warning: transactions 1 and 10, both 50.00 from Giro to Savings on 2026-11-03, were imported on two devices: \
            they may be one transfer, each side imported from its own account's file
            hint: if they are one, delete one with 'budget delete 10' (it stays deleted when its file is imported again); \
            a device that imports both files finds the second side already imported

            """
        let annaSync = sandbox.run(anna + ["sync", shared])
        #expect(annaSync.status == 0)
        #expect(annaSync.stderr.hasSuffix(warning))
        #expect(!sandbox.run(anna + ["sync", shared]).stderr.contains("warning"))
        #expect(sandbox.run(ben + ["sync", shared]).stderr.hasSuffix(warning))
        // Ben's row is 1 (his ids end in 1), Anna's 10 (hers in 0).
        sandbox.succeed(ben + ["-q", "delete", "10"])
        sandbox.succeed(ben + ["-q", "sync", shared])
        sandbox.succeed(anna + ["-q", "sync", shared])
        for (book, file) in [(anna, savings), (anna, giro), (ben, savings), (ben, giro)] {
            #expect(sandbox.run(book + ["import", file, "--date-order", "mdy"]).stderr.hasPrefix("Imported 0 transactions"))
        }
        // A real second transfer alike in Savings' next file is new: the deleted one's other
        // side is the twin kept, not it.
        let second = sandbox.write("savings-2.qif", "!Account\nNSavings\nTBank\n^\n!Type:Bank\nD11/03/2026\nT50.00\nPSecond\nL[Giro]\n^\n")
        #expect(sandbox.run(anna + ["import", second, "--date-order", "mdy"]).stderr == "Imported 1 transaction from \(second).\n")
        sandbox.succeed(anna + ["-q", "undo"])
        let list = sandbox.succeed(anna + ["list", "--format", "csv"])
        #expect(list.hasSuffix("\n1,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,\n"))
        #expect(list.split(separator: "\n").count == 2)
        #expect(sandbox.succeed(ben + ["list", "--format", "csv"]) == list)
    }

    /// Anna imported Giro's two transfers of 50.00 on one day, Ben Savings' file holding one of
    /// them; the sync named both of Anna's beside Ben's, and Anna deleted both. Ben's is the
    /// other side of one of them, not of both: Savings' next file, bringing the second one's
    /// real other side, imported it (Giro and Savings 50.00 off), since a deleted transfer with
    /// any kept twin took no staged transfer. One to one, as the rest of the keying is.
    @Test func aDeletedTransferTakesTheOtherSideWhenItsKeptTwinIsAnotherDeletedOnes() {
        let sandbox = Sandbox()
        let (shared, anna, ben) = sandbox.twoSyncedBooks(annaFirst: [
            ["-q", "add-account", "Giro"],
            ["-q", "add-account", "Savings"],
        ])
        let giro = sandbox.write("giro.qif", ImportQIFTests.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/03/2026", "-50.00", "Savings")]))
        let savings = sandbox.write("savings.qif", ImportQIFTests.register("Savings", [("11/03/2026", "50.00", "Giro")]))
        sandbox.succeed(anna + ["-q", "import", giro, "--date-order", "mdy"])
        sandbox.succeed(ben + ["-q", "import", savings, "--date-order", "mdy"])
        sandbox.succeed(ben + ["-q", "sync", shared])
        #expect(sandbox.run(anna + ["sync", shared]).stderr.contains("transactions 1 and 20, both 50.00"))
        sandbox.succeed(anna + ["-q", "delete", "10", "20"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(ben + ["-q", "sync", shared])
        let next = sandbox.write("savings-2.qif", ImportQIFTests.register("Savings", [("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro")]))
        let ignored = "skipped 1 already imported; ignored 1 deleted after an earlier import (--include-deleted brings it back).\n"
        let before = sandbox.succeed(ben + ["list", "--format", "csv"])
        let dryRun = sandbox.run(ben + ["import", next, "--date-order", "mdy", "--dry-run"])
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr.hasSuffix("Dry run: would import 0 transactions from \(next); would skip 1 already imported; "
            + "would ignore 1 deleted after an earlier import (--include-deleted brings it back).\n"))
        #expect(sandbox.succeed(ben + ["list", "--format", "csv"]) == before)
        let result = sandbox.run(ben + ["import", next, "--date-order", "mdy"])
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 0 transactions from \(next); " + ignored)
        #expect(sandbox.succeed(ben + ["list", "--format", "csv"]).hasSuffix("\n1,2026-11-03,50.00,,Transfer,,transfer,Giro,Savings,,,,\n"))
        let balances = sandbox.succeed(ben + ["accounts", "--date", "2026-12-01", "--format", "csv"])
        #expect(balances.contains("Giro,checking,,-50.00,2026-12-01,off,"))
        #expect(balances.contains("Savings,checking,,50.00,2026-12-01,off,"))
        // A third, new transfer alike is new.
        let third = sandbox.write("savings-3.qif", ImportQIFTests.register("Savings", [
            ("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro"), ("11/03/2026", "50.00", "Giro"),
        ]))
        #expect(sandbox.run(ben + ["import", third, "--date-order", "mdy"]).stderr == "Imported 1 transaction from \(third); " + ignored)
        #expect(sandbox.succeed(ben + ["check"]) == "ok\n")
    }

    /// Two transfers of 50.00 on one day, both in Giro's file, imported before the book first
    /// synced (its ids 1 and 2, ending in different digits): the joining device got both from
    /// the founding device's snapshot and named them as imported on two devices, with a hint to
    /// delete one of two real transfers. Rows one device made are never twins of each other.
    @Test func twoTransfersTheFoundingDeviceImportedBeforeItsFirstSyncAreNotNamedOnTheJoiningDevice() {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        let anna = ["--db", sandbox.directory + "/anna.sqlite3"], ben = ["--db", sandbox.directory + "/ben.sqlite3"]
        sandbox.succeed(anna + ["-q", "add-account", "Giro"])
        sandbox.succeed(anna + ["-q", "add-account", "Savings"])
        let giro = sandbox.write("giro.qif", ImportQIFTests.register("Giro", [("11/03/2026", "-50.00", "Savings"), ("11/03/2026", "-50.00", "Savings")]))
        sandbox.succeed(anna + ["-q", "import", giro, "--date-order", "mdy"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        let joined = sandbox.run(ben + ["sync", "--join", shared])
        #expect(joined.status == 0)
        #expect(!joined.stderr.contains("warning"))
        for book in [anna, ben, anna, ben] {
            #expect(!sandbox.run(book + ["sync", shared]).stderr.contains("warning"))
        }
        #expect(sandbox.succeed(ben + ["list", "--format", "csv"]) == sandbox.succeed(anna + ["list", "--format", "csv"]))
    }

    @Test func aMissingFolderAndADamagedFileAreClearErrorsWithTheirExitCodes() {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        sandbox.succeed("-q", "add-category", "Food", "300")
        let missing = sandbox.run("sync", sandbox.directory + "/nowhere")
        #expect(missing.status == 1)
        #expect(missing.stderr == """
            budget: error: cannot open the sync folder \(sandbox.directory)/nowhere: no such file or directory
            hint: check the path: every device syncs through the same folder

            """)
        sandbox.succeed("-q", "sync", shared)
        let path = sandbox.write("shared/zzzzzzzz-000000000001.changeset", "not a changeset at all, just text")
        let other = ["--db", sandbox.directory + "/other.sqlite3"]
        let damaged = sandbox.run(other + ["-q", "sync", "--join", shared])
        #expect(damaged.status == 65)
        #expect(damaged.stderr.hasPrefix("budget: error: \(path): "))
        #expect(damaged.stderr.contains("; nothing of it was applied\n"))
    }

    @Test func aCopiedSyncedBookAddsNothingUntilItSyncsAndSaysWhy() {
        let sandbox = Sandbox()
        let shared = sandbox.foundSyncFolder()
        let copy = sandbox.directory + "/copy.sqlite3"
        #expect(system("cp '\(sandbox.database)' '\(copy)'") == 0)
        let refused = sandbox.run("--db", copy, "add", "5", "Food")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("budget: error: this book is shared through a sync folder, but this device ("))
        #expect(refused.stderr.hasSuffix("""
            ) has no id digit there yet; nothing was changed
            hint: the founding device gives each joining, copied or restored book a digit at its next sync: sync there, then 'budget sync DIR' here, then add rows

            """))
        sandbox.succeed("--db", copy, "-q", "sync", shared)
        sandbox.succeed("-q", "sync", shared)
        #expect(sandbox.run("--db", copy, "sync", shared).stderr.hasPrefix("Device vm now makes ids ending in 1.\n"))
        sandbox.succeed("--db", copy, "-q", "add", "5", "Food")
    }

    /// A typo'd `--db` must not join: joining takes one of the folder's ten device slots for
    /// good. Without `--join` a book that does not exist is named, with how to join, and
    /// nothing is created at the path or in the folder.
    @Test(arguments: [
        (["--db", "new.db"], "budget --db {dir}/new.db sync --join {dir}/shared"),
        (["--db", "my books/new.db"], "budget --db '{dir}/my books/new.db' sync --join {dir}/shared"),
        ([], "budget sync --join {dir}/shared"),
    ] as [([String], String)])
    func aSyncWithoutJoinOnABookThatDoesNotExistNamesItAndCreatesNothing(database: [String], command: String) {
        let sandbox = Sandbox()
        let shared = sandbox.foundSyncFolder()
        let path = database.last.map { sandbox.directory + "/" + $0 } ?? sandbox.directory + "/home/.local/share/budget/budget.sqlite3"
        let words = database.isEmpty ? [] : ["--db", path]
        let before = (Sandbox.names(in: sandbox.directory), Sandbox.names(in: shared))
        if database.isEmpty { sandbox.environment["BUDGET_DB"] = nil }
        let run = sandbox.run(words + ["sync", shared])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            budget: error: '\(path)' does not exist
            hint: check the path; to join the folder with a new book there: \(command.replacing("{dir}", with: sandbox.directory))

            """)
        #expect(Sandbox.names(in: sandbox.directory) == before.0)
        #expect(Sandbox.names(in: shared) == before.1)
        #expect(access(path, F_OK) != 0)
    }

    /// A folder named like an option: the hint's command puts it after `--`, as it was typed.
    @Test func theHintForAFolderNamedLikeAnOptionPutsItAfterDashes() {
        let sandbox = Sandbox()
        let path = sandbox.directory + "/typo.db"
        let run = sandbox.run("--db", path, "sync", "--", "-odd")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: '\(path)' does not exist
            hint: check the path; to join the folder with a new book there: budget --db \(path) sync --join -- -odd

            """)
        #expect(access(path, F_OK) != 0)
    }

    /// `--join` creates the new book, which joins the folder as a new book did before.
    @Test func aSyncWithJoinCreatesTheBookAndJoins() {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "12.50", "Food", "--date", "2026-01-02")
        sandbox.succeed("-q", "sync", shared)
        let before = Sandbox.names(in: shared)
        let path = sandbox.directory + "/new/ben.db"
        let run = sandbox.run("--db", path, "sync", "--join", shared)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Joined \(shared) as device "))
        #expect(run.stderr.hasSuffix("""
            ; it adds rows once the founding device has synced and given it an id digit (sync again then).
            Published 1 change, applied 1 from other devices.

            """))
        #expect(Sandbox.names(in: shared).count == before.count + 1)
        #expect(sandbox.succeed("--db", path, "list", "--format", "csv", "--from", "2026-01-01")
                == sandbox.succeed("list", "--format", "csv", "--from", "2026-01-01"))
        // Once the founding device has synced, the new device has its digit and adds rows.
        sandbox.succeed("-q", "sync", shared)
        #expect(sandbox.run("--db", path, "sync", shared).stderr.hasPrefix("Device "))
        sandbox.succeed("--db", path, "-q", "add", "5", "Food")
    }

    /// On a book that exists `--join` changes nothing: an empty one (named by `budget device`)
    /// joins, a synced one syncs, and one with rows of its own is refused, all as without it.
    @Test func aSyncWithJoinOnABookThatExistsWorksAsWithout() {
        let sandbox = Sandbox()
        let shared = sandbox.foundSyncFolder()
        let ben = ["--db", sandbox.directory + "/ben.sqlite3"]
        sandbox.succeed(ben + ["-q", "device", "ben"])
        let joined = sandbox.run(ben + ["sync", "--join", shared])
        #expect(joined.status == 0)
        #expect(joined.stderr == """
            Joined \(shared) as device ben; it adds rows once the founding device has synced and given it an id digit (sync again then).
            Published 1 change, applied 1 from other devices.

            """)
        #expect(sandbox.run(ben + ["sync", "--join", shared]).stderr == "Published 0 changes, applied 0 from other devices.\n")
        let own = sandbox.directory + "/own.sqlite3"
        sandbox.succeed("--db", own, "-q", "add-category", "Rent", "900")
        let before = Sandbox.names(in: shared)
        let refused = sandbox.run("--db", own, "sync", "--join", shared)
        #expect(refused.status == 1)
        #expect(refused.stderr == """
            budget: error: \(own) has transactions or categories of its own, and the sync folder already holds another book
            hint: join with a new, empty book ('budget --db NEW.sqlite3 sync --join DIR'), or sync this book into a new folder

            """)
        #expect(Sandbox.names(in: shared) == before)
        #expect(sandbox.succeed("--db", own, "categories", "--format", "csv") == "name,kind,budget,rollover\nRent,expense,900.00,off\n")
    }

    @Test func anInvalidDeviceNameIsAUsageError() {
        let sandbox = Sandbox()
        let run = sandbox.run("device", "  ")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("budget: error: invalid device name '  '"))
    }
}

extension Sandbox {
    /// Anna's book, after `annaFirst` (each a command's words), founds the folder `shared` in
    /// the sandbox; Ben's new book joins it; both sync once more (Ben has his digit and Anna's
    /// rows). Returns the folder and each book's `--db` words.
    func twoSyncedBooks(annaFirst: [[String]]) -> (shared: String, anna: [String], ben: [String]) {
        let shared = directory + "/shared"
        mkdir(shared, 0o700)
        let anna = ["--db", directory + "/anna.sqlite3"], ben = ["--db", directory + "/ben.sqlite3"]
        for words in annaFirst { succeed(anna + words) }
        succeed(anna + ["-q", "sync", shared])
        succeed(ben + ["-q", "sync", "--join", shared])
        succeed(anna + ["-q", "sync", shared])
        succeed(ben + ["-q", "sync", shared])
        return (shared, anna, ben)
    }

    /// Makes the folder `shared` in the sandbox and founds it with the sandbox's book, which
    /// gets a Food category first. Returns the folder's path.
    func foundSyncFolder() -> String {
        let shared = directory + "/shared"
        mkdir(shared, 0o700)
        succeed("-q", "add-category", "Food", "300")
        succeed("-q", "sync", shared)
        return shared
    }
}
