import CSQLite

/// The changes of one or more transactions, as SQLite's session extension records them: which
/// rows of which tables were inserted, updated (old and new values of the changed columns) and
/// deleted.
///
/// A plain value (the changeset's bytes, in SQLite's documented changeset format), so it can be
/// stored in a history table, written to a sync file, and handed between threads. ``Session``
/// makes one; ``inverted()`` turns it into the changeset that undoes it; ``concatenated(_:)``
/// joins several into one; ``forEachChange(_:)`` reads it; ``apply(to:conflict:)`` plays it
/// onto a database.
///
/// Bytes from outside the process go through ``init(bytes:)``, which checks their structure
/// (``ChangesetFormat``) before SQLite ever reads them; but a changed byte inside a value, or a
/// cut between two changes, still reads as another changeset: bytes from a file must be checked
/// by a length and a checksum first, as ``ChangesetFile`` does.
///
/// What it does not do: record the schema. Applied to a table with fewer columns, or another
/// primary key, that table's changes are skipped without an error (SQLite only logs it); to a
/// table with more columns (added at the end), the missing ones get their defaults. So a reader
/// must refuse changes recorded under a newer schema.
struct Changeset: Hashable, Sendable {
    /// The most bytes a changeset may have: SQLite measures them with an `int`, and its longest
    /// value (`SQLITE_MAX_LENGTH`) is a billion bytes. A length over this read from a file is damage.
    static let maximumByteCount = 1_000_000_000

