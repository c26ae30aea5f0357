extension BudgetError {
    /// The description of the cases about rules, payees and import profiles.
    var ruleDescription: String {
        switch self {
        case .invalidRuleExpression(let pattern, let reason):
            return "invalid rule pattern '\(pattern)': \(reason)"
        case .ruleWithoutAction:
            return "a rule must set a payee, a category or both"
        case .invalidRulePosition(let position, let count):
            return "no place \(position) among \(count) rule\(count == 1 ? "" : "s")"
        case .ruleMovedBesideItself(let id):
            return "rule \(id) cannot move before or after itself"
        case .invalidStoredRulePattern(let id, let pattern, let reason):
            return "rule \(id) has an invalid pattern '\(pattern)': \(reason)"
        case .invalidPayeeName(let name):
            return "invalid payee name '\(name)': it must be non-empty text without control characters"
        case .unknownPayee(let name):
            return "no transaction has the payee '\(name)'"
        case .invalidProfileName(let name):
            return "invalid import profile name '\(name)': it must be non-empty text without control characters"
        case .invisibleCharacterInProfileName(let name, let character):
            return "invalid import profile name '\(InvisibleCharacters.shown(in: name))': it holds \(InvisibleCharacters.label(character)), which is invisible"
        case .unknownImportProfile(let name):
            return "no import profile named '\(name)'"
        default:
            preconditionFailure("not a rule error: \(self)")
        }
    }

    /// Why ``RulePattern`` refused a pattern, without the pattern: `parentheses not balanced`.
    var patternReason: String {
        switch self {
        case .invalidRuleExpression(_, let reason): return reason
        case .invalidRulePattern: return "it is empty"
        default: return description
        }
    }
}
