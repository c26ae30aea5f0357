import Testing
@testable import BudgetKit

/// A unique value (a category name) in a synced book: the smaller id keeps a name two rows made
/// apart claim, and a row that gave way, or a name given again after its row was deleted, holds
/// its own name once the row holding it is gone, on every book, whatever order files arrive in.
@Suite struct SyncUniqueNameTests {
    /// Anna's sample book and Ben's, joined, both holding a category Gifts (made by Anna).
    func books(in dir: TemporaryDirectory) throws -> (anna: BudgetStore, ben: BudgetStore, shared: String) {
        let shared = SyncTests().folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try anna.addCategory(named: "Gifts", monthlyBudget: money("40"))
        try syncAll([anna, ben], through: shared)
        return (anna, ben, shared)
    }

    func names(_ store: BudgetStore) throws -> [String] {
        try store.categories().map(\.name).sorted()
    }

    func id(of name: String, in store: BudgetStore, renamed: Bool = false) throws -> Int64 {
        try #require(try store.categories().first { renamed ? $0.name.hasPrefix(name + " (") : $0.name == name }).id
    }

    @Test(arguments: [false, true])
    func aNameDeletedAndGivenAgainOnOneDeviceKeepsItsNameOnEveryBook(onBen: Bool) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        let writer = onBen ? ben : anna
        let old = try id(of: "Gifts", in: writer)
        _ = try writer.deleteCategory(named: "Gifts")
        try writer.addCategory(named: "Gifts", monthlyBudget: money("60"))
        let new = try id(of: "Gifts", in: writer)
        #expect(new > old)
        try syncAll([anna, ben], through: shared)

        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try id(of: "Gifts", in: anna) == new)
        #expect(try !names(anna).contains { $0.hasPrefix("Gifts (") })
        #expect(try anna.syncConflicts().isEmpty && ben.syncConflicts().isEmpty)
    }

    @Test(arguments: SyncOrder.allCases)
    func theSameNameGivenAgainOnBothDevicesApartGoesToTheSmallerIdAndTheOtherIsReported(order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        for book in [anna, ben] {
            _ = try book.deleteCategory(named: "Gifts")
            try book.addCategory(named: "Gifts", monthlyBudget: money(book === anna ? "10" : "20"))
        }
        let annaID = try id(of: "Gifts", in: anna), benID = try id(of: "Gifts", in: ben)
        let reports = try syncTwice(order, anna, ben, through: shared)

        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        let (keeper, renamed) = annaID < benID ? (annaID, benID) : (benID, annaID)
        #expect(try id(of: "Gifts", in: anna) == keeper)
        #expect(try id(of: "Gifts (\(renamed))", in: anna) == renamed)
        let reported = { (conflict: SyncConflict) in
            conflict.table == "categories" && conflict.rowKey == String(renamed) && conflict.column == "name"
                && conflict.lost == .text("Gifts") && conflict.kept == .text("Gifts (\(renamed))")
        }
        #expect(try anna.syncConflicts().contains(where: reported) && ben.syncConflicts().contains(where: reported))
        #expect(reports.contains { $0.conflicts.contains(where: reported) })
    }

    /// The default account chosen apart on two devices: the smaller id keeps being the default
    /// on every book, and the sync that brings the other choice to a book whose default has
    /// the smaller id writes nothing to that row (it once ran `UPDATE ... SET  WHERE`, a syntax
    /// error that failed that book's every later sync).
    @Test(arguments: SyncOrder.allCases)
    func aDefaultAccountChosenOnBothDevicesEndsTheSameAndSyncGoesOn(order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        try anna.addAccount(named: "Wallet")
        try anna.addAccount(named: "Visa", kind: .credit)
        try syncAll([anna, ben], through: shared)
        try anna.setDefaultAccount(named: "Wallet")
        try ben.setDefaultAccount(named: "Visa")
        _ = try syncTwice(order, anna, ben, through: shared)

        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        let defaults = try anna.accounts().filter(\.account.isDefault).map(\.account.name)
        #expect(defaults == ["Wallet"])
        try ben.addTransaction(amount: money("1"), category: "Gifts", payee: "after", date: Day(iso: "2026-11-02")!)
        try syncAll([anna, ben], through: shared)
        #expect(try anna.transactions().contains { $0.payee == "after" })
    }

    /// Anna deletes Gifts and adds it again, while Ben edits the deleted row's budget and adds
    /// a Toys that Anna adds too: the orders that would part a naive fix.
    @Test(arguments: SyncOrder.allCases)
    func aDeleteAndReAddMeetingAnEditOfTheDeletedRowEndsTheSameInEveryOrder(order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        let cleo = try dir.store("cleo.sqlite3")
        try syncAll([anna, ben, cleo], through: shared)
        _ = try anna.deleteCategory(named: "Gifts")
        try anna.addCategory(named: "Gifts", monthlyBudget: money("60"))
        try anna.addCategory(named: "Toys", monthlyBudget: money("5"))
        let gifts = try id(of: "Gifts", in: anna)
        _ = try ben.setBudget(money("45"), forCategory: "Gifts", from: Month(iso: "2026-03")!)
        try ben.addCategory(named: "toys", monthlyBudget: money("6"))
        // Cleo hears one of them first, then the other.
        let books = order == .annaFirst ? [anna, cleo, ben, cleo, anna] : [ben, cleo, anna, cleo, ben]
        for book in books { _ = try book.sync(folder: shared) }
        try syncAll([anna, ben, cleo], through: shared)

        let dump = try dumpOfBook(anna)
        #expect(try dumpOfBook(ben) == dump && dumpOfBook(cleo) == dump)
        #expect(try id(of: "Gifts", in: cleo) == gifts)
        let toys = try anna.categories().filter { $0.name.lowercased().hasPrefix("toys") }.sorted { $0.id < $1.id }
        #expect(toys.count == 2)
        if toys.count == 2 { #expect(toys[1].name.hasSuffix(" (\(toys[1].id))") && !toys[0].name.hasSuffix(")")) }
    }

    /// A row renamed `Name (id)` takes its name back when the row holding it goes: deleted, or
    /// renamed, on either book.
    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func aRowThatGaveWayTakesItsNameBackWhenTheHolderGoes(renamed: Bool, onBen: Bool) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        try anna.addCategory(named: "Toys", monthlyBudget: money("5"))
        try ben.addCategory(named: "TOYS", monthlyBudget: money("6"))
        try syncAll([anna, ben], through: shared)
        // Ben's id is the smaller (the first id ending in 1 above Anna's Gifts): he keeps it.
        let holder = try id(of: "TOYS", in: anna), loser = try id(of: "Toys", in: anna, renamed: true)
        #expect(holder < loser)

        let writer = onBen ? ben : anna
        if renamed {
            try writer.renameCategory(named: "TOYS", to: "Games")
        } else {
            _ = try writer.deleteCategory(named: "TOYS")
        }
        // The writer's own book puts it right at once, the other at its next sync.
        #expect(try id(of: "Toys", in: writer) == loser)
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try id(of: "Toys", in: anna) == loser)
        #expect(try names(anna).contains("Games") == renamed)
        #expect(try anna.syncConflicts().contains { $0.rowKey == String(loser) && $0.lost == .text("Toys") })
    }

    /// The row that gave way, renamed on the other book, wants its new name; the name it gave
    /// way with stays with its holder.
    @Test(arguments: SyncOrder.allCases)
    func aRowThatGaveWayAndIsRenamedTakesItsNewName(order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        try anna.addCategory(named: "Toys", monthlyBudget: money("5"))
        try ben.addCategory(named: "TOYS", monthlyBudget: money("6"))
        try syncAll([anna, ben], through: shared)
        let loser = try #require(try anna.categories().first { $0.name.hasPrefix("Toys (") })
        try ben.renameCategory(named: loser.name, to: "Games")
        _ = try anna.deleteCategory(named: "Gifts")
        _ = try syncTwice(order, anna, ben, through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try id(of: "Games", in: anna) == loser.id)
        #expect(try names(anna).contains("TOYS"))
        // The holder deleted later: nobody wants Toys' name any more.
        _ = try anna.deleteCategory(named: "TOYS")
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        #expect(try !names(anna).contains { $0.lowercased().hasPrefix("toys") })
    }

    /// Migrations 9 and 10 on the release's book (that it reads back the same is
    /// `MigrationTests`): the values rows gave way replace the smallest ids, and slot requests.
    @Test func theMigrationsGiveAVersion1BookTheNewSyncTables() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v1.sqlite3", in: dir))
        let tables = try store.connection.prepare("""
            SELECT name FROM sqlite_schema WHERE type = 'table' AND (name LIKE 'sync_%' OR name LIKE 'slot_%') ORDER BY name
            """).map { $0.text(0) }
        #expect(tables == ["slot_requests", "sync_conflicts", "sync_given_way", "sync_parked", "sync_state"])
        #expect(try store.connection.int64("SELECT count(*) FROM sync_given_way") == 0)
        #expect(try store.connection.int64("SELECT count(*) FROM slot_requests") == 0)
        #expect(try store.categories().count == 4)
    }
}
