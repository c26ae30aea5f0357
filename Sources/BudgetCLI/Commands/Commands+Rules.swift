import BudgetKit

extension Commands {
    static let rule = Command(group: CommandSpec(
        name: "rule",
        abstract: "Manage the rules that categorize imported payees.",
        discussion: """
        When a row of an imported file names no category, the first rule added whose pattern is \
        part of its payee, ignoring case, gives it one; --default-category catches the rest. A \
        category column in the file beats the rules.
        """
    ), subcommands: [ruleAdd, ruleList, ruleRemove])

    static let ruleAdd = Command(spec: CommandSpec(
        name: "add",
        abstract: "Add a rule after the existing ones and print its id.",
        discussion: """
        Rules are tried in the order they were added: the first match wins. Prints the new \
        rule's id alone on standard output, and a confirmation on standard error:
          budget rule add coffee "Eating out"
        """,
        arguments: [
            ArgumentSpec(name: "pattern", help: "Text to find in payees, ignoring case."),
            ArgumentSpec(name: "category", help: "The category those payees go to."),
        ]
    )) { context in
        let rule = try context.store().addRule(pattern: context.arguments.text("pattern")!,
                                               category: context.arguments.text("category")!)
        try context.stdout.write("\(rule.id)\n")
        context.confirm("Added rule \(rule.id): payees containing '\(DisplayWidth.visible(rule.pattern))' go to \(rule.category).")
        return .success
    }

    static let ruleList = Command(spec: CommandSpec(
        name: "list",
        abstract: "List the rules in the order they are tried.",
        options: [OutputFormat.option()]
    )) { context in
        let rules = try context.store().rules()
        try context.printRecords(columns: ["id", "pattern", "category"], rows: rules.map {
            [.integer($0.id), .text($0.pattern), .text($0.category)]
        })
        return .success
    }

    static let ruleRemove = Command(spec: CommandSpec(
        name: "remove",
        abstract: "Remove a rule.",
        discussion: "Transactions it categorized keep their category.",
        arguments: [ArgumentSpec(name: "id", help: "The rule's id (see 'budget rule list').",
                                 kind: .id(of: "rule", listedBy: "budget rule list"))]
    )) { context in
        let id = context.arguments.integer("id")!
        try context.store().removeRule(id: id)
        context.confirm("Removed rule \(id).")
        return .success
    }
}