    /// Throws unless a changeset of `count` bytes may be made (``maximumByteCount``).
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_TOOBIG`.
    static func checkSize(_ count: Int) throws(SQLiteError) {
        guard count <= maximumByteCount else { throw error(SQLITE_TOOBIG) }
    }

    /// The changeset in SQLite's format.
    let bytes: [UInt8]

    /// A changeset from bytes that come from outside (a file, a history row), checked first:
    /// SQLite's own reader can loop for ever or read past the end on damaged bytes
    /// (``ChangesetFormat``). No bytes are the empty changeset.
    ///
    /// - Throws: ``SQLiteError``: `SQLITE_CORRUPT` when the bytes are not a well-formed
    ///   changeset, `SQLITE_TOOBIG` past ``maximumByteCount``.
    /// - Complexity: O(n) in the byte count.
    init(bytes: [UInt8]) throws(SQLiteError) {
        guard bytes.count <= Changeset.maximumByteCount else { throw Changeset.error(SQLITE_TOOBIG) }
        if !bytes.isEmpty {
            // Array.withUnsafeBytes rethrows untyped errors: carry the typed one out in a Result.
            _ = try bytes.withUnsafeBytes { buffer in
                Result { () throws(SQLiteError) in try ChangesetFormat.validate(buffer) }
            }.get()
        }
        self.bytes = bytes
    }

    /// A changeset SQLite itself just wrote (a session's, an inverse, a concatenation).
    private init(trusted bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The empty changeset: nothing changed.
    static let empty = Changeset(trusted: [])

    /// Whether the changeset has no change at all.
    var isEmpty: Bool { bytes.isEmpty }

    /// The changeset that undoes this one: inserts become deletes, deletes inserts, and updates
    /// swap their old and new values; applied after this one it brings the rows back as they were.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) when the bytes are not a well-formed changeset.
    /// - Complexity: O(n) in the changeset's size.
    func inverted() throws(SQLiteError) -> Changeset {
        guard !isEmpty else { return self }
        return try withBytes { count, pointer throws(SQLiteError) in
            try Changeset.output { outCount, outPointer in sqlite3changeset_invert(count, pointer, outCount, outPointer) }
        }
    }

    /// The changesets one after another, as one: a row changed by several becomes one change
    /// (an insert then an update is an insert of the final row; an insert then a delete is
    /// nothing), so applying the result equals applying them in order.
    ///
    /// - Throws: ``SQLiteError``: `SQLITE_CORRUPT` for a malformed changeset, `SQLITE_SCHEMA`
    ///   when two of them give one table different columns.
    /// - Complexity: O(n) in the total size (SQLite's changegroup hashes every row).
    static func concatenated(_ changesets: [Changeset]) throws(SQLiteError) -> Changeset {
        let nonEmpty = changesets.filter { !$0.isEmpty }
        guard nonEmpty.count > 1 else { return nonEmpty.first ?? .empty }
        var group: OpaquePointer?
        try check(sqlite3changegroup_new(&group))
        defer { sqlite3changegroup_delete(group) }
        for changeset in nonEmpty {
            try changeset.withBytes { count, pointer throws(SQLiteError) in
                try check(sqlite3changegroup_add(group, count, pointer))
            }
        }
        return try output { count, pointer in sqlite3changegroup_output(group, count, pointer) }
    }

    /// Calls `body` with each change in order (table by table, in the order the session first
    /// saw each table, and rows within a table in no documented order).
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) when SQLite finds the bytes malformed, before
    ///   or after some changes were handed over; or what `body` throws.
    /// - Complexity: O(n) in the changeset's size.
    func forEachChange(_ body: (ChangesetChange) throws -> Void) throws {
        guard !isEmpty else { return }
        try withBytes { count, pointer in
            var iterator: OpaquePointer?
            try Changeset.check(sqlite3changeset_start(&iterator, count, pointer))
            var failure: (any Error)?
            do {
                while true {
                    let code = sqlite3changeset_next(iterator)
                    if code == SQLITE_DONE { break }
                    guard code == SQLITE_ROW else { throw Changeset.error(code) }
                    try body(try ChangesetChange(iterator: iterator!))
                }
            } catch {
                failure = error
            }
            // finalize returns the first error the iterator met (SQLITE_CORRUPT), if any.
            let code = sqlite3changeset_finalize(iterator)
            if let failure { throw failure }
            try Changeset.check(code)
        }
    }

    /// Every change, in order (see ``forEachChange(_:)``).
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) when the bytes are malformed.
    func changes() throws(SQLiteError) -> [ChangesetChange] {
        var result: [ChangesetChange] = []
        do {
            try forEachChange { result.append($0) }
        } catch let error as SQLiteError {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        return result
    }

    // MARK: C plumbing, for this folder only

    /// Calls `body` with the byte count and a pointer to the bytes (never with an empty changeset:
    /// SQLite treats a null pointer and a zero count as nothing to read, but callers check first).
    func withBytes<T, E: Error>(_ body: (Int32, UnsafeMutableRawPointer) throws(E) -> T) throws(E) -> T {
        precondition(!bytes.isEmpty)
        // Array.withUnsafeBytes rethrows untyped errors: carry the typed one out in a Result.
        let result = bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Result<T, E> in
            // SQLite's changeset functions take `void *` for their input but only read it
            // (sqlite3session.h: "a pointer to a buffer containing the changeset"), so no copy.
            do throws(E) {
                return .success(try body(Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress!)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Runs an SQLite function that hands back a new buffer (`sqlite3_malloc`'d) and copies it into a changeset.
    static func output(
        _ body: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
    ) throws(SQLiteError) -> Changeset {
        var count: Int32 = 0
        var pointer: UnsafeMutableRawPointer?
        let code = body(&count, &pointer)
        defer { sqlite3_free(pointer) }
        try check(code)
        guard let pointer, count > 0 else { return .empty }
        guard Int(count) <= maximumByteCount else { throw error(SQLITE_TOOBIG) }
        return Changeset(trusted: Array(UnsafeRawBufferPointer(start: pointer, count: Int(count))))
    }

    /// Throws ``error(_:)`` unless `code` is `SQLITE_OK`.
    static func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// The error for a session or changeset function's result code: these report through their
    /// result only, not through a connection's error message, so the message is SQLite's words
    /// for the code. There is no SQL to name.
    /// `SQLITE_CORRUPT`: bytes that are not a valid changeset, or a damaged piece of one.
    static var corrupt: SQLiteError { error(SQLITE_CORRUPT) }
    /// `SQLITE_TOOBIG`: past ``maximumByteCount``.
    static var tooBig: SQLiteError { error(SQLITE_TOOBIG) }
    /// `SQLITE_NOMEM`: memory could not be had.
    static var noMemory: SQLiteError { error(SQLITE_NOMEM) }

    static func error(_ code: Int32) -> SQLiteError {
        SQLiteError(extendedCode: code, message: String(cString: sqlite3_errstr(code)))
    }
}
