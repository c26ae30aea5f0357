import Testing
@testable import BudgetKit

/// Applying, inverting and concatenating changesets (issue "Undo & sync": a write's changeset
/// replayed on another book for sync, inverted for undo).
@Suite struct ChangesetTests {
    /// Inserts, updates (to NULL too) and deletes on `items` and `owners`.
    func someWrites(_ connection: Connection) throws {
        try connection.run("INSERT INTO owners VALUES (3, 'Cy')")
        try connection.run("INSERT INTO items VALUES (4, 'four', 400, 4.5, X'01', 3)")
        try connection.run("UPDATE items SET amount = 201, weight = 2.0000000000000004, data = NULL WHERE id = 2")
        try connection.run("UPDATE items SET name = NULL, owner = NULL WHERE id = 1")
        try connection.run("DELETE FROM items WHERE id = 3")
        try connection.run("UPDATE owners SET name = 'Ann B.' WHERE id = 1")
    }

    /// Writes of every kind a book sees: transactions added, edited and deleted, a category
    /// renamed, a category deleted with its budgets (a cascade) and rules, a budget changed.
    func bookWrites(_ connection: Connection) throws {
        try connection.run("INSERT INTO transactions (date, amount, category_id, payee, note) VALUES ('2026-11-20', 1234, 1, 'Market', 'synced')")
        try connection.run("INSERT INTO transactions (date, amount, category_id, payee, note, import_key) VALUES ('2026-11-21', 99, 3, 'Work', '', 'k1')")
        try connection.run("UPDATE transactions SET amount = amount + 1, payee = payee || '!' WHERE id IN (SELECT id FROM transactions ORDER BY id LIMIT 3)")
        try connection.run("DELETE FROM transactions WHERE id = (SELECT max(id) FROM transactions WHERE category_id = 1 AND note = '')")
        try connection.run("UPDATE categories SET name = 'Groceries', name_key = 'groceries' WHERE id = 1")
        try connection.run("UPDATE budgets SET amount = amount * 2 WHERE category_id = 1")
        try connection.run("UPDATE transactions SET category_id = 1 WHERE category_id = 4")
        try connection.run("DELETE FROM rules WHERE category_id = 4")
        try connection.run("DELETE FROM categories WHERE id = 4")
    }

    @Test func aChangesetAppliedToACopyMakesEveryTableEqual() throws {
        let dir = TemporaryDirectory()
        let original = try itemsDatabase(in: dir)
        let copy = try itemsCopy(in: dir)
        let changeset = try recording(original) { try someWrites(original) }
        #expect(try exactDump(copy) != exactDump(original))
        try applyWithoutConflicts(changeset, to: copy)
        #expect(try exactDump(copy) == exactDump(original))
    }

