extension SyncApplier {
    /// The unique columns two devices can fill with the same value while apart, per table.
    static let uniqueColumns: [String: [String]] = [
        "categories": ["name_key"],
        "accounts": ["name_key", "number_key", "is_default"],
        "transactions": ["import_key"],
        "import_profiles": ["name_key"],
    ]

    // The rule, the same on every book whatever order rows arrive in: of the rows there are now
    // that want one unique value (hold it, or gave it way: `sync_given_way`), the row with the
    // smallest id holds it and every other gives way (`Name (id)`, no import key...). The rows
    // and what each wants converge (last writer wins, per field), so the books do too. Each
    // change keeps it true: a row added or changed claims its values (``claimUnique``); a value
    // a row lets go of (deleted, renamed) goes to the smallest row that gave it way (``settle``).

    /// Whether `value` in `column` is one two rows can clash on (never NULL; the default flag
    /// only when set).
    static func claims(_ column: String, _ value: ChangesetValue) -> Bool {
        value != .null && value != .unchanged && (column != "is_default" || value == .integer(1))
    }

    /// The column people see that `column` is made from: `name` for `name_key`, `number` for
    /// `number_key`; `nil` for the others.
    static func shownColumn(of column: String) -> String? {
        switch column {
        case "name_key": "name"
        case "number_key": "number"
        default: nil
        }
    }

    /// The value of `column` made from `shown` (a name's key, an account number's key).
    static func key(of shown: ChangesetValue, for column: String, in table: String) -> ChangesetValue {
        guard case .text(let bytes) = shown else { return .null }
        let text = String(decoding: bytes, as: UTF8.self)
        switch column {
        case "name_key": return .text(table == "accounts" ? Account.nameKey(text) : BudgetCategory.nameKey(text))
        case "number_key": return .text(Account.numberKey(text))
        default: return shown
        }
    }

    /// Before the row `values` of `shape`'s table is written (added, or changed in `columns`):
    /// where another row holds one of its unique values, the smaller id keeps it and the other
    /// gives way (``giveWay(_:in:shape:id:keptBy:lostBy:)``), the incoming row in `values`, a
    /// row already here in place. Conflicts name the incoming row's loss `lostBy` `clock`, a row
    /// here's `keptBy` it.
    ///
    /// - Returns: the values the row claims, to ``settle(_:_:_:by:)`` once it is written.
    mutating func claimUnique(_ shape: Shape, values: inout [ChangesetValue], columns: [String]? = nil,
                              by clock: HybridLogicalClock? = nil) throws -> [(column: String, value: ChangesetValue)] {
        guard let id = Self.id(of: values, in: shape) else { return [] }
        var claimed: [(column: String, value: ChangesetValue)] = []
        for (column, index) in shape.unique where index < values.count && columns?.contains(column) ?? true {
            let value = values[index]
            guard Self.claims(column, value) else { continue }
            claimed.append((column, value))
            guard let other = try connection.int64("SELECT id FROM \"\(shape.name)\" WHERE \"\(column)\" = ? AND id <> ?",
                                                   [value.sqliteValue, .integer(id)]) else { continue }
            if other < id {
                try noteGivenWay(shape, column, id: id, values: values)
                giveWay(column, in: &values, shape: shape, id: id, lostBy: clock)
            } else {
                try giveWayInPlace(shape, column, id: other, keptBy: clock)
            }
        }
        return claimed
    }

    /// Before the row `values` is added again by this device's own write (a row brought back:
    /// ``BudgetStore/bringBackUsedRows()``), with `recording` (the write's session) paused
    /// meanwhile: each row here holding one of its unique values gives way in place, so the
    /// entry records the row as it was deleted and nothing else. Every book settles that
    /// insert as it applies it (``claimUnique(_:values:columns:by:)``), and this one once the
    /// entry is recorded, as for any row added here (``settleAddedRow(_:values:)``): a holder
    /// with the smaller id takes its value back then, and the row added gives way. The
    /// conflicts are those that settling makes.
    mutating func makeRoom(for shape: Shape, values: [ChangesetValue], recording: Session?) throws {
        guard let id = Self.id(of: values, in: shape) else { return }
        recording?.isEnabled = false
        defer { recording?.isEnabled = true }
        for (column, index) in shape.unique where index < values.count && Self.claims(column, values[index]) {
            guard let other = try connection.int64("SELECT id FROM \"\(shape.name)\" WHERE \"\(column)\" = ? AND id <> ?",
                                                   [values[index].sqliteValue, .integer(id)]) else { continue }
            let reported = conflicts.count
            try giveWayInPlace(shape, column, id: other, keptBy: nil)
            if other < id {
                conflicts.removeSubrange(reported...)
                var given = values
                giveWay(column, in: &given, shape: shape, id: id)
            }
        }
    }

