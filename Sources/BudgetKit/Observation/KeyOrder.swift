/// The full order key of one row: section, sort value, id. Section and sort values are integers:
/// a month ordinal, a day ordinal, an amount in minor units, a category id, or a payee reference
/// (an index into ``KeyOrder``'s payee table). Section is 0 in an unsectioned list.
struct RowKey: Hashable {
    var section: Int64
    var sort: Int64
    var id: Int64

    var entry: KeyEntry { KeyEntry(sort: sort, id: id) }
}

/// Compares row keys for one request: the truth about the order in memory.
///
/// Integer keys compare as integers; category keys by the category's unique name key (then id),
/// payee keys by their case-folded text, through tables this object holds. The category table
/// is replaced when categories change; the payee table only grows while the list lives (one
/// entry per distinct payee seen), so a reference never changes meaning.
///
/// Not thread-safe: it belongs to its ``LiveTransactions``.
final class KeyOrder {
    let sort: TransactionSort.Key
    let sectioning: TransactionSectioning?
    let ascending: Bool
    var categories: [Int64: CategoryName] = [:]
    private(set) var payees: [String] = []
    private var payeeReferences: [String: Int64] = [:]

    init(request: TransactionRequest) {
        sort = request.sort.key
        sectioning = request.sectioning
        ascending = request.sort.ascending
    }

    /// Whether the section or the sort involves categories, so renaming one may move rows.
    var ordersByCategory: Bool { sort == .category || sectioning == .category }
    /// Whether the payee's folded text is needed to build keys.
    var needsFoldedPayee: Bool { sort == .payee }

    /// The reference for a folded payee, interning it when new.
    func payeeReference(_ folded: String) -> Int64 {
        if let reference = payeeReferences[folded] { return reference }
        let reference = Int64(payees.count)
        payees.append(folded)
        payeeReferences[folded] = reference
        return reference
    }

    /// The key of a row from its sort columns.
    func key(_ columns: SortColumns) -> RowKey {
        let section: Int64
        switch sectioning {
        case nil: section = 0
        case .month: section = columns.month
        case .category: section = columns.categoryID
        }
        let value: Int64
        switch sort {
        case .date: value = columns.days
        case .amount: value = columns.amount
        case .payee: value = payeeReference(columns.foldedPayee ?? "")
        case .category: value = columns.categoryID
        }
        return RowKey(section: section, sort: value, id: columns.id)
    }

    /// The key of a whole row.
    func key(_ row: LiveRow) -> RowKey {
        let day = row.transaction.date
        return key(SortColumns(id: row.transaction.id, days: Int64(day.ordinal), month: Int64(day.year * 12 + day.month - 1),
                               amount: row.transaction.amount.minorUnits, categoryID: row.categoryID, foldedPayee: row.foldedPayee))
    }

    // MARK: - Comparing

    @inline(__always)
    private func directed(_ result: Int) -> Int { ascending ? result : -result }

    @inline(__always)
    private static func compare<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }

    private func compareCategories(_ a: Int64, _ b: Int64) -> Int {
        if a == b { return 0 }
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

    /// Compares two sort values, in the list's direction.
    func compareSortValues(_ a: Int64, _ b: Int64) -> Int {
        switch sort {
        case .date, .amount: return directed(KeyOrder.compare(a, b))
        case .category: return directed(compareCategories(a, b))
        case .payee: return a == b ? 0 : directed(KeyOrder.compare(payees[Int(a)], payees[Int(b)]))
        }
    }

    /// Compares a sort value and id (within one section), in the list's direction.
    func compare(_ a: KeyEntry, _ b: KeyEntry) -> Int {
        let bySort = compareSortValues(a.sort, b.sort)
        return bySort != 0 ? bySort : directed(KeyOrder.compare(a.id, b.id))
    }

    /// Compares two full keys, in the list's direction.
    func compare(_ a: RowKey, _ b: RowKey) -> Int {
        let bySection = compareSections(a.section, b.section)
        return bySection != 0 ? bySection : compare(a.entry, b.entry)
    }

    /// The name of a section.
    func sectionName(_ section: Int64) -> String {
        switch sectioning {
        case nil: return ""
        case .month: return Month(year: Int(section / 12), month: Int(section % 12) + 1)?.description ?? ""
        case .category: return categories[section]?.name ?? ""
        }
    }

    // MARK: - Sorting many keys at once

    /// Sorts keys by integer ranks (category and payee tables ranked once), instead of comparing
    /// text O(n log n) times: what a first fetch does when SQLite cannot hand rows over in order.
    func sort(_ keys: inout [RowKey]) {
        var categoryIDs = Set(categories.keys)
        if sectioning == .category { categoryIDs.formUnion(keys.lazy.map(\.section)) }
        if sort == .category { categoryIDs.formUnion(keys.lazy.map(\.sort)) }
        let categoryRanks = Dictionary(uniqueKeysWithValues: categoryIDs
            .sorted { compareCategories($0, $1) < 0 }.enumerated().map { ($1, Int64($0)) })
        var payeeRanks = [Int64](repeating: 0, count: payees.count)
        if sort == .payee {
            for (rank, reference) in payees.indices.sorted(by: { payees[$0] < payees[$1] }).enumerated() {
                payeeRanks[reference] = Int64(rank)
            }
        }
        func rank(_ value: Int64, category: Bool) -> Int64 {
            category ? categoryRanks[value]! : value
        }
        struct Ranked: Comparable {
            var a: Int64, b: Int64, c: Int64, index: Int
            static func < (l: Ranked, r: Ranked) -> Bool { (l.a, l.b, l.c) < (r.a, r.b, r.c) }
        }
        // Bitwise NOT reverses an order without overflowing at Int64.min, unlike negation.
        let flip: (Int64) -> Int64 = ascending ? { $0 } : { ~$0 }
        var ranked = keys.indices.map { index -> Ranked in
            let key = keys[index]
            let section = rank(key.section, category: sectioning == .category)
            let value = sort == .payee ? payeeRanks[Int(key.sort)] : rank(key.sort, category: sort == .category)
            return Ranked(a: flip(section), b: flip(value), c: flip(key.id), index: index)
        }
        ranked.sort()
        keys = ranked.map { keys[$0.index] }
    }
}

@available(*, unavailable)
extension KeyOrder: Sendable {}
