#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loading a date-ordered list's keys: one scan of the date index, or, for a large list, its two
/// halves at once on two connections (this machine class has two cores, and SQLite's stepping is
/// most of the cost of opening a million-row list).
extension LiveTransactions {
    /// Below this many rows a second connection and thread cost more than they save.
    static let parallelKeysThreshold = 100_000

    /// The keys and whether the days parsed from the stored dates were in SQLite's order.
    struct OrderedScan {
        var keys: OrderedKeys
        var inOrder: Bool
    }

    /// The keys of a date-ordered request (`query.keysAreOrdered`), read in the caller's read
    /// transaction (at change-log position `sequence`).
    static func loadOrderedKeys(query: LiveQuery, order: KeyOrder, connection: Connection, path: String,
                                sequence: Int64, capacity: Int, statement: Statement) throws -> OrderedScan {
        if capacity >= parallelKeysThreshold,
           let halves = try loadOrderedKeysInParallel(query: query, order: order, connection: connection, path: path,
                                                      sequence: sequence, capacity: capacity) {
            return halves
        }
        return try scanOrderedKeys(statement: statement, values: query.filterValues, order: order, capacity: capacity)
    }

    /// Reads one date-ordered scan into keys, checking that the parsed days follow SQLite's order.
    static func scanOrderedKeys(statement: Statement, values: [SQLiteValue], order: KeyOrder,
                                capacity: Int) throws -> OrderedScan {
        var keys = OrderedKeys(sorted: [RowKey](), capacity: capacity)
        let monthSections = order.sectioning == .month, ascending = order.ascending
        var previous = KeyEntry(sort: 0, id: 0)
        var inOrder = true
        try statement.forEachRow(values) { row in
            let id = row.int64(0)
            let (days, month) = row.isoDayNumbers(1)
            let next = KeyEntry(sort: days, id: id)
            if keys.count > 0 {
                let increasing = (previous.sort, previous.id) < (next.sort, next.id)
                if increasing != ascending { inOrder = false }
            }
            previous = next
            keys.append(RowKey(section: monthSections ? month : 0, sort: days, id: id))
        }
        return OrderedScan(keys: keys, inOrder: inOrder)
    }

    /// Splits the scan at the middle day of the list's date range: this thread reads the first
    /// half on `connection`, a second thread the other half on a second connection whose read
    /// snapshot is checked to be the same one (the same change-log position). `nil` when that
    /// cannot be had (a commit came in between, or the range is a single day): the caller then
    /// scans alone.
    static func loadOrderedKeysInParallel(query: LiveQuery, order: KeyOrder, connection: Connection, path: String,
                                          sequence: Int64, capacity: Int) throws -> OrderedScan? {
        guard let range = try connection.cached(query.dateRange).first(query.filterValues, {
            (Day(iso: $0.text(0)), Day(iso: $0.text(1)))
        }), let first = range.0, let last = range.1, first < last else { return nil }
        let split = Day(daysSinceEpoch: (first.daysSinceEpoch + last.daysSinceEpoch + 1) / 2)

        let second = try Connection(path: path)
        try second.registerCaseFoldFunction()
        try second.execute("BEGIN DEFERRED")
        defer { try? second.execute("COMMIT") }
        let secondSequence = try second.int64("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'") ?? 0
        guard secondSequence == sequence else { return nil }

        // Ascending, the early days come first; descending, the late ones.
        let values = query.filterValues + [split.sqliteValue]
        let firstSQL = order.ascending ? query.keysBeforeDay : query.keysFromDay
        let secondSQL = order.ascending ? query.keysFromDay : query.keysBeforeDay
        let worker = KeyScanThread(statement: try second.prepare(secondSQL), values: values, order: order,
                                   capacity: capacity / 2 + 1)
        try worker.start()
        let head: OrderedScan
        do {
            head = try scanOrderedKeys(statement: try connection.prepare(firstSQL), values: values, order: order,
                                       capacity: capacity)
        } catch {
            _ = try? worker.join()
            throw error
        }
        let tail = try worker.join()
        var keys = head.keys
        var inOrder = head.inOrder && tail.inOrder
        if inOrder, keys.count > 0, tail.keys.count > 0 {
            let last = keys.key(at: keys.count - 1), next = tail.keys.key(at: 0)
            inOrder = ((last.sort, last.id) < (next.sort, next.id)) == order.ascending
        }
        keys.append(contentsOf: tail.keys)
        return OrderedScan(keys: keys, inOrder: inOrder)
    }
}

/// One key scan on a thread of its own.
///
/// `@unchecked Sendable` is safe here: the statement (and its connection) are used by exactly one
/// thread at a time. The creating thread hands them over in `start()` (`pthread_create` orders its
/// writes before the thread runs), does not touch them until `join()` returns (`pthread_join`
/// orders the thread's writes before it), and only then reads `result`.
private final class KeyScanThread: @unchecked Sendable {
    let statement: Statement
    let values: [SQLiteValue]
    let order: KeyOrder
    let capacity: Int
    var result: Result<LiveTransactions.OrderedScan, any Error> = .failure(BudgetError.database(
        SQLiteError(extendedCode: 1, message: "the key scan did not run")))
    private var thread = pthread_t()

    init(statement: Statement, values: [SQLiteValue], order: KeyOrder, capacity: Int) {
        self.statement = statement
        self.values = values
        self.order = order
        self.capacity = capacity
    }

    func run() {
        result = Result { try LiveTransactions.scanOrderedKeys(statement: statement, values: values, order: order, capacity: capacity) }
    }

    func start() throws {
        let context = Unmanaged.passRetained(self).toOpaque()
        let code = pthread_create(&thread, nil, { context in
            let scan = Unmanaged<KeyScanThread>.fromOpaque(context!).takeRetainedValue()
            scan.run()
            return nil
        }, context)
        guard code == 0 else {
            Unmanaged<KeyScanThread>.fromOpaque(context).release()
            throw BudgetError.database(SQLiteError(extendedCode: 1, message: "cannot start a thread: error \(code)"))
        }
    }

    func join() throws -> LiveTransactions.OrderedScan {
        pthread_join(thread, nil)
        return try result.get()
    }
}
