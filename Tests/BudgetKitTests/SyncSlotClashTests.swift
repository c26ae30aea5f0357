#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// Two devices joining one folder at the same moment (each sees a copy of the folder without
/// the other's claim, as two machines behind Syncthing do) claim the same slot. Not repaired
/// yet (README: join one device at a time); this pins down what happens today.
@Suite struct SyncSlotClashTests {
    /// Copies every changeset file of `from` into `to` that `to` lacks: what a sync tool does.
    func copyFiles(from: String, to: String) {
        #expect(system("cp -n '\(from)'/*.changeset '\(to)'/ 2>/dev/null; true") == 0)
    }

    @Test(arguments: [false, true])
    func twoDevicesJoiningAtOnceEndWithTheSameBookAndNoRowLost(benFirst: Bool) throws {
        let dir = TemporaryDirectory()
        let shared = dir.file("shared"), benCopy = dir.file("ben-replica"), cleoCopy = dir.file("cleo-replica")
        for path in [shared, benCopy, cleoCopy] { mkdir(path, 0o700) }
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        _ = try anna.sync(folder: shared)
        copyFiles(from: shared, to: benCopy)
        copyFiles(from: shared, to: cleoCopy)
        let ben = try dir.store("ben.sqlite3"), cleo = try dir.store("cleo.sqlite3")
        let benJoin = try ben.sync(folder: benCopy), cleoJoin = try cleo.sync(folder: cleoCopy)
        #expect(benJoin.slot == cleoJoin.slot)  // the clash
        _ = try ben.addTransaction(amount: money("1"), category: "Food", payee: "Ben", date: day("2026-02-01"))
        _ = try cleo.addTransaction(amount: money("2"), category: "Food", payee: "Cleo", date: day("2026-02-01"))
        for replica in [benCopy, cleoCopy] { copyFiles(from: replica, to: shared) }
        let order = benFirst ? [ben, cleo, anna] : [cleo, ben, anna]
        for _ in 0..<3 {
            for book in order {
                do { _ = try book.sync(folder: shared) } catch { Issue.record("sync: \(error)") }
            }
        }
        let payees = try Set(anna.transactions().map(\.payee))
        let same = try dumpOfBook(ben) == dumpOfBook(anna) && dumpOfBook(cleo) == dumpOfBook(anna)
        withKnownIssue("two devices that join at once share a slot: the rows they made before either saw the other's claim share ids") {
            #expect(payees.isSuperset(of: ["Ben", "Cleo"]))
            #expect(same)
        }
        // What works today: the claim that lost (the earlier, by last writer) has no slot any
        // more, its device made no ids meanwhile, and its next sync took a free slot, so the
        // rows made after that never clash.
        let benSlot = try #require(try ben.device().slot), cleoSlot = try #require(try cleo.device().slot)
        #expect(benSlot != cleoSlot)
        let late = [try ben.addTransaction(amount: money("3"), category: "Food", payee: "Ben later", date: day("2026-02-02")),
                    try cleo.addTransaction(amount: money("4"), category: "Food", payee: "Cleo later", date: day("2026-02-02"))]
        #expect(late[0].id != late[1].id)
        for _ in 0..<2 { for book in order { _ = try book.sync(folder: shared) } }
        #expect(try Set(anna.transactions().map(\.payee)).isSuperset(of: ["Ben later", "Cleo later"]))
    }
}
