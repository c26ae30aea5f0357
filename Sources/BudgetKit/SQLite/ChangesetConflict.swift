import CSQLite

/// A change that could not be applied as it stands, handed to the conflict handler of
/// ``Changeset/apply(to:conflict:)``.
///
/// The kinds, as SQLite defines them:
/// - ``Kind/data``: the row to update or delete is there, but its current values are not the
///   change's old values (someone else changed it since).
/// - ``Kind/notFound``: the row to update or delete is not there.
/// - ``Kind/conflict``: an insert met a row with the same primary key already there.
/// - ``Kind/constraint``: applying the change broke a constraint other than the primary key
///   (UNIQUE, NOT NULL, CHECK).
/// - ``Kind/foreignKey``: once every change was applied, foreign keys point at missing rows;
///   reported once for the whole changeset, with no row and no count (SQLite's
///   `sqlite3changeset_fk_conflicts` gives 1 for any number of broken references: it reads
///   `SQLITE_DBSTATUS_DEFERRED_FKS`, which is a yes or no). `PRAGMA foreign_key_check` lists them.
struct ChangesetConflict: Hashable, Sendable {
    /// What kind of conflict this is.
    enum Kind: Hashable, Sendable {
        case data
        case notFound
        case conflict
        case constraint
        case foreignKey
    }

    /// What kind of conflict this is.
    let kind: Kind
    /// The change being applied; `nil` for ``Kind/foreignKey``, which SQLite reports for the
    /// changeset as a whole.
    let change: ChangesetChange?
    /// The row in the database the change collides with, column by column: for ``Kind/data``
    /// and ``Kind/conflict``; `nil` for the others.
    let conflictingRow: [ChangesetValue]?
    /// The table of the change (`nil` for ``Kind/foreignKey``).
    var table: String? { change?.table }

    /// Reads the conflict SQLite hands to the handler.
    init(code: Int32, iterator: OpaquePointer) throws(SQLiteError) {
        switch code {
        case SQLITE_CHANGESET_DATA: kind = .data
        case SQLITE_CHANGESET_NOTFOUND: kind = .notFound
        case SQLITE_CHANGESET_CONFLICT: kind = .conflict
        case SQLITE_CHANGESET_CONSTRAINT: kind = .constraint
        case SQLITE_CHANGESET_FOREIGN_KEY: kind = .foreignKey
        default: throw Changeset.error(SQLITE_MISUSE)
        }
        if kind == .foreignKey {
            change = nil
            conflictingRow = nil
            return
        }
        let change = try ChangesetChange(iterator: iterator)
        self.change = change
        guard kind == .data || kind == .conflict else {
            conflictingRow = nil
            return
        }
        var row: [ChangesetValue] = []
        for column in 0..<Int32(change.primaryKeyColumns.count) {
            var value: OpaquePointer?
            try Changeset.check(sqlite3changeset_conflict(iterator, column, &value))
            row.append(ChangesetValue(value))
        }
        conflictingRow = row
    }

    /// Creates a conflict from its parts (tests).
    init(kind: Kind, change: ChangesetChange?, conflictingRow: [ChangesetValue]?) {
        self.kind = kind
        self.change = change
        self.conflictingRow = conflictingRow
    }
}

/// What to do about a ``ChangesetConflict``.
enum ConflictResolution: Hashable, Sendable {
    /// Skip this change and go on (for ``ChangesetConflict/Kind/foreignKey``: commit anyway).
    case omit
    /// Write the change over the conflicting row: only for ``ChangesetConflict/Kind/data`` and
    /// ``ChangesetConflict/Kind/conflict`` (a delete then deletes the row, an update or insert
    /// writes its new values).
    case replace
    /// Stop and undo every change of the changeset applied so far.
    case abort
}