    /// Before the row `merged` (now `current`) is written by a change: each unique value it
    /// lets go of (a rename, a row that gave way taking another name) is to be settled, and each
    /// it takes is claimed (``claimUnique(_:values:columns:by:)``). A row that gave way and is
    /// renamed wants its new name (its key made from it when the change carried the name only).
    ///
    /// - Returns: the values to ``settle(_:_:_:by:)`` once the row is written.
    mutating func reclaimUnique(_ shape: Shape, merged: inout [ChangesetValue], current: [ChangesetValue],
                                by clock: HybridLogicalClock?) throws -> [(column: String, value: ChangesetValue)] {
        guard let id = Self.id(of: merged, in: shape) else { return [] }
        var settling: [(column: String, value: ChangesetValue)] = [], touched: [String] = []
        for (column, index) in shape.unique {
            let shown = Self.shownColumn(of: column).flatMap { shape.columns.firstIndex(of: $0) }
            let shownChanged = shown.map { merged[$0] != current[$0] } ?? false
            guard merged[index] != current[index] || shownChanged else { continue }
            if let lost = try takeGivenWay(shape, column, id: id) {
                settling.append((column, lost.value))
                if merged[index] == current[index], let shown { merged[index] = Self.key(of: merged[shown], for: column, in: shape.name) }
            } else if merged[index] != current[index] {
                settling.append((column, current[index]))
            } else {
                continue
            }
            touched.append(column)
        }
        guard !touched.isEmpty else { return [] }
        return try settling + claimUnique(shape, values: &merged, columns: touched, by: clock)
    }

    /// Before a change writes the row `current` of `shape`'s table with the values it holds
    /// already in the columns at `indices`: a unique value it gave way with here and that the
    /// change lets go of is wanted no more, as on the book that wrote the change, and goes to
    /// the row that gave it way next. So a default account cleared on the book where it held
    /// the flag (another chosen) does not take it back later on a book where it had given the
    /// flag way already, to the new default, as that change came in.
    mutating func letGo(_ shape: Shape, _ indices: [Int], of current: [ChangesetValue], by clock: HybridLogicalClock?) throws {
        guard !indices.isEmpty, let id = Self.id(of: current, in: shape) else { return }
        for (column, index) in shape.unique where indices.contains(index) {
            if let lost = try takeGivenWay(shape, column, id: id) { try settle(shape, column, lost.value, by: clock) }
        }
    }

    /// After the row `values` of `shape`'s table is deleted: the values it held or gave way
    /// with go to the rows that gave them way.
    mutating func releaseUnique(_ shape: Shape, values: [ChangesetValue], by clock: HybridLogicalClock?) throws {
        guard let id = Self.id(of: values, in: shape) else { return }
        for (column, index) in shape.unique where index < values.count {
            let own = try takeGivenWay(shape, column, id: id)?.value ?? values[index]
            try settle(shape, column, own, by: clock)
        }
    }

    /// Makes the rule hold for `value` of `column`: when a row that gave it way has a smaller id
    /// than the row holding it (or none does), that row takes it back and the holder gives way.
    /// Nothing to do (and no query) in a table where no row ever gave way.
    mutating func settle(_ shape: Shape, _ column: String, _ value: ChangesetValue, by clock: HybridLogicalClock?) throws {
        guard Self.claims(column, value), try hasGivenWay(shape.name) else { return }
        var first: Int64?
        while first == nil, let candidate = try connection.int64("""
            SELECT min(row_id) FROM sync_given_way WHERE table_name = ? AND column_name = ? AND value = ?
            """, [.text(shape.name), .text(column), value.sqliteValue]) {
            // A row gone without its note (deleted while the book did not sync) gives nothing back.
            if try row(shape, [.integer(candidate)]) != nil { first = candidate } else { _ = try takeGivenWay(shape, column, id: candidate) }
        }
        guard let first else { return }
        if let holder = try connection.int64("SELECT id FROM \"\(shape.name)\" WHERE \"\(column)\" = ?", [value.sqliteValue]) {
            guard first < holder else { return }
            try giveWayInPlace(shape, column, id: holder, keptBy: clock)
        }
        guard let lost = try takeGivenWay(shape, column, id: first), var values = try row(shape, [.integer(first)]) else { return }
        let before = values
        values[shape.columns.firstIndex(of: column)!] = lost.value
        if let shown = Self.shownColumn(of: column).flatMap({ shape.columns.firstIndex(of: $0) }) { values[shown] = lost.shown }
        try write(shape, id: first, values, over: before)
    }

