/// The SQL that reads transactions. Filters become fixed fragments with `?` placeholders: user
/// text only ever travels as bound values.
enum TransactionQuery {
    /// What a transaction query reads: ``transaction(from:in:)``'s fields, the category's and
    /// accounts' ids, whether it is a split, and the payee case-folded (NULL unless a live list
    /// sorts by payee).
    enum Column: Int32, SelectedColumns {
        case id, date, amount, category, payee, note, kind, categoryID, foldedPayee
        case account, accountID, transferAccount, transferAccountID, reconciledOn, transferReconciledOn, isSplit

        func sql(foldingPayee: Bool) -> String {
            switch self {
            case .id: return "t.id"
            case .date: return "t.date"
            case .amount: return "t.amount"
            // A row whose category the sqlite3 shell deleted is still listed (`budget check` names it).
            case .category: return "coalesce(c.name, '')"
            case .payee: return "t.payee"
            case .note: return "t.note"
            // A split's kind is its parts' (all of one kind): read only for rows without a category.
            case .kind:
                return """
                    CASE WHEN t.transfer_account_id IS NOT NULL THEN 'transfer' WHEN t.category_id IS NOT NULL THEN coalesce(c.kind, 'expense')
                    ELSE coalesce((SELECT pc.kind FROM transaction_splits AS p JOIN categories AS pc ON pc.id = p.category_id
                                   WHERE p.transaction_id = t.id ORDER BY p.position LIMIT 1), 'expense') END
                    """
            case .categoryID: return "t.category_id"
            case .foldedPayee: return foldingPayee ? "budget_fold(t.payee)" : "NULL"
            case .account: return "coalesce(a.name, '')"
            case .accountID: return "t.account_id"
            case .transferAccount: return "ta.name"
            case .transferAccountID: return "t.transfer_account_id"
            case .reconciledOn: return "t.reconciled_on"
            // Only a transfer has another side to mark (`budget check` names any other row with one).
            case .transferReconciledOn: return "CASE WHEN t.transfer_account_id IS NOT NULL THEN t.transfer_reconciled_on END"
            case .isSplit: return "t.category_id IS NULL AND t.transfer_account_id IS NULL"
            }
        }
    }

    /// The SELECT list of ``Column``.
    static func columns(foldingPayee: Bool = false) -> String {
        Column.selectList { $0.sql(foldingPayee: foldingPayee) }
    }

    static let from = """
        transactions AS t LEFT JOIN categories AS c ON c.id = t.category_id LEFT JOIN accounts AS a ON a.id = t.account_id
        LEFT JOIN accounts AS ta ON ta.id = t.transfer_account_id
        """
    static let selectByID = "SELECT \(columns()) FROM \(from) WHERE t.id = ?"

    /// A split's part as ``parts`` reads it.
    enum PartColumn: Int32, FixedColumns {
        case category, amount, note
        var sql: String {
            switch self {
            case .category: "coalesce(c.name, '')"
            case .amount: "p.amount"
            case .note: "p.note"
            }
        }
    }

    /// The parts of a split, in order.
    static let parts = """
        SELECT \(PartColumn.selectList) FROM transaction_splits AS p LEFT JOIN categories AS c ON c.id = p.category_id
        WHERE p.transaction_id = ? ORDER BY p.position
        """

    /// The transaction of a row read with ``columns(foldingPayee:)``; a split's parts are read
    /// through `connection`.
    static func transaction(from row: Row, in connection: Connection) throws -> Transaction {
        let id = row.int64(Column.id)
        let splits = row.int64(Column.isSplit) != 0
            ? try connection.cached(parts).map([.integer(id)]) {
                SplitPart(category: $0.text(PartColumn.category), amount: $0.money(PartColumn.amount), note: $0.text(PartColumn.note))
            } : []
        return Transaction(id: id, date: row.isoDay(Column.date), amount: row.money(Column.amount),
                           category: row.text(Column.category), payee: row.text(Column.payee), note: row.text(Column.note),
                           kind: Transaction.Kind(rawValue: row.text(Column.kind)) ?? .expense, account: row.text(Column.account),
                           transferAccount: row.isNull(Column.transferAccountID) ? nil : row.text(Column.transferAccount),
                           splits: splits,
                           reconciledOn: row.isNull(Column.reconciledOn) ? nil : Day(iso: row.text(Column.reconciledOn)),
                           transferReconciledOn: row.isNull(Column.transferReconciledOn) ? nil : Day(iso: row.text(Column.transferReconciledOn)))
    }

    /// The ids a filter's names resolved to.
    struct ResolvedIDs: Hashable {
        var categoryID: Int64?
        var accountID: Int64?
        /// The ids ``TransactionFilter/categories`` resolved to.
        var categoryIDs: [Int64] = []
        /// The ids ``TransactionFilter/accounts`` resolved to.
        var accountIDs: [Int64] = []
    }

