/// One write in the book's history (`budget log`): when, on which device, the command as typed,
/// and every row it added, changed and deleted.
///
/// Writes made through ``BudgetStore`` are recorded, each as one entry, whole (an import, a
/// category deleted with its transactions moved); writes made with the sqlite3 shell are not.
public struct HistoryEntry: Hashable, Sendable, Identifiable {
    /// What kind of write an entry is.
    public enum Kind: Hashable, Sendable {
        /// A command's write.
        case write
        /// The undo of the entry with this id.
        case undo(of: Int64)
        /// The redo of the undo entry with this id.
        case redo(of: Int64)
    }

    /// The entry's number, what `budget undo ID` takes.
    public let id: Int64
    /// When it was written, and by which device.
    public let clock: HybridLogicalClock
    /// The name of the device that wrote it.
    public let deviceName: String
    /// The command as typed (empty when the writer gave none).
    public let command: String
    /// A write, an undo or a redo.
    public let kind: Kind
    /// Whether it came from another device through the sync folder.
    public let isReceived: Bool
    /// The entries that reversed it, in turn: the undo that first undid it, then the redo (or
    /// undo) that reversed that undo, and so on. Empty when none did; its change is in the book
    /// when the count is even.
    public let reversals: [Int64]
    /// The id of the entry that undid it, if one did (the first of ``reversals``).
    public var undoneBy: Int64? { reversals.first }
    /// Whether its change is in the book: never undone, or undone and put back as many times.
    public var isInEffect: Bool { reversals.count % 2 == 0 }
    /// How many rows it added, changed and deleted.
    public let changeCount: Int
    /// The conflicts its changes lost to changes made apart on another device, in the order
    /// syncs resolved them (``SyncConflict``): a received change that lost never reached the
    /// book; a change made here that lost was overwritten by the sync. Empty for most entries,
    /// and for conflicts resolved by a book older than schema 16. ``conflict(lostBy:of:)``
    /// finds a field's.
    public let lostConflicts: [SyncConflict]
    /// What it recorded, as SQLite's changeset.
    let changeset: Changeset
    /// The column names of the tables it changed, as the book named them when it was read.
    let columnNames: [String: [String]]
    /// The tables it changed.
    let tables: Set<String>

    init(id: Int64, clock: HybridLogicalClock, deviceName: String, command: String, kind: Kind, isReceived: Bool,
         reversals: [Int64], changeCount: Int, lostConflicts: [SyncConflict] = [], changeset: Changeset,
         columns columnNames: [String: [String]], tables: Set<String>) {
        self.id = id
        self.clock = clock
        self.deviceName = deviceName
        self.command = command
        self.kind = kind
        self.isReceived = isReceived
        self.reversals = reversals
        self.changeCount = changeCount
        self.lostConflicts = lostConflicts
        self.changeset = changeset
        self.columnNames = columnNames
        self.tables = tables
    }

    /// The conflict that `field` of `change`, one of this entry's changes, lost: the book holds
    /// the conflict's ``SyncConflict/kept`` value instead of the field's `after`. `nil` when the
    /// field's change stands (or was changed since without a conflict).
    ///
    /// - Complexity: O(n) in ``lostConflicts``.
    public func conflict(lostBy field: HistoryField, of change: HistoryChange) -> SyncConflict? {
        guard !lostConflicts.isEmpty else { return nil }
        let key = SyncApplier.rowKey(read: change.key.map { $0.after ?? .null })
        return lostConflicts.first {
            $0.table == change.table && $0.column == field.column && $0.rowKey == key && ($0.lost ?? .null) == (field.after ?? .null)
        }
    }

    /// The rows it added, changed and deleted, in the order SQLite recorded them.
    ///
    /// Decoded from the entry's changeset at each call: an entry keeps its changeset (a
    /// million-row import's is about 100 MB), not its changes decoded (more than a gigabyte).
    /// ``forEachChange(_:)`` decodes one at a time.
    ///
    /// - Complexity: O(n) in the entry's changes.
    public var changes: [HistoryChange] {
        var changes: [HistoryChange] = []
        changes.reserveCapacity(changeCount)
        decode {
            changes.append($0)
            return true
        }
        return changes
    }

