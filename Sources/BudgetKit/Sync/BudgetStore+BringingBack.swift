extension BudgetStore {
    /// A row another device deleted while rows it did not know of still point at it (a category
    /// deleted on one device while another added transactions to it): the rows' side wins.
    ///
    /// After a sync applied files, each row that rows hold money through (a transaction's or a
    /// split part's category or account: references without `ON DELETE CASCADE`) comes back
    /// with the values its winning delete removed (the delete with the latest clock among the
    /// book's history entries: the same entry, so the same values, on every book that has it),
    /// as this device's own write: it is published, and its clock is later than the delete's,
    /// so every other book brings the row back too (an insert later than a tombstone) and the
    /// books converge. The budget history, rules and transactions the delete removed stay
    /// deleted. Each row brought back is a conflict saying so, the delete its losing side.
    ///
    /// Rows that belong to the deleted row (`ON DELETE CASCADE`: a budget entry, a rule, a part
    /// of a deleted split) go as the delete would have taken them, in the same write, each a
    /// conflict. A row no history entry holds (pruned) stays missing: each row pointing at it is
    /// a conflict ("points at a deleted row"), and another book that still has the entry
    /// brings it back at its next sync.
    ///
    /// - Returns: the conflicts, saved in `sync_conflicts`.
    /// - Throws: a database error.
    func bringBackUsedRows() throws -> [SyncConflict] {
        let missing = try reading { try missingParents() }
        guard !missing.isEmpty else { return [] }
        return try recordedWriting(.command, foreignKeysOff: true) {
            let names = try deviceNames()
            let me = try localDevice().device.name
            var applier = SyncApplier(connection: connection, resolvedAt: HybridLogicalClock.wallClock(), deviceNames: names)
            var wanted = missing.filter { !$0.users.isEmpty }
            // A row brought back may point at another deleted row (a split's transaction in a
            // deleted category): bring that back too, while rows are found.
            for _ in 0..<4 where !wanted.isEmpty {
                let found = try deletedValues(of: Set(wanted.map(\.parent)))
                var broughtBack = false
                for parent in wanted {
                    guard let values = found[parent.parent] else { continue }
                    try bringBack(parent, values: values, by: me, &applier)
                    broughtBack = true
                }
                guard broughtBack else { break }
                wanted = try missingParents().filter { !$0.users.isEmpty }
            }
            for parent in try missingParents() where !parent.owned.isEmpty { try deleteOwnedRows(of: parent, &applier) }
            try applier.recordBrokenReferences()
            for conflict in applier.conflicts { try saveConflict(conflict) }
            return applier.conflicts
        }
    }

    /// A row that rows point at and that is not there: its table and key, and the rows that
    /// point at it: those that use it (a plain reference) by table and count, and those it owns
    /// (`ON DELETE CASCADE`) by table and column.
    struct MissingParent {
        struct Key: Hashable {
            let table: String
            let id: Int64
        }
        let parent: Key
        var users: [(table: String, count: Int64)] = []
        var owned: [(table: String, column: String)] = []
    }

    /// Every missing row that rows point at through a one-column foreign key to an integer key,
    /// in table and key order. Table and column names come from the schema.
    ///
    /// - Complexity: a scan of every table with a foreign key (as `PRAGMA foreign_key_check`).
    func missingParents() throws -> [MissingParent] {
        var found: [MissingParent.Key: MissingParent] = [:]
        for table in try syncedTables() {
            let keys = try connection.prepare("""
                SELECT "table", "from", coalesce("to", (SELECT name FROM pragma_table_info("table") WHERE pk = 1)), on_delete = 'CASCADE'
                FROM pragma_foreign_key_list(?1) AS f
                WHERE (SELECT count(*) FROM pragma_foreign_key_list(?1) AS g WHERE g.id = f.id) = 1
                """).map([.text(table)]) { ($0.text(0), $0.text(1), $0.text(2), $0.int64(3) == 1) }
            for (parent, column, parentColumn, owned) in keys {
                try connection.prepare("""
                    SELECT c."\(column)", count(*) FROM "\(table)" AS c
                    WHERE typeof(c."\(column)") = 'integer'
                        AND NOT EXISTS (SELECT 1 FROM "\(parent)" AS p WHERE p."\(parentColumn)" = c."\(column)")
                    GROUP BY 1
                    """).forEachRow { row in
                        let key = MissingParent.Key(table: parent, id: row.int64(0))
                        if owned {
                            found[key, default: MissingParent(parent: key)].owned.append((table, column))
                        } else {
                            found[key, default: MissingParent(parent: key)].users.append((table, row.int64(1)))
                        }
                    }
            }
        }
        return found.values.sorted { ($0.parent.table, $0.parent.id) < ($1.parent.table, $1.parent.id) }
    }

    /// The values each of `keys` had when deleted, from the delete with the latest clock in the
    /// history (entries' heads: bulk rows are only ever inserts).
    private func deletedValues(of keys: Set<MissingParent.Key>) throws -> [MissingParent.Key: [ChangesetValue]] {
        var found: [MissingParent.Key: [ChangesetValue]] = [:]
        let tables = Set(keys.map(\.table))
        let entries = try connection.prepare("SELECT changeset FROM history ORDER BY hlc_time DESC, device DESC, id DESC")
        try entries.forEachRow { row in
            guard found.count < keys.count else { return }
            try Changeset(bytes: row.blob(0)).forEachChange { change in
                guard change.operation == .delete, tables.contains(change.table),
                      change.primaryKey.count == 1, case .integer(let id) = change.primaryKey[0] else { return }
                let key = MissingParent.Key(table: change.table, id: id)
                if keys.contains(key), found[key] == nil { found[key] = change.oldValues }
            }
        }
        return found
    }

    /// Inserts `values` again into `parent`'s table, as they were deleted, its unique values
    /// settled as a synced insert settles them (the smaller id keeps a name:
    /// ``SyncApplier/makeRoom(for:values:recording:)``), and notes the conflict.
    private func bringBack(_ parent: MissingParent, values: [ChangesetValue], by me: String, _ applier: inout SyncApplier) throws {
        let shape = try applier.shape(of: parent.parent.table)
        let values = Array(values.prefix(shape.columns.count))
        guard values.count == shape.columns.count || values.count >= shape.key.count else { return }
        let key = SyncApplier.rowKey([.integer(parent.parent.id)])
        let deletedBy = try applier.clock(shape.name, key, "-")
        // The entry holds the row as it was deleted, its unique values settled after (never a
        // row giving way written in it: a book reading that as a rename would part from the rest).
        try applier.makeRoom(for: shape, values: values, recording: writeSession)
        try connection.run(values.count == shape.columns.count ? shape.insertRow : shape.insert(count: values.count),
                           values.map(\.sqliteValue))
        let name = shape.columns.firstIndex(of: "name").flatMap { index -> String? in
            guard index < values.count, case .text(let bytes) = values[index] else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let count = parent.users.reduce(0) { $0 + $1.count }
        // One count per table (a transaction uses an account as where it comes from or where
        // it goes: two columns, one table).
        var tables: [(name: String, count: Int64)] = []
        for user in parent.users {
            if let index = tables.firstIndex(where: { $0.name == user.table }) { tables[index].count += user.count }
            else { tables.append((user.table, user.count)) }
        }
        // "1 in transactions": printed under conflicts written "transactions 1 amount", where
        // the number is a row's id, "transactions 1" read as transaction 1.
        let users = tables.map { "\($0.count) in \($0.name)" }.joined(separator: ", ")
        applier.conflicts.append(SyncConflict(
            table: shape.name, rowKey: key, column: "-",
            kept: .text("brought back\(name.map { " " + $0 } ?? ""), still used by \(count) row\(count == 1 ? "" : "s") added apart (\(users))"),
            lost: nil,
            keptDevice: me, lostDevice: deletedBy.map { applier.deviceNames[$0.device.description] ?? $0.device.description } ?? "",
            resolvedAt: applier.resolvedAt))
    }

    /// Deletes the rows `parent` owns (`ON DELETE CASCADE`), as its delete would have, each a
    /// conflict: the row lost, the delete kept.
    private func deleteOwnedRows(of parent: MissingParent, _ applier: inout SyncApplier) throws {
        let deletedBy = try applier.clock(parent.parent.table, SyncApplier.rowKey([.integer(parent.parent.id)]), "-")
        for (table, column) in parent.owned {
            let shape = try applier.shape(of: table)
            let keys = try connection.prepare("SELECT \(shape.key.map { "\"\(shape.columns[$0])\"" }.joined(separator: ", ")) FROM \"\(table)\" WHERE \"\(column)\" = ?")
                .map([.integer(parent.parent.id)]) { row in shape.key.indices.map { row.changesetValue(Int32($0)) } }
            for key in keys {
                try connection.run("DELETE FROM \"\(table)\" WHERE \(shape.keyCondition)", key.map(\.sqliteValue))
                applier.conflicts.append(SyncConflict(
                    table: table, rowKey: SyncApplier.rowKey(key), column: "-", kept: nil,
                    lost: .text("added apart to \(parent.parent.table) \(parent.parent.id), deleted"),
                    keptDevice: deletedBy.map { applier.deviceNames[$0.device.description] ?? $0.device.description } ?? "",
                    lostDevice: "", resolvedAt: applier.resolvedAt))
            }
        }
    }
}