    @Test func theInvertedChangesetRestoresTheOriginalExactly() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        let before = try exactDump(connection)
        let changeset = try recording(connection) { try someWrites(connection) }
        let after = try exactDump(connection)
        try applyWithoutConflicts(try changeset.inverted(), to: connection)
        #expect(try exactDump(connection) == before)
        // And the inverse of the inverse redoes it.
        try applyWithoutConflicts(try changeset.inverted().inverted(), to: connection)
        #expect(try exactDump(connection) == after)
        #expect(try changeset.inverted().inverted() == changeset)
    }

    @Test func aBooksWritesReachACopyOfTheBookAndTheirInverseRestoresIt() throws {
        let dir = TemporaryDirectory()
        let book = try fixtureBookConnection(in: dir, as: "book.sqlite3")
        let copy = try fixtureBookConnection(in: dir, as: "copy.sqlite3")
        let before = try exactDump(book)
        let changeset = try recording(book) { try bookWrites(book) }
        let after = try exactDump(book)
        #expect(after != before)
        // The copy's foreign key cascades delete the budgets and rules of category 4 when the
        // changeset deletes the category (the categories table comes first in it): the
        // changeset's own deletes of those rows then find nothing, which is no conflict here.
        var notFound: [ChangesetConflict] = []
        try changeset.apply(to: copy) { conflict in
            notFound.append(conflict)
            return conflict.kind == .notFound && conflict.change?.operation == .delete ? .omit : .abort
        }
        #expect(Set(notFound.compactMap(\.table)) == ["budgets", "rules"])
        #expect(notFound.allSatisfy { conflict in
            // budgets (category_id, month, scope, amount), rules (id, pattern, category_id)
            conflict.change?.oldValues[conflict.table == "budgets" ? 0 : 2] == .integer(4)
        }, "\(notFound)")
        #expect(try exactDump(copy) == after)
        try changeset.inverted().apply(to: book) { conflict in
            Issue.record("unexpected conflict \(conflict)")
            return .abort
        }
        #expect(try exactDump(book) == before)
    }

    /// The Swift format check (``ChangesetFormat``) must accept all SQLite writes: composite
    /// keys (budgets: key flags 1, 2, 3), updates, inverses and concatenations.
    @Test func everyChangesetSQLiteWritesPassesTheFormatCheckUnchanged() throws {
        let dir = TemporaryDirectory()
        let book = try fixtureBookConnection(in: dir, as: "book.sqlite3")
        let first = try recording(book) { try bookWrites(book) }
        let second = try recording(book) {
            try book.run("UPDATE budgets SET amount = 1 WHERE category_id = 1")
            try book.run("INSERT INTO budgets (category_id, month, scope, amount) VALUES (1, '2030-01', 'only', 5)")
        }
        for changeset in [first, second, try first.inverted(), try second.inverted(), try Changeset.concatenated([first, second])] {
            #expect(try Changeset(bytes: changeset.bytes) == changeset)
            let key = try changeset.changes().first { $0.table == "budgets" }?.primaryKeyColumns
            #expect(key == [true, true, true, false])
        }
    }

    /// The Swift reader (``Changeset/forEachEntry(_:)``) gives every change exactly as SQLite's
    /// iterator does: inserts, updates with untouched columns, deletes, composite keys, inverses
    /// and concatenations, text with NUL bytes or not UTF-8, reals, blobs and NULLs.
    @Test func theSwiftReaderReadsEveryChangeAsSQLiteDoes() throws {
        let dir = TemporaryDirectory()
        let book = try fixtureBookConnection(in: dir, as: "book.sqlite3")
        let items = try itemsDatabase(in: dir)
        let changesets = [
            try recording(book) { try bookWrites(book) },
            try recording(items) {
                try someWrites(items)
                try items.run("INSERT INTO items (id, name, weight, data) VALUES (9, CAST(X'61FF00C3' AS TEXT), -0.0, X'')")
            },
        ]
        for changeset in changesets + [try changesets[0].inverted(), try Changeset.concatenated(changesets)] {
            var scanned: [ChangesetChange] = []
            try changeset.forEachEntry { scanned.append($0.change()) }
            #expect(scanned == (try changeset.changes()))
            #expect(!scanned.isEmpty)
        }
    }

    /// With foreign keys off while applying, the changeset's own records of the cascades do the
    /// work the target's cascades would: no conflict at all, and the same book.
    @Test func withForeignKeysOffABooksChangesetAppliesWithoutAnyConflict() throws {
        let dir = TemporaryDirectory()
        let book = try fixtureBookConnection(in: dir, as: "book.sqlite3")
        let copy = try fixtureBookConnection(in: dir, as: "copy.sqlite3")
        let before = try exactDump(book)
        let changeset = try recording(book) { try bookWrites(book) }
        try copy.execute("PRAGMA foreign_keys = OFF")
        try applyWithoutConflicts(changeset, to: copy)
        #expect(try exactDump(copy) == exactDump(book))
        try applyWithoutConflicts(try changeset.inverted(), to: copy)
        #expect(try exactDump(copy) == before)
        #expect(try copy.int64("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    }

    @Test func textWithNulBytesAndInvalidUTF8SurvivesRecordingApplyingAndInverting() throws {
        let dir = TemporaryDirectory()
        let original = try itemsDatabase(in: dir)
        let copy = try itemsCopy(in: dir)
        let name: [UInt8] = Array("a\u{0}b".utf8) + [0xFF, 0xC3, 0] + Array("é".utf8)
        let changeset = try recording(original) {
            // Bound as a blob and cast: the only way to store text that is not valid UTF-8.
            try original.run("INSERT INTO items (id, name) VALUES (7, CAST(X'\(name.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined())' AS TEXT))")
            try original.run("UPDATE owners SET name = ? WHERE id = 2", [.text("x\u{0}y")])
        }
        let changes = try changeset.changes()
        #expect(changes.first { $0.table == "items" }?.newValues[1] == .text(name))
        #expect(changes.first { $0.table == "owners" }?.newValues[1] == .text(Array("x\u{0}y".utf8)))
        try applyWithoutConflicts(changeset, to: copy)
        #expect(try copy.int64("SELECT length(CAST(name AS BLOB)) FROM items WHERE id = 7") == Int64(name.count))
        #expect(try exactDump(copy) == exactDump(original))
        try applyWithoutConflicts(try changeset.inverted(), to: copy)
        #expect(try copy.int64("SELECT count(*) FROM items WHERE id = 7") == 0)
        #expect(try copy.prepare("SELECT hex(name) FROM owners WHERE id = 2").first { $0.text(0) } == "426F")
    }

    @Test func concatenatedChangesetsDoWhatTheyDoOneAfterAnother() throws {
        let dir = TemporaryDirectory()
        let original = try itemsDatabase(in: dir)
        let copy = try itemsCopy(in: dir)
        let before = try exactDump(original)
        let first = try recording(original) {
            try original.run("INSERT INTO items (id, name, amount) VALUES (8, 'eight', 8)")
            try original.run("UPDATE items SET amount = 11 WHERE id = 1")
        }
        let second = try recording(original) {
            try original.run("UPDATE items SET amount = 88 WHERE id = 8")
            try original.run("DELETE FROM items WHERE id = 1")
            try original.run("INSERT INTO items (id, name) VALUES (9, 'nine')")
        }
        let third = try recording(original) { try original.run("DELETE FROM items WHERE id = 9") }
        let all = try Changeset.concatenated([first, .empty, second, third])
        // Row 8 is one insert of its final values; row 1 one delete of its first; row 9 nothing.
        let changes = try all.changes()
        #expect(changes.count == 2)
        #expect(changes.contains { $0.operation == .insert && $0.newValues[2] == .integer(88) })
        #expect(changes.contains { $0.operation == .delete && $0.oldValues[2] == .integer(100) })
        try applyWithoutConflicts(all, to: copy)
        #expect(try exactDump(copy) == exactDump(original))
        try applyWithoutConflicts(try all.inverted(), to: copy)
        #expect(try exactDump(copy) == before)
        #expect(try Changeset.concatenated([]) == .empty)
        #expect(try Changeset.concatenated([first]) == first)
    }

    /// What the schema version in sync files guards against: SQLite applies nothing of a table
    /// that has fewer columns than the changeset, and says nothing; a table with a column added
    /// at the end takes the changes and the column's default.
    @Test func aTableWithFewerColumnsIsSkippedSilentlyAndOneWithMoreGetsDefaults() throws {
        let dir = TemporaryDirectory()
        let original = try itemsDatabase(in: dir)
        let changeset = try recording(original) { try original.run("INSERT INTO owners VALUES (3, 'Cy')") }
        for (name, columns, expected) in [("older.sqlite3", "id INTEGER PRIMARY KEY", "0"), ("newer.sqlite3", "id INTEGER PRIMARY KEY, name TEXT, age INTEGER DEFAULT 7", "1:7")] {
            writeFile(dir.file(name), [])
            let other = try Connection(path: dir.file(name))
            try other.execute("CREATE TABLE owners (\(columns))")
            try applyWithoutConflicts(changeset, to: other)
            let found = try other.prepare(name == "older.sqlite3" ? "SELECT count(*) FROM owners" : "SELECT count(*) || ':' || age FROM owners").first { $0.text(0) }
            #expect(found == expected)
        }
    }

    @Test func theEmptyChangesetAppliesInvertsAndReadsAsNothing() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        let before = try exactDump(connection)
        try applyWithoutConflicts(.empty, to: connection)
        #expect(try Changeset.empty.inverted() == .empty)
        #expect(try Changeset.empty.changes() == [])
        #expect(try exactDump(connection) == before)
    }

    @Test func applyingInsideTheCallersTransactionRollsBackWithIt() throws {
        let dir = TemporaryDirectory()
        let original = try itemsDatabase(in: dir)
        let copy = try itemsCopy(in: dir)
        let before = try exactDump(copy)
        let changeset = try recording(original) { try someWrites(original) }
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try copy.inTransaction {
                try applyWithoutConflicts(changeset, to: copy)
                #expect(try copy.int64("SELECT count(*) FROM items WHERE id = 4") == 1)
                throw Failure()
            }
        }
        #expect(try exactDump(copy) == before)
    }
}

