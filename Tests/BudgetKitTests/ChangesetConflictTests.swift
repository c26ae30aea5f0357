import Testing
@testable import BudgetKit

/// Every kind of conflict reaches the handler with the change and the row it meets, and each
/// answer does what it says (issue "Undo & sync": undo refuses on conflicts, sync resolves them).
@Suite struct ChangesetConflictTests {
    let dir = TemporaryDirectory()
    let original: Connection
    let copy: Connection
    let key = [true, false, false, false, false, false]

    init() throws {
        original = try itemsDatabase(in: dir)
        copy = try itemsCopy(in: dir)
    }

    /// Applies `changeset` to the copy answering `resolution` to every conflict, and returns the
    /// conflicts seen and the error thrown, if any.
    func apply(_ changeset: Changeset, answering resolution: ConflictResolution) -> (conflicts: [ChangesetConflict], error: SQLiteError?) {
        var conflicts: [ChangesetConflict] = []
        do {
            try changeset.apply(to: copy) { conflicts.append($0); return resolution }
            return (conflicts, nil)
        } catch {
            return (conflicts, error)
        }
    }

    /// The row of `items` with `id` in the copy, as text (`nil` when missing).
    func copyRow(_ id: Int64) throws -> String? {
        try copy.prepare("SELECT quote(name) || ',' || quote(amount) FROM items WHERE id = ?").first([.integer(id)]) { $0.text(0) }
    }

