import Testing
@testable import BudgetKit

/// Recording changes with SQLite's session extension (issue "Undo & sync": the mechanism under
/// history, undo and sync).
@Suite struct SessionTests {
    @Test func aSessionRecordsInsertsUpdatesAndDeletesWithTheirOldAndNewValues() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        let changeset = try recording(connection) {
            try connection.run("INSERT INTO items VALUES (4, 'four', 400, 4.5, X'01', 2)")
            try connection.run("UPDATE items SET amount = 201, weight = NULL, data = X'AB' WHERE id = 2")
            try connection.run("UPDATE items SET name = NULL WHERE id = 1")
            try connection.run("DELETE FROM items WHERE id = 3")
        }
        let changes = try changeset.changes().sorted { $0.primaryKey.description < $1.primaryKey.description }
        let key = [true, false, false, false, false, false]
        #expect(changes == [
            ChangesetChange(table: "items", operation: .update, primaryKeyColumns: key,
                            oldValues: [.integer(1), .text("one"), .unchanged, .unchanged, .unchanged, .unchanged],
                            newValues: [.unchanged, .null, .unchanged, .unchanged, .unchanged, .unchanged]),
            // weight was already NULL: setting it to NULL again is no change, so it reads unchanged.
            ChangesetChange(table: "items", operation: .update, primaryKeyColumns: key,
                            oldValues: [.integer(2), .unchanged, .integer(200), .unchanged, .null, .unchanged],
                            newValues: [.unchanged, .unchanged, .integer(201), .unchanged, .blob([0xAB]), .unchanged]),
            ChangesetChange(table: "items", operation: .delete, primaryKeyColumns: key,
                            oldValues: [.integer(3), .text("three"), .integer(300), .real(bitPattern: Double(0.25).bitPattern), .blob([]), .null],
                            newValues: []),
            ChangesetChange(table: "items", operation: .insert, primaryKeyColumns: key,
                            oldValues: [],
                            newValues: [.integer(4), .text("four"), .integer(400), .real(bitPattern: Double(4.5).bitPattern), .blob([1]), .integer(2)]),
        ])
        #expect(changes.map(\.primaryKey) == [[.integer(1)], [.integer(2)], [.integer(3)], [.integer(4)]])
    }

    @Test func aRowChangedSeveralTimesIsRecordedOnceAsItsNetChange() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        let changeset = try recording(connection) {
            try connection.run("INSERT INTO items (id, name) VALUES (9, 'nine')")
            try connection.run("UPDATE items SET amount = 9 WHERE id = 9")
            try connection.run("UPDATE items SET amount = amount + 1 WHERE id = 1")
            try connection.run("UPDATE items SET amount = amount + 1 WHERE id = 1")
        }
        let changes = try changeset.changes()
        #expect(changes.count == 2)
        #expect(changes.contains { $0.operation == .insert && $0.newValues[2] == .integer(9) })
        #expect(changes.contains { $0.operation == .update && $0.oldValues[2] == .integer(100) && $0.newValues[2] == .integer(102) })
    }

    @Test func aSessionWithNoChangeIsEmptyAndMakesTheEmptyChangeset() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        let session = try Session(on: connection)
        try session.attachAll()
        #expect(session.isEmpty)
        try connection.run("SELECT 1")
        #expect(try session.changeset() == .empty)
        try connection.run("UPDATE items SET amount = 5 WHERE id = 1")
        #expect(!session.isEmpty)
        #expect(try session.changeset().changes().count == 1)
    }

    @Test func aDisabledSessionRecordsNothingAndAnIndirectOneMarksItsChanges() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        let session = try Session(on: connection)
        try session.attachAll()
        #expect(session.isEnabled && !session.isIndirect)
        session.isEnabled = false
        try connection.run("UPDATE items SET amount = 5 WHERE id = 1")
        #expect(!session.isEnabled && session.isEmpty)
        session.isEnabled = true
        session.isIndirect = true
        try connection.run("UPDATE items SET amount = 6 WHERE id = 2")
        session.isIndirect = false
        try connection.run("UPDATE items SET amount = 7 WHERE id = 3")
        let changes = try session.changeset().changes()
        #expect(Dictionary(uniqueKeysWithValues: changes.map { ($0.primaryKey, $0.isIndirect) })
                == [[.integer(2)]: true, [.integer(3)]: false])
    }

    @Test func onlyTheAttachedTablesAreRecorded() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        let named = try Session(on: connection)
        try named.attach("owners")
        let allButItems = try Session(on: connection)
        try allButItems.attachAll(except: ["items"])
        let all = try Session(on: connection)
        try all.attachAll()
        try connection.run("UPDATE items SET amount = 5 WHERE id = 1")
        try connection.run("UPDATE owners SET name = 'Cy' WHERE id = 1")
        #expect(try named.changeset().changes().map(\.table) == ["owners"])
        #expect(try allButItems.changeset().changes().map(\.table) == ["owners"])
        #expect(try all.changeset().changes().map(\.table) == ["items", "owners"])
    }

    @Test func changesOfTriggersAndForeignKeyActionsAreRecordedAsIndirect() throws {
        let dir = TemporaryDirectory()
        let connection = try fixtureBookConnection(in: dir, as: "book.sqlite3")
        let budgets = try connection.int64("SELECT count(*) FROM budgets WHERE category_id = 2") ?? 0
        #expect(budgets > 0)
        let changeset = try recording(connection) {
            try connection.run("UPDATE transactions SET category_id = 1 WHERE category_id = 2")
            try connection.run("DELETE FROM rules WHERE category_id = 2")
            try connection.run("DELETE FROM categories WHERE id = 2")
        }
        let changes = try changeset.changes()
        #expect(changes.filter { $0.table == "budgets" }.count == Int(budgets))
        #expect(changes.filter { $0.table == "budgets" }.allSatisfy { $0.isIndirect && $0.operation == .delete })
        #expect(changes.filter { $0.table == "categories" }.map(\.isIndirect) == [false])
        // The change log is filled by triggers and left out of the session.
        #expect(!changes.contains { $0.table.hasPrefix("change_log") })
    }
}
