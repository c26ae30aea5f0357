import CSQLite

extension Changeset {
    /// Plays the changeset onto `connection`'s main database, calling `conflict` for each change
    /// that cannot be applied as it stands, and once more at the end if foreign keys are broken.
    ///
    /// ```swift
    /// try changeset.apply(to: connection) { conflict in
    ///     conflict.kind == .data ? .replace : .abort
    /// }
    /// ```
    ///
    /// Everything happens inside a savepoint: when the handler answers ``ConflictResolution/abort``,
    /// or SQLite fails, every change of the changeset is undone and the database is as it was.
    /// Inside a transaction opened by the caller, only the savepoint is rolled back, so the
    /// caller's own work (a history row) stays to be committed or rolled back with it.
    ///
    /// Tables are matched by name; a table missing from the database, or with fewer columns or
    /// another primary key, is skipped without a conflict or an error (SQLite only logs it); a
    /// table with more columns (added at the end) gets their defaults.
    /// The database's triggers run for every applied change, and its foreign key actions too (a
    /// cascade can then meet a ``ChangesetConflict/Kind/notFound`` for a row it already deleted).
    /// Foreign keys are checked once, at the end (``ChangesetConflict/Kind/foreignKey``).
    ///
    /// - Parameter conflict: decides each conflict. It must not use `connection`, and it may
    ///   answer ``ConflictResolution/replace`` only to ``ChangesetConflict/Kind/data`` and
    ///   ``ChangesetConflict/Kind/conflict`` (a precondition).
    /// - Throws: ``SQLiteError``: `SQLITE_ABORT` when the handler aborted, `SQLITE_CORRUPT` for
    ///   malformed bytes, `SQLITE_BUSY` when the write lock could not be had, or any write error.
    ///   Nothing of the changeset is then applied.
    /// - Complexity: O(n) in the changes, each one a primary key lookup.
    func apply(to connection: Connection, conflict: (ChangesetConflict) -> ConflictResolution) throws(SQLiteError) {
        guard !isEmpty else { return }
        try withoutActuallyEscaping(conflict) { (handler) throws(SQLiteError) in
            let context = ConflictContext(handler: handler)
            let code = withBytes { count, pointer in
                sqlite3changeset_apply_v2(
                    connection.handle, count, pointer,
                    nil,
                    { context, code, iterator in
                        guard let context, let iterator else { return SQLITE_CHANGESET_ABORT }
                        return Unmanaged<ConflictContext>.fromOpaque(context).takeUnretainedValue()
                            .resolve(code: code, iterator: iterator)
                    },
                    Unmanaged.passUnretained(context).toOpaque(),
                    nil, nil, 0)
            }
            if let failure = context.failure { throw failure }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection.handle) }
        }
    }
}

/// The handler and what went wrong in it, reached from SQLite's C callback through an
/// unretained pointer; ``Changeset/apply(to:conflict:)`` keeps it alive until SQLite returns.
private final class ConflictContext {
    let handler: (ChangesetConflict) -> ConflictResolution
    /// A conflict SQLite described in a way that could not be read: the apply was aborted for it.
    var failure: SQLiteError?

    init(handler: @escaping (ChangesetConflict) -> ConflictResolution) {
        self.handler = handler
    }

    func resolve(code: Int32, iterator: OpaquePointer) -> Int32 {
        let conflict: ChangesetConflict
        do {
            conflict = try ChangesetConflict(code: code, iterator: iterator)
        } catch {
            failure = error
            return SQLITE_CHANGESET_ABORT
        }
        switch handler(conflict) {
        case .omit:
            return SQLITE_CHANGESET_OMIT
        case .abort:
            return SQLITE_CHANGESET_ABORT
        case .replace:
            precondition(conflict.kind == .data || conflict.kind == .conflict,
                         "a \(conflict.kind) conflict cannot be resolved by replacing")
            return SQLITE_CHANGESET_REPLACE
        }
    }
}
