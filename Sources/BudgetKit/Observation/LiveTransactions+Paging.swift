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
        let size = Swift.max(1, batchSize)
        if position >= keys.count && position < keys.count + unreadKeys { try readKeys(through: position, margin: size) }
        let (held, index) = heldKeys(at: position)
        guard index < held.count else { throw BudgetError.corruptDatabase(path: store.path) }
        let id = held.entries[index].id
        if let row = cache[id] { return row }
        let start = Swift.max(0, Swift.min(index - size / 4, held.count - size))
        let ids = held.entries[start..<Swift.min(held.count, start + size)].lazy.map(\.id).filter { self.cache[$0] == nil }
        let rows = try inListSnapshot { try source.rows(ids: Array(ids)[...], query: query, matchingFilter: false) }
        if cache.count + rows.count > LiveTransactions.cacheCapacity { cache.removeAll(keepingCapacity: true) }
        for row in rows { cache[row.transaction.id] = row.transaction }
        // Only a bug or a damaged file loses a row inside the list's own state.
        guard let row = cache[id] else { throw BudgetError.unknownTransaction(id) }
        return row
    }

    /// The keys that hold `position` and its index in them: the first keys, or the last ones
    /// past those unread. A position among the unread rows gives the first keys and an index
    /// past their end.
    func heldKeys(at position: Int) -> (keys: OrderedKeys, index: Int) {
        let past = keys.count + unreadKeys
        return position >= past ? (tailKeys, position - past) : (keys, position)
    }

    /// Reads keys left unread (``unreadKeys``) so that the list holds the one at `position`
    /// and `margin` more beyond it, from the nearer end: at least twice the keys held at that
    /// end, so that scrolling through a long list reads O(n) keys in all, not O(n) each time.
    func readKeys(through position: Int, margin: Int = 0) throws {
        guard position >= keys.count && position < keys.count + unreadKeys else { return }
        // A margin past the count (a `batchSize` of Int.max) reads every key, without overflow.
        let margin = Swift.min(margin, count)
        let gapEnd = keys.count + unreadKeys
        var window = KeyWindow(head: keys.count, tail: tailKeys.count)
        if position - keys.count <= gapEnd - 1 - position {
            window.head = Swift.max(position + 1 + margin, keys.count * 2)
        } else {
            window.tail = Swift.max(count - position + margin, tailKeys.count * 2)
        }
        try readKeys(window: window)
    }

    /// Reads the keys left unread (``unreadKeys``), in the state the list shows: all of them
    /// (`window` nil, or one that leaves none unread), or as many from each end as `window` says.
    ///
    /// When the keys held come out in another place (dates SQLite orders otherwise than
    /// the days they parse to), it sets ``keysShiftedWhenRead``: the next sync is a reload.
    ///
    /// - Throws: a database error; ``BudgetError/liveResultsOutOfDate(seen:latest:)`` when the
    ///   list lost its snapshot (it was cancelled, or a sync or reload failed and the database
    ///   changed since); ``BudgetError/corruptDatabase(path:)`` when the rows read are not as
    ///   many as the rows counted in the same snapshot (the next sync is then a reload). The
    ///   list's keys are then as they were.
    func readKeys(window: KeyWindow? = nil) throws {
        guard unreadKeys > 0 else { return }
        let total = count
        // A list whose order SQLite cannot hand over reads every key to find any (see
        // `loadKeys`): all of them at once then, rather than a read of every key per window.
        let window = query.keysAreOrdered ? window : nil
        let read = try inListSnapshot {
            try LiveTransactions.loadKeys(query: query, order: order, from: source, window: window, count: total)
        }
        guard read.head.count + read.unread + read.tail.count == total, read.head.count >= keys.count,
              read.head.count + read.tail.count >= keys.count + tailKeys.count else {
            (keysShiftedWhenRead, readsEveryKey) = (true, true)
            throw BudgetError.corruptDatabase(path: store.path)
        }
        // In one snapshot the keys held are the same keys at the same places, unless dates
        // SQLite orders otherwise than the days they parse to moved them.
        var shifted = false
        for position in 0..<keys.count where read.head.key(at: position) != keys.key(at: position) {
            shifted = true
            break
        }
        // The last keys held, against the last keys read (in the tail read, or at the end of the head).
        let readTail = read.tail.count > 0 ? read.tail : read.head
        for back in 0..<tailKeys.count where !shifted {
            if readTail.count < back + 1
                || readTail.key(at: readTail.count - 1 - back) != tailKeys.key(at: tailKeys.count - 1 - back) {
                shifted = true
            }
        }
        (keys, unreadKeys, tailKeys) = (read.head, read.unread, read.tail)
        if shifted { (keysShiftedWhenRead, readsEveryKey) = (true, true) }
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
        let someday = Day(year: 1, month: 1, day: 1)!
        // A row whose key was never read (the keys could not be): nothing is known but its place.
        let (held, index) = heldKeys(at: position)
        guard index < held.count else { return Transaction(id: 0, date: someday, amount: .zero, category: "") }
        let key = held.key(at: index)
        var row = Transaction(id: key.id, date: someday, amount: .zero, category: "")
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
