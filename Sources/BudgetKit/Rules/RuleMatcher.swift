/// The one place rules are matched: the book's rules compiled once for a run (an import, a
/// `rule apply`), asked for each transaction which payee and category they give it.
///
/// For each action the first matching rule that has it wins: the payee from the first matching
/// rule that sets a payee, the category from the first that sets a category. Rules match what
/// the bank wrote (never a payee an earlier rule set).
///
/// Not thread-safe (compiled patterns keep matching state).
struct RuleMatcher {
    /// A rule as stored: its category by id, with the category's name and kind.
    struct Definition: Equatable {
        let id: Int64
        let field: ImportRule.Field
        let mode: ImportRule.Mode
        let pattern: String
        let direction: ImportRule.Direction?
        let payee: String?
        let categoryID: Int64?
        let categoryName: String?
        let categoryKind: BudgetCategory.Kind?
    }

    /// What the rules give a transaction: the first matching payee rule's and category rule's.
    struct Match: Equatable {
        var payee: (rule: Int64, name: String)?
        var category: (rule: Int64, id: Int64, name: String, kind: BudgetCategory.Kind)?

        static func == (lhs: Match, rhs: Match) -> Bool {
            lhs.payee?.rule == rhs.payee?.rule && lhs.payee?.name == rhs.payee?.name && lhs.category?.rule == rhs.category?.rule
        }
    }

    private struct Compiled {
        let definition: Definition
        /// The case-folded pattern (contains, exact), or the compiled one.
        let folded: String
        let expression: RulePattern?
    }

    private let compiled: [Compiled]
    let definitions: [Definition]

    /// Compiles the rules, in their order.
    ///
    /// - Throws: ``BudgetError/invalidStoredRulePattern(ruleID:pattern:reason:)`` for a pattern
    ///   rule that cannot be compiled, or an empty pattern of any mode (it would match every
    ///   payee), naming the rule: only a book edited by hand has one (adding and editing rules
    ///   check them), and the user typed no pattern.
    init(_ definitions: [Definition]) throws {
        self.definitions = definitions
        compiled = try definitions.map { definition in
            if definition.pattern.isEmpty {
                throw BudgetError.invalidStoredRulePattern(ruleID: definition.id, pattern: "", reason: "it is empty")
            }
            return Compiled(definition: definition, folded: definition.mode == .pattern ? "" : definition.pattern.caseFolded(),
                            expression: definition.mode == .pattern ? try Self.compile(definition) : nil)
        }
    }

    /// The rule's regular expression, compiled.
    ///
    /// - Throws: ``BudgetError/invalidStoredRulePattern(ruleID:pattern:reason:)``.
    static func compile(_ definition: Definition) throws -> RulePattern {
        do {
            return try RulePattern(definition.pattern)
        } catch let error as BudgetError {
            throw BudgetError.invalidStoredRulePattern(ruleID: definition.id, pattern: definition.pattern, reason: error.patternReason)
        }
    }

    /// Whether there is no rule.
    var isEmpty: Bool { compiled.isEmpty }

    /// The payee and category the rules give a transaction with this payee, note and direction
    /// of money (`nil` for none: zero, or unknown). `wantsCategory` false skips the search for
    /// a category (the file names one).
    ///
    /// - Complexity: O(rules × text length).
    func match(payee: String, note: String, direction: ImportRule.Direction?, wantsCategory: Bool = true) -> Match {
        var match = Match()
        var foldedPayee: String?, foldedNote: String?
        for rule in compiled {
            let definition = rule.definition
            let needsPayee = definition.payee != nil && match.payee == nil
            let needsCategory = wantsCategory && definition.categoryID != nil && match.category == nil
            guard needsPayee || needsCategory else { continue }
            if let required = definition.direction, required != direction { continue }
            func test(_ text: String, _ folded: inout String?) -> Bool {
                if let expression = rule.expression { return expression.matches(text) }
                let folding = folded ?? text.caseFolded()
                folded = folding
                return definition.mode == .exact ? folding == rule.folded : folding.contains(rule.folded)
            }
            let matched: Bool
            switch definition.field {
            case .payee: matched = test(payee, &foldedPayee)
            case .note: matched = test(note, &foldedNote)
            case .any: matched = test(payee, &foldedPayee) || test(note, &foldedNote)
            }
            guard matched else { continue }
            if needsPayee, let name = definition.payee { match.payee = (definition.id, name) }
            if needsCategory, let id = definition.categoryID, let name = definition.categoryName, let kind = definition.categoryKind {
                match.category = (definition.id, id, name, kind)
            }
            if match.payee != nil && (match.category != nil || !wantsCategory) { break }
        }
        return match
    }
}
