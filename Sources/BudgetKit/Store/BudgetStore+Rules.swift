/// An import rule: payees containing ``pattern`` (ignoring case) go to ``category``.
///
/// When a row of an imported file names no category, the first rule added whose pattern is
/// part of its payee decides the category; ``ImportOptions/defaultCategory`` catches the rest.
/// "Ignoring case" is full Unicode case folding, also ignoring normalization: `strasse`
/// matches `Straße`.
public struct ImportRule: Hashable, Sendable, Identifiable {
    /// The database id; rules are tried in id order, so the first added wins.
    public let id: Int64
    /// The text to look for in the payee, ignoring case (Unicode-aware).
    public var pattern: String
    /// The category's name.
    public var category: String

    /// Creates a rule value.
    public init(id: Int64, pattern: String, category: String) {
        self.id = id
        self.pattern = pattern
        self.category = category
    }
}

extension BudgetStore {
    /// Adds an import rule after the existing ones.
    ///
    /// ```swift
    /// try store.addRule(pattern: "coffee", category: "Eating out")
    /// ```
    ///
    /// A duplicate is refused: a rule for the same category whose pattern is part of the new
    /// one's, ignoring case (`coffee` when adding `Coffee` or `coffee bar`), since it already
    /// catches every payee the new rule would, and comes first. A broader pattern for the same
    /// category (`coffee` after `coffee bar`) is not a duplicate.
    ///
    /// - Parameters:
    ///   - pattern: text to find in payees, ignoring case; surrounding spaces are kept (they
    ///     are part of what is looked for), but it cannot be empty.
    ///   - category: the category's name, ignoring case.
    /// - Returns: the new rule.
    /// - Throws: ``BudgetError/invalidRulePattern(_:)``, ``BudgetError/unknownCategory(_:)``,
    ///   ``BudgetError/duplicateRule(pattern:category:existing:)``.
    @discardableResult
    public func addRule(pattern: String, category: String) throws -> ImportRule {
        guard !pattern.isEmpty else { throw BudgetError.invalidRulePattern(pattern) }
        return try writing {
            let row = try categoryRow(named: category)
            let folded = pattern.caseFolded()
            if let existing = try fetchRules(categoryID: row.id).first(where: { folded.contains($0.pattern.caseFolded()) }) {
                throw BudgetError.duplicateRule(pattern: pattern, category: row.name, existing: existing)
            }
            try connection.run("INSERT INTO rules (id, pattern, category_id) VALUES (?, ?, ?)",
                               [try nextID(for: "rules"), .text(pattern), .integer(row.id)])
            return ImportRule(id: connection.lastInsertRowID, pattern: pattern, category: row.name)
        }
    }

    /// Every import rule, in the order they are tried (the order they were added).
    public func rules() throws -> [ImportRule] {
        try reading { try fetchRules() }
    }

    /// Removes an import rule.
    ///
    /// - Throws: ``BudgetError/unknownRule(_:)``.
    public func removeRule(id: Int64) throws {
        try writing {
            try connection.run("DELETE FROM rules WHERE id = ?", [.integer(id)])
            if connection.changes == 0 { throw BudgetError.unknownRule(id) }
        }
    }

    /// The first rule whose pattern is part of `payee`, ignoring case, or `nil`.
    public func rule(matchingPayee payee: String) throws -> ImportRule? {
        let payee = payee.caseFolded()
        return try rules().first { payee.contains($0.pattern.caseFolded()) }
    }

    func fetchRules() throws -> [ImportRule] {
        try connection.cached(RuleColumn.select + " ORDER BY r.id").map([], RuleColumn.rule)
    }

    /// The rules sending payees to one category, in the order they are tried.
    func fetchRules(categoryID: Int64) throws -> [ImportRule] {
        try connection.cached(RuleColumn.select + " WHERE r.category_id = ? ORDER BY r.id").map([.integer(categoryID)], RuleColumn.rule)
    }
}

/// The columns a rule is read from, with its category's name.
enum RuleColumn: Int32, FixedColumns {
    case id, pattern, category
    var sql: String { self == .category ? "c.name" : "r.\(self)" }

    static let select = "SELECT \(selectList) FROM rules AS r JOIN categories AS c ON c.id = r.category_id"

    static func rule(_ row: Row) -> ImportRule {
        ImportRule(id: row.int64(RuleColumn.id), pattern: row.text(RuleColumn.pattern), category: row.text(RuleColumn.category))
    }
}
