import BudgetKit

/// `budget rule add|edit|move|list|remove|apply`: the rules that clean payees and categorize
/// transactions.
enum RuleCommands {
    static let group = CommandConfiguration(
        name: "rule",
        abstract: "Manage the rules that clean payees and set categories.",
        discussion: """
        A rule looks at the payee, the note or either (--field), and matches when its pattern \
        is part of the text (contains, the default), the whole text (exact), or a POSIX \
        extended regular expression (pattern), all ignoring case; it may require money in or \
        out (--direction). It sets a clean payee name (--set-payee), a category, or both.

        Rules are tried in their order (see 'budget rule list'; change it with 'budget rule \
        move'): for each action the first matching rule that has it wins, and rules match the \
        payee as the bank wrote it. On import, a category column in the file beats the rules' \
        category; transfers are left alone. 'budget rule apply' runs them on transactions \
        already in the book.

        Patterns (--mode pattern) are compiled by the C library's regcomp: . [abc] [^abc] \
        [[:digit:]] * + ? {m,n} | ( ) ^ $, and \\w \\s \\b; at most 256 bytes, no \
        back-references, {m,n} repetitions multiplying to at most 1000.
          budget rule add '^amazon mktplace' --mode pattern --set-payee Amazon
          budget rule add amazon Shopping --direction out
        """,
        access: .none)

    static let tree = CommandTree.group(group, [
        .command(RuleAdd.self), .command(RuleEdit.self), .command(RuleMove.self), .command(RuleList.self), .command(RuleRemove.self),
        .command(RuleApply.self),
    ])
}

extension ImportRule.Field: ChoiceValue {}
extension ImportRule.Mode: ChoiceValue {}
extension ImportRule.Direction: ChoiceValue {}

/// `--direction in|out|any` of `rule edit`.
enum DirectionChoice: String, ChoiceValue {
    case `in`, out, any

    var setting: RuleChanges.Setting<ImportRule.Direction> {
        switch self {
        case .in: return .set(.moneyIn)
        case .out: return .set(.moneyOut)
        case .any: return .clear
        }
    }
}

/// `budget rule add PATTERN [CATEGORY]`.
struct RuleAdd: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "add",
        abstract: "Add a rule after the existing ones and print its id.",
        discussion: """
        Prints the new rule's id alone on standard output, and a confirmation on standard error:
          budget rule add coffee "Eating out"
          budget rule add 'AMAZON MKTPLACE' --set-payee Amazon
        """,
        // A rule serves the transactions of the book it is kept in (and most name one of its
        // categories): a mistyped --db is named, never made into a book holding one rule.
        access: .change)

    static var arguments: [CommandArgument<RuleAdd>] {[
        .argument(\.pattern, "pattern", help: "What to look for, ignoring case (see --mode)."),
        .argument(\.category, "category", help: "The category matching transactions go to."),
        .option(\.field, "field", "field", default: "payee", help: "What the rule looks at."),
        .option(\.mode, "mode", "mode", default: "contains", help: "How the pattern is compared."),
        .option(\.direction, "direction", "direction", help: "Only money in, or only money out (default: both)."),
        .option(\.payee, "set-payee", "name", help: "The clean payee name matching transactions get."),
    ]}

    var pattern = ""
    var category: CategoryName?
    var field = ImportRule.Field.payee
    var mode = ImportRule.Mode.contains
    var direction: ImportRule.Direction?
    var payee: String?

    func validate() throws(UsageError) {
        if category == nil && payee == nil { throw .conflict("a rule needs a <category>, '--set-payee <name>', or both") }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let rule = try context.store().addRule(pattern: pattern, field: field, mode: mode, direction: direction, payee: payee,
                                               category: category?.name)
        try context.reportCommitted("rule \(rule.id) was added") { () throws(OutputError) in
            try context.stdout.write("\(rule.id)\n")
            try context.stdout.flush()
        }
        context.confirm("Added rule \(rule.id): \(rule.summary).")
        return .success
    }
}

