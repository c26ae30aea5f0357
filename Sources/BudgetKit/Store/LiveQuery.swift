/// The SQL a live list runs for its request. Filter values travel as bound values only.
///
/// - The keys query reads what the order needs (id, date, amount, category id, and the folded
///   payee when a sort key is the payee). When the order is the date index's own (by date alone,
///   sectioned by month or not), SQLite hands rows over in order; otherwise they are sorted in memory by
///   integer ranks, which beats SQLite sorting a million rows by a function of text.
/// - The rows query reads whole rows by id, in batches of ``batch`` ids: the ids the list holds in
///   memory are its keyset, so a page costs the same at any offset.
struct LiveQuery {
    /// How many ids one rows query binds (unused places are bound to NULL).
    static let batch = 128

    let keys: String
    /// ``keys`` from the other end (when ``keysAreOrdered``): the last rows first.
    let keysFromTheEnd: String
    let count: String
    let filterValues: [SQLiteValue]
    /// Whether the keys query returns rows already in the list's order.
    let keysAreOrdered: Bool
    /// Whether the keys and rows queries end with the case-folded payee (a sort key is the payee).
    let foldsPayee: Bool
    /// Rows by id, whatever the filter says (for pages).
    let rowsByID: String
    /// Rows by id that match the filter (for changed rows).
    let matchingRowsByID: String
    /// Rows in one category (or splits with a part in it) that match the filter, in one query
    /// (for a category rename): the id bound first, then the filter's values.
    let matchingRowsInCategory: String
    /// Rows with an id in a range that match the filter, in one query (for a bulk import's new
    /// rows): the first and last id bound first, then the filter's values.
    let matchingRowsInRange: String
    /// Ids of rows in one account (or transfers reaching it) that match the filter (for an
    /// account rename), bound like ``matchingIDsInCategory``.
    let matchingIDsInAccount: String

    /// - Parameters:
    ///   - categoryID: the id the filter's category name resolved to.
    ///   - accountID: the id the filter's account name resolved to.
    ///   - matchesNothing: the filter's category was deleted: no row matches any more.
    init(request: TransactionRequest, categoryID: Int64?, accountID: Int64? = nil, matchesNothing: Bool = false) {
        var filter = request.filter
        filter.limit = nil
        let (condition, values) = matchesNothing
            ? (" WHERE 0", [])
            : TransactionQuery.whereClause(filter: filter, resolved: .init(categoryID: categoryID, accountID: accountID))
        filterValues = values
        let sortKeys = request.sort.criteria.map(\.key)
        foldsPayee = sortKeys.contains(.payee)
        keysAreOrdered = sortKeys == [.date] && request.sectioning != .category
        let direction = request.sort.ascending ? "" : " DESC"
        // Only the columns the order needs (placeholders for the others), so sorting by date
        // reads the date index alone: a covering scan, no row lookups.
        let sectioning = request.sectioning, ordered = keysAreOrdered, folds = foldsPayee
        let list = KeyColumn.selectList { column in
            switch column {
            case .id: return "t.id"
            case .date: return ordered || sortKeys.contains(.date) || sectioning == .month ? "t.date" : "NULL"
            case .amount: return !ordered && sortKeys.contains(.amount) ? "t.amount" : "0"
            case .categoryID: return !ordered && (sortKeys.contains(.category) || sectioning == .category) ? "t.category_id" : "0"
            case .foldedPayee: return !ordered && folds ? "budget_fold(t.payee)" : "NULL"
            }
        }
        keys = "SELECT \(list) FROM transactions AS t\(condition)" + (ordered ? " ORDER BY t.date\(direction), t.id\(direction)" : "")
        let backwards = request.sort.ascending ? " DESC" : ""
        keysFromTheEnd = "SELECT \(list) FROM transactions AS t\(condition)" + (ordered ? " ORDER BY t.date\(backwards), t.id\(backwards)" : "")
        count = "SELECT count(*) FROM transactions AS t\(condition)"
        let placeholders = Array(repeating: "?", count: LiveQuery.batch).joined(separator: ", ")
        let select = "SELECT \(TransactionQuery.columns(foldingPayee: foldsPayee)) FROM \(TransactionQuery.from)"
        rowsByID = select + " WHERE t.id IN (\(placeholders))"
        let and = condition.isEmpty ? "" : " AND " + condition.dropFirst(" WHERE ".count)
        matchingRowsByID = rowsByID + and
        // `?1` is the id; the filter's plain `?`s number on from 2, in order.
        matchingRowsInCategory = select + """
             WHERE (t.category_id = ?1 OR t.id IN (SELECT transaction_id FROM transaction_splits WHERE category_id = ?1))
            """ + and
        // `?1` and `?2` are the bounds; the filter's `?`s number on from 3.
        matchingRowsInRange = select + " WHERE t.id BETWEEN ?1 AND ?2" + and
        matchingIDsInAccount = "SELECT t.id FROM transactions AS t WHERE (t.account_id = ?1 OR t.transfer_account_id = ?1)" + and
    }

    /// The ids bound to a rows query: `ids` padded with NULL to ``batch``.
    static func bound(_ ids: ArraySlice<Int64>) -> [SQLiteValue] {
        precondition(ids.count <= batch)
        return ids.map { .integer($0) } + Array(repeating: .null, count: batch - ids.count)
    }
}

/// The columns of a live list's keys query (``LiveQuery/keys``), in order.
enum KeyColumn: Int32, SelectedColumns {
    case id, date, amount, categoryID, foldedPayee
}
