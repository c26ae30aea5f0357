/// What ``BudgetStore/deleteCategory(named:_:)`` does with the category's transactions.
///
/// The category's budget history goes with it either way; its import rules follow moved
/// transactions, and are deleted otherwise.
public enum CategoryDeletion: Hashable, Sendable {
    /// Delete only a category with no transactions; refuse otherwise
    /// (``BudgetError/categoryInUse(_:transactionCount:)``).
    case refuseIfUsed
    /// Move its transactions and rules to another category first. Into a category of the other
    /// kind, `kindChange` says what happens to the amounts (``KindChange/refuse`` by default).
    case moveTransactions(to: String, kindChange: KindChange = .refuse)
    /// Delete its transactions too.
    case deleteTransactions
}

/// What deleting a category did: returned by ``BudgetStore/deleteCategory(named:_:)`` so a front
/// end can say exactly what moved and what went.
public struct CategoryDeletionResult: Hashable, Sendable {
    /// The deleted category's name.
    public let category: String
    /// The deleted category's kind.
    public let kind: BudgetCategory.Kind
    /// The category that received its transactions and rules, by its stored name; `nil` unless moved.
    public let movedTo: String?
    /// How many transactions moved (0 unless moved).
    public let transactionsMoved: Int
    /// How amounts crossed into a category of the other kind: `nil` when no transaction did.
    public let kindChange: KindChange?
    /// How many transactions were deleted with the category (a split whose parts were all in it
    /// included; one that keeps other parts is in ``splitsShrunk`` instead).
    public let transactionsDeleted: Int
    /// The splits that had a part in the category and keep their other parts, by id: each lost
    /// the category's part, so its amount (and its account's balance) dropped by that much.
    public let splitsShrunk: [ShrunkSplit]
    /// The rules that now send payees to ``movedTo``, as they now are (same ids and order).
    public let rulesMoved: [ImportRule]
    /// Rules of ``movedTo`` removed after the move because an earlier rule of it has the same
    /// pattern, ignoring case (so they could never apply): a moved rule, or one that ``movedTo``
    /// already had and a moved rule now precedes. As they were after the move.
    public let duplicateRulesRemoved: [ImportRule]
    /// The rules deleted with the category (when its transactions were not moved).
    public let rulesDeleted: [ImportRule]
    /// The budget history deleted with the category.
    public let budgetHistory: [BudgetChange]

    /// A split kept with its other parts when the category's part was deleted.
    public struct ShrunkSplit: Hashable, Sendable {
        /// The split transaction's id.
        public let transactionID: Int64
        /// Its amount before.
        public let amountBefore: Money
        /// Its amount now: the sum of the parts it keeps.
        public let amount: Money

        /// Creates a shrunk split's description.
        public init(transactionID: Int64, amountBefore: Money, amount: Money) {
            self.transactionID = transactionID
            self.amountBefore = amountBefore
            self.amount = amount
        }
    }

    /// Creates a deletion description.
    public init(category: String, kind: BudgetCategory.Kind, movedTo: String?, transactionsMoved: Int, kindChange: KindChange?,
                transactionsDeleted: Int, rulesMoved: [ImportRule], duplicateRulesRemoved: [ImportRule],
                rulesDeleted: [ImportRule], budgetHistory: [BudgetChange], splitsShrunk: [ShrunkSplit] = []) {
        self.category = category
        self.kind = kind
        self.movedTo = movedTo
        self.transactionsMoved = transactionsMoved
        self.kindChange = kindChange
        self.transactionsDeleted = transactionsDeleted
        self.splitsShrunk = splitsShrunk
        self.rulesMoved = rulesMoved
        self.duplicateRulesRemoved = duplicateRulesRemoved
        self.rulesDeleted = rulesDeleted
        self.budgetHistory = budgetHistory
    }
}
