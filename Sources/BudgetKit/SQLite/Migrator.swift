/// Brings a database file to the current schema, one numbered migration at a time.
///
/// The schema version lives in `PRAGMA user_version`; `PRAGMA application_id` marks the file as
/// ours, so another program's SQLite file is refused instead of being written into. A file whose
/// version is newer than the newest migration is refused: an old `budget` never touches a schema
/// it does not know.
struct Migrator {
    /// A migration: the version it produces and the SQL that gets there from the one before.
    struct Migration {
        let version: Int
        let sql: String
    }

    /// What the file turned out to be.
    enum Outcome: Equatable {
        case current
        case migrated(from: Int, to: Int)
        case newer(version: Int)
        case foreign
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

    /// Classifies the file, and migrates it when it is ours and older (or new and empty).
    ///
    /// The migration runs in one `BEGIN IMMEDIATE` transaction, re-checking the version inside it,
    /// so two processes opening a new file at once create the schema exactly once.
    func migrate(_ connection: Connection) throws -> Outcome {
        let seen = try inspect(connection)
        if let outcome = classify(seen) { return outcome }
        return try connection.inTransaction {
            let now = try inspect(connection)
            if let outcome = classify(now) { return outcome }
            for migration in migrations where migration.version > now.version {
                try connection.execute(migration.sql)
            }
            try connection.execute("PRAGMA application_id = \(applicationID); PRAGMA user_version = \(latestVersion)")
            return .migrated(from: now.version, to: latestVersion)
        }
    }

    private func classify(_ seen: (applicationID: Int32, version: Int, isEmpty: Bool)) -> Outcome? {
        if seen.applicationID != applicationID && !(seen.applicationID == 0 && seen.isEmpty) { return .foreign }
        if seen.version > latestVersion { return .newer(version: seen.version) }
        if seen.version == latestVersion && !seen.isEmpty { return .current }
        return nil
    }
}
