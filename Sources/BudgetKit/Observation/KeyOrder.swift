/// The full order key of one row: section, the sort keys' values, id. Section and sort values
/// are integers: a month ordinal, a day ordinal, an amount in minor units, a category id, or a
/// payee reference (an index into ``KeyOrder``'s payee table). Section is 0 in an unsectioned list.
struct RowKey: Hashable {
    var section: Int64
    /// The first sort key's value.
    var sort: Int64
    var id: Int64
    /// The later sort keys' values (zero past the request's keys).
    var more = MoreValues()

    var entry: KeyEntry { KeyEntry(sort: sort, id: id) }
}

/// The values of a row's second, third and fourth sort keys, held inline: a sort has at most
/// four keys (each key once), and a key made for a changed row allocates nothing.
struct MoreValues: Hashable {
    var second: Int64 = 0
    var third: Int64 = 0
    var fourth: Int64 = 0

    /// The value of the sort's key at `index + 1` (0 is the second key).
    subscript(index: Int) -> Int64 {
        get {
            switch index {
            case 0: return second
            case 1: return third
            default: return fourth
            }
        }
        set {
            switch index {
            case 0: second = newValue
            case 1: third = newValue
            default: fourth = newValue
            }
        }
    }
}

/// Compares row keys for one request: the truth about the order in memory.
///
/// Integer keys compare as integers; category keys by the category's unique name key (then id),
/// payee keys by their case-folded text, through tables this object holds. The category table
/// is replaced when categories change; the payee table only grows while the list lives (one
/// entry per distinct payee seen), so a reference never changes meaning.
///
/// Each sort key compares in its own direction; sections and the final tie-break by id in the
/// first key's, the list's ``ascending``.
///
/// Not thread-safe: it belongs to its ``LiveTransactions``.
final class KeyOrder {
    /// The sort's keys, first key first, and whether each is ascending.
    let keys: [TransactionSort.Key]
    let directions: [Bool]
    let sectioning: TransactionSectioning?
    /// The list's direction: the first key's.
    let ascending: Bool
    var categories: [Int64: CategoryName] = [:] {
        didSet { categoryRanks = KeyOrder.ranks(of: categories) }
    }
    /// Each category's place in name-key order (then id), by id: `categoryRanks[id]`, or -1
    /// for an id the table does not hold. Empty when an id is too large for an array: the
    /// comparison then looks the names up.
    private var categoryRanks: [Int32] = []
    private(set) var payees: [String] = []
    private var payeeReferences: [String: Int64] = [:]

    init(request: TransactionRequest) {
        keys = request.sort.criteria.map(\.key)
        directions = request.sort.criteria.map(\.ascending)
        sectioning = request.sectioning
        ascending = request.sort.ascending
    }

    /// The first sort key.
    var sort: TransactionSort.Key { keys[0] }
    /// How many keys follow the first: the values a row keeps beyond its first one.
    var moreCount: Int { keys.count - 1 }
    /// Whether the section or a sort key involves categories, so renaming one may move rows.
    var ordersByCategory: Bool { keys.contains(.category) || sectioning == .category }
    /// Whether the payee's folded text is needed to build keys.
    var needsFoldedPayee: Bool { keys.contains(.payee) }

    /// The reference for a folded payee, interning it when new.
    func payeeReference(_ folded: String) -> Int64 {
        if let reference = payeeReferences[folded] { return reference }
        let reference = Int64(payees.count)
        payees.append(folded)
        payeeReferences[folded] = reference
        return reference
    }

    /// A row's value for one sort key.
    private func value(_ key: TransactionSort.Key, _ columns: SortColumns) -> Int64 {
        switch key {
        case .date: return columns.days
        case .amount: return columns.amount
        case .payee: return payeeReference(columns.foldedPayee ?? "")
        case .category: return columns.categoryID
        }
    }

    /// The key of a row from its sort columns.
    func key(_ columns: SortColumns) -> RowKey {
        let section: Int64
        switch sectioning {
        case nil: section = 0
        case .month: section = columns.month
        case .category: section = columns.categoryID
        }
        var key = RowKey(section: section, sort: value(keys[0], columns), id: columns.id)
        for index in keys.indices.dropFirst() { key.more[index - 1] = value(keys[index], columns) }
        return key
    }