/// `budget rule edit ID ...`.
struct RuleEdit: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "edit",
        abstract: "Change a rule; it keeps its id and place.",
        discussion: """
        What is not given stays:
          budget rule edit 3 --mode exact --direction any --no-payee
        """,
        access: .change)

    static var arguments: [CommandArgument<RuleEdit>] {[
        .argument(\.id, "id", help: "The rule's id (see 'budget rule list')."),
        .option(\.pattern, "pattern", "text", help: "The new pattern."),
        .option(\.field, "field", "field", help: "What the rule looks at."),
        .option(\.mode, "mode", "mode", help: "How the pattern is compared."),
        .option(\.direction, "direction", "direction", as: DirectionChoice.self, help: "Only money in or out, or any.") { $0.setting },
        .option(\.payee, "set-payee", "name", as: String.self, help: "The clean payee name it sets.") { .set($0) },
        .flag(\.payee, "no-payee", value: .clear, help: "Leave payees alone."),
        .option(\.category, "category", "name", as: CategoryName.self, help: "The category it sets.") { .set($0.name) },
        .flag(\.category, "no-category", value: .clear, help: "Leave categories alone."),
    ]}

    var id = RuleID(0)
    var pattern: String?
    var field: ImportRule.Field?
    var mode: ImportRule.Mode?
    var direction = RuleChanges.Setting<ImportRule.Direction>.keep
    var payee = RuleChanges.Setting<String>.keep
    var category = RuleChanges.Setting<String>.keep

    func run(_ context: CommandContext) throws -> Outcome {
        let rule = try context.store().editRule(id: id.value, RuleChanges(pattern: pattern, field: field, mode: mode, direction: direction,
                                                                          payee: payee, category: category))
        context.confirm("Changed rule \(rule.id): \(rule.summary).")
        return .success
    }
}

/// `budget rule move ID --to N|--before ID|--after ID`.
struct RuleMove: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "move",
        abstract: "Move a rule to another place in the order rules are tried.",
        discussion: """
        Place 1 is tried first. Prints the rules in their new order. --before and --after name \
        another rule: a rule before or after itself is refused (exit 64), never taken as a move.
        """,
        access: .change)

    static var arguments: [CommandArgument<RuleMove>] {[
        .argument(\.id, "id", help: "The rule's id (see 'budget rule list')."),
        .option(\.place, "to", "place", as: Int.self, help: "Its new place, from 1.") { .position($0) },
        .option(\.place, "before", "id", as: RuleID.self, help: "Just before this rule.") { .before($0.value) },
        .option(\.place, "after", "id", as: RuleID.self, help: "Just after this rule.") { .after($0.value) },
        .format(\.format),
    ]}

    var id = RuleID(0)
    var place: RulePlace?
    var format = OutputFormat.table

    func validate() throws(UsageError) {
        if place == nil { throw .conflict("give the rule's new place: '--to <place>', '--before <id>' or '--after <id>'") }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        guard let place else { return .success }
        let rules = try context.store().moveRule(id: id.value, to: place)
        try context.reportCommitted("rule \(id.value) was moved") { () throws(OutputError) in
            try context.printRecords(format, record: .rule, values: rules)
        }
        context.confirm("Moved rule \(id.value) to place \((rules.firstIndex { $0.id == id.value } ?? 0) + 1).")
        return .success
    }
}

/// `budget rule list`.
struct RuleList: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "list", abstract: "List the rules in the order they are tried.", access: .read)

    static var arguments: [CommandArgument<RuleList>] {[.format(\.format)]}

    var format = OutputFormat.table

    func run(_ context: CommandContext) throws -> Outcome {
        let rules = try context.store().rules()
        try context.printRecords(format, record: .rule, values: rules)
        return .success
    }
}

/// `budget rule remove ID`.
struct RuleRemove: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "remove",
        abstract: "Remove a rule.",
        discussion: "Transactions it categorized keep their category.",
        access: .change)

    static var arguments: [CommandArgument<RuleRemove>] {[
        .argument(\.id, "id", help: "The rule's id (see 'budget rule list')."),
    ]}

    var id = RuleID(0)

    func run(_ context: CommandContext) throws -> Outcome {
        try context.store().removeRule(id: id.value)
        context.confirm("Removed rule \(id.value).")
        return .success
    }
}

extension ImportRule {
    /// `payees containing 'Coffee' go to Eating out`, `notes matching '^x' (money in) get payee 'Amazon'`.
    var summary: String {
        let subject = field == .any ? "payees or notes" : "\(field.rawValue)s"
        let verb = mode == .contains ? "containing" : mode == .exact ? "equal to" : "matching"
        let flow = direction.map { $0 == .moneyIn ? " (money in)" : " (money out)" } ?? ""
        let actions = [payee.map { "get payee '\($0)'" }, category.map { "go to \($0)" }].compactMap { $0 }.joined(separator: " and ")
        return "\(subject) \(verb) '\(pattern)'\(flow) \(actions)"
    }
}
