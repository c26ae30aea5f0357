/// Where ``BudgetStore/moveRule(id:to:)`` puts a rule in the order rules are tried.
public enum RulePlace: Hashable, Sendable {
    /// At this place, from 1 (tried first) to the number of rules.
    case position(Int)
    /// Just before the rule with this id.
    case before(Int64)
    /// Just after the rule with this id.
    case after(Int64)
}

extension BudgetStore {
    /// Adds a rule after the existing ones.
    ///
    /// ```swift
    /// try store.addRule(pattern: "coffee", category: "Eating out")
    /// try store.addRule(pattern: "^amazon mktplace", mode: .pattern, payee: "Amazon", category: nil)
    /// ```
    ///
    /// A duplicate is refused, whether the rule sets a category, a payee or both: an earlier rule
    /// with the same field, mode, direction, payee and category that already catches every text
    /// the new one would (for ``ImportRule/Mode/contains``,
    /// a pattern that is part of the new one's, ignoring case: `coffee` when adding `Coffee` or
    /// `coffee bar`; otherwise the same pattern). A broader pattern after a narrower one is no
    /// duplicate.
    ///
    /// - Parameters:
    ///   - pattern: what to look for; it cannot be empty. For ``ImportRule/Mode/pattern``, a POSIX
    ///     extended regular expression (``RulePattern``), checked now.
    ///   - field: what to look at (the payee by default).
    ///   - mode: how to compare (``ImportRule/Mode/contains`` by default).
    ///   - direction: the money's direction required, or `nil` (the default) for both.
    ///   - payee: the payee name to set (trimmed), or `nil`.
    ///   - category: the category's name, ignoring case, or `nil`. A rule sets a payee, a
    ///     category or both.
    /// - Returns: the new rule.
    /// - Throws: ``BudgetError/invalidRulePattern(_:)`` (empty),
    ///   ``BudgetError/invalidRuleExpression(_:reason:)``, ``BudgetError/invalidPayeeName(_:)``,
    ///   ``BudgetError/ruleWithoutAction``, ``BudgetError/unknownCategory(_:)``,
    ///   ``BudgetError/duplicateRule(pattern:category:existing:)``.
    @discardableResult
    public func addRule(pattern: String, field: ImportRule.Field = .payee, mode: ImportRule.Mode = .contains,
                        direction: ImportRule.Direction? = nil, payee: String? = nil, category: String?) throws -> ImportRule {
        try Self.checkPattern(pattern, mode: mode)
        let payee = try payee.map(Self.validPayeeName)
        guard payee != nil || category != nil else { throw BudgetError.ruleWithoutAction }
        return try writing {
            let row = try category.map { try categoryRow(named: $0) }
            var rule = ImportRule(id: 0, pattern: pattern, category: row?.name, field: field, mode: mode, direction: direction, payee: payee)
            // A rule that only sets a payee is compared with the others that only set one.
            let earlier = try row.map { try fetchRules(categoryID: $0.id) } ?? fetchRules().filter { $0.category == nil }
            if let existing = earlier.first(where: { $0.catchesEverything(of: rule) }) {
                throw BudgetError.duplicateRule(pattern: pattern, category: row?.name, existing: existing)
            }
            let position = (try connection.int64("SELECT max(position) FROM rules") ?? 0) + 1
            try connection.run("""
                INSERT INTO rules (id, position, field, mode, pattern, direction, set_payee, category_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [try nextID(for: "rules"), .integer(position), .text(field.rawValue), .text(mode.rawValue), .text(pattern),
                      direction.map { .text($0.rawValue) } ?? .null, payee.sqliteValue, row.map { .integer($0.id) } ?? .null])
            rule = ImportRule(id: connection.lastInsertRowID, pattern: pattern, category: row?.name, field: field, mode: mode,
                              direction: direction, payee: payee)
            return rule
        }
    }

    /// Changes a rule; what `changes` leaves `nil` (or ``RuleChanges/Setting/keep``) stays. The
    /// rule keeps its id and place.
    ///
    /// - Returns: the rule as it now is.
    /// - Throws: ``BudgetError/unknownRule(_:)`` and the errors of
    ///   ``addRule(pattern:field:mode:direction:payee:category:)`` (no duplicate check: an edit
    ///   says what the user wants).
    @discardableResult
    public func editRule(id: Int64, _ changes: RuleChanges) throws -> ImportRule {
        try writing {
            guard var rule = try fetchRule(id: id) else { throw BudgetError.unknownRule(id) }
            if let pattern = changes.pattern { rule.pattern = pattern }
            if let field = changes.field { rule.field = field }
            if let mode = changes.mode { rule.mode = mode }
            switch changes.direction {
            case .keep: break
            case .set(let direction): rule.direction = direction
            case .clear: rule.direction = nil
            }
            switch changes.payee {
            case .keep: break
            case .set(let payee): rule.payee = try Self.validPayeeName(payee)
            case .clear: rule.payee = nil
            }
            var categoryID = try connection.int64("SELECT category_id FROM rules WHERE id = ?", [.integer(id)])
            switch changes.category {
            case .keep: break
            case .set(let name):
                let row = try categoryRow(named: name)
                (categoryID, rule.category) = (row.id, row.name)
            case .clear: (categoryID, rule.category) = (nil, nil)
            }
            try Self.checkPattern(rule.pattern, mode: rule.mode)
            guard rule.payee != nil || categoryID != nil else { throw BudgetError.ruleWithoutAction }
            try connection.run("""
                UPDATE rules SET field = ?, mode = ?, pattern = ?, direction = ?, set_payee = ?, category_id = ? WHERE id = ?
                """, [.text(rule.field.rawValue), .text(rule.mode.rawValue), .text(rule.pattern),
                      rule.direction.map { .text($0.rawValue) } ?? .null, rule.payee.sqliteValue, categoryID.map(SQLiteValue.integer) ?? .null,
                      .integer(id)])
            return rule
        }
    }

    /// Moves a rule to another place in the order rules are tried; the others keep their order.
    ///
    /// - Returns: every rule in its new order.
    /// - Throws: ``BudgetError/unknownRule(_:)`` (the rule, or the one it goes before or after),
    ///   ``BudgetError/ruleMovedBesideItself(_:)`` (before or after itself, which names no place),
    ///   ``BudgetError/invalidRulePosition(_:count:)``.
    /// - Complexity: O(rules): every place is written again.
    @discardableResult
    public func moveRule(id: Int64, to place: RulePlace) throws -> [ImportRule] {
        try writing {
            var rules = try fetchRules()
            guard let index = rules.firstIndex(where: { $0.id == id }) else { throw BudgetError.unknownRule(id) }
            switch place {
            case .before(id), .after(id): throw BudgetError.ruleMovedBesideItself(id)
            default: break
            }
            let rule = rules.remove(at: index)
            let target: Int
            switch place {
            case .position(let position):
                guard (1...rules.count + 1).contains(position) else { throw BudgetError.invalidRulePosition(position, count: rules.count + 1) }
                target = position - 1
            case .before(let other), .after(let other):
                guard let found = rules.firstIndex(where: { $0.id == other }) else { throw BudgetError.unknownRule(other) }
                if case .after = place { target = found + 1 } else { target = found }
            }
            rules.insert(rule, at: target)
            let update = try connection.prepare("UPDATE rules SET position = ? WHERE id = ? AND position IS NOT ?")
            for (offset, rule) in rules.enumerated() {
                try update.run([.integer(Int64(offset + 1)), .integer(rule.id), .integer(Int64(offset + 1))])
            }
            return rules
        }
    }

    /// Every rule, in the order they are tried.
    public func rules() throws -> [ImportRule] {
        try reading { try fetchRules() }
    }

    /// Removes a rule; the others keep their order.
    ///
    /// - Throws: ``BudgetError/unknownRule(_:)``.
    public func removeRule(id: Int64) throws {
        try writing {
            try connection.run("DELETE FROM rules WHERE id = ?", [.integer(id)])
            if connection.changes == 0 { throw BudgetError.unknownRule(id) }
        }
    }

    /// The first rule giving a category whose pattern matches `payee` (any direction), or `nil`.
    ///
    /// - Throws: ``BudgetError/invalidStoredRulePattern(ruleID:pattern:reason:)`` for a pattern edited by hand.
    public func rule(matchingPayee payee: String) throws -> ImportRule? {
        try reading {
            let matcher = try RuleMatcher(try ruleDefinitions())
            let moneyIn = matcher.match(payee: payee, note: "", direction: .moneyIn).category?.rule
            let moneyOut = matcher.match(payee: payee, note: "", direction: .moneyOut).category?.rule
            let ids = Set([moneyIn, moneyOut].compactMap { $0 })
            return try fetchRules().first { ids.contains($0.id) }
        }
    }

    /// Checks a pattern for its mode: not empty; a regular expression compiles within the limits.
    static func checkPattern(_ pattern: String, mode: ImportRule.Mode) throws {
        guard !pattern.isEmpty else { throw BudgetError.invalidRulePattern(pattern) }
        if mode == .pattern { _ = try RulePattern(pattern) }
    }

    /// A payee name trimmed of surrounding spaces.
    ///
    /// - Throws: ``BudgetError/invalidPayeeName(_:)`` when it is empty or holds control characters.
    static func validPayeeName(_ name: String) throws -> String {
        let trimmed = name.trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw BudgetError.invalidPayeeName(name)
        }
        return trimmed
    }

    func fetchRules() throws -> [ImportRule] {
        try connection.cached(RuleColumn.select + " ORDER BY r.position, r.id").map([], RuleColumn.rule)
    }

    func fetchRule(id: Int64) throws -> ImportRule? {
        try connection.cached(RuleColumn.select + " AND r.id = ?").first([.integer(id)], RuleColumn.rule)
    }

    /// The rules sending transactions to one category, in the order they are tried.
    func fetchRules(categoryID: Int64) throws -> [ImportRule] {
        try connection.cached(RuleColumn.select + " AND r.category_id = ? ORDER BY r.position, r.id").map([.integer(categoryID)], RuleColumn.rule)
    }

    /// The rules as ``RuleMatcher`` takes them, in order. A rule whose category was deleted
    /// behind budget's back (the sqlite3 shell does not enforce foreign keys by default) keeps
    /// only its payee, or is left out.
    func ruleDefinitions() throws -> [RuleMatcher.Definition] {
        try Self.ruleDefinitions(connection)
    }

    static func ruleDefinitions(_ connection: Connection) throws -> [RuleMatcher.Definition] {
        try connection.cached(RuleColumn.select + " ORDER BY r.position, r.id").map([]) { row -> RuleMatcher.Definition? in
            let rule = RuleColumn.rule(row)
            let categoryID = row.isNull(RuleColumn.category) ? nil : row.optionalInt64(RuleColumn.categoryID)
            guard rule.payee != nil || categoryID != nil else { return nil }
            return RuleMatcher.Definition(id: rule.id, field: rule.field, mode: rule.mode, pattern: rule.pattern, direction: rule.direction,
                                          payee: rule.payee, categoryID: categoryID, categoryName: rule.category,
                                          categoryKind: row.isNull(RuleColumn.kind) ? nil : BudgetCategory.Kind(rawValue: row.text(RuleColumn.kind)))
        }.compactMap { $0 }
    }
}

extension ImportRule {
    /// Whether this rule, tried first, already does what `other` would for every text:
    /// same field, mode, direction, payee and category, and a pattern as broad.
    func catchesEverything(of other: ImportRule) -> Bool {
        guard field == other.field, direction == other.direction, payee == other.payee, category == other.category else { return false }
        let mine = pattern.caseFolded(), theirs = other.pattern.caseFolded()
        switch (mode, other.mode) {
        case (.contains, .contains), (.contains, .exact): return theirs.contains(mine)
        case (.exact, .exact): return mine == theirs
        case (.pattern, .pattern): return pattern == other.pattern
        default: return false
        }
    }
}

/// The columns a rule is read from, with its category's name and kind.
enum RuleColumn: Int32, FixedColumns {
    case id, pattern, category, field, mode, direction, payee, categoryID, kind
    var sql: String {
        switch self {
        case .id: return "r.id"
        case .pattern: return "r.pattern"
        case .category: return "c.name"
        case .field: return "r.field"
        case .mode: return "r.mode"
        case .direction: return "r.direction"
        case .kind: return "c.kind"
        case .payee: return "r.set_payee"
        case .categoryID: return "r.category_id"
        }
    }

    /// Every rule that still does something (a rule whose category the sqlite3 shell deleted
    /// behind budget's back, leaving it nothing to do, is left out, as if it did not exist);
    /// append conditions with AND.
    static let select = """
        SELECT \(selectList) FROM rules AS r LEFT JOIN categories AS c ON c.id = r.category_id
        WHERE (r.set_payee IS NOT NULL OR c.id IS NOT NULL)
        """

    static func rule(_ row: Row) -> ImportRule {
        ImportRule(id: row.int64(RuleColumn.id), pattern: row.text(RuleColumn.pattern),
                   category: row.isNull(RuleColumn.category) ? nil : row.text(RuleColumn.category),
                   field: ImportRule.Field(rawValue: row.text(RuleColumn.field)) ?? .payee,
                   mode: ImportRule.Mode(rawValue: row.text(RuleColumn.mode)) ?? .contains,
                   direction: row.isNull(RuleColumn.direction) ? nil : ImportRule.Direction(rawValue: row.text(RuleColumn.direction)),
                   payee: row.isNull(RuleColumn.payee) ? nil : row.text(RuleColumn.payee))
    }
}