/// A REAL's bits are tested for NaN without making a Double of them, and a write's larger page
/// cache is given back.
@Suite struct ChangesetBitsTests {
    @Test(arguments: [
        (0x7FF8_0000_0000_0000, true),   // quiet NaN
        (0x7FF0_0000_0000_0001, true),   // signalling NaN
        (0xFFF8_0000_0000_0000, true),   // negative NaN
        (0x7FF0_0000_0000_0000, false),  // infinity
        (0xFFF0_0000_0000_0000, false),  // minus infinity
        (0x8000_0000_0000_0000, false),  // minus zero
        (0x3FF0_0000_0000_0000, false),  // 1.0
    ] as [(UInt64, Bool)])
    func aNaNIsToldFromItsBits(_ bits: UInt64, _ isNaN: Bool) {
        #expect(ChangesetRecord.isNaN(bits) == isNaN)
        #expect(ChangesetRecord.isNaN(bits) == Double(bitPattern: bits).isNaN)
    }

    @Test func aLargerPageCacheIsGivenBackAfterTheWrite() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        try connection.execute("PRAGMA main.cache_size = -3000")
        let inside = try connection.withPageCache(kibibytes: 8_192) { try connection.int64("PRAGMA main.cache_size") }
        #expect(inside == -8_192)
        #expect(try connection.int64("PRAGMA main.cache_size") == -3000)
    }
}
