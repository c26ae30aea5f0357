/// A rule: transactions whose payee or note matches ``pattern`` get a clean payee name
/// (``payee``), a category (``category``), or both.
///
/// Rules are tried in their order (``BudgetStore/rules()``, changed with
/// ``BudgetStore/moveRule(id:to:)``); for each action the first matching rule that has it wins,
/// so one rule can clean `AMAZON MKTPLACE PMTS 1234` to `Amazon` and a later one send `amazon`
/// to `Shopping`. Rules always match what the bank wrote (the payee before any rule renamed it).
///
/// They run on import, for rows that are no transfer (a category column in the file beats a
/// rule's category, never its payee), and on existing transactions through
/// ``BudgetStore/applyRules(_:dryRun:kindChange:)``.
///
/// "Ignoring case" is full Unicode case folding for ``Mode/contains`` and ``Mode/exact``
/// (`strasse` matches `Straße`); a ``Mode/pattern`` is a POSIX extended regular expression
/// matched ignoring case by glibc (see ``RulePattern``).
public struct ImportRule: Hashable, Sendable, Identifiable {
    /// What a rule looks at.
    public enum Field: String, Hashable, Sendable, CaseIterable {
        /// The payee as the bank wrote it.
        case payee
        /// The note.
        case note
        /// The payee or the note: either matching is enough.
        case any
    }

    /// How ``ImportRule/pattern`` is compared with the text.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// The pattern is part of the text, ignoring case.
        case contains
        /// The pattern is the whole text, ignoring case.
        case exact
        /// The text matches the POSIX extended regular expression, ignoring case; anchor it with
        /// `^` and `$` to match the whole text.
        case pattern
    }

    /// Which way the money goes, as the bank sees it.
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        /// Money received: income, or a refund in an expense category.
        case moneyIn = "in"
        /// Money spent: an expense, or a negative amount in an income category.
        case moneyOut = "out"

        /// The direction of `amount` in a category of `kind` (positive in the category's
        /// direction), or `nil` for zero.
        public init?(amount: Money, kind: BudgetCategory.Kind) {
            guard amount != .zero else { return nil }
            let positive = amount > .zero
            self = (kind == .income) == positive ? .moneyIn : .moneyOut
        }
    }

    /// The database id (rules are tried in their order, not by id).
    public let id: Int64
    /// The text looked for: part of the text, the whole text, or a regular expression.
    public var pattern: String
    /// The category's name, or `nil` when the rule only cleans the payee.
    public var category: String?
    /// What the rule looks at.
    public var field: Field
    /// How the pattern is compared.
    public var mode: Mode
    /// The money's direction the rule requires, or `nil` for both.
    public var direction: Direction?
    /// The payee name the rule sets, or `nil` when it leaves the payee alone.
    public var payee: String?

    /// Creates a rule value.
    public init(id: Int64, pattern: String, category: String?, field: Field = .payee, mode: Mode = .contains,
                direction: Direction? = nil, payee: String? = nil) {
        self.id = id
        self.pattern = pattern
        self.category = category
        self.field = field
        self.mode = mode
        self.direction = direction
        self.payee = payee
    }
}

/// What a new rule matches and does; also the changes of ``BudgetStore/editRule(id:_:)``,
/// where `nil` keeps what the rule has.
public struct RuleChanges: Hashable, Sendable {
    /// A value that can be set, cleared, or left alone.
    public enum Setting<Value: Hashable & Sendable>: Hashable, Sendable {
        /// Leave it as it is.
        case keep
        /// Set it to the value.
        case set(Value)
        /// Clear it.
        case clear
    }

    /// The new pattern.
    public var pattern: String?
    /// What the rule looks at.
    public var field: ImportRule.Field?
    /// How the pattern is compared.
    public var mode: ImportRule.Mode?
    /// The money's direction required (``Setting/clear`` for both).
    public var direction: Setting<ImportRule.Direction>
    /// The payee name to set (``Setting/clear`` to leave payees alone).
    public var payee: Setting<String>
    /// The category's name (``Setting/clear`` to leave categories alone).
    public var category: Setting<String>

    /// Creates a set of changes; everything is kept unless given.
    public init(pattern: String? = nil, field: ImportRule.Field? = nil, mode: ImportRule.Mode? = nil,
                direction: Setting<ImportRule.Direction> = .keep, payee: Setting<String> = .keep, category: Setting<String> = .keep) {
        self.pattern = pattern
        self.field = field
        self.mode = mode
        self.direction = direction
        self.payee = payee
        self.category = category
    }
}
