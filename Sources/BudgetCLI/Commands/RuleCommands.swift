import BudgetKit

/// `budget rule add|list|remove`: the rules that categorize imported payees.
enum RuleCommands {
    static let group = CommandConfiguration(
        name: "rule",
        abstract: "Manage the rules that categorize imported payees.",
        discussion: """
        When a row of an imported file names no category, the first rule added whose pattern is \
        part of its payee, ignoring case, gives it one; --default-category catches the rest. A \
        category column in the file beats the rules.
        """,
        access: .none)

    static let tree = CommandTree.group(group, [.command(RuleAdd.self), .command(RuleList.self), .command(RuleRemove.self)])
}

/// `budget rule add PATTERN CATEGORY`.
struct RuleAdd: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "add",
        abstract: "Add a rule after the existing ones and print its id.",
        discussion: """
        Rules are tried in the order they were added: the first match wins. Prints the new \
        rule's id alone on standard output, and a confirmation on standard error:
          budget rule add coffee "Eating out"
        """,
        access: .write)

    static var arguments: [CommandArgument<RuleAdd>] {[
        .argument(\.pattern, "pattern", help: "Text to find in payees, ignoring case."),
        .argument(\.category, "category", help: "The category those payees go to."),
    ]}

    var pattern = ""
    var category = CategoryName(argument: "")

    func run(_ context: CommandContext) throws -> Outcome {
        let rule = try context.store().addRule(pattern: pattern, category: category.name)
        try context.reportCommitted("rule \(rule.id) was added") { () throws(OutputError) in
            try context.stdout.write("\(rule.id)\n")
            try context.stdout.flush()
        }
        context.confirm("Added rule \(rule.id): payees containing '\(rule.pattern)' go to \(rule.category).")
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
        access: .write)

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
