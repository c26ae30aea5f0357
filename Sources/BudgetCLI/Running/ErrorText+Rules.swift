import BudgetKit

extension ErrorText {
    /// The words for the errors about rules, payees and import profiles.
    init(rules error: BudgetError) {
        switch error {
        case .invalidRuleExpression(let pattern, let reason):
            self.init(message: "invalid rule pattern '\(pattern)': \(reason)",
                      hint: "write a POSIX extended regular expression such as '^amazon (mktplace|marketplace)' (see 'budget help rule add')")
        case .ruleWithoutAction:
            self.init(message: "a rule must set a payee, a category or both", hint: "give a CATEGORY, --set-payee NAME, or both")
        case .invalidRulePosition(let position, let count):
            self.init(message: "no place \(position) among \(count) rule\(count == 1 ? "" : "s")",
                      hint: "give a place from 1 to \(count), or --before ID or --after ID")
        case .ruleMovedBesideItself(let id):
            self.init(message: "rule \(id) cannot move before or after itself",
                      hint: "name another rule with --before ID or --after ID, or give a place with --to (see 'budget rule list')")
        case .invalidStoredRulePattern(let id, let pattern, let reason):
            self.init(message: "rule \(id) has an invalid pattern '\(pattern)' (\(reason)): edit or remove it",
                      hint: "give it a pattern with 'budget rule edit \(id) --pattern PATTERN', or remove it with 'budget rule remove \(id)'; "
                          + "nothing was changed")
        case .invalidPayeeName(let name):
            self.init(message: "invalid payee name '\(name)': it must be non-empty text without control characters",
                      hint: "choose a name such as Amazon or \"Corner Shop\"")
        case .unknownPayee(let name):
            self.init(message: "no transaction has the payee '\(name)'", hint: "see the payees with 'budget payees'; nothing was changed")
        case .invalidProfileName(let name):
            self.init(message: "invalid import profile name '\(name)': it must be non-empty text without control characters",
                      hint: "choose a name such as giro or \"credit card\"")
        case .invisibleCharacterInProfileName(let name, let character):
            self.init(message: "invalid import profile name '\(InvisibleCharacters.shown(in: name))': it holds \(InvisibleCharacters.label(character)), which is invisible",
                      hint: Self.invisibleCharacterHint)
        case .unknownImportProfile(let name):
            self.init(message: "no import profile named '\(name)'",
                      hint: "see the profiles with 'budget import-profile list', or save one with 'budget import-profile save NAME OPTIONS...'")
        default:
            preconditionFailure("not a rule error: \(error)")
        }
    }
}
