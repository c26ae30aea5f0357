/// What a live list of transactions shows: which rows (a filter), in which order (a sort), and
/// optionally grouped into sections (by category or by month). A plain value, so a request can be
/// compared, stored, and saved as JSON.
///
/// ```swift
/// var request = TransactionRequest(filter: TransactionFilter(category: "Food"))
/// request.sort = TransactionSort(.amount, ascending: false)
/// request.sectioning = .month
/// let live = try LiveTransactions(store: store, request: request)
/// ```
///
/// The order is total: rows are ordered by section, then by each of the sort's keys in turn (each
/// in its own direction), then by id. Sections and ids follow the first key's direction (so a
/// one-key sort's `descending` reverses the whole list, sections included). Text keys (payee,
/// category) compare case-insensitively over all of Unicode: payees by their case-folded text,
/// categories by their unique name key.
///
/// The filter's ``TransactionFilter/limit`` does not apply: a live list holds every matching row.
/// The filter's category name is resolved to the category's id once, when the list's request is
/// set, so a later rename keeps the same rows and a new category taking the old name is not
/// followed; a request saved for later should hold ``TransactionFilter/categoryID`` instead.
public struct TransactionRequest: Hashable, Sendable, Codable {
    /// Which transactions to show.
    public var filter: TransactionFilter
    /// The order of the rows.
    public var sort: TransactionSort
    /// How rows are grouped into sections; `nil` for one section holding every row.
    public var sectioning: TransactionSectioning?

    /// Creates a request: by default every transaction, by date then id, in one section.
    public init(filter: TransactionFilter = .init(), sort: TransactionSort = .init(), sectioning: TransactionSectioning? = nil) {
        self.filter = filter
        self.sort = sort
        self.sectioning = sectioning
    }
}

/// How the rows of a live list are grouped into sections. Sections are contiguous: the section
/// is the first part of the order.
public enum TransactionSectioning: String, Hashable, Sendable, Codable, CaseIterable {
    /// One section per category, named after it, ordered by name ignoring case.
    case category
    /// One section per month (`YYYY-MM`).
    case month
}
