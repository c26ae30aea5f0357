extension BudgetStore {
    /// Checks this book: SQLite's integrity and foreign-key checks, the schema `budget` made, and
    /// the rules every row it writes keeps (amounts within ±``Money/largestEntry``, real days,
    /// `YYYY-MM` months, known kinds and scopes, name keys that are their names' keys, a sane
    /// change log). Reads only.
    ///
    /// ```swift
    /// let problems = try store.check()   // [] for a healthy book
    /// ```
    ///
    /// - Returns: every problem found, in a stable order; empty when the book is healthy.
    /// - Throws: nothing for damage (that is a problem in the list); an error only when the book
    ///   cannot be read at all.
    /// - Complexity: reads every row and page of the book once.
    public func check() throws -> [BookProblem] {
        let checker = BookChecker(connection: connection)
        checker.checkAll()
        return checker.problems
    }

    /// Checks the book at `path` without opening it as a store, so a book too damaged to open
    /// (its schema unreadable, its version impossible) still gets its list of problems. Never
    /// creates, migrates or writes anything.
    ///
    /// An older book is checked as it is (without comparing its schema with the current one).
    ///
    /// - Returns: every problem found; empty when the book is healthy.
    /// - Throws: ``BudgetError`` when there is no book to check: `databaseNotFound`,
    ///   `notARegularFile`, `emptyDatabaseFile`, `truncatedDatabase`, `notABudgetDatabase` (not
    ///   SQLite, or another program's), `newerDatabase`, `cannotOpenDatabase`.
    public static func check(bookAt path: String) throws -> [BookProblem] {
        try prepareFile(at: path, access: .read)
        var connection: Connection
        do {
            connection = try Connection(path: path)
        } catch {
            throw translate(error, path: path)
        }
        let seen: (applicationID: Int32, version: Int, isEmpty: Bool)
        do {
            do {
                seen = try Schema.migrator.inspect(connection)
            } catch let error as SQLiteError where error.isCannotOpenOrReadOnly && isFrozen(path) {
                connection = try Connection(path: path, mode: .immutable)
                seen = try Schema.migrator.inspect(connection)
            }
        } catch let error as SQLiteError where error.isCorrupt {
            // The schema itself cannot be read: say so, and let SQLite's checks say what they can.
            let checker = BookChecker(connection: connection)
            checker.report(.damaged(error.message))
            checker.checkAll(sqliteOnly: true)
            return checker.problems
        } catch {
            throw translate(error, path: path)
        }
        let checker = BookChecker(connection: connection)
        switch Schema.migrator.classify(seen) {
        case .foreign:
            throw BudgetError.notABudgetDatabase(path: path)
        case .newer(let version):
            throw BudgetError.newerDatabase(path: path, version: version, supported: Schema.migrator.latestVersion)
        case .damaged(let version):
            checker.report(.unknownSchemaVersion(version))
            checker.checkAll(sqliteOnly: true)
        case .current, .migrated:
            checker.checkAll()
        case nil:
            checker.checkAll(compareSchema: false)
        }
        return checker.problems
    }
}

extension BudgetStore {
    /// Which of `ids` break a rule of a transaction's shape (``BookProblem/brokenTransfer(transactionID:)``,
    /// ``BookProblem/splitDoesNotSum(transactionID:amount:parts:)`` and their kin), in id order:
    /// after a sync, the transactions whose fields it merged from two devices' edits.
    ///
    /// - Complexity: O(k log n) for k ids.
    func unsettledTransactions(among ids: Set<Int64>) throws -> [BookProblem] {
        try reading {
            try connection.execute("CREATE TEMP TABLE IF NOT EXISTS unsettled_candidates (id INTEGER PRIMARY KEY)")
            defer { try? connection.execute("DROP TABLE IF EXISTS temp.unsettled_candidates") }
            let insert = try connection.prepare("INSERT OR IGNORE INTO temp.unsettled_candidates (id) VALUES (?)")
            for id in ids { try insert.run([.integer(id)]) }
            let checker = BookChecker(connection: connection)
            try connection.inReadTransaction { try checker.transactionShapes(merged: true) }
            return checker.problems.enumerated().sorted { (Self.transactionID(of: $0.element), $0.offset) < (Self.transactionID(of: $1.element), $1.offset) }
                .map(\.element)
        }
    }

    /// The transaction a shape problem names (0 for any other problem).
    private static func transactionID(of problem: BookProblem) -> Int64 {
        switch problem {
        case .brokenTransfer(let id), .uncategorizedTransaction(let id), .splitDoesNotSum(let id, _, _),
             .partsOfUnsplitTransaction(let id), .splitMixesKinds(let id), .splitDateDiffers(let id, _):
            return id
        default:
            return 0
        }
    }
}
