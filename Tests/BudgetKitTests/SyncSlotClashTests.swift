#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// Devices joining one folder at the same moment (each sees a copy of the folder without the
/// others' requests, as machines behind Syncthing do). Only the founding device gives slots, so
/// they never share one; a joiner makes no rows until it has its own, and no row is lost.
@Suite struct SyncSlotClashTests {
    /// Copies every changeset file of `from` into `to` that `to` lacks: what a sync tool does.
    func copyFiles(from: String, to: String) {
        #expect(system("cp -n '\(from)'/*.changeset '\(to)'/ 2>/dev/null; true") == 0)
    }

    /// Anna's founded folder, and `names.count` books that joined it at once, each from its own
    /// copy of the folder, in the order given (the order of their requests).
    func joinAtOnce(_ names: [String], in dir: TemporaryDirectory) throws -> (anna: BudgetStore, joiners: [BudgetStore], shared: String) {
        let shared = dir.file("shared")
        mkdir(shared, 0o700)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        _ = try anna.sync(folder: shared)
        var joiners: [BudgetStore] = []
        for name in names {
            let replica = dir.file("\(name)-replica")
            mkdir(replica, 0o700)
            copyFiles(from: shared, to: replica)
            let book = try dir.store("\(name).sqlite3")
            let joined = try book.sync(folder: replica)
            #expect(joined.joined && joined.slot == nil)
            usleep(2_000)  // requests made in this order
            joiners.append(book)
        }
        for name in names { copyFiles(from: dir.file("\(name)-replica"), to: shared) }
        return (anna, joiners, shared)
    }

    func expectNoSlotYet(_ book: BudgetStore, _ write: (BudgetStore) throws -> Void) throws {
        let before = try dumpOfBook(book)
        let name = try book.device().device.name
        #expect(throws: BudgetError.sync(.noSlotYet(device: name))) { try write(book) }
        #expect(try dumpOfBook(book) == before)
    }

