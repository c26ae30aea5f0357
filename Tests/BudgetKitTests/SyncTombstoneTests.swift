#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// A row deleted on two devices apart, one of which brings it back (an undo): the latest of the
/// deletes and the bring-back wins on every book, whatever order the files arrive in.
@Suite struct SyncTombstoneTests {
    /// Three joined books (Anna's sample book), all holding one transaction Anna added: its id.
    func books(in dir: TemporaryDirectory) throws -> (books: [BudgetStore], shared: String, id: Int64) {
        let shared = SyncTests().folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3"), cleo = try dir.store("cleo.sqlite3")
        try syncAll([anna, ben, cleo], through: shared)
        try anna.addTransaction(amount: money("19.37"), category: "Food", payee: "p255", date: day("2026-02-04"))
        let id = try #require(try anna.transactions().first { $0.payee == "p255" }).id
        try syncAll([anna, ben, cleo], through: shared)
        return ([anna, ben, cleo], shared, id)
    }

    /// Cleo deletes the row and undoes that (the row back, later than her delete); Ben, who saw
    /// neither, deletes it after both. Ben's delete is the latest: the row stays deleted. Ben's
    /// book once let Cleo's older delete overwrite the clock of his own, so her undo, later than
    /// her delete, brought the row back on his book alone.
    @Test func aDeleteOlderThanTheBooksOwnDoesNotLetAnUndoneDeleteBringTheRowBack() throws {
        let dir = TemporaryDirectory()
        let (books, shared, id) = try books(in: dir)
        let (anna, ben, cleo) = (books[0], books[1], books[2])
        try cleo.deleteTransactions(ids: [id])
        _ = try cleo.undo()
        #expect(try cleo.transactions().contains { $0.id == id })
        usleep(3_000)   // Ben's delete is later than Cleo's undo by the wall clock, not only by chance
        try ben.deleteTransactions(ids: [id])
        _ = try cleo.sync(folder: shared)
        _ = try ben.sync(folder: shared)
        try syncAll([anna, ben, cleo], through: shared)

        for book in books {
            #expect(try !book.transactions().contains { $0.id == id }, "\(book.path)")
            #expect(try dumpOfBook(book) == dumpOfBook(anna), "\(book.path)")
        }
    }

    /// Anna deletes the row and syncs, then undoes the delete; Ben, later than both, edits the
    /// row. The undo brings the row back with Ben's edit on every book: the edit is later than
    /// the undo. A book that met the edit while the row was deleted there (Cleo, when she synced
    /// between Anna and Ben) dropped it for good, and Ben's book, whose edit Anna's delete
    /// removed, lost its own edit: the row came back without it on those two and with it on Anna's.
    @Test(arguments: [false, true])
    func anEditLaterThanAnUndoneDeleteWinsOnEveryBook(cleoMeetsTheDeleteFirst: Bool) throws {
        let dir = TemporaryDirectory()
        let (books, shared, id) = try books(in: dir)
        let (anna, ben, cleo) = (books[0], books[1], books[2])
        try anna.deleteTransactions(ids: [id])
        _ = try anna.sync(folder: shared)
        if cleoMeetsTheDeleteFirst { _ = try cleo.sync(folder: shared) }
        usleep(3_000)   // the undo later than the delete, and Ben's edit later than the undo, by the wall clock
        _ = try anna.undo()
        usleep(3_000)
        try ben.editTransaction(id: id, TransactionChanges(payee: "edited by Ben"))
        _ = try ben.sync(folder: shared)
        _ = try cleo.sync(folder: shared)
        _ = try anna.sync(folder: shared)
        _ = try cleo.sync(folder: shared)
        try syncAll([anna, ben, cleo], through: shared)

        for book in books {
            #expect(try book.transactions().first { $0.id == id }?.payee == "edited by Ben", "\(book.path)")
            #expect(try dumpOfBook(book) == dumpOfBook(anna), "\(book.path)")
        }
    }

    /// The same with a category Ben renames to a name Cleo gave another (smaller) category
    /// apart: Ben's gives way (`Fun (id)`) before Anna's delete reaches him. The row comes back
    /// wanting `Fun` on every book, and takes it once Cleo's category lets it go. Ben's book
    /// once kept the name it was given, `Fun (id)`, as the value of his rename, and kept it.
    @Test func aRenameLaterThanAnUndoneDeleteKeepsTheNameItGaveWay() throws {
        let dir = TemporaryDirectory()
        let (books, shared, _) = try books(in: dir)
        let (anna, ben, cleo) = (books[0], books[1], books[2])
        try ben.addCategory(named: "Old", monthlyBudget: money("5"))
        try syncAll(books, through: shared)
        let id = try #require(try anna.categories().first { $0.name == "Old" }).id
        #expect(try anna.categories().contains { $0.name == "Misc" && $0.id < id })
        try anna.deleteCategory(named: "Old")
        usleep(3_000)   // the undo later than the delete, and Ben's rename later than the undo, by the wall clock
        _ = try anna.undo()
        try cleo.renameCategory(named: "Misc", to: "Fun")
        _ = try cleo.sync(folder: shared)
        usleep(3_000)
        try ben.renameCategory(named: "Old", to: "Fun")
        _ = try ben.sync(folder: shared)
        #expect(try ben.categories().first { $0.id == id }?.name == "Fun (\(id))")
        _ = try anna.sync(folder: shared)
        try syncAll(books, through: shared)
        try cleo.renameCategory(named: "Fun", to: "Misc")
        try syncAll(books, through: shared)

        for book in books {
            #expect(try book.categories().first { $0.id == id }?.name == "Fun", "\(book.path)")
            #expect(try dumpOfBook(book) == dumpOfBook(anna), "\(book.path)")
        }
    }
}
