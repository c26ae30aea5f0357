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
}
