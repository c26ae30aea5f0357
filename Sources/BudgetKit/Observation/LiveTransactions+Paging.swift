extension LiveTransactions {
    /// A row read from the database with its key in this list's order. A class: a sync passes
    /// each changed row through a dictionary and several lists (a renamed category's rows are
    /// tens of thousands), and copying a reference costs less than copying the row.
    final class FetchedRow {
        let transaction: Transaction
        let key: RowKey

        init(transaction: Transaction, key: RowKey) {
            self.transaction = transaction
            self.key = key
        }
    }

    /// The row at `position`, loading its page (``batchSize`` rows around it, by id) when needed,
    /// from the database state the list shows.
    ///
    /// - Throws: a database error, or ``BudgetError/liveResultsOutOfDate(seen:latest:)`` when the
    ///   list lost its snapshot and the database changed since its last sync (see the type's
    ///   documentation).
    public func transaction(at position: Int) throws -> Transaction {
        precondition(indices.contains(position), "position \(position) out of 0..<\(count)")
        let id = keys.entries[position].id
        if let row = cache[id] { return row }
        let size = Swift.max(1, batchSize)
        let start = Swift.max(0, Swift.min(position - size / 4, count - size))
        let ids = keys.entries[start..<Swift.min(count, start + size)].lazy.map(\.id).filter { self.cache[$0] == nil }
        let rows = try inListSnapshot { try source.rows(ids: Array(ids)[...], query: query, matchingFilter: false) }
        if cache.count + rows.count > LiveTransactions.cacheCapacity { cache.removeAll(keepingCapacity: true) }
        for row in rows { cache[row.transaction.id] = row.transaction }
        // Only a bug or a damaged file loses a row inside the list's own state.
        guard let row = cache[id] else { throw BudgetError.unknownTransaction(id) }
        return row
    }

    /// Reads rows by id with their keys, in the source's open snapshot.
    ///
    /// - Parameters:
    ///   - matchingFilter: keep only rows the query's filter matches.
    ///   - query: the list's query unless given.
    func fetchRows(ids: ArraySlice<Int64>, matchingFilter: Bool, query: LiveQuery? = nil) throws -> [FetchedRow] {
        try source.rows(ids: ids, query: query ?? self.query, matchingFilter: matchingFilter).map {
            FetchedRow(transaction: $0.transaction, key: order.key($0))
        }
    }

    /// Reads the rows of one category (splits with a part in it included) that the query's
    /// filter matches, with their keys, in one query.
    func fetchRows(inCategory id: Int64, query: LiveQuery) throws -> [FetchedRow] {
        try source.rows(inCategory: id, query: query).map { FetchedRow(transaction: $0.transaction, key: order.key($0)) }
    }

    /// Reads the rows with an id in `range` that the query's filter matches, with their keys,
    /// in one query.
    func fetchRows(inRange range: ClosedRange<Int64>, query: LiveQuery) throws -> [FetchedRow] {
        try source.rows(inRange: range, query: query).map { FetchedRow(transaction: $0.transaction, key: order.key($0)) }
    }

    /// What the subscript returns when a row cannot be read: the id and what the key knows.
    func standIn(at position: Int) -> Transaction {
        let key = keys.key(at: position)
        var row = Transaction(id: key.id, date: Day(year: 1, month: 1, day: 1)!, amount: .zero, category: "")
        if order.sectioning == .category { row.category = order.sectionName(key.section) }
        for (index, sortKey) in order.keys.enumerated() {
            let value = order.value(at: index, of: key)
            switch sortKey {
            case .date: row.date = Day(ordinal: Int(value)) ?? row.date
            case .amount: row.amount = Money(minorUnits: value)
            case .payee: row.payee = order.payees[Int(value)]
            case .category: row.category = order.categories[value]?.name ?? ""
            }
        }
        return row
    }
}
