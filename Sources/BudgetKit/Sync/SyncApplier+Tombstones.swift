extension SyncApplier {
    /// Before the row `key` of `shape`'s table, holding `current`, is deleted at `clock`: parks
    /// each field whose change is later than the delete, with its value and clock, and forgets
    /// the row's field clocks.
    ///
    /// Such a change loses to the delete, but not to an insert between the two that brings the
    /// row back (an undone delete, a row brought back because rows still used it): a book that
    /// met the insert before the change keeps the change. So every book keeps it with the
    /// tombstone, the book that met the change while the row was deleted there as well
    /// (``apply(_:at:)`` parks it), and replays it when the insert arrives
    /// (``replayParked(_:key:keyValues:)``): per field, the later of the insert and the change
    /// wins. The row comes back with its fields' clocks starting again from its insert, as on
    /// every other book.
    mutating func parkFields(of shape: Shape, _ key: String, current: [ChangesetValue], laterThan clock: HybridLogicalClock) throws {
        let fields = try connection.cached("""
            SELECT column_name, hlc_time, device FROM row_clock WHERE table_name = ? AND row_key = ? AND column_name NOT IN ('-', '+')
            """).map([.text(shape.name), .text(key)]) { row in
                (row.text(0), DeviceID(row.text(2)).flatMap { HybridLogicalClock(time: row.int64(1), device: Int64($0.rawValue)) })
            }
        let wanted = try wantedValues(of: shape, current)
        for (column, changed) in fields {
            guard let changed, changed > clock, let index = shape.columns.firstIndex(of: column), index < wanted.count else { continue }
            try park(shape.name, key, column, wanted[index], at: changed)
        }
        try connection.cached("DELETE FROM row_clock WHERE table_name = ? AND row_key = ? AND column_name NOT IN ('-', '+')")
            .run([.text(shape.name), .text(key)])
    }

    /// The row `current` as its changes made it: where it gave way on a unique value
    /// (`sync_given_way`), the value it wants, not the one it was given (`Name (id)`, no import
    /// key). That is what the change parked on another book holds, and what comes back settles
    /// there by the same rule.
    private func wantedValues(of shape: Shape, _ current: [ChangesetValue]) throws -> [ChangesetValue] {
        guard !shape.unique.isEmpty, shape.hasID, case .integer(let id)? = current.first,
              givenWay[shape.name] != false else { return current }
        var wanted = current
        for (column, index) in shape.unique where index < wanted.count {
            guard let lost = try connection.cached("""
                SELECT value, shown FROM sync_given_way WHERE table_name = ? AND column_name = ? AND row_id = ?
                """).first([.text(shape.name), .text(column), .integer(id)], { LostValue(value: $0.changesetValue(0), shown: $0.changesetValue(1)) })
            else { continue }
            wanted[index] = lost.value
            if let shown = Self.shownColumn(of: column).flatMap({ shape.columns.firstIndex(of: $0) }), shown < wanted.count { wanted[shown] = lost.shown }
        }
        return wanted
    }

    /// Forgets the changes parked for the row `key` of `table` that are not later than `clock`
    /// (its delete): a later one waits for an insert that may bring the row back.
    func dropParked(_ table: String, _ key: String, before clock: HybridLogicalClock) throws {
        let parked = try connection.cached("SELECT id, hlc_time, device FROM sync_parked WHERE table_name = ? AND row_key = ?")
            .map([.text(table), .text(key)]) { row in
                (row.int64(0), DeviceID(row.text(2)).flatMap { HybridLogicalClock(time: row.int64(1), device: Int64($0.rawValue)) })
            }
        for (id, parkedAt) in parked where parkedAt.map({ $0 <= clock }) ?? true {
            try connection.cached("DELETE FROM sync_parked WHERE id = ?").run([.integer(id)])
        }
    }
}
