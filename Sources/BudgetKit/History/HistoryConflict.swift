/// Why an undo or a redo cannot be applied to one row: a later change touched it.
public struct HistoryConflict: Hashable, Sendable, CustomStringConvertible {
    /// What the later change did.
    public enum Kind: String, Hashable, Sendable {
        /// The row's values are not what the entry left (a later edit): ``HistoryConflict/fields``
        /// hold what the undo expects (`before`) and what is there now (`after`).
        case changed
        /// The row is gone (a later delete).
        case missing
        /// A row with the same key is there (the id was used again).
        case keyTaken
        /// Putting the row back breaks a rule of the table (a name now taken by another row).
        case constraint
        /// Rows would point at a row that is gone (`PRAGMA foreign_key_check`).
        case brokenReference
        /// The change counts in a reconciliation made since: an account's opening balance, on or
        /// before its last statement (table `accounts`; ``HistoryConflict/fields`` hold
        /// `reconciled on` and the day), or its transactions up to that statement's day (table
        /// `reconciliations`, keyed by the reconciliation's id; the field `statement_date`).
        case reconciled
        /// The entry's change of the row lost a sync's conflict to a change made apart on
        /// another device (``HistoryEntry/lostConflicts``): it never reached the book, or was
        /// overwritten there, so nothing of it is there to undo. ``HistoryConflict/fields`` as
        /// for ``changed``: `before` the entry's value that lost, `after` what the row holds.
        case lostInSync
    }

    /// What the later change did.
    public let kind: Kind
    /// The table (`transactions`).
    public let table: String
    /// The row's primary key; for ``Kind/brokenReference``, the `rowid` of the row holding the reference.
    public let key: [HistoryField]
    /// For ``Kind/changed``, the columns that differ: `before` is what the undo expects, `after`
    /// what the row holds now. Empty otherwise.
    public let fields: [HistoryField]

    /// A developer-facing line: `transactions id=4: changed (amount 1250 now 1500)`.
    public var description: String {
        let row = table + " " + key.map { "\($0.column)=\($0.after?.description ?? "?")" }.joined(separator: ",")
        let values = fields.map { "\($0.column) \($0.before?.description ?? "?") now \($0.after?.description ?? "?")" }
        return row + ": " + kind.rawValue + (values.isEmpty ? "" : " (" + values.joined(separator: ", ") + ")")
    }
}
