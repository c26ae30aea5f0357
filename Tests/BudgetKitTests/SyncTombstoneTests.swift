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
}