    /// The WHERE clause (possibly empty) and its values for `filter`, with `resolved` the ids its
    /// category and account names resolved to.
    ///
    /// A category matches a transaction in it and a split with a part in it; an account matches
    /// a transaction in it and a transfer reaching it.
    static func whereClause(filter: TransactionFilter, resolved: ResolvedIDs) -> (String, [SQLiteValue]) {
        var conditions: [String] = []
        var values: [SQLiteValue] = []
        /// One condition and its values; a filter field that is not set adds nothing.
        func add(_ condition: String, _ bound: SQLiteValue?...) {
            let bound = bound.compactMap { $0 }
            guard !bound.isEmpty else { return }
            conditions.append(condition)
            values += bound
        }
        add("t.date BETWEEN ? AND ?", filter.month?.firstDay.sqliteValue, filter.month?.lastDay.sqliteValue)
        add("t.date >= ?", filter.from?.sqliteValue)
        add("t.date <= ?", filter.to?.sqliteValue)
        for id in [resolved.categoryID, filter.categoryID].compactMap({ $0 }) {
            add("(t.category_id = ? OR t.id IN (SELECT transaction_id FROM transaction_splits WHERE category_id = ?))",
                .integer(id), .integer(id))
        }
        for id in [resolved.accountID, filter.accountID].compactMap({ $0 }) {
            add("(t.account_id = ? OR t.transfer_account_id = ?)", .integer(id), .integer(id))
        }
        add("instr(budget_fold(t.payee), ?) > 0", filter.payee.flatMap { $0.isEmpty ? nil : .text($0.caseFolded()) })
        let text: SQLiteValue? = filter.text.flatMap { $0.isEmpty ? nil : .text($0.caseFolded()) }
        add("(instr(budget_fold(t.payee), ?) > 0 OR instr(budget_fold(coalesce(t.note, '')), ?) > 0)", text, text)
        // Any of several: one placeholder per id, bound (the ids are values, never SQL text).
        let anyCategory = resolved.categoryIDs + filter.categoryIDs
        if !anyCategory.isEmpty {
            let list = Array(repeating: "?", count: anyCategory.count).joined(separator: ", ")
            conditions.append("(t.category_id IN (\(list)) OR t.id IN (SELECT transaction_id FROM transaction_splits WHERE category_id IN (\(list))))")
            values += anyCategory.map(SQLiteValue.integer) + anyCategory.map(SQLiteValue.integer)
        }
        let anyAccount = resolved.accountIDs + filter.accountIDs
        if !anyAccount.isEmpty {
            let list = Array(repeating: "?", count: anyAccount.count).joined(separator: ", ")
            conditions.append("(t.account_id IN (\(list)) OR t.transfer_account_id IN (\(list)))")
            values += anyAccount.map(SQLiteValue.integer) + anyAccount.map(SQLiteValue.integer)
        }
        add("t.amount >= ?", filter.minAmount?.sqliteValue)
        add("t.amount <= ?", filter.maxAmount?.sqliteValue)
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }

    /// The rows matching `filter` in the order of `sort` (see ``orderBy(_:sectioning:)``); with a
    /// limit, the most recent `limit` of them, in that order.
    static func select(filter: TransactionFilter, resolved: ResolvedIDs, sort: TransactionSort = .init(),
                       sectioning: TransactionSectioning? = nil) -> (String, [SQLiteValue]) {
        let (condition, values) = whereClause(filter: filter, resolved: resolved)
        guard let limit = filter.limit else {
            return ("SELECT \(columns()) FROM \(from)\(condition)" + orderBy(sort, sectioning: sectioning), values)
        }
        let bound = values + [.integer(Int64(max(0, limit)))]
        guard sort == TransactionSort() && sectioning == nil else {
            return ("SELECT \(columns()) FROM \(from) WHERE t.id IN (SELECT t.id FROM transactions AS t\(condition)"
                    + " ORDER BY t.date DESC, t.id DESC LIMIT ?)" + orderBy(sort, sectioning: sectioning), bound)
        }
        // The most recent `limit` rows, printed oldest first.
        return ("""
            SELECT * FROM (SELECT \(columns()) FROM \(from)\(condition) ORDER BY t.date DESC, t.id DESC LIMIT ?)
            ORDER BY date, id
            """, bound)
    }
}

extension TransactionQuery {
    /// A row's place in the order by date then id, where a walk through the rows in chunks
    /// stopped: its date as stored (a date written by hand that ``Day`` cannot read still
    /// sorts where it is) and its id.
    struct Position: Hashable {
        let date: String
        let id: Int64
    }

    /// At most `count` of the rows matching `filter` (see ``select(filter:resolved:sort:sectioning:)``,
    /// by date then id), those after `after` in that order (from the first when `nil`): one
    /// chunk of a walk through them. With a limit, the most recent `limit` rows are walked.
    static func select(filter: TransactionFilter, resolved: ResolvedIDs, after: Position?, count: Int) -> (String, [SQLiteValue]) {
        let bound: [SQLiteValue] = after.map { [.text($0.date), .integer($0.id)] } ?? []
        guard filter.limit == nil else {
            let (sql, values) = select(filter: filter, resolved: resolved)
            let place = after == nil ? "" : " WHERE (date, id) > (?, ?)"
            return ("SELECT * FROM (\(sql))\(place) ORDER BY date, id LIMIT ?", values + bound + [.integer(Int64(count))])
        }
        let (condition, conditionValues) = whereClause(filter: filter, resolved: resolved)
        let keyed = after == nil ? condition : (condition.isEmpty ? " WHERE " : condition + " AND ") + "(t.date, t.id) > (?, ?)"
        return ("SELECT \(columns()) FROM \(from)\(keyed) ORDER BY t.date, t.id LIMIT ?", conditionValues + bound + [.integer(Int64(count))])
    }
}