    @Test(arguments: [false, true])
    func twoDevicesJoiningAtOnceEndWithTheSameBookAndNoRowLost(benFirst: Bool) throws {
        let dir = TemporaryDirectory()
        let (anna, joiners, shared) = try joinAtOnce(benFirst ? ["ben", "cleo"] : ["cleo", "ben"], in: dir)
        let ben = joiners[benFirst ? 0 : 1], cleo = joiners[benFirst ? 1 : 0]
        // Before the founding device answers, neither makes a row (the two would share ids).
        for book in [ben, cleo] {
            try expectNoSlotYet(book) {
                _ = try $0.addTransaction(amount: money("1"), category: "Food", payee: "Early", date: day("2026-02-01"))
            }
        }
        let given = try anna.sync(folder: shared)
        #expect(given.published == 2)
        let order = benFirst ? [ben, cleo, anna] : [cleo, ben, anna]
        for book in order.dropLast() { #expect(try book.sync(folder: shared).slotGiven) }
        // Slots in the order the devices asked.
        #expect(try ben.device().slot == (benFirst ? 1 : 2) && cleo.device().slot == (benFirst ? 2 : 1))
        let rows = [try ben.addTransaction(amount: money("1"), category: "Food", payee: "Ben", date: day("2026-02-01")),
                    try cleo.addTransaction(amount: money("2"), category: "Food", payee: "Cleo", date: day("2026-02-01"))]
        #expect(rows[0].id != rows[1].id)
        for _ in 0..<3 {
            for book in order {
                do { _ = try book.sync(folder: shared) } catch { Issue.record("sync: \(error)") }
            }
        }
        let payees = try Set(anna.transactions().map(\.payee))
        #expect(payees.isSuperset(of: ["Ben", "Cleo"]))
        #expect(try dumpOfBook(ben) == dumpOfBook(anna) && dumpOfBook(cleo) == dumpOfBook(anna))
    }

    @Test func threeDevicesJoiningAtOnceEachGetTheirOwnSlot() throws {
        let dir = TemporaryDirectory()
        let (anna, joiners, shared) = try joinAtOnce(["ben", "cleo", "dan"], in: dir)
        _ = try anna.sync(folder: shared)
        for book in joiners { _ = try book.sync(folder: shared) }
        #expect(try joiners.map { try $0.device().slot } == [1, 2, 3])
        for (index, book) in joiners.enumerated() {
            for number in 0..<3 {
                let row = try book.addTransaction(amount: money("\(number + 1)"), category: "Misc", payee: "p\(index)-\(number)",
                                                  date: day("2026-02-0\(number + 1)"))
                #expect(row.id % 10 == Int64(index + 1))
            }
        }
        try syncAll([anna] + joiners, through: shared)
        let dump = try dumpOfBook(anna)
        for book in joiners { #expect(try dumpOfBook(book) == dump) }
        #expect(try anna.transactions().filter { $0.payee.hasPrefix("p") }.count == 9)
    }

    /// A joiner's splits, transfers and categories wait for its slot (refused, nothing changed);
    /// its edits of rows already there do not need one and travel as usual.
    @Test func aJoinerMakesNoRowsBeforeItsSlotAndItsLaterRowsReachEveryBook() throws {
        let dir = TemporaryDirectory()
        let (anna, joiners, shared) = try joinAtOnce(["ben", "cleo"], in: dir)
        let ben = joiners[0], cleo = joiners[1]
        try expectNoSlotYet(cleo) {
            _ = try $0.addTransaction(amount: money("30"), splits: [SplitPart(category: "Food", amount: money("20")),
                                                                   SplitPart(category: "Misc", amount: money("10"))],
                                      payee: "Split", date: day("2026-02-03"))
        }
        try expectNoSlotYet(cleo) { _ = try $0.transfer(amount: money("5"), from: "Main", to: "Savings", date: day("2026-02-03")) }
        try expectNoSlotYet(cleo) { try $0.addCategory(named: "Toys", monthlyBudget: money("9")) }
        try expectNoSlotYet(cleo) { try $0.addAccount(named: "Cash", kind: .cash) }
        let lunch = try #require(try cleo.transactions().first { $0.payee == "Lunch" })
        try cleo.editTransaction(id: lunch.id, TransactionChanges(payee: "Lunch with Cleo"))

        _ = try anna.sync(folder: shared)
        for book in joiners { _ = try book.sync(folder: shared) }
        let slot = try #require(try cleo.device().slot)
        let split = try cleo.addTransaction(amount: money("30"), splits: [SplitPart(category: "Food", amount: money("20")),
                                                                        SplitPart(category: "Misc", amount: money("10"))],
                                            payee: "Split", date: day("2026-02-03"))
        try cleo.transfer(amount: money("5"), from: "Main", to: "Savings", date: day("2026-02-03"))
        try cleo.addCategory(named: "Toys", monthlyBudget: money("9"))
        _ = try ben.addTransaction(amount: money("7"), category: "Food", payee: "Ben", date: day("2026-02-03"))
        #expect(split.id % 10 == slot)
        try syncAll([anna, ben, cleo], through: shared)
        let dump = try dumpOfBook(anna)
        #expect(try dumpOfBook(ben) == dump && dumpOfBook(cleo) == dump)
        #expect(try Set(anna.transactions().map(\.payee)).isSuperset(of: ["Lunch with Cleo", "Split", "Ben"]))
        #expect(try anna.categories().contains { $0.name == "Toys" })
    }

    @Test func whenTheFoundingDeviceIsGoneAnotherGivesSlots() throws {
        let dir = TemporaryDirectory()
        let shared = dir.file("shared")
        mkdir(shared, 0o700)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        #expect(try ben.device().slot == 1)
        // Anna's book is gone for good: Cleo's request waits until Ben gives slots.
        let cleo = try dir.store("cleo.sqlite3")
        _ = try cleo.sync(folder: shared)
        _ = try ben.sync(folder: shared)
        #expect(try cleo.sync(folder: shared).slot == nil)
        _ = try ben.sync(folder: shared, givingSlots: true)
        #expect(try cleo.sync(folder: shared).slot == 2)
    }

    /// Undo never takes back a slot (two devices could then make the same ids): it undoes the
    /// write before.
    @Test func undoPassesOverTheSlotsADeviceGave() throws {
        let dir = TemporaryDirectory()
        let shared = dir.file("shared")
        mkdir(shared, 0o700)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        let devices = try anna.connection.int64("SELECT count(*) FROM devices")
        #expect(devices == 2)
        let undone = try anna.undo()
        #expect(undone.command == "setup")
        #expect(try anna.connection.int64("SELECT count(*) FROM devices") == devices)
        let slotEntry = try #require(try anna.history().first { $0.placesDevices })
        #expect(throws: BudgetError.syncEntryNotUndone(slotEntry.id)) { try anna.undo(entry: slotEntry.id) }
    }
}
