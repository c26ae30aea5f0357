import BudgetKit

extension Commands {
    static let addCategory = Command(spec: CommandSpec(
        name: "add-category",
        abstract: "Add a budget category.",
        discussion: """
        The budget applies from the current month on (or from --from); before its first month a \
        category has no budget and is left out of reports. Prints a confirmation on standard error.
        """,
        arguments: [
            ArgumentSpec(name: "name", help: "The category's name, unique ignoring case."),
            ArgumentSpec(name: "amount", help: "The monthly budget (expected income, with --income).", kind: .budget),
        ],
        options: [
            .flag("income", help: "Make it an income category."),
            .value("from", "month", kind: .month, help: "The first month of the budget: YYYY-MM, this or last (default: this)."),
            .flag("rollover", help: "Carry what is left (or overspent) into the next month."),
        ]
    )) { context in
        let arguments = context.arguments
        let from = arguments.month("from") ?? .current()
        let category = try context.store().addCategory(
            named: arguments.text("name")!, monthlyBudget: arguments.money("amount")!,
            kind: arguments.flag("income") ? .income : .expense, from: from, rollover: arguments.flag("rollover"))
        context.confirm("Added \(category.kind.rawValue) category \(category.name): \(category.monthlyBudget) a month from \(from)"
            + (category.rollover ? ", with rollover." : "."))
        return .success
    }

    static let categories = Command(spec: CommandSpec(
        name: "categories",
        abstract: "List the categories with their budgets.",
        options: [
            .value("month", "month", kind: .month, help: "Show the budgets of this month: YYYY-MM, this or last (default: this)."),
            OutputFormat.option(),
        ]
    )) { context in
        let month = context.arguments.month("month") ?? .current()
        let categories = try context.store().categories(in: month)
        try context.printRecords(columns: ["name", "kind", "budget", "rollover"], rows: categories.map {
            [.text($0.name), .text($0.kind.rawValue), .money($0.monthlyBudget), .flag($0.rollover)]
        })
        return .success
    }

    static let showCategory = Command(spec: CommandSpec(
        name: "show-category",
        abstract: "Show a category and its budget history.",
        discussion: """
        In csv, tsv and json, prints one record per budget change: the category's name, kind and \
        rollover, then the month, the budget and its scope (from: from that month on; only: that \
        month only).
        """,
        arguments: [ArgumentSpec(name: "name", help: "The category.")],
        options: [OutputFormat.option()]
    )) { context in
        let store = try context.store()
        let name = context.arguments.text("name")!
        let category = try store.category(named: name)
        let history = try store.budgetHistory(forCategory: name)
        if context.arguments.format == .table {
            var text = "Name:      \(DisplayWidth.visible(category.name))\n"
            text += "Kind:      \(category.kind.rawValue)\n"
            text += "Budget:    \(category.monthlyBudget) in \(Month.current())\n"
            text += "Rollover:  \(category.rollover ? "on" : "off")\n\n"
            var table = Table(columns: [("MONTH", .left), ("BUDGET", .right), ("SCOPE", .left)])
            for change in history {
                table.append([.date(change.month.description), .money(change.amount), .text(change.scope.rawValue)])
            }
            try context.stdout.write(text + table.render())
            return .success
        }
        var writer = try RecordWriter(format: context.arguments.format,
                                      columns: ["category", "kind", "rollover", "month", "budget", "scope"], output: context.stdout)
        for change in history {
            try writer.write([.text(category.name), .text(category.kind.rawValue), .flag(category.rollover),
                              .date(change.month.description), .money(change.amount), .text(change.scope.rawValue)])
        }
        try writer.finish()
        return .success
    }

    static let setBudget = Command(spec: CommandSpec(
        name: "set-budget",
        abstract: "Change a category's monthly budget.",
        discussion: """
        Without options the new budget applies from the current month on. Reports of earlier \
        months never change.
        """,
        arguments: [
            ArgumentSpec(name: "name", help: "The category."),
            ArgumentSpec(name: "amount", help: "The new monthly budget.", kind: .budget),
        ],
        options: [
            .value("from", "month", kind: .month, help: "Apply from this month on: YYYY-MM, this or last."),
            .value("month", "month", kind: .month, help: "Apply to this month only: YYYY-MM, this or last."),
        ]
    )) { context in
        let arguments = context.arguments
        try arguments.requireAtMostOne(of: "from", "month")
        let store = try context.store()
        let name = arguments.text("name")!, amount = arguments.money("amount")!
        let category = try store.category(named: name)
        if let month = arguments.month("month") {
            try store.setBudget(amount, forCategory: name, onlyIn: month)
            context.confirm("\(category.name): budget \(amount) in \(month) only.")
        } else {
            let from = arguments.month("from") ?? .current()
            try store.setBudget(amount, forCategory: name, from: from)
            context.confirm("\(category.name): budget \(amount) a month from \(from) on.")
        }
        return .success
    }

    static let setRollover = Command(spec: CommandSpec(
        name: "set-rollover",
        abstract: "Turn a category's rollover on or off.",
        discussion: "With rollover on, what is left (or overspent) in a month carries into the next.",
        arguments: [
            ArgumentSpec(name: "name", help: "The category."),
            ArgumentSpec(name: "state", help: "on or off.", kind: .choice(["on", "off"])),
        ]
    )) { context in
        let on = context.arguments.text("state") == "on"
        let store = try context.store()
        let name = context.arguments.text("name")!
        try store.setRollover(on, forCategory: name)
        context.confirm("\(try store.category(named: name).name): rollover \(on ? "on" : "off").")
        return .success
    }

    static let renameCategory = Command(spec: CommandSpec(
        name: "rename-category",
        abstract: "Rename a category; its transactions follow it.",
        arguments: [
            ArgumentSpec(name: "old", help: "The category's current name."),
            ArgumentSpec(name: "new", help: "Its new name."),
        ]
    )) { context in
        let store = try context.store()
        let old = try store.category(named: context.arguments.text("old")!).name
        try store.renameCategory(named: old, to: context.arguments.text("new")!)
        context.confirm("Renamed category \(old) to \(context.arguments.text("new")!).")
        return .success
    }

    static let deleteCategory = Command(spec: CommandSpec(
        name: "delete-category",
        abstract: "Delete a category.",
        discussion: """
        A category that still has transactions is kept unless --move-to names a category to move \
        them to, or --force deletes them too. Says how many transactions were moved or deleted.
        """,
        arguments: [ArgumentSpec(name: "name", help: "The category.")],
        options: [
            .value("move-to", "other", help: "Move its transactions to this category first."),
            .flag("force", help: "Delete its transactions too."),
        ]
    )) { context in
        let arguments = context.arguments
        try arguments.requireAtMostOne(of: "move-to", "force")
        let store = try context.store()
        let name = try store.category(named: arguments.text("name")!).name
        let other = arguments.text("move-to")
        let count = try store.deleteCategory(named: name, movingTransactionsTo: other, force: arguments.flag("force"))
        let transactions = count == 1 ? "1 transaction" : "\(count) transactions"
        if let other {
            context.confirm("Deleted category \(name); moved \(transactions) to \(other).")
        } else if count > 0 {
            context.confirm("Deleted category \(name) and its \(transactions).")
        } else {
            context.confirm("Deleted category \(name).")
        }
        return .success
    }
}
