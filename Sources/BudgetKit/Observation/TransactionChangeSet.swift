/// Everything one committed transaction (or one catch-up after other processes' commits) changed
/// in a live list, as Core Data's fetched results controller reports it.
///
/// Indexes are flat positions in the whole list (``TransactionSection/range`` maps them to
/// sections). As in a table view's batch update, the indexes of ``deletions``, ``Move/from`` and
/// ``Update/index`` refer to the list before the change; those of ``insertions``, ``Move/to`` and
/// ``Update/newIndex`` to the list after it. ``applied(to:)`` replays a change set on the previous
/// snapshot, and the result equals a fresh fetch.
///
/// A row whose sort key or section changed is a move (with its new value), even when it lands at
/// the same index; a row that changed without changing its place is an update.
///
/// Sections change as Core Data reports them: by insertions and deletions only, never moves. A
/// section is its key and its name, so renaming a category deletes its section and inserts one
/// with the new name (at its new index, when the new name sorts elsewhere), and every row of it
/// is a move into the new section, never an update inside the deleted one. Sections that are
/// neither deleted nor inserted keep their order. A change set with
/// ``isReload`` carries no row changes: the list was fetched again (another process wrote in bulk,
/// the observer fell behind the pruned change log, or the request's sectioning changed, or its new
/// sort would have moved more rows than the list caches).
public struct TransactionChangeSet: Hashable, Sendable {
    /// A section removed at `index` (in the sections before the change).
    public struct SectionDeletion: Hashable, Sendable {
        /// Its index before the change.
        public let index: Int
        /// Its name.
        public let name: String
    }

    /// A section added at `index` (in the sections after the change).
    public struct SectionInsertion: Hashable, Sendable {
        /// Its index after the change.
        public let index: Int
        /// Its name.
        public let name: String
    }

    /// A row removed at `index` (in the list before the change).
    public struct Deletion: Hashable, Sendable {
        /// Its index before the change.
        public let index: Int
        /// The id of the removed transaction.
        public let id: Int64
    }

    /// A row added at `index` (in the list after the change).
    public struct Insertion: Hashable, Sendable {
        /// Its index after the change.
        public let index: Int
        /// The new row.
        public let transaction: Transaction
    }

    /// A row that moved: removed at `from` (old list), inserted at `to` (new list).
    public struct Move: Hashable, Sendable {
        /// Its index before the change.
        public let from: Int
        /// Its index after the change.
        public let to: Int
        /// The row as it now is.
        public let transaction: Transaction
    }

    /// A row that changed in place.
    public struct Update: Hashable, Sendable {
        /// Its index before the change.
        public let index: Int
        /// Its index after the change (it differs from `index` only by rows removed or added before it).
        public let newIndex: Int
        /// The row as it now is.
        public let transaction: Transaction
    }

    /// Whether the list was fetched again instead of being changed row by row.
    public let isReload: Bool
    /// Sections removed, ascending by index before the change.
    public let sectionDeletions: [SectionDeletion]
    /// Sections added, ascending by index after the change.
    public let sectionInsertions: [SectionInsertion]
    /// Rows removed, ascending by index before the change.
    public let deletions: [Deletion]
    /// Rows added, ascending by index after the change.
    public let insertions: [Insertion]
    /// Rows that moved, ascending by index after the change.
    public let moves: [Move]
    /// Rows changed in place, ascending by index before the change.
    public let updates: [Update]
    /// How many rows the list holds after the change.
    public let count: Int
    /// The sections after the change.
    public let sections: [TransactionSection]

    /// Whether nothing visible changed (a commit that touched only rows outside the list).
    public var isEmpty: Bool {
        !isReload && sectionDeletions.isEmpty && sectionInsertions.isEmpty && deletions.isEmpty
            && insertions.isEmpty && moves.isEmpty && updates.isEmpty
    }

