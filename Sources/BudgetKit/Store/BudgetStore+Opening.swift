#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BudgetStore {
    /// Finds (or, for `.write`, creates) the book at `path`, checks it is a whole SQLite file, and
    /// opens a configured connection to it.
    static func openBook(at path: String, access: Access) throws -> Connection {
        try prepareFile(at: path, access: access)
        do {
            let connection = try Connection(path: path)
            do {
                try configure(connection, path: path)
                return connection
            } catch let error as SQLiteError where error.isCannotOpen && isFrozen(path) {
                // A WAL book in a folder nobody can write: SQLite cannot make the -shm file even
                // to read. Nothing can write the book either, so reading it as immutable is exact.
                let frozen = try Connection(path: path, mode: .immutable)
                try configure(frozen, path: path)
                return frozen
            }
        } catch {
            throw translate(error, path: path)
        }
    }

    /// Whether nothing can change the book at `path`: its folder cannot be written (so no -wal or
    /// -journal can be made) and no -wal or -journal is there.
    static func isFrozen(_ path: String) -> Bool {
        access(BookFile.folder(of: path), W_OK) != 0 && !BookHeader.hasJournal(path)
    }

    /// Makes sure a whole SQLite file is at `path` before SQLite opens it: creates the book when
    /// missing and `access` is `.write` (at the target of a dangling symbolic link); refuses
    /// anything else that is not a regular file holding a whole SQLite database.
    static func prepareFile(at path: String, access: Access, links: Int = 0) throws(BudgetError) {
        switch try BookFile.state(of: path) {
        case .regular:
            break
        case .other(let kind):
            throw .notARegularFile(path: path, kind: kind)
        case .missing:
            guard access == .write else { throw .databaseNotFound(path: path) }
            try createBook(at: path)
        case .danglingLink(let target):
            guard access == .write else { throw .databaseNotFound(path: path) }
            guard links < 8 else { throw .cannotOpenDatabase(path: path, reason: BookFile.words(for: ELOOP)) }
            try prepareFile(at: target, access: access, links: links + 1)
        }
        // A book this process already has open is a database SQLite checked; reading its header
        // here would drop that connection's locks (see OpenFiles).
        if !OpenFiles.contains(path: path) { _ = try BookHeader.read(path) }
    }

    /// Creates a new book at `path` (and its missing folders), whole or not at all.
    ///
    /// The schema, application id and version are written into a temporary file beside `path`
    /// (mode 0600, no journal), which is synced and then linked to `path`. When another process
    /// created the book meanwhile, the link fails and theirs is used. On a full disk nothing
    /// appears at `path`.
    static func createBook(at path: String) throws(BudgetError) {
        try BookFile.makeDirectories(for: path)
        let temporary: (path: String, descriptor: Int32)
        do {
            temporary = try BookFile.temporary(beside: path)
        } catch {
            throw .cannotOpenDatabase(path: path, reason: error.message)
        }
        defer {
            close(temporary.descriptor)
            unlink(temporary.path)
        }
        do {
            let connection = try Connection(path: temporary.path)
            try connection.execute("PRAGMA journal_mode = OFF")
            _ = try Schema.migrator.migrate(connection, creating: true)
        } catch {
            throw (translate(error, path: path) as? BudgetError) ?? .cannotOpenDatabase(path: path, reason: "\(error)")
        }
        guard fsync(temporary.descriptor) == 0 else { throw .diskProblem(path: path, reason: BookFile.words(for: errno)) }
        do {
            try BookFile.publish(temporary.path, as: path)
        } catch where error.code == EEXIST {
            return   // another process made the book first: use theirs
        } catch {
            throw .cannotOpenDatabase(path: path, reason: error.message)
        }
    }

    /// Sets up a new connection to a book: foreign keys, the case-fold function, the schema
    /// (migrating an older one), WAL journaling where the file can be written.
    static func configure(_ connection: Connection, path: String) throws {
        try connection.execute("PRAGMA foreign_keys = ON")
        switch try Schema.migrator.migrate(connection) {
        case .foreign: throw BudgetError.notABudgetDatabase(path: path)
        case .damaged(let version): throw BudgetError.unknownSchemaVersion(path: path, version: version)
        case .newer(let version):
            throw BudgetError.newerDatabase(path: path, version: version, supported: Schema.migrator.latestVersion)
        case .current, .migrated: break
        }
        if !connection.isReadOnly {
            // WAL lets readers (a `watch`) go on while a writer commits. Setting it on a file
            // that is already WAL costs one statement; a read-only file keeps its mode.
            do {
                try connection.execute("PRAGMA journal_mode = WAL")
            } catch {
                // Another process holds the file, or it cannot be written: reads still work.
                guard error.isReadOnly || error.isBusy else { throw error }
            }
        }
        try connection.execute("PRAGMA synchronous = NORMAL")
    }
}
