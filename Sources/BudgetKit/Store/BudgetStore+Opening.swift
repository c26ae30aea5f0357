#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BudgetStore {
    /// Finds (or, for `.write`, creates) the book at `path`, checks it is a whole SQLite file, and
    /// opens a configured connection to it.
    ///
    /// A book it made but cannot open (no room left for its `-shm` file) is taken back: it
    /// appears whole and usable, or not at all.
    ///
    /// - Returns: the connection, and the book it created (`nil` when the book was there).
    static func openBook(at path: String, access: Access) throws -> (Connection, NewBook?) {
        let created = try prepareFile(at: path, access: access)
        do {
            return (try connect(path), created)
        } catch {
            _ = try? created?.removeIfStillNew()
            throw translate(error, path: path)
        }
    }

    /// A configured connection to the whole book at `path`.
    private static func connect(_ path: String) throws -> Connection {
        let connection = try Connection(path: path)
        do {
            try configure(connection, path: path)
            return connection
        } catch let error as SQLiteError where error.isCannotOpenOrReadOnly && isFrozen(path) {
            // A WAL book in a folder nobody can write: SQLite cannot make the -shm file even
            // to read (CANTOPEN on a read-only mount, READONLY in a folder this user may not
            // write). Nothing can write the book either, so reading it as immutable is exact.
            let frozen = try Connection(path: path, mode: .immutable)
            try configure(frozen, path: path)
            return frozen
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
    ///
    /// - Returns: the book it created, or `nil` when one was there (or another process made it first).
    @discardableResult
    static func prepareFile(at path: String, access: Access, links: Int = 0) throws(BudgetError) -> NewBook? {
        var created: NewBook?
        switch try BookFile.state(of: path) {
        case .regular:
            break
        case .other(let kind):
            throw .notARegularFile(path: path, kind: kind)
        case .missing:
            guard access == .write else { throw .databaseNotFound(path: path) }
            created = try createBook(at: path)
        case .danglingLink(let target):
            guard access == .write else { throw .databaseNotFound(path: path) }
            guard links < 8 else { throw .cannotOpenDatabase(path: path, reason: BookFile.words(for: ELOOP)) }
            created = try prepareFile(at: target, access: access, links: links + 1)
        }
        // A book this process already has open is a database SQLite checked; reading its header
        // here would drop that connection's locks (see OpenFiles).
        if !OpenFiles.contains(path: path) { _ = try BookHeader.read(path) }
        return created
    }

    /// Creates a new book at `path` (and its missing folders), whole or not at all.
    ///
    /// The schema, application id and version are written into a temporary file beside `path`
    /// (mode 0600, no journal), which is synced and then linked to `path`. When another process
    /// created the book meanwhile, the link fails and theirs is used. On a full disk nothing
    /// appears at `path`, nor the folders made for it.
    ///
    /// - Returns: the book made, or `nil` when another process made it first.
    static func createBook(at path: String) throws(BudgetError) -> NewBook? {
        let folders = try BookFile.makeDirectories(for: path)
        do {
            guard try writeNewBook(at: path) else { return nil }
        } catch {
            // Whole or not at all: the folders made for it go too (those still empty).
            for folder in folders.reversed() where rmdir(folder) != 0 { break }
            throw error
        }
        return NewBook(path: path, folders: folders)
    }

    /// Writes a new book into a temporary file beside `path` and links it there: `false` when
    /// another process made a book there first.
    private static func writeNewBook(at path: String) throws(BudgetError) -> Bool {
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
            return false   // another process made the book first: use theirs
        } catch {
            throw .cannotOpenDatabase(path: path, reason: error.message)
        }
        return true
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
