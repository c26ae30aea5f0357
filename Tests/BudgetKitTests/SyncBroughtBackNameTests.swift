import Testing
@testable import BudgetKit

/// A category brought back (another device's rows still used it) whose name a new category took
/// meanwhile: the smaller id holds the name and the other gives way, as for any two rows that
/// want one name, and when the holder goes the other takes its name back, on every book.
@Suite struct SyncBroughtBackNameTests {
    func category(named name: String, in book: BudgetStore) throws -> BudgetCategory? {
        try book.categories().first { $0.name == name }
    }

    /// Anna deletes Gifts and adds it again (a larger id) while Ben adds a transaction to it:
    /// Ben's sync brings the old Gifts back and the new one gives way. Once the old one is
    /// deleted again (on either book), the new one is Gifts on both. Ben's book once wrote the
    /// new row's giving way into his bring-back's entry, read it back there as a rename (the
    /// row no longer wanting Gifts) and published it as one: his book, and Anna's when the
    /// rename came before the insert in the file, kept `Gifts (id)` for good.
    @Test(arguments: [false, true])
    func aCategoryThatGaveWayToOneBroughtBackTakesItsNameBackWhenThatOneGoesAgain(deletedOnBen: Bool) throws {
        let dir = TemporaryDirectory()
        let shared = SyncTests().folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        try anna.addCategory(named: "Gifts", monthlyBudget: money("40"))
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        let old = try #require(try category(named: "Gifts", in: anna)).id
        _ = try anna.deleteCategory(named: "Gifts")
        try anna.addCategory(named: "Gifts", monthlyBudget: money("60"))
        let new = try #require(try category(named: "Gifts", in: anna)).id
        try ben.addTransaction(amount: money("8"), category: "Gifts", payee: "G8", date: day("2026-01-10"))
        try syncAll([anna, ben], through: shared)
        #expect(new > old)
        #expect(try category(named: "Gifts", in: ben)?.id == old)
        #expect(try category(named: "Gifts (\(new))", in: ben)?.id == new)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))

        let deleter = deletedOnBen ? ben : anna
        _ = try deleter.deleteCategory(named: "Gifts", .moveTransactions(to: "Food"))
        try syncAll([anna, ben], through: shared)
        for book in [anna, ben] {
            #expect(try category(named: "Gifts", in: book)?.id == new, "\(book.path)")
        }
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
    }

    /// The brought-back row has the larger id: it gives way to a Gifts made meanwhile by a
    /// device whose ids were smaller (Cleo's, made after the delete), and takes its name back
    /// when that one goes, on every book. Ben's bring-back once published the row already
    /// renamed `Gifts (id)`: his book knew it gave way, the others took the name as its own.
    @Test func aBroughtBackCategoryThatGaveWayTakesItsNameBackWhenTheHolderGoes() throws {
        let dir = TemporaryDirectory()
        let shared = SyncTests().folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3"), cleo = try dir.store("cleo.sqlite3")
        let books = [anna, ben, cleo]
        try syncAll(books, through: shared)
        try anna.addCategory(named: "Tmp", monthlyBudget: money("1"))
        try anna.addCategory(named: "Gifts", monthlyBudget: money("40"))
        try syncAll(books, through: shared)
        let old = try #require(try category(named: "Gifts", in: anna)).id
        try ben.addTransaction(amount: money("8"), category: "Gifts", payee: "G8", date: day("2026-01-10"))
        _ = try anna.deleteCategory(named: "Gifts")
        _ = try anna.sync(folder: shared)
        _ = try cleo.sync(folder: shared)
        try cleo.addCategory(named: "Gifts", monthlyBudget: money("60"))
        let new = try #require(try category(named: "Gifts", in: cleo)).id
        #expect(new < old)
        _ = try cleo.sync(folder: shared)
        try syncAll(books, through: shared)
        for book in books {
            #expect(try category(named: "Gifts", in: book)?.id == new, "\(book.path)")
            #expect(try category(named: "Gifts (\(old))", in: book)?.id == old, "\(book.path)")
            #expect(try dumpOfBook(book) == dumpOfBook(anna), "\(book.path)")
        }

        _ = try cleo.deleteCategory(named: "Gifts")
        try syncAll(books, through: shared)
        for book in books {
            #expect(try category(named: "Gifts", in: book)?.id == old, "\(book.path)")
            #expect(try dumpOfBook(book) == dumpOfBook(anna), "\(book.path)")
        }
    }
}
