extension SyncApplier {
    /// The unique columns two devices can fill with the same value while apart, per table.
    static let uniqueColumns: [String: [String]] = [
        "categories": ["name_key"],
        "accounts": ["name_key", "number_key", "is_default"],
        "transactions": ["import_key"],
        "import_profiles": ["name_key"],
    ]

    /// Makes `values` (a whole row of `shape`'s table) fit the unique columns, the same way on
    /// every book whatever order rows arrive in: of the rows ever added with one value (a name,
    /// an import key), the one with the smallest id keeps it and the others give way
    /// (``giveWay(_:in:shape:id:keptBy:lostBy:)``); `sync_unique` remembers that smallest id even after its row
    /// is deleted. For a changed row (`adding` false), the row holding the value now keeps it.
    /// Each row that gives way is a conflict (``SyncConflict``: the value it holds now, kept, and
    /// the one it lost), the incoming row's lost to the change made at `clock`, a row already
    /// here lost to it.
    mutating func resolveUnique(_ shape: Shape, values: inout [ChangesetValue], adding: Bool = true,
                                by clock: HybridLogicalClock? = nil) throws {
        guard let unique = Self.uniqueColumns[shape.name], let idIndex = shape.columns.firstIndex(of: "id"),
              case .integer(let id) = values[idIndex] else { return }
        for column in unique {
            guard let index = shape.columns.firstIndex(of: column) else { continue }
            let value = values[index]
            if value == .null || (column == "is_default" && value != .integer(1)) { continue }
            if adding, let first = try firstID(shape.name, column, value, id: id), first < id {
                giveWay(column, in: &values, shape: shape, id: id, lostBy: clock)
                continue
            }
            guard let other = try connection.cached("SELECT id FROM \"\(shape.name)\" WHERE \"\(column)\" = ? AND id <> ?")
                .first([value.sqliteValue, .integer(id)], { $0.int64(0) }) else { continue }
            if other < id {
                if adding { _ = try firstID(shape.name, column, value, id: other) }
                giveWay(column, in: &values, shape: shape, id: id, lostBy: clock)
                continue
            }
            let current = try connection.cached("SELECT \(shape.quotedColumns) FROM \"\(shape.name)\" WHERE id = ?")
                .first([.integer(other)]) { row in (0..<shape.columns.count).map { row.changesetValue(Int32($0)) } }
            guard var current else { continue }
            let before = current
            giveWay(column, in: &current, shape: shape, id: other, keptBy: clock)
            let changed = current.indices.filter { current[$0] != before[$0] }
            try connection.run("UPDATE \"\(shape.name)\" SET \(changed.map { "\"\(shape.columns[$0])\" = ?" }.joined(separator: ", ")) WHERE id = ?",
                               changed.map { current[$0].sqliteValue } + [.integer(other)])
        }
    }

    /// Notes that row `id` was added with `value` in `column`, and returns the smallest id ever
    /// added with it (this one included).
    func firstID(_ table: String, _ column: String, _ value: ChangesetValue, id: Int64) throws -> Int64? {
        let text = HistoryValue(value)?.description ?? ""
        try connection.cached("""
            INSERT INTO sync_unique (table_name, column_name, value, min_id) VALUES (?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET min_id = min(min_id, excluded.min_id)
            """).run([.text(table), .text(column), .text(text), .integer(id)])
        return try connection.cached("SELECT min_id FROM sync_unique WHERE table_name = ? AND column_name = ? AND value = ?")
            .first([.text(table), .text(column), .text(text)]) { $0.int64(0) }
    }

    /// After a local write added row `values` to `shape`'s table in a synced book: gives way
    /// where a row with a smaller id was ever added with one of its unique values, as every
    /// other book will when it applies this write.
    mutating func settleAddedRow(_ shape: Shape, values: [ChangesetValue]) throws {
        guard let idIndex = shape.columns.firstIndex(of: "id"), case .integer(let id) = values[idIndex] else { return }
        var settled = values
        try resolveUnique(shape, values: &settled)
        let changed = settled.indices.filter { settled[$0] != values[$0] }
        guard !changed.isEmpty else { return }
        try connection.run("UPDATE \"\(shape.name)\" SET \(changed.map { "\"\(shape.columns[$0])\" = ?" }.joined(separator: ", ")) WHERE id = ?",
                           changed.map { settled[$0].sqliteValue } + [.integer(id)])
    }

    /// Gives up the unique value of `column` in the row `values` (id `id`): a name becomes
    /// `Name (id)`, an import key or an account number is dropped, the default is no more. Each
    /// column people see that changed (not the `_key` columns made from them) is a conflict:
    /// the row's value lost to another row's, `lostBy` the change that brought this row (nil:
    /// the row as it was here), `keptBy` the one that brought the other.
    mutating func giveWay(_ column: String, in values: inout [ChangesetValue], shape: Shape, id: Int64,
                          keptBy: HybridLogicalClock? = nil, lostBy: HybridLogicalClock? = nil) {
        let before = values
        func set(_ name: String, _ value: ChangesetValue) {
            if let index = shape.columns.firstIndex(of: name) { values[index] = value }
        }
        switch column {
        case "name_key":
            guard let index = shape.columns.firstIndex(of: "name"), case .text(let bytes) = values[index] else { return }
            let name = String(decoding: bytes, as: UTF8.self) + " (\(id))"
            set("name", .text(name))
            set("name_key", .text(shape.name == "accounts" ? Account.nameKey(name) : BudgetCategory.nameKey(name)))
        case "number_key":
            set("number", .null)
            set("number_key", .null)
        case "is_default":
            set("is_default", .integer(0))
        default:
            set(column, .null)
        }
        for index in values.indices where values[index] != before[index] && !["name_key", "number_key"].contains(shape.columns[index]) {
            record(shape.name, String(id), shape.columns[index], kept: values[index], lost: before[index], keptBy: keptBy, lostBy: lostBy)
        }
    }
}

extension SyncApplier {
    /// Records every row left pointing at a deleted row (one device deleted a category while
    /// another added to it): the books agree, and `budget check` and `budget conflicts` name them.
    mutating func recordBrokenReferences() throws {
        let broken = try connection.prepare("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check").map {
            ($0.text(0), $0.int64(1), $0.text(2))
        }
        for (table, rowID, parent) in broken {
            conflicts.append(SyncConflict(table: table, rowKey: String(rowID), column: "-", kept: .text("points at a deleted row of \(parent)"),
                                          lost: nil, keptDevice: "", lostDevice: "", resolvedAt: resolvedAt))
        }
    }
}