    // MARK: - Rows that gave way

    /// What a row gave up: the unique column's value and the value people see made from it.
    struct LostValue {
        let value: ChangesetValue
        let shown: ChangesetValue
    }

    /// The row `id` of `shape`'s table (here now) gives way on `column`.
    private mutating func giveWayInPlace(_ shape: Shape, _ column: String, id: Int64, keptBy: HybridLogicalClock?) throws {
        guard var values = try row(shape, [.integer(id)]) else { return }
        let before = values
        try noteGivenWay(shape, column, id: id, values: values)
        giveWay(column, in: &values, shape: shape, id: id, keptBy: keptBy)
        try write(shape, id: id, values, over: before)
    }

    /// Remembers what the row `values` (id `id`) gives up on `column`.
    private mutating func noteGivenWay(_ shape: Shape, _ column: String, id: Int64, values: [ChangesetValue]) throws {
        let shown = Self.shownColumn(of: column).flatMap { shape.columns.firstIndex(of: $0) }.map { values[$0] } ?? .null
        try connection.run("""
            INSERT OR REPLACE INTO sync_given_way (table_name, column_name, row_id, value, shown) VALUES (?, ?, ?, ?, ?)
            """, [.text(shape.name), .text(column), .integer(id), values[shape.columns.firstIndex(of: column)!].sqliteValue, shown.sqliteValue])
        givenWay[shape.name] = true
    }

    /// What row `id` gave up on `column`, forgotten (it takes it back, wants another value, or
    /// goes); `nil` when it gave up nothing.
    mutating func takeGivenWay(_ shape: Shape, _ column: String, id: Int64) throws -> LostValue? {
        guard try hasGivenWay(shape.name) else { return nil }
        let key: [SQLiteValue] = [.text(shape.name), .text(column), .integer(id)]
        guard let lost = try connection.cached("""
            SELECT value, shown FROM sync_given_way WHERE table_name = ? AND column_name = ? AND row_id = ?
            """).first(key, { LostValue(value: $0.changesetValue(0), shown: $0.changesetValue(1)) }) else { return nil }
        try connection.run("DELETE FROM sync_given_way WHERE table_name = ? AND column_name = ? AND row_id = ?", key)
        return lost
    }

    /// Whether a row of `table` gave way on a unique value (read once per applier).
    private mutating func hasGivenWay(_ table: String) throws -> Bool {
        if let known = givenWay[table] { return known }
        let found = try connection.int64("SELECT EXISTS (SELECT 1 FROM sync_given_way WHERE table_name = ?)", [.text(table)]) == 1
        givenWay[table] = found
        return found
    }

    /// Writes the columns of row `id` where `values` differs from `before`.
    private func write(_ shape: Shape, id: Int64, _ values: [ChangesetValue], over before: [ChangesetValue]) throws {
        let changed = values.indices.filter { values[$0] != before[$0] }
        guard !changed.isEmpty else { return }
        try connection.run("UPDATE \"\(shape.name)\" SET \(changed.map { "\"\(shape.columns[$0])\" = ?" }.joined(separator: ", ")) WHERE id = ?",
                           changed.map { values[$0].sqliteValue } + [.integer(id)])
    }

    /// The integer id of the row `values`, in a table with unique columns to settle.
    private static func id(of values: [ChangesetValue], in shape: Shape) -> Int64? {
        guard !shape.unique.isEmpty, shape.hasID, case .integer(let id) = values[0] else { return nil }
        return id
    }
}
