/// One field two devices changed while apart, as a sync resolved it: which value was kept (the
/// later writer's, by hybrid logical clock) and which was lost, so it can be restored by hand.
public struct SyncConflict: Hashable, Sendable {
    /// The table (`transactions`).
    public let table: String
    /// The row's primary key, as SQL would write it (`42`, or `3|'from'|'2026-01'` for a budget entry).
    public let rowKey: String
    /// The column, or `-` for the row itself (a row one device deleted and another changed).
    public let column: String
    /// The value the book now holds; `nil` when the row was deleted.
    public let kept: HistoryValue?
    /// The value that lost; `nil` when the losing change was a deletion.
    public let lost: HistoryValue?
    /// The name (or id) of the device whose change was kept.
    public let keptDevice: String
    /// The name (or id) of the device whose change was lost; empty when it is the row as first added.
    public let lostDevice: String
    /// When the sync resolved it, in milliseconds since 1970.
    public let resolvedAt: Int64
    /// The clock of the change that lost, which is its history entry's in every book; `nil`
    /// when no change made the losing value (a row as first added, a conflict a sync made
    /// itself) or the conflict was resolved before schema 16.
    var lostClock: HybridLogicalClock? = nil
}

extension SyncConflict {
    /// The `sync_conflicts` columns ``init(_:deviceNames:)`` reads.
    static let columns = """
        table_name, row_key, column_name, kept_value, lost_value, kept_device, lost_device, synced_at, lost_time, lost_device_id
        """

    /// The conflict in `row` (selected with ``columns``), a device kept by id named from `deviceNames`.
    init(_ row: Row, deviceNames names: [String: String]) {
        let lostClock = row.isNull(8) ? nil : DeviceID(row.text(9)).flatMap { HybridLogicalClock(time: row.int64(8), device: Int64($0.rawValue)) }
        self.init(table: row.text(0), rowKey: row.text(1), column: row.text(2),
                  kept: row.isNull(3) ? nil : HistoryValue(row.changesetValue(3)),
                  lost: row.isNull(4) ? nil : HistoryValue(row.changesetValue(4)),
                  keptDevice: names[row.text(5)] ?? row.text(5), lostDevice: names[row.text(6)] ?? row.text(6),
                  resolvedAt: row.int64(7), lostClock: lostClock)
    }
}
