/// The order of a live list or a listing: one or more keys, each with its own direction; rows
/// that tie on every key are ordered by id.
///
/// ```swift
/// let newestFirst = TransactionSort(.date, ascending: false)
/// let byCategory = TransactionSort([.ascending(.category), .descending(.amount), .ascending(.date)])
/// let live = try LiveTransactions(store: store, request: TransactionRequest(sort: byCategory))
/// ```
///
/// The first key sets the list's direction: a live list's sections (the first part of its
/// order) and the final tie-break by id follow it. So a later key only reorders rows that tie
/// on every key before it: rows that tie on all of them keep the order the first key alone gives.
/// Each key appears once: a key given again could never break a tie, so it is dropped.
///
/// Saved as JSON, the first key is `key` and `ascending`, as a sort of one key always was (a
/// request saved by an earlier version decodes, and an earlier version reads a sort of several
/// keys as its first one); the later keys follow in `then`.
public struct TransactionSort: Hashable, Sendable, Codable {
    /// What rows are ordered by.
    public enum Key: String, Hashable, Sendable, Codable, CaseIterable {
        /// The day (the default).
        case date
        /// The amount in minor units.
        case amount
        /// The payee, ignoring case.
        case payee
        /// The category's name, ignoring case.
        case category
    }

    /// One key of a sort and its direction.
    public struct Criterion: Hashable, Sendable, Codable {
        /// What rows are ordered by.
        public var key: Key
        /// Smallest (or oldest, or first by name) first when `true`.
        public var ascending: Bool

        /// Creates a criterion; ascending by default.
        public init(_ key: Key, ascending: Bool = true) {
            self.key = key
            self.ascending = ascending
        }

        /// `key`, smallest first.
        public static func ascending(_ key: Key) -> Criterion { Criterion(key, ascending: true) }
        /// `key`, largest first.
        public static func descending(_ key: Key) -> Criterion { Criterion(key, ascending: false) }
    }

    /// The keys in order of precedence: never empty, each key at most once.
    public private(set) var criteria: [Criterion]

    /// The first key. Setting it keeps the later keys, less the one it names.
    public var key: Key {
        get { criteria[0].key }
        set { self = TransactionSort([Criterion(newValue, ascending: ascending)] + criteria.dropFirst()) }
    }

    /// The first key's direction, which is the list's: smallest first when `true`.
    public var ascending: Bool {
        get { criteria[0].ascending }
        set { criteria[0].ascending = newValue }
    }

    /// The same order reversed: every key's direction flipped, and with them the sections and
    /// the tie-break by id.
    public var reversed: TransactionSort {
        TransactionSort(criteria.map { Criterion($0.key, ascending: !$0.ascending) })
    }

    /// Creates a sort of one key; by default by date, oldest first.
    public init(_ key: Key = .date, ascending: Bool = true) {
        criteria = [Criterion(key, ascending: ascending)]
    }

    /// Creates a sort of several keys, the first one first. A key given again is dropped: it
    /// could never break a tie.
    ///
    /// - Precondition: `criteria` is not empty.
    public init(_ criteria: [Criterion]) {
        precondition(!criteria.isEmpty, "a sort needs at least one key")
        var seen = Set<Key>()
        self.criteria = criteria.filter { seen.insert($0.key).inserted }
    }

    private enum CodingKeys: String, CodingKey {
        case key, ascending, then
    }

    /// Decodes a sort saved by this version or an earlier one (`{"key": "amount", "ascending": false}`).
    ///
    /// - Throws: `DecodingError` when `key` or `ascending` is missing, or a field has the wrong type.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let first = Criterion(try values.decode(Key.self, forKey: .key), ascending: try values.decode(Bool.self, forKey: .ascending))
        self.init([first] + (try values.decodeIfPresent([Criterion].self, forKey: .then) ?? []))
    }

    /// Encodes the first key as `key` and `ascending`, and the later ones, if any, in `then`.
    ///
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(key, forKey: .key)
        try values.encode(ascending, forKey: .ascending)
        if criteria.count > 1 { try values.encode(Array(criteria.dropFirst()), forKey: .then) }
    }
}
