@testable import BudgetKit

/// What a live list must show, computed apart from it: every matching row read through the
/// store's own list query, ordered and sectioned here by the rules ``TransactionRequest`` states.
/// A second implementation, so a bug shared by the live list and a fresh live list cannot hide.
enum LiveTransactionsOracle {
    static func snapshot(of store: BudgetStore, request: TransactionRequest) throws -> TransactionSnapshot {
        var filter = request.filter
        filter.limit = nil
        let rows = try store.transactions(matching: filter)
        var categoryIDs: [String: Int64] = [:]
        for category in try store.categories(in: Month(year: 2026, month: 1)!) { categoryIDs[category.name] = category.id }
        func compare<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        func compareCategories(_ a: String, _ b: String) -> Int {
            let byKey = compare(BudgetCategory.nameKey(a), BudgetCategory.nameKey(b))
            return byKey != 0 ? byKey : compare(categoryIDs[a] ?? 0, categoryIDs[b] ?? 0)
        }
        func compareSections(_ a: Transaction, _ b: Transaction) -> Int {
            switch request.sectioning {
            case nil: return 0
            case .month: return compare(a.date.monthOfYear, b.date.monthOfYear)
            case .category: return compareCategories(a.category, b.category)
            }
        }
        func compareKey(_ key: TransactionSort.Key, _ a: Transaction, _ b: Transaction) -> Int {
            switch key {
            case .date: return compare(a.date, b.date)
            case .amount: return compare(a.amount.minorUnits, b.amount.minorUnits)
            case .payee: return compare(a.payee.lowercased(), b.payee.lowercased())
            case .category: return compareCategories(a.category, b.category)
            }
        }
        // Sections and ids in the first key's direction, each key in its own.
        let ascending = request.sort.ascending
        let sorted = rows.sorted { a, b in
            let bySection = compareSections(a, b)
            if bySection != 0 { return ascending ? bySection < 0 : bySection > 0 }
            for criterion in request.sort.criteria {
                let byKey = compareKey(criterion.key, a, b)
                if byKey != 0 { return criterion.ascending ? byKey < 0 : byKey > 0 }
            }
            return ascending ? a.id < b.id : a.id > b.id
        }
        guard let sectioning = request.sectioning else {
            return TransactionSnapshot(transactions: sorted, sections: [TransactionSection(name: "", range: sorted.indices)])
        }
        var sections: [TransactionSection] = []
        var start = 0
        for index in sorted.indices where index + 1 == sorted.count || compareSections(sorted[index], sorted[index + 1]) != 0 {
            let name = sectioning == .month ? sorted[index].date.monthOfYear.description : sorted[index].category
            sections.append(TransactionSection(name: name, range: start..<index + 1))
            start = index + 1
        }
        return TransactionSnapshot(transactions: sorted, sections: sections)
    }

    /// The rows of the request as SQLite orders them (`ORDER BY` the section, the same keys,
    /// then id): a fresh fetch, the order a live list must hold.
    static func fetched(from store: BudgetStore, request: TransactionRequest) throws -> [Transaction] {
        var filter = request.filter
        filter.limit = nil
        var rows: [Transaction] = []
        try store.forEachRow(matching: filter, resolved: store.resolvedIDs(of: filter), sort: request.sort,
                             sectioning: request.sectioning) { rows.append($0) }
        return rows
    }
}