    /// The key of a whole row.
    func key(_ row: LiveRow) -> RowKey {
        let day = row.transaction.date
        return key(SortColumns(id: row.transaction.id, days: Int64(day.ordinal), month: Int64(day.year * 12 + day.month - 1),
                               amount: row.transaction.amount.minorUnits, categoryID: row.categoryID, foldedPayee: row.foldedPayee))
    }

    /// The value of the sort key at `index` in `key`.
    func value(at index: Int, of key: RowKey) -> Int64 {
        index == 0 ? key.sort : key.more[index - 1]
    }

    // MARK: - Comparing

    @inline(__always)
    private func directed(_ result: Int) -> Int { ascending ? result : -result }

    @inline(__always)
    static func compare<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }

    /// The ranks ``categoryRanks`` holds for `table`.
    private static func ranks(of table: [Int64: CategoryName]) -> [Int32] {
        guard let highest = table.keys.max(), highest < 1 << 20, table.keys.allSatisfy({ $0 >= 0 }) else { return [] }
        var ranks = [Int32](repeating: -1, count: Int(highest) + 1)
        let ordered = table.keys.sorted { (table[$0]!.key, $0) < (table[$1]!.key, $1) }
        for (rank, id) in ordered.enumerated() { ranks[Int(id)] = Int32(rank) }
        return ranks
    }

    /// By name key, then id; an id without a category sorts as an empty name. Compares by rank
    /// when both ids have one (a list reading every key to keep its ends compares each row).
    func compareCategories(_ a: Int64, _ b: Int64) -> Int {
        if a == b { return 0 }
        if a >= 0, b >= 0, a < categoryRanks.count, b < categoryRanks.count {
            let rankA = categoryRanks[Int(a)], rankB = categoryRanks[Int(b)]
            if rankA >= 0 && rankB >= 0 { return KeyOrder.compare(rankA, rankB) }
        }
        let keyA = categories[a]?.key ?? "", keyB = categories[b]?.key ?? ""
        let byName = KeyOrder.compare(keyA, keyB)
        return byName != 0 ? byName : KeyOrder.compare(a, b)
    }

    /// Compares two section values, in the list's direction.
    func compareSections(_ a: Int64, _ b: Int64) -> Int {
        switch sectioning {
        case nil: return 0
        case .month: return directed(KeyOrder.compare(a, b))
        case .category: return directed(compareCategories(a, b))
        }
    }

    /// Compares two values of the sort key at `index`, in that key's direction.
    @inline(__always)
    private func compareValues(at index: Int, _ a: Int64, _ b: Int64) -> Int {
        let result: Int
        switch keys[index] {
        case .date, .amount: result = KeyOrder.compare(a, b)
        case .category: result = compareCategories(a, b)
        case .payee: result = a == b ? 0 : KeyOrder.compare(payees[Int(a)], payees[Int(b)])
        }
        return directions[index] ? result : -result
    }

    /// Compares two first sort values, in the first key's direction.
    func compareSortValues(_ a: Int64, _ b: Int64) -> Int {
        compareValues(at: 0, a, b)
    }

    /// Compares every sort value and the id (within one section): `a` and `b` with the later
    /// keys' values `moreA` and `moreB`.
    func compare(_ a: KeyEntry, _ moreA: MoreValues, _ b: KeyEntry, _ moreB: MoreValues) -> Int {
        let bySort = compareValues(at: 0, a.sort, b.sort)
        if bySort != 0 { return bySort }
        var index = 1
        while index < keys.count {
            let byValue = compareValues(at: index, moreA[index - 1], moreB[index - 1])
            if byValue != 0 { return byValue }
            index += 1
        }
        return directed(KeyOrder.compare(a.id, b.id))
    }

    /// Compares two full keys, in the list's order.
    func compare(_ a: RowKey, _ b: RowKey) -> Int {
        let bySection = compareSections(a.section, b.section)
        return bySection != 0 ? bySection : compare(a.entry, a.more, b.entry, b.more)
    }

    /// The name of a section.
    func sectionName(_ section: Int64) -> String {
        switch sectioning {
        case nil: return ""
        case .month: return Month(year: Int(section / 12), month: Int(section % 12) + 1)?.description ?? ""
        case .category: return categories[section]?.name ?? ""
        }
    }
}

@available(*, unavailable)
extension KeyOrder: Sendable {}
