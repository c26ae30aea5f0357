import Testing
@testable import BudgetKit

/// Damaged changeset bytes are refused, never a hang or a crash, and nothing of them is
/// applied (issue "Undo & sync": a truncated or corrupted changeset is refused).
///
/// SQLite 3.40 alone is not enough: `sqlite3changeset_next` loops for ever on bytes that end
/// inside a table header (a changeset cut after its 'T', or whose last table name lost its NUL),
/// so ``Changeset/init(bytes:)`` checks the structure first (``ChangesetFormat``). What passes
/// that check must then never hang or crash SQLite, which these tests run over every damage.
/// A cut between two changes, or a changed byte inside a value, is still a well-formed
/// changeset: that is what the length and checksum of ``ChangesetFile`` are for.
@Suite struct ChangesetDamageTests {
    /// What happened to one damaged changeset.
    enum Outcome: Equatable {
        /// ``Changeset/init(bytes:)`` refused it (SQLITE_CORRUPT) before SQLite saw it.
        case malformed
        /// Well formed, but SQLite refused it somewhere, and applied nothing of it.
        case refusedBySQLite
        /// Well formed, and SQLite read and applied it as some other changeset.
        case accepted
    }

    /// Runs every changeset function over `bytes`; applying happens in a transaction rolled back
    /// after, and a refused apply must leave the database as it was.
    func outcome(of bytes: [UInt8], on connection: Connection, before: [String: [String]], good: Changeset) throws -> Outcome {
        let changeset: Changeset
        do {
            changeset = try Changeset(bytes: bytes)
        } catch {
            #expect(error.code == 11) // SQLITE_CORRUPT
            return .malformed
        }
        // The Swift reader (``ChangesetEntry``) reads every changeset that passed the check, and
        // reads it as SQLite does, value for value.
        var scanned: [ChangesetChange] = []
        do { try changeset.forEachEntry { scanned.append($0.change()) } } catch { Issue.record("a checked changeset refused: \(error)") }
        if let read = try? changeset.changes() { #expect(scanned == read) }
        var refused = 0
        func attempt(_ body: () throws -> Void) {
            do { try body() } catch is SQLiteError { refused += 1 } catch { Issue.record("unexpected \(error)") }
        }
        attempt { _ = try changeset.changes() }
        attempt { _ = try changeset.inverted() }
        attempt { _ = try Changeset.concatenated([good, changeset]) }
        try connection.execute("BEGIN")
        var applyRefused = false
        do {
            try changeset.apply(to: connection) { _ in .omit }
        } catch {
            applyRefused = true
            refused += 1
        }
        if applyRefused {
            // A refused apply rolled its savepoint back: the transaction holds nothing of it.
            #expect(try exactDump(connection) == before)
        }
        try connection.execute("ROLLBACK")
        return refused == 0 ? .accepted : .refusedBySQLite
    }

    /// A changeset of every kind of change on the fixture book, and a copy of the book to apply to.
    func bookChangeset(_ dir: TemporaryDirectory) throws -> (Changeset, Connection) {
        let book = try fixtureBookConnection(in: dir, as: "book.sqlite3")
        let changeset = try recording(book) {
            try ChangesetTests().bookWrites(book)
            try book.run("INSERT INTO transactions (date, amount, category_id, payee, note) VALUES ('2026-11-22', -5, 1, ?, 'x')", [.text("a\u{0}b")])
        }
        return (changeset, try fixtureBookConnection(in: dir, as: "copy.sqlite3"))
    }

    @Test func everyTruncationIsRefusedOrReadsAsFewerRowsAndNeverCrashes() throws {
        let dir = TemporaryDirectory()
        let (changeset, copy) = try bookChangeset(dir)
        let before = try exactDump(copy)
        var outcomes: [Outcome] = []
        for count in 0..<changeset.bytes.count {
            outcomes.append(try outcome(of: Array(changeset.bytes[..<count]), on: copy, before: before, good: changeset))
        }
        // Most cuts are malformed; a cut between two changes is a well-formed shorter changeset.
        #expect(outcomes[0] == .accepted) // no bytes: the empty changeset
        #expect(outcomes.filter { $0 == .malformed }.count > outcomes.count * 9 / 10)
        #expect(outcomes.dropFirst().contains(.accepted))
        #expect(try exactDump(copy) == before)
    }

    @Test func everySingleBitFlipIsRefusedOrReadsAsAnotherChangesetAndNeverCrashes() throws {
        let dir = TemporaryDirectory()
        let original = try itemsDatabase(in: dir)
        let copy = try itemsCopy(in: dir)
        let changeset = try recording(original) { try ChangesetTests().someWrites(original) }
        let before = try exactDump(copy)
        var outcomes: [Outcome] = []
        for index in changeset.bytes.indices {
            for bit in 0..<8 {
                var bytes = changeset.bytes
                bytes[index] ^= UInt8(1 << bit)
                outcomes.append(try outcome(of: bytes, on: copy, before: before, good: changeset))
            }
        }
        #expect(outcomes.contains(.malformed))
        #expect(outcomes.contains(.accepted))
        #expect(try exactDump(copy) == before)
    }

    @Test func everyByteOfABookChangesetSetToEachOfSomeValuesNeverCrashes() throws {
        let dir = TemporaryDirectory()
        let (changeset, copy) = try bookChangeset(dir)
        let before = try exactDump(copy)
        for index in changeset.bytes.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] where changeset.bytes[index] != value {
                var bytes = changeset.bytes
                bytes[index] = value
                _ = try outcome(of: bytes, on: copy, before: before, good: changeset)
            }
        }
        #expect(try exactDump(copy) == before)
    }

    @Test func garbageThatIsNoChangesetIsRefused() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        let before = try exactDump(connection)
        let good = try recording(connection) { try connection.run("UPDATE items SET amount = 1 WHERE id = 1") }
        try applyWithoutConflicts(try good.inverted(), to: connection)
        // [0x54] alone is a table header cut after its first byte: SQLite 3.40 loops for ever on it.
        for bytes: [UInt8] in [[0], [0x54], Array("SQLite format 3\0".utf8), [UInt8](repeating: 0xFF, count: 64), Array("T\u{1}\u{1}items".utf8)] {
            #expect(try outcome(of: bytes, on: connection, before: before, good: good) == .malformed, "\(bytes)")
        }
    }
}
