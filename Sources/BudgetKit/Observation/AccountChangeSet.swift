/// Everything one sync changed in a ``LiveAccounts``: accounts added, removed, renamed (moved,
/// when the new name sorts elsewhere), or changed in place (a balance, a type, closed, made the
/// default).
///
/// Indexes follow ``CategoryChangeSet``'s rules: those of ``deletions``, ``Move/from`` and
/// ``Update/index`` refer to the list before the change; those of ``insertions``, ``Move/to``
/// and ``Update/newIndex`` to the list after it; ``applied(to:)`` replays it.
public struct AccountChangeSet: Hashable, Sendable {
    /// An account removed at `index` (before the change).
    public struct Deletion: Hashable, Sendable {
        /// Its index before the change.
        public let index: Int
        /// The id of the removed account.
        public let id: Int64
    }

    /// An account added at `index` (after the change).
    public struct Insertion: Hashable, Sendable {
        /// Its index after the change.
        public let index: Int
        /// The new account and its balance.
        public let account: AccountBalance
    }

    /// A renamed account whose name now sorts elsewhere (or may).
    public struct Move: Hashable, Sendable {
        /// Its index before the change.
        public let from: Int
        /// Its index after the change.
        public let to: Int
        /// The account as it now is.
        public let account: AccountBalance
    }

    /// An account changed in place: its balance or its fields.
    public struct Update: Hashable, Sendable {
        /// Its index before the change.
        public let index: Int
        /// Its index after the change.
        public let newIndex: Int
        /// The account as it now is.
        public let account: AccountBalance
    }

    /// Accounts removed, ascending by index before the change.
    public let deletions: [Deletion]
    /// Accounts added, ascending by index after the change.
    public let insertions: [Insertion]
    /// Accounts that moved, ascending by index after the change.
    public let moves: [Move]
    /// Accounts changed in place, ascending by index before the change.
    public let updates: [Update]
    /// The accounts after the change.
    public let accounts: [AccountBalance]

    /// Whether nothing changed.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty }

    /// Replays the change set on the accounts before it.
    ///
    /// - Returns: the accounts after the change: equal to ``accounts``.
    public func applied(to previous: [AccountBalance]) -> [AccountBalance] {
        var rows = previous
        for update in updates { rows[update.index] = update.account }
        let removed = Set(deletions.map(\.index)).union(moves.map(\.from))
        var kept = rows.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        let added = (insertions.map { ($0.index, $0.account) } + moves.map { ($0.to, $0.account) }).sorted { $0.0 < $1.0 }
        for (index, account) in added { kept.insert(account, at: index) }
        return kept
    }

    /// The change set that turns `old` into `new`, each ordered by name key.
    static func between(_ old: [AccountBalance], _ new: [AccountBalance]) -> AccountChangeSet {
        var oldIndex: [Int64: Int] = [:]
        for (index, entry) in old.enumerated() { oldIndex[entry.account.id] = index }
        let newIDs = Set(new.map(\.account.id))
        var insertions: [Insertion] = [], moves: [Move] = [], updates: [Update] = []
        for (index, entry) in new.enumerated() {
            guard let from = oldIndex[entry.account.id] else {
                insertions.append(Insertion(index: index, account: entry))
                continue
            }
            if Account.nameKey(old[from].account.name) != Account.nameKey(entry.account.name) {
                moves.append(Move(from: from, to: index, account: entry))
            } else if old[from] != entry {
                updates.append(Update(index: from, newIndex: index, account: entry))
            }
        }
        let deletions = old.enumerated().filter { !newIDs.contains($0.element.account.id) }
            .map { Deletion(index: $0.offset, id: $0.element.account.id) }
        return AccountChangeSet(deletions: deletions, insertions: insertions, moves: moves,
                                updates: updates.sorted { $0.index < $1.index }, accounts: new)
    }
}
