/// Everything one sync changed in a ``LiveCategories``: categories added, removed, renamed
/// (moved, when the new name sorts elsewhere), or changed in place (kind, rollover, the budget
/// in the list's month), and which categories' budget entries changed in any month.
///
/// Indexes follow ``TransactionChangeSet``'s rules: those of ``deletions``, ``Move/from`` and
/// ``Update/index`` refer to the list before the change; those of ``insertions``, ``Move/to``
/// and ``Update/newIndex`` to the list after it; ``applied(to:)`` replays it. A category whose
/// name key changed is a move, even when it lands at the same index.
public struct CategoryChangeSet: Hashable, Sendable {
    /// A category removed at `index` (before the change).
    public struct Deletion: Hashable, Sendable {
        /// Its index before the change.
        public let index: Int
        /// The id of the removed category.
        public let id: Int64
    }

    /// A category added at `index` (after the change).
    public struct Insertion: Hashable, Sendable {
        /// Its index after the change.
        public let index: Int
        /// The new category.
        public let category: BudgetCategory
    }

    /// A renamed category whose name now sorts elsewhere (or may): removed at `from`, inserted at `to`.
    public struct Move: Hashable, Sendable {
        /// Its index before the change.
        public let from: Int
        /// Its index after the change.
        public let to: Int
        /// The category as it now is.
        public let category: BudgetCategory
    }

    /// A category changed in place.
    public struct Update: Hashable, Sendable {
        /// Its index before the change.
        public let index: Int
        /// Its index after the change.
        public let newIndex: Int
        /// The category as it now is.
        public let category: BudgetCategory
    }

    /// Categories removed, ascending by index before the change.
    public let deletions: [Deletion]
    /// Categories added, ascending by index after the change.
    public let insertions: [Insertion]
    /// Categories that moved, ascending by index after the change.
    public let moves: [Move]
    /// Categories changed in place, ascending by index before the change.
    public let updates: [Update]
    /// The ids of the categories whose budget entries changed, in any month, even when the
    /// budget in the list's month stayed the same (a report of another month may care); every
    /// category when the change log could not say (after a bulk write or a pruned log).
    public let budgetsChanged: Set<Int64>
    /// The categories after the change.
    public let categories: [BudgetCategory]

    /// Whether nothing changed.
    public var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty && budgetsChanged.isEmpty
    }

    /// Replays the change set on the categories before it.
    ///
    /// - Returns: the categories after the change: equal to ``categories``.
    /// - Complexity: O(n + k log k) for n categories and k changes.
    public func applied(to previous: [BudgetCategory]) -> [BudgetCategory] {
        var rows = previous
        for update in updates { rows[update.index] = update.category }
        let removed = Set(deletions.map(\.index)).union(moves.map(\.from))
        var kept = rows.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        let added = (insertions.map { ($0.index, $0.category) } + moves.map { ($0.to, $0.category) }).sorted { $0.0 < $1.0 }
        for (index, category) in added { kept.insert(category, at: index) }
        return kept
    }

    /// The change set that turns `old` into `new`, each ordered by its name keys (unique).
    ///
    /// - Parameter replaced: ids that were deleted and given to a new category meanwhile: a
    ///   deletion and an insertion, not an update.
    static func between(_ old: [KeyedCategory], _ new: [KeyedCategory], budgetsChanged: Set<Int64>,
                        replaced: Set<Int64> = []) -> CategoryChangeSet {
        var oldIndex: [Int64: Int] = [:]
        for (index, entry) in old.enumerated() where !replaced.contains(entry.category.id) { oldIndex[entry.category.id] = index }
        var newIDs: Set<Int64> = []
        var insertions: [Insertion] = [], moves: [Move] = [], updates: [Update] = []
        for (index, entry) in new.enumerated() {
            newIDs.insert(entry.category.id)
            guard let from = oldIndex[entry.category.id] else {
                insertions.append(Insertion(index: index, category: entry.category))
                continue
            }
            if old[from].key != entry.key {
                moves.append(Move(from: from, to: index, category: entry.category))
            } else if old[from].category != entry.category {
                updates.append(Update(index: from, newIndex: index, category: entry.category))
            }
        }
        let deletions = old.enumerated().filter { oldIndex[$0.element.category.id] == nil || !newIDs.contains($0.element.category.id) }
            .map { Deletion(index: $0.offset, id: $0.element.category.id) }
        return CategoryChangeSet(deletions: deletions, insertions: insertions, moves: moves,
                                 updates: updates.sorted { $0.index < $1.index }, budgetsChanged: budgetsChanged,
                                 categories: new.map(\.category))
    }
}