    /// Calls `body` with each row it added, changed and deleted, in the order SQLite recorded
    /// them, decoding one at a time.
    ///
    /// - Throws: what `body` throws; the rest of the changes are then not decoded.
    /// - Complexity: O(n) in the entry's changes; memory for one change at a time.
    public func forEachChange<E: Error>(_ body: (HistoryChange) throws(E) -> Void) throws(E) {
        var thrown: E?
        decode { change in
            do throws(E) { try body(change) } catch { thrown = error }
            return thrown == nil
        }
        if let thrown { throw thrown }
    }

    /// Whether every field an undo of this entry found `changed` (its `before`, what the undo
    /// expects) differs because this entry's change of it lost a sync's conflict.
    func lostInSync(_ conflict: HistoryConflict) -> Bool {
        guard conflict.kind == .changed, !conflict.fields.isEmpty, !lostConflicts.isEmpty else { return false }
        let key = SyncApplier.rowKey(read: conflict.key.map { $0.after ?? .null })
        return conflict.fields.allSatisfy { field in
            lostConflicts.contains {
                $0.table == conflict.table && $0.rowKey == key && $0.column == field.column && ($0.lost ?? .null) == (field.before ?? .null)
            }
        }
    }

    /// Each change, decoded, to `body`, until it returns false.
    private func decode(_ body: (HistoryChange) -> Bool) {
        struct Stop: Error {}
        do {
            try changeset.forEachEntry {
                guard body(HistoryChange($0.change(), columns: columnNames[$0.table] ?? [])) else { throw Stop() }
            }
        } catch is Stop {
        } catch {
            // A Changeset's bytes were checked when it was made: only a bug gets here.
            preconditionFailure("a checked changeset failed to decode: \(error)")
        }
    }

    /// Milliseconds since 1970 (UTC) when it was written, as its clock says.
    public var milliseconds: Int64 { clock.milliseconds }
}

/// One row a history entry added, changed or deleted.
public struct HistoryChange: Hashable, Sendable {
    /// What happened to the row.
    public enum Operation: String, Hashable, Sendable {
        /// The row was inserted.
        case added
        /// Some of its columns changed.
        case changed
        /// The row was deleted.
        case deleted
    }

    /// The table, as the sqlite3 shell names it (`transactions`).
    public let table: String
    /// What happened to the row.
    public let operation: Operation
    /// The primary key's columns and values.
    public let key: [HistoryField]
    /// The columns with their values: an added row's every column (`after` only), a deleted
    /// row's (`before` only), a changed row's changed columns (both).
    public let fields: [HistoryField]
}

/// One column of a changed row: its name and its value before and after.
public struct HistoryField: Hashable, Sendable {
    /// The column's name (`PRAGMA table_info`).
    public let column: String
    /// Its value before the change; `nil` for an added row.
    public let before: HistoryValue?
    /// Its value after the change; `nil` for a deleted row.
    public let after: HistoryValue?
}

/// A value as SQLite stores it. Amounts are integers of minor units, as in the table.
public enum HistoryValue: Hashable, Sendable, CustomStringConvertible {
    /// SQL NULL.
    case null
    /// An integer.
    case integer(Int64)
    /// A floating point number, as SQLite prints it (no column of budget's holds one).
    case real(String)
    /// Text.
    case text(String)
    /// Bytes.
    case blob([UInt8])

    /// The value as text: NULL, the number, the text itself, or `x'0A1B'` for bytes.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return value
        case .text(let value): return value
        case .blob(let bytes):
            let digits = Array("0123456789ABCDEF".utf8)
            return "x'" + String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self) + "'"
        }
    }

    /// The value a changeset carries; `nil` for a column it leaves unchanged.
    init?(_ value: ChangesetValue) {
        switch value {
        case .unchanged: return nil
        case .null: self = .null
        case .integer(let value): self = .integer(value)
        case .real(let bits): self = .real(SQLiteValue.realText(bits))
        case .text(let bytes): self = .text(String(decoding: bytes, as: UTF8.self))
        case .blob(let bytes): self = .blob(bytes)
        }
    }
}