    /// The changes one by one, in the order a fetched results controller's delegate hears them:
    /// section deletions, section insertions, then row deletions (descending, so each index is
    /// still valid when it is applied in turn), insertions, moves and updates.
    public var changes: [TransactionChange] {
        if isReload { return [.reload] }
        var changes: [TransactionChange] = []
        changes += sectionDeletions.reversed().map { .sectionDelete(index: $0.index, name: $0.name) }
        changes += sectionInsertions.map { .sectionInsert(index: $0.index, name: $0.name) }
        changes += deletions.reversed().map { .delete(index: $0.index, id: $0.id) }
        changes += insertions.map { .insert(index: $0.index, transaction: $0.transaction) }
        changes += moves.map { .move(from: $0.from, to: $0.to, transaction: $0.transaction) }
        changes += updates.map { .update(index: $0.index, newIndex: $0.newIndex, transaction: $0.transaction) }
        return changes
    }

    /// Replays the change set on the snapshot taken before it.
    ///
    /// Rows: updated rows are replaced; deleted and moved rows are removed (old indexes); inserted
    /// and moved rows are inserted (new indexes, ascending). Sections: names are removed and
    /// inserted likewise, and take the ranges of ``sections``.
    ///
    /// - Returns: the snapshot after the change, or `nil` for a reload (fetch again instead).
    /// - Complexity: O(n + k log k) for n rows and k changes.
    public func applied(to snapshot: TransactionSnapshot) -> TransactionSnapshot? {
        guard !isReload else { return nil }
        var rows = snapshot.transactions
        for update in updates { rows[update.index] = update.transaction }
        var removed = Set(deletions.map(\.index))
        removed.formUnion(moves.map(\.from))
        var kept: [Transaction] = []
        kept.reserveCapacity(rows.count - removed.count + insertions.count + moves.count)
        for (index, row) in rows.enumerated() where !removed.contains(index) { kept.append(row) }
        let added = (insertions.map { ($0.index, $0.transaction) } + moves.map { ($0.to, $0.transaction) })
            .sorted { $0.0 < $1.0 }
        for (index, row) in added { kept.insert(row, at: index) }

        var names = snapshot.sections.map(\.name)
        for deletion in sectionDeletions.reversed() { names.remove(at: deletion.index) }
        for insertion in sectionInsertions { names.insert(insertion.name, at: insertion.index) }
        var sections: [TransactionSection] = []
        for (index, name) in names.enumerated() {
            let range = index < self.sections.count ? self.sections[index].range : kept.count..<kept.count
            sections.append(TransactionSection(name: name, range: range))
        }
        return TransactionSnapshot(transactions: kept, sections: sections)
    }
}

/// One change in a live list, as a delegate hears it. See ``TransactionChangeSet`` for what the
/// indexes refer to.
public enum TransactionChange: Hashable, Sendable {
    /// A section removed at `index` (before the change).
    case sectionDelete(index: Int, name: String)
    /// A section added at `index` (after the change).
    case sectionInsert(index: Int, name: String)
    /// A row removed at `index` (before the change).
    case delete(index: Int, id: Int64)
    /// A row added at `index` (after the change).
    case insert(index: Int, transaction: Transaction)
    /// A row moved from `from` (before) to `to` (after).
    case move(from: Int, to: Int, transaction: Transaction)
    /// A row changed in place: `index` before the change, `newIndex` after it.
    case update(index: Int, newIndex: Int, transaction: Transaction)
    /// The whole list was fetched again: read it anew.
    case reload
}

/// A section of a live list: a name and the rows it covers.
public struct TransactionSection: Hashable, Sendable {
    /// The category's name or the month (`YYYY-MM`); empty for an unsectioned list's one section.
    public let name: String
    /// The flat indexes of its rows.
    public let range: Range<Int>

    /// How many rows it holds.
    public var count: Int { range.count }

    /// Creates a section value.
    public init(name: String, range: Range<Int>) {
        self.name = name
        self.range = range
    }
}

/// Every row and section of a live list at one moment, fully loaded: what tests and small lists
/// compare. A live list of a million rows should not be turned into one.
public struct TransactionSnapshot: Hashable, Sendable {
    /// The rows in order.
    public var transactions: [Transaction]
    /// The sections in order.
    public var sections: [TransactionSection]

    /// Creates a snapshot value.
    public init(transactions: [Transaction], sections: [TransactionSection]) {
        self.transactions = transactions
        self.sections = sections
    }
}
