/// Row keys in the order the database returned them, waiting to be sorted: each row's first sort
/// value and id side by side, its section only in a sectioned list, and the later keys' values
/// in one flat array (``moreCount`` a row). A one-key list's first fetch holds 16 bytes a row
/// here (24 when sectioned), each further key 8 more.
struct UnsortedKeys {
    let moreCount: Int
    let isSectioned: Bool
    private(set) var sections: [Int64] = []
    private(set) var entries: [KeyEntry] = []
    private(set) var more: [Int64] = []

    init(order: KeyOrder, capacity: Int) {
        moreCount = order.moreCount
        isSectioned = order.sectioning != nil
        entries.reserveCapacity(capacity)
        if isSectioned { sections.reserveCapacity(capacity) }
        more.reserveCapacity(capacity * moreCount)
    }

    var count: Int { entries.count }

    mutating func append(_ key: RowKey) {
        entries.append(key.entry)
        if isSectioned { sections.append(key.section) }
        for index in 0..<moreCount { more.append(key.more[index]) }
    }

    /// The value of the sort key at `index` (0 is the first key) of row `row`.
    func value(at index: Int, row: Int) -> Int64 {
        index == 0 ? entries[row].sort : more[row * moreCount + index - 1]
    }

    /// The full key of row `row`.
    func key(at row: Int) -> RowKey {
        var key = RowKey(section: isSectioned ? sections[row] : 0, sort: entries[row].sort, id: entries[row].id)
        for index in 0..<moreCount { key.more[index] = more[row * moreCount + index] }
        return key
    }
}

extension KeyOrder {
    /// Sorts keys by integer ranks (category and payee tables ranked once), instead of comparing
    /// text O(n log n) times: what a first fetch does when SQLite cannot hand rows over in order.
    ///
    /// - Complexity: O(n log n) integer comparisons, with 32 bytes a row while sorting a one-key
    ///   list, 40 with two keys and 56 with three or four.
    func sorted(_ unsorted: UnsortedKeys) -> OrderedKeys {
        let count = unsorted.count
        var categoryIDs = Set(categories.keys)
        if sectioning == .category { categoryIDs.formUnion(unsorted.sections) }
        for index in keys.indices where keys[index] == .category {
            for row in 0..<count { categoryIDs.insert(unsorted.value(at: index, row: row)) }
        }
        let categoryRanks = Dictionary(uniqueKeysWithValues: categoryIDs
            .sorted { compareCategories($0, $1) < 0 }.enumerated().map { ($1, Int64($0)) })
        var payeeRanks = [Int64](repeating: 0, count: payees.count)
        if keys.contains(.payee) {
            for (rank, reference) in payees.indices.sorted(by: { payees[$0] < payees[$1] }).enumerated() {
                payeeRanks[reference] = Int64(rank)
            }
        }
        // Bitwise NOT reverses an order without overflowing at Int64.min, unlike negation.
        func rank(_ value: Int64, _ key: TransactionSort.Key?, ascending: Bool) -> Int64 {
            let rank: Int64
            switch key {
            case .category?: rank = categoryRanks[value]!
            case .payee?: rank = payeeRanks[Int(value)]
            default: rank = value
            }
            return ascending ? rank : ~rank
        }
        let sectionKey: TransactionSort.Key? = sectioning == .category ? .category : nil
        func section(_ row: Int) -> Int64 {
            unsorted.isSectioned ? rank(unsorted.sections[row], sectionKey, ascending: ascending) : 0
        }
        func value(_ index: Int, _ row: Int) -> Int64 {
            index < keys.count ? rank(unsorted.value(at: index, row: row), keys[index], ascending: directions[index]) : 0
        }
        func id(_ row: Int) -> Int64 { ascending ? unsorted.entries[row].id : ~unsorted.entries[row].id }

        // The ranks of as many keys as the list has, so that each row costs no more than it
        // needs while sorting (the peak of a first fetch); the sorted ranks then give the order.
        func ordered<Ranked: Comparable>(_ rank: (Int) -> Ranked, index: (Ranked) -> Int) -> OrderedKeys {
            var ranked = (0..<count).map(rank)
            ranked.sort()
            var sorted = OrderedKeys(moreCount: moreCount, capacity: count)
            for row in ranked { sorted.append(unsorted.key(at: index(row))) }
            return sorted
        }
        switch keys.count {
        case 1:
            struct Ranked: Comparable {
                var a: Int64, b: Int64, c: Int64, index: Int
                static func < (l: Ranked, r: Ranked) -> Bool { (l.a, l.b, l.c) < (r.a, r.b, r.c) }
            }
            return ordered({ Ranked(a: section($0), b: value(0, $0), c: id($0), index: $0) }, index: \.index)
        case 2:
            struct Ranked: Comparable {
                var a: Int64, b: Int64, c: Int64, d: Int64, index: Int
                static func < (l: Ranked, r: Ranked) -> Bool { (l.a, l.b, l.c, l.d) < (r.a, r.b, r.c, r.d) }
            }
            return ordered({ Ranked(a: section($0), b: value(0, $0), c: value(1, $0), d: id($0), index: $0) }, index: \.index)
        default:
            struct Ranked: Comparable {
                var a: Int64, b: Int64, c: Int64, d: Int64, e: Int64, f: Int64, index: Int
                static func < (l: Ranked, r: Ranked) -> Bool { (l.a, l.b, l.c, l.d, l.e, l.f) < (r.a, r.b, r.c, r.d, r.e, r.f) }
            }
            return ordered({
                Ranked(a: section($0), b: value(0, $0), c: value(1, $0), d: value(2, $0), e: value(3, $0), f: id($0), index: $0)
            }, index: \.index)
        }
    }
}
