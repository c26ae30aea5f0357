import Testing
@testable import BudgetKit

/// Import profiles (and their options) travel like every other row: saved, edited (saving a
/// name again replaces the profile) and removed on two books apart, they end the same on both.
@Suite struct SyncImportProfileTests {
    func books(in dir: TemporaryDirectory) throws -> (anna: BudgetStore, ben: BudgetStore, shared: String) {
        let shared = SyncTests().folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        return (anna, ben, shared)
    }

    @Test(arguments: SyncOrder.allCases)
    func profilesSavedEditedAndRemovedApartEndTheSameOnBothBooks(order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        try anna.saveImportProfile(named: "bank", options: ["--delimiter", ";"])
        try anna.saveImportProfile(named: "old", options: ["--decimal-comma"])
        try syncAll([anna, ben], through: shared)
        #expect(try ben.importProfiles() == anna.importProfiles())

        // Apart: each edits the profile the other removes, and adds one of its own.
        try anna.saveImportProfile(named: "Bank", options: ["--delimiter", ",", "--skip-lines", "2"])
        try anna.removeImportProfile(named: "old")
        try anna.saveImportProfile(named: "cash", options: ["--date-format", "DD.MM.YYYY"])
        try ben.removeImportProfile(named: "bank")
        try ben.saveImportProfile(named: "old", options: ["--decimal-comma", "--encoding", "latin1"])
        try ben.saveImportProfile(named: "card", options: [])
        _ = try syncTwice(order, anna, ben, through: shared)

        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        // A save is a new row: the edit outlives the other book's removal of the old one, and
        // each profile keeps its own options.
        let profiles = try anna.importProfiles()
        #expect(profiles.map(\.options) == [
            ["--delimiter", ",", "--skip-lines", "2"], [], ["--date-format", "DD.MM.YYYY"], ["--decimal-comma", "--encoding", "latin1"],
        ])
        #expect(profiles.map(\.name).dropFirst() == ["card", "cash", "old"])
        // The re-saved profile keeps its name: the row that held it first is gone on both books.
        #expect(profiles.first?.name == "Bank")
    }

    @Test(arguments: SyncOrder.allCases)
    func theSameProfileNameSavedApartKeepsBothUnderDistinctNamesAndIsReported(order: SyncOrder) throws {
        let dir = TemporaryDirectory()
        let (anna, ben, shared) = try books(in: dir)
        try anna.saveImportProfile(named: "giro", options: ["--delimiter", ";"])
        try ben.saveImportProfile(named: "GIRO", options: ["--decimal-comma"])
        let reports = try syncTwice(order, anna, ben, through: shared)

        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        // Like two categories of one name: the smaller id keeps it, the other is renamed
        // `Name (id)`, options and all.
        let annaID = try #require(try anna.connection.int64("SELECT max(id) FROM import_profiles"))
        let benID = try #require(try ben.connection.int64("SELECT min(id) FROM import_profiles WHERE id % 10 = 1"))
        let (keeper, renamed) = annaID < benID ? (ImportProfile(name: "giro", options: ["--delimiter", ";"]), (id: benID, name: "GIRO"))
                                              : (ImportProfile(name: "GIRO", options: ["--decimal-comma"]), (id: annaID, name: "giro"))
        let options = annaID < benID ? ["--decimal-comma"] : ["--delimiter", ";"]
        #expect(try Set(anna.importProfiles()) == [keeper, ImportProfile(name: "\(renamed.name) (\(renamed.id))", options: options)])
        // Both books report it, with the name that was lost.
        let reported = { (conflict: SyncConflict) in
            conflict.table == "import_profiles" && conflict.rowKey == String(renamed.id) && conflict.column == "name"
                && conflict.lost == .text(renamed.name) && conflict.kept == .text("\(renamed.name) (\(renamed.id))")
        }
        #expect(try anna.syncConflicts().contains(where: reported))
        #expect(try ben.syncConflicts().contains(where: reported))
        #expect(reports.contains { $0.conflicts.contains(where: reported) })
    }
}