    @Test(arguments: [ConflictResolution.omit, .replace, .abort])
    func anUpdateOfARowChangedSinceIsADataConflict(_ resolution: ConflictResolution) throws {
        let changeset = try recording(original) {
            try original.run("UPDATE items SET amount = 111 WHERE id = 1")
            try original.run("INSERT INTO items (id, name, amount) VALUES (5, 'five', 5)")
        }
        try copy.run("UPDATE items SET amount = 150 WHERE id = 1")
        let before = try exactDump(copy)
        let (conflicts, error) = apply(changeset, answering: resolution)
        #expect(conflicts == [ChangesetConflict(
            kind: .data,
            change: ChangesetChange(table: "items", operation: .update, primaryKeyColumns: key,
                                    oldValues: [.integer(1), .unchanged, .integer(100), .unchanged, .unchanged, .unchanged],
                                    newValues: [.unchanged, .unchanged, .integer(111), .unchanged, .unchanged, .unchanged]),
            conflictingRow: [.integer(1), .text("one"), .integer(150), .real(bitPattern: Double(1.5).bitPattern), .blob([0, 0xFF]), .integer(1)])])
        switch resolution {
        case .omit:
            #expect(error == nil)
            #expect(try copyRow(1) == "'one',150")
            #expect(try copyRow(5) == "'five',5")
        case .replace:
            #expect(error == nil)
            #expect(try copyRow(1) == "'one',111")
            #expect(try copyRow(5) == "'five',5")
        case .abort:
            #expect(error?.code == 4) // SQLITE_ABORT
            #expect(try exactDump(copy) == before)
        }
    }

    @Test(arguments: [ConflictResolution.omit, .replace])
    func aDeleteOfARowChangedSinceIsADataConflict(_ resolution: ConflictResolution) throws {
        let changeset = try recording(original) { try original.run("DELETE FROM items WHERE id = 3") }
        try copy.run("UPDATE items SET name = 'drei' WHERE id = 3")
        let (conflicts, error) = apply(changeset, answering: resolution)
        #expect(error == nil)
        #expect(conflicts.map(\.kind) == [.data])
        #expect(conflicts.first?.change?.operation == .delete)
        #expect(conflicts.first?.change?.oldValues[1] == .text("three"))
        #expect(conflicts.first?.conflictingRow?[1] == .text("drei"))
        #expect(try copyRow(3) == (resolution == .omit ? "'drei',300" : nil))
    }

    @Test(arguments: [ConflictResolution.omit, .abort])
    func anUpdateOrDeleteOfAMissingRowIsNotFound(_ resolution: ConflictResolution) throws {
        let changeset = try recording(original) {
            try original.run("UPDATE items SET amount = 333 WHERE id = 3")
            try original.run("DELETE FROM items WHERE id = 2")
            try original.run("INSERT INTO items (id, name, amount) VALUES (5, 'five', 5)")
        }
        try copy.run("DELETE FROM items WHERE id IN (2, 3)")
        let before = try exactDump(copy)
        let (conflicts, error) = apply(changeset, answering: resolution)
        let expected = resolution == .omit ? 2 : 1
        #expect(conflicts.count == expected)
        #expect(conflicts.allSatisfy { $0.kind == .notFound && $0.conflictingRow == nil && $0.table == "items" })
        #expect(conflicts.allSatisfy { conflict in
            conflict.change?.primaryKey == [.integer(conflict.change?.operation == .delete ? 2 : 3)]
        })
        if resolution == .omit {
            #expect(Set(conflicts.compactMap { $0.change?.operation }) == [.update, .delete])
            #expect(error == nil)
            #expect(try copyRow(5) == "'five',5")
        } else {
            #expect(error?.code == 4)
            #expect(try exactDump(copy) == before)
        }
    }

    @Test(arguments: [ConflictResolution.omit, .replace, .abort])
    func anInsertOfAKeyAlreadyThereIsAConflict(_ resolution: ConflictResolution) throws {
        let changeset = try recording(original) { try original.run("INSERT INTO items VALUES (4, 'four', 400, NULL, NULL, 2)") }
        try copy.run("INSERT INTO items VALUES (4, 'vier', 404, NULL, NULL, NULL)")
        let before = try exactDump(copy)
        let (conflicts, error) = apply(changeset, answering: resolution)
        #expect(conflicts == [ChangesetConflict(
            kind: .conflict,
            change: ChangesetChange(table: "items", operation: .insert, primaryKeyColumns: key, oldValues: [],
                                    newValues: [.integer(4), .text("four"), .integer(400), .null, .null, .integer(2)]),
            conflictingRow: [.integer(4), .text("vier"), .integer(404), .null, .null, .null])])
        switch resolution {
        case .omit: #expect(try copyRow(4) == "'vier',404")
        case .replace: #expect(try copyRow(4) == "'four',400")
        case .abort: #expect(try exactDump(copy) == before)
        }
        #expect(error?.code == (resolution == .abort ? 4 : nil))
    }

    @Test(arguments: [ConflictResolution.omit, .abort])
    func anInsertBreakingAUniqueColumnIsAConstraintConflict(_ resolution: ConflictResolution) throws {
        let changeset = try recording(original) {
            try original.run("INSERT INTO items (id, name, amount) VALUES (5, 'five', 5)")
            try original.run("UPDATE items SET amount = 1 WHERE id = 1")
        }
        try copy.run("INSERT INTO items (id, name, amount) VALUES (6, 'five', 6)")
        let before = try exactDump(copy)
        let (conflicts, error) = apply(changeset, answering: resolution)
        #expect(conflicts.map(\.kind) == [.constraint])
        #expect(conflicts.first?.change?.newValues[1] == .text("five"))
        #expect(conflicts.first?.conflictingRow == nil)
        if resolution == .omit {
            #expect(error == nil)
            #expect(try copyRow(5) == nil)
            #expect(try copyRow(1) == "'one',1")
        } else {
            #expect(error?.code == 4)
            #expect(try exactDump(copy) == before)
        }
    }

    /// SQLite checks foreign keys once, after every change: rows pointing at a parent the
    /// target no longer has make one conflict for the whole changeset, with no row.
    @Test(arguments: [ConflictResolution.omit, .abort])
    func aRowPointingAtAMissingParentIsAForeignKeyConflict(_ resolution: ConflictResolution) throws {
        let changeset = try recording(original) {
            try original.run("INSERT INTO items (id, name, owner) VALUES (7, 'seven', 2)")
            try original.run("INSERT INTO items (id, name, owner) VALUES (8, 'eight', 2)")
        }
        try copy.run("DELETE FROM items WHERE owner = 2")
        try copy.run("DELETE FROM owners WHERE id = 2")
        let before = try exactDump(copy)
        let (conflicts, error) = apply(changeset, answering: resolution)
        #expect(conflicts == [ChangesetConflict(kind: .foreignKey, change: nil, conflictingRow: nil)])
        #expect(conflicts.first?.table == nil)
        if resolution == .omit {
            // Omitting commits the changes, broken references and all.
            #expect(error == nil)
            #expect(try copy.int64("SELECT count(*) FROM items WHERE owner = 2") == 2)
            #expect(try copy.int64("SELECT count(*) FROM pragma_foreign_key_check") == 2)
        } else {
            // SQLite reports an aborted foreign key check as a constraint failure, not as SQLITE_ABORT.
            #expect(error?.code == 19) // SQLITE_CONSTRAINT
            #expect(try exactDump(copy) == before)
        }
    }
}
