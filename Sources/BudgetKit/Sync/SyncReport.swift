/// What one ``BudgetStore/sync(folder:)`` did.
public struct SyncReport: Hashable, Sendable {
    /// This device.
    public let device: Device
    /// Its slot: the last digit of the ids it makes; `nil` while a joining device waits for the
    /// founding device to give it one (it makes no new rows until then).
    public let slot: Int64?
    /// Whether this sync made the book the folder's first (it published the whole book).
    public let founded: Bool
    /// Whether this sync joined the book to a folder another device started (it asked for a
    /// slot).
    public let joined: Bool
    /// Whether this sync brought this device the slot the founding device gave it.
    public let slotGiven: Bool
    /// How many of this device's entries were written to the folder.
    public let published: Int
    /// How many other devices' files were applied.
    public let applied: Int
    /// Every field this sync resolved between two devices' changes.
    public let conflicts: [SyncConflict]
    /// Files refused (damaged, cut short, newer): nothing of them was applied, and their
    /// device's later files wait.
    public let refused: [SyncError]
    /// Reconciliations that held before this sync and no longer do: changes from another
    /// device dated on or before an account's last statement (a row added, edited or deleted
    /// there while apart). Each with the book's balance on the statement's day now.
    public var brokenReconciliations: [(reconciliation: Reconciliation, bookBalance: Money)] = []

    public static func == (a: SyncReport, b: SyncReport) -> Bool {
        a.device == b.device && a.slot == b.slot && a.founded == b.founded && a.joined == b.joined && a.slotGiven == b.slotGiven
            && a.published == b.published && a.applied == b.applied && a.conflicts == b.conflicts && a.refused == b.refused
            && a.brokenReconciliations.map(\.reconciliation) == b.brokenReconciliations.map(\.reconciliation)
            && a.brokenReconciliations.map(\.bookBalance) == b.brokenReconciliations.map(\.bookBalance)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(published)
        hasher.combine(applied)
        hasher.combine(conflicts)
    }
}
