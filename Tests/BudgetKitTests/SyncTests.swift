#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// Syncs every book in turn, twice, so every change reaches every book.
func syncAll(_ books: [BudgetStore], through folder: String) throws {
    for _ in 0..<2 { for book in books { _ = try book.sync(folder: folder) } }
}

/// Which book of two syncs first once both worked apart.
enum SyncOrder: String, CaseIterable, Sendable, CustomStringConvertible {
    case annaFirst, benFirst
    var description: String { rawValue }
}

/// Both books synced twice, `order` first: every report.
func syncTwice(_ order: SyncOrder, _ anna: BudgetStore, _ ben: BudgetStore, through shared: String) throws -> [SyncReport] {
    let books = order == .annaFirst ? [anna, ben] : [ben, anna]
    var reports: [SyncReport] = []
    for _ in 0..<2 { for book in books { reports.append(try book.sync(folder: shared)) } }
    return reports
}

@Suite struct SyncTests {
    func folder(in dir: TemporaryDirectory) -> String {
        let path = dir.file("shared")
        mkdir(path, 0o700)
        return path
    }

    @Test func aJoiningBookReceivesTheWholeBookAndBothEndTheSame() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let founding = try anna.sync(folder: shared)
        #expect(founding.founded && founding.slot == 0 && founding.published >= 1)
        let ben = try dir.store("ben.sqlite3")
        let joining = try ben.sync(folder: shared)
        // Ben asked for a slot; Anna gives it at her next sync, Ben has it at his.
        #expect(joining.joined && joining.slot == nil && !joining.slotGiven && joining.applied >= 1)
        _ = try anna.sync(folder: shared)
        let given = try ben.sync(folder: shared)
        #expect(!given.joined && given.slotGiven && given.slot == 1)
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
    }

    @Test func rowsAddedApartBothSurviveWithIdsEndingInTheirDevicesDigit() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        let a = try anna.addTransaction(amount: money("1"), category: "Food", payee: "Anna", date: day("2026-02-01"))
        let b = try ben.addTransaction(amount: money("2"), category: "Food", payee: "Ben", date: day("2026-02-01"))
        try ben.addCategory(named: "Travel", monthlyBudget: money("80"))
        #expect(a.id % 10 == 0 && b.id % 10 == 1 && a.id != b.id)
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try Set(anna.transactions().map(\.payee)).isSuperset(of: ["Anna", "Ben"]))
    }

    @Test func theLaterEditOfAFieldWinsEditsOfOtherFieldsMergeAndTheLoserIsReported() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try anna.editTransaction(id: 1, TransactionChanges(amount: money("20")))
        try ben.editTransaction(id: 1, TransactionChanges(payee: "Lunch with Ben"))
        usleep(2_000)
        try ben.editTransaction(id: 1, TransactionChanges(amount: money("30")))
        _ = try anna.sync(folder: shared)
        let report = try ben.sync(folder: shared)
        _ = try anna.sync(folder: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        let merged = try anna.transaction(id: 1)
        #expect(merged.amount == money("30") && merged.payee == "Lunch with Ben")
        let lost = try anna.syncConflicts() + ben.syncConflicts()
        #expect(lost.contains { $0.table == "transactions" && $0.column == "amount" && $0.lost == .integer(2000) && $0.kept == .integer(3000) })
        #expect(report.conflicts.isEmpty || report.conflicts.allSatisfy { $0.column == "amount" })
    }

    @Test func aDeleteWinsOverAnEditMadeApartAndBothBooksAgree() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try anna.deleteTransactions(ids: [2])
        try ben.editTransaction(id: 2, TransactionChanges(payee: "Pens and paper"))
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(throws: BudgetError.unknownTransaction(2)) { try ben.transaction(id: 2) }
    }

    /// A file too large for triggers (its monthly totals are computed again by hand) deletes a
    /// row this book had moved to another month: the month the row left here is computed again
    /// too, though the file never names it. (It kept the row's amount: `report` and `accounts`
    /// counted a row `list` no longer showed.)
    @Test(arguments: SyncOrder.allCases)
    func aLargeFileDeletingARowMovedHereLeavesNoTotalInTheMonthItWasMovedTo(_ order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        var csv = "date,amount,category,payee\n"
        for row in 1...1_200 { csv += "2026-10-\(row % 28 < 9 ? "0" : "")\(row % 28 + 1),1.00,Food,Bulk \(row)\n" }
        try importText(anna, csv)
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        let moved = try #require(ben.transactions().first { $0.payee == "Bulk 5" })
        try ben.editTransaction(id: moved.id, TransactionChanges(date: day("2026-12-15")))
        try anna.deleteTransactions(ids: try anna.transactions().filter { $0.payee.hasPrefix("Bulk ") }.map(\.id))
        _ = try syncTwice(order, anna, ben, through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try ben.check() == [])
        #expect(try anna.check() == [])
        #expect(try ben.connection.int64("SELECT count(*) FROM category_months WHERE month = '2026-12' AND amount_sum <> 0") == 0)
    }

    @Test func theSameCategoryNameMadeOnTwoDevicesKeepsBothRowsUnderDistinctNames() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try anna.addCategory(named: "Travel", monthlyBudget: money("80"))
        try ben.addCategory(named: "travel", monthlyBudget: money("90"))
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        let names = try anna.categories().map(\.name).filter { $0.lowercased().hasPrefix("travel") }
        #expect(names.count == 2)
    }

    @Test func syncedAndUndoneChangesReachLiveResultsThroughTheChangeLog() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        let live = try LiveTransactions(store: ben, request: TransactionRequest())
        let before = live.count
        let added = try anna.addTransaction(amount: money("3"), category: "Food", payee: "Synced", date: day("2026-03-01"))
        _ = try anna.sync(folder: shared)
        _ = try ben.sync(folder: shared)
        try live.processPendingChanges()
        #expect(live.count == before + 1)
        #expect(try ben.transaction(id: added.id).payee == "Synced")
    }

    @Test func aBookWithItsOwnEntriesCannotJoinAnotherBooksFolder() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        _ = try anna.sync(folder: shared)
        let other = try sampleBook(in: dir, "other.sqlite3")
        let before = try dumpOfEveryTable(other)
        #expect(throws: BudgetError.sync(.bookNotEmpty(path: dir.file("other.sqlite3")))) { try other.sync(folder: shared) }
        #expect(try dumpOfEveryTable(other).filter { $0.key != "local_device" } == before.filter { $0.key != "local_device" })
    }

    @Test func aMissingOrReadOnlyFolderIsAClearError() throws {
        let dir = TemporaryDirectory()
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let missing = dir.file("nowhere")
        #expect {
            try anna.sync(folder: missing)
        } throws: { error in
            guard case BudgetError.sync(.cannotOpenSyncFolder(let path, _)) = error else { return false }
            return path == missing
        }
        let shared = folder(in: dir)
        chmod(shared, 0o500)
        defer { chmod(shared, 0o700) }
        guard getuid() != 0 else { return }
        #expect {
            try anna.sync(folder: shared)
        } throws: { error in
            guard case BudgetError.sync(.cannotWriteChangesetFile) = error else { return false }
            return true
        }
    }

    @Test func aDamagedFileIsRefusedByNameAndItsDeviceWaitsWhileOthersGoOn() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        let cleo = try dir.store("cleo.sqlite3")
        try syncAll([anna, ben, cleo], through: shared)
        try ben.addCategory(named: "FromBen", monthlyBudget: money("1"))
        try cleo.addCategory(named: "FromCleo", monthlyBudget: money("1"))
        _ = try ben.sync(folder: shared)
        _ = try cleo.sync(folder: shared)
        let benID = try #require(try ben.history(limit: 1).first).clock.device
        let files = try ChangesetFile.entries(in: shared).filter { $0.device == benID }
        let newest = try #require(files.last)
        #expect(truncate(newest.path, 70) == 0)
        let report = try anna.sync(folder: shared)
        #expect(report.refused.count == 1)
        guard case .invalidChangesetFile(let path, .truncated)? = report.refused.first else {
            Issue.record("expected a truncated file, got \(report.refused)")
            return
        }
        #expect(path == newest.path)
        #expect(try anna.categories().contains { $0.name == "FromCleo" })
        #expect(try !anna.categories().contains { $0.name == "FromBen" })
    }

    @Test func aFileOfANewerSchemaIsRefused() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        _ = try anna.sync(folder: shared)
        let stranger = try #require(DeviceID("zzzzzzzz"))
        let clock = HybridLogicalClock(milliseconds: 1, counter: 0, device: stranger)
        let file = ChangesetFile(schemaVersion: 99, sequence: 1, clock: clock, changeset: .empty)
        let path = try file.write(into: shared)
        let report = try anna.sync(folder: shared)
        #expect(report.refused == [.invalidChangesetFile(path: path, problem: .newerSchema(version: 99, supported: Schema.migrator.latestVersion))])
    }

    @Test func anotherBookPublishingUnderThisDevicesIdIsRefused() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        _ = try anna.sync(folder: shared)
        try anna.addCategory(named: "Next", monthlyBudget: money("1"))
        let me = try #require(try anna.history(limit: 1).first).clock.device
        let sequence = UInt64(try ChangesetFile.entries(in: shared).filter { $0.device == me }.count + 1)
        let impostor = ChangesetFile(schemaVersion: 7, sequence: sequence, clock: HybridLogicalClock(milliseconds: 5, counter: 0, device: me),
                                     changeset: .empty)
        let path = try impostor.write(into: shared)
        #expect(throws: BudgetError.sync(.changesetFileExists(path: path))) { try anna.sync(folder: shared) }
    }

    /// A copy of a synced book (restored from a backup, moved to another machine) is a new
    /// device without a slot: SQLite's max + 1 could be an id another device makes, so it makes
    /// none until its next sync gives it its own digit.
    @Test func aCopiedBookMakesNoIdsUntilItsNextSyncGivesItADigit() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try ben.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(system("cp '\(dir.file("ben.sqlite3"))' '\(dir.file("copy.sqlite3"))'") == 0)
        let copy = try dir.store("copy.sqlite3")
        let before = try dumpOfBook(copy)
        let name = try copy.device().device.name
        #expect(throws: BudgetError.sync(.noSlotYet(device: name))) {
            try copy.addTransaction(amount: money("5"), category: "Food", payee: "Copy", date: day("2026-02-02"))
        }
        #expect(throws: BudgetError.sync(.noSlotYet(device: name))) { try copy.addCategory(named: "Copied", monthlyBudget: money("1")) }
        #expect(try dumpOfBook(copy) == before)
        #expect(try copy.sync(folder: shared).slot == nil)
        _ = try anna.sync(folder: shared)
        let report = try copy.sync(folder: shared)
        #expect(report.slot == 2 && report.slotGiven)
        let added = try copy.addTransaction(amount: money("5"), category: "Food", payee: "Copy", date: day("2026-02-02"))
        let fromBen = try ben.addTransaction(amount: money("6"), category: "Food", payee: "Ben", date: day("2026-02-02"))
        #expect(added.id % 10 == 2 && fromBen.id % 10 == 1)
        try syncAll([anna, ben, copy], through: shared)
        #expect(try dumpOfBook(copy) == dumpOfBook(anna) && dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try Set(anna.transactions().map(\.payee)).isSuperset(of: ["Copy", "Ben"]))
    }

    @Test func pruningKeepsWhatIsNotPublishedAndSyncGoesOn() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try anna.addCategory(named: "Unpublished", monthlyBudget: money("1"))
        let tomorrow = Day.today().adding(days: 1)
        #expect(try anna.pruneHistory(before: tomorrow) > 0)
        let kept = try anna.history()
        #expect(kept.map(\.command) == ["setup"], "\(kept.map { ($0.id, $0.command, $0.isReceived, $0.changes.map(\.table)) })")
        _ = try anna.sync(folder: shared)
        _ = try ben.sync(folder: shared)
        #expect(try ben.category(named: "Unpublished").name == "Unpublished")
        #expect(try anna.pruneHistory(before: tomorrow) == 1)
        try ben.addCategory(named: "After", monthlyBudget: money("1"))
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
    }
}
