extension LiveTransactions {
    /// A row read from the database with its key in this list's order.
    struct FetchedRow {
        let transaction: Transaction
        let key: RowKey
    }

    /// The row at `position`, loading its page (``batchSize`` rows around it, by id) when needed.
    ///
    /// - Throws: a database error, or ``BudgetError/unknownTransaction(_:)`` when the row was
    ///   deleted by a commit this list has not processed yet.
    public func transaction(at position: Int) throws -> Transaction {
        precondition(indices.contains(position), "position \(position) out of 0..<\(count)")
        let id = keys.entries[position].id
        if let row = cache[id] { return row }
        let size = Swift.max(1, batchSize)
        let start = Swift.max(0, Swift.min(position - size / 4, count - size))
        let ids = keys.entries[start..<Swift.min(count, start + size)].lazy.map(\.id).filter { self.cache[$0] == nil }
        let rows = try store.reading {
            try store.connection.inReadTransaction { try fetchRows(ids: Array(ids)[...], matchingFilter: false) }
        }
        if cache.count + rows.count > LiveTransactions.cacheCapacity { cache.removeAll(keepingCapacity: true) }
        for row in rows { cache[row.transaction.id] = row.transaction }
        guard let row = cache[id] else { throw BudgetError.unknownTransaction(id) }
        return row
    }

    /// Reads rows by id, in batches, with their keys.
    ///
    /// - Parameter matchingFilter: keep only rows the request's filter matches.
    func fetchRows(ids: ArraySlice<Int64>, matchingFilter: Bool) throws -> [FetchedRow] {
        let statement = try store.connection.cached(matchingFilter ? query.matchingRowsByID : query.rowsByID)
        let payeeColumn: Int32? = order.needsFoldedPayee ? 7 : nil
        var rows: [FetchedRow] = []
        rows.reserveCapacity(ids.count)
        var start = ids.startIndex
        while start < ids.endIndex {
            let end = Swift.min(ids.endIndex, start + LiveQuery.batch)
            let values = LiveQuery.bound(ids[start..<end]) + (matchingFilter ? query.filterValues : [])
            try statement.forEachRow(values) { row in
                let transaction = TransactionQuery.transaction(from: row)
                let key = order.key(id: transaction.id, day: transaction.date, amount: transaction.amount.minorUnits,
                                    categoryID: row.int64(6), foldedPayee: payeeColumn.map { row.text($0) })
                rows.append(FetchedRow(transaction: transaction, key: key))
            }
            start = end
        }
        return rows
    }

    /// What the subscript returns when a row cannot be loaded: the id and what the key knows.
    func standIn(at position: Int) -> Transaction {
        let key = keys.key(at: position)
        var row = Transaction(id: key.id, date: Day(year: 1, month: 1, day: 1)!, amount: .zero, category: "")
        if order.sectioning == .category { row.category = order.sectionName(key.section) }
        switch order.sort {
        case .date: row.date = Day(ordinal: Int(key.sort)) ?? row.date
        case .amount: row.amount = Money(minorUnits: key.sort)
        case .payee: row.payee = order.payees[Int(key.sort)]
        case .category: row.category = order.categories[key.sort]?.name ?? ""
        }
        return row
    }
}
