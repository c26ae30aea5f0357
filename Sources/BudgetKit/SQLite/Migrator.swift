/// Brings a database file to the current schema, one numbered migration at a time.
///
/// The schema version lives in `PRAGMA user_version`; `PRAGMA application_id` marks the file as
/// ours, so another program's SQLite file is refused instead of being written into. A file whose
/// version is newer than the newest migration is refused: an old `budget` never touches a schema
/// it does not know. A file of ours whose version cannot be right (zero or negative with tables in
/// it, or tables missing) is damaged, and never migrated: running the migrations again over it
/// would fail half-way ("table categories already exists") or make a mess.
///
/// Only a file being created (``migrate(_:creating:)`` with `creating: true`) may be empty: an
/// existing empty database at a book's path is someone else's, and is refused as foreign.
struct Migrator {
    /// A migration: the version it produces and the SQL that gets there from the one before.
    ///
    /// The SQL is built only when the migration runs: some of it is generated (the change log's
    /// triggers), and a book already current, the case of nearly every start of `budget`, never
    /// needs it.
    struct Migration: Sendable {
        let version: Int
        private let makeSQL: @Sendable () -> String

        init(version: Int, sql: @escaping @autoclosure @Sendable () -> String) {
            self.version = version
            makeSQL = sql
        }

        var sql: String { makeSQL() }
    }

    /// What the file turned out to be.
    enum Outcome: Equatable {
        case current
        case migrated(from: Int, to: Int)
        case newer(version: Int)
        case foreign
        /// Ours, but with a version no migration makes (zero or negative), or with no tables.
        case damaged(version: Int)
    }

    let applicationID: Int32
    let migrations: [Migration]

    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Reads the file's identity and version without writing anything.
    func inspect(_ connection: Connection) throws -> (applicationID: Int32, version: Int, isEmpty: Bool) {
        // One statement for all three: it runs on every start of every command.
        let row = try connection.cached("""
            SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version),
                   (SELECT count(*) FROM sqlite_schema)
            """).first { (Int32(truncatingIfNeeded: $0.int64(0)), Int($0.int64(1)), $0.int64(2) == 0) }
        return row ?? (0, 0, true)
    }

    /// Classifies the file, and migrates it when it is ours and older (or, when `creating`, empty).
    ///
    /// The migration runs in one `BEGIN IMMEDIATE` transaction, re-checking the version inside it,
    /// so two processes migrating one file at once migrate it exactly once.
    func migrate(_ connection: Connection, creating: Bool = false) throws -> Outcome {
        let seen = try inspect(connection)
        if let outcome = classify(seen, creating: creating) { return outcome }
        return try connection.inTransaction {
            let now = try inspect(connection)
            if let outcome = classify(now, creating: creating) { return outcome }
            for migration in migrations where migration.version > now.version {
                try connection.execute(migration.sql)
            }
            try connection.execute("PRAGMA application_id = \(applicationID); PRAGMA user_version = \(latestVersion)")
            return .migrated(from: now.version, to: latestVersion)
        }
    }

    /// What the file is, or `nil` when it needs migrating.
    func classify(_ seen: (applicationID: Int32, version: Int, isEmpty: Bool), creating: Bool = false) -> Outcome? {
        if creating && seen.applicationID == 0 && seen.version == 0 && seen.isEmpty { return nil }
        if seen.applicationID != applicationID { return .foreign }
        if seen.version > latestVersion { return .newer(version: seen.version) }
        if seen.version < 1 || seen.isEmpty { return .damaged(version: seen.version) }
        if seen.version == latestVersion { return .current }
        return nil
    }
}
