extension SyncApplier {
    /// After a local write added row `values` to `shape`'s table in a synced book: settles its
    /// unique values as every other book will when it applies this write (a value a row gave
    /// way with may be this row's to hold).
    mutating func settleAddedRow(_ shape: Shape, values: [ChangesetValue]) throws {
        var settled = values
        let claimed = try claimUnique(shape, values: &settled)
        let changed = settled.indices.filter { settled[$0] != values[$0] }
        if case .integer(let id) = values[0], !changed.isEmpty {
            try connection.run("UPDATE \"\(shape.name)\" SET \(changed.map { "\"\(shape.columns[$0])\" = ?" }.joined(separator: ", ")) WHERE id = ?",
                               changed.map { settled[$0].sqliteValue } + [.integer(id)])
        }
        for (column, value) in claimed { try settle(shape, column, value, by: nil) }
    }

    /// After a local write changed the row `key` of `shape`'s table from `old` to `new` (a
    /// changeset's update: `.unchanged` where it did not touch a column): a value it let go of
    /// goes to the row that gave it way, and a row that gave way and was renamed here wants its
    /// new name, as on every other book.
    mutating func settleChangedRow(_ shape: Shape, keyValues: [ChangesetValue], old: [ChangesetValue], new: [ChangesetValue]) throws {
        guard shape.hasID, !shape.unique.isEmpty, case .integer(let id) = keyValues.first, let values = try row(shape, keyValues) else { return }
        var settling: [(column: String, value: ChangesetValue)] = []
        for (column, index) in shape.unique {
            let shown = Self.shownColumn(of: column).flatMap { shape.columns.firstIndex(of: $0) }
            let changed = new.indices.contains(index) && new[index] != .unchanged
            guard changed || shown.map({ new.indices.contains($0) && new[$0] != .unchanged }) ?? false else { continue }
            var lost = try takeGivenWay(shape, column, id: id)?.value
            if lost == nil, changed { lost = old[index] }
            if let lost { settling.append((column, lost)) }
            settling.append((column, values[index]))
        }
        for (column, value) in settling { try settle(shape, column, value, by: nil) }
    }

    /// After a local write deleted the row `old` of `shape`'s table.
    mutating func settleDeletedRow(_ shape: Shape, old: [ChangesetValue]) throws {
        guard old.count == shape.columns.count else { return }
        try releaseUnique(shape, values: old, by: nil)
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
            set("name_key", Self.key(of: .text(name), for: column, in: shape.name))
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

    /// Records every row left pointing at a deleted row that no history entry could bring back
    /// (``BudgetStore/bringBackUsedRows()``): `budget check` and `budget conflicts` name them.
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
