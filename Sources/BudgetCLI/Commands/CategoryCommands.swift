import BudgetKit

/// `budget add-category NAME AMOUNT`.
struct AddCategory: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "add-category",
        abstract: "Add a budget category.",
        discussion: """
        The budget applies from the current month on (or from --from); before its first month a \
        category has a budget of 0. Prints a confirmation on standard error.
        """,
        access: .write)

    static var arguments: [CommandArgument<AddCategory>] {[
        .argument(\.name, "name", help: "The category's name, unique ignoring case."),
        .argument(\.amount, "amount", help: "The monthly budget (expected income, with --income)."),
        .flag(\.kind, "income", value: .income, help: "Make it an income category."),
        .option(\.from, "from", "month", help: "The first month of the budget: YYYY-MM, this or last (default: this)."),
        .flag(\.rollover, "rollover", help: "Carry what is left (or overspent) into the next month."),
    ]}

    var name = ""
    var amount = Budget()
    var kind = BudgetCategory.Kind.expense
    var from: Month?
    var rollover = false

    func run(_ context: CommandContext) throws -> Outcome {
        let from = from ?? .current()
        let category = try context.store().addCategory(named: name, monthlyBudget: amount.amount, kind: kind, from: from,
                                                       rollover: rollover)
        context.confirm("Added \(category.kind.rawValue) category \(category.name): \(category.monthlyBudget) a month from \(from)"
            + (category.rollover ? ", with rollover." : "."))
        return .success
    }
}

/// `budget categories`.
struct Categories: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "categories", abstract: "List the categories with their budgets.", access: .read)

    static var arguments: [CommandArgument<Categories>] {[
        .option(\.month, "month", "month", help: "Show the budgets of this month: YYYY-MM, this or last (default: this)."),
        .format(\.format),
    ]}

    var month: Month?
    var format = OutputFormat.table

    func run(_ context: CommandContext) throws -> Outcome {
        let categories = try context.store().categories(in: month ?? .current())
        try context.printRecords(format, columns: ["name", "kind", "budget", "rollover"], rows: categories.map {
            [.text($0.name), .text($0.kind.rawValue), .money($0.monthlyBudget), .flag($0.rollover)]
        })
        return .success
    }
}

/// `budget show-category NAME`.
struct ShowCategory: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "show-category",
        abstract: "Show a category and its budget history.",
        discussion: """
        In csv, tsv and json, prints one record per budget change: the category's name, kind and \
        rollover, then the month, the budget and its scope (from: from that month on; only: that \
        month only).
        """,
        access: .read)

    static var arguments: [CommandArgument<ShowCategory>] {[
        .argument(\.name, "name", help: "The category."),
        .format(\.format),
    ]}

    var name = CategoryName(argument: "")
    var format = OutputFormat.table

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let category = try store.category(named: name.name)
        let history = try store.budgetHistory(forCategory: name.name)
        guard format == .table else {
            try context.printRecords(format, columns: ["category", "kind", "rollover", "month", "budget", "scope"], rows: history.map {
                [.text(category.name), .text(category.kind.rawValue), .flag(category.rollover),
                 .date($0.month.description), .money($0.amount), .text($0.scope.rawValue)]
            })
            return .success
        }
        var text = "Name:      \(TerminalText.visible(category.name))\n"
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
}

/// `budget set-rollover NAME on|off`.
struct SetRollover: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "set-rollover",
        abstract: "Turn a category's rollover on or off.",
        discussion: """
        With rollover on, what is left (or overspent) in a month carries into the next, from the \
        category's first month on.
        """,
        access: .write)

    static var arguments: [CommandArgument<SetRollover>] {[
        .argument(\.name, "name", help: "The category."),
        .argument(\.state, "state", help: "on or off."),
    ]}

    var name = CategoryName(argument: "")
    var state = Switch.on

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        try store.setRollover(state == .on, forCategory: name.name)
        context.confirm("\(try store.category(named: name.name).name): rollover \(state.rawValue).")
        return .success
    }
}

/// `budget rename-category OLD NEW`.
struct RenameCategory: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "rename-category", abstract: "Rename a category; its transactions follow it.", access: .write)

    static var arguments: [CommandArgument<RenameCategory>] {[
        .argument(\.old, "old", help: "The category's current name."),
        .argument(\.new, "new", help: "Its new name."),
    ]}

    var old = CategoryName(argument: "")
    var new = ""

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let current = try store.category(named: old.name).name
        try store.renameCategory(named: current, to: new)
        context.confirm("Renamed category \(current) to \(try store.category(named: new).name).")
        return .success
    }
}

/// `budget delete-category NAME [--move-to OTHER | --force]`.
struct DeleteCategory: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "delete-category",
        abstract: "Delete a category.",
        discussion: """
        A category that still has transactions is kept unless --move-to names a category to move \
        them to, or --force deletes them too. Says how many transactions were moved or deleted.
        """,
        access: .write)

    /// What becomes of the category's transactions: options that exclude each other, as one value.
    enum Disposal {
        case refuseIfUsed
        case move(to: String)
        case delete
    }

    static var arguments: [CommandArgument<DeleteCategory>] {[
        .argument(\.name, "name", help: "The category."),
        .option(\.disposal, "move-to", "other", as: CategoryName.self,
                help: "Move its transactions to this category first.") { .move(to: $0.name) },
        .flag(\.disposal, "force", value: .delete, help: "Delete its transactions too."),
    ]}

    var name = CategoryName(argument: "")
    var disposal = Disposal.refuseIfUsed

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let name = try store.category(named: self.name.name).name
        let count: Int
        switch disposal {
        case .refuseIfUsed: count = try store.deleteCategory(named: name)
        case .move(let other): count = try store.deleteCategory(named: name, movingTransactionsTo: other)
        case .delete: count = try store.deleteCategory(named: name, force: true)
        }
        let transactions = count == 1 ? "1 transaction" : "\(count) transactions"
        switch disposal {
        case .move(let other): context.confirm("Deleted category \(name); moved \(transactions) to \(other).")
        case .delete where count > 0: context.confirm("Deleted category \(name) and its \(transactions).")
        default: context.confirm("Deleted category \(name).")
        }
        return .success
    }
}

/// `budget set-budget NAME AMOUNT [--from MONTH | --month MONTH]`.
struct SetBudget: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "set-budget",
        abstract: "Change a category's monthly budget.",
        discussion: """
        Without options the new budget applies from the current month on. Reports of earlier \
        months never change.
        """,
        access: .write)

    /// Which months the new budget covers: options that exclude each other, as one value.
    enum Period {
        case from(Month)
        case only(Month)
    }

    static var arguments: [CommandArgument<SetBudget>] {[
        .argument(\.name, "name", help: "The category."),
        .argument(\.amount, "amount", help: "The new monthly budget."),
        .option(\.period, "from", "month", as: Month.self, help: "Apply from this month on: YYYY-MM, this or last.") { .from($0) },
        .option(\.period, "month", "month", as: Month.self, help: "Apply to this month only: YYYY-MM, this or last.") { .only($0) },
    ]}

    var name = CategoryName(argument: "")
    var amount = Budget()
    var period: Period?

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let category = try store.category(named: name.name)
        switch period ?? .from(.current()) {
        case .only(let month):
            try store.setBudget(amount.amount, forCategory: name.name, onlyIn: month)
            context.confirm("\(category.name): budget \(amount.amount) in \(month) only.")
        case .from(let month):
            try store.setBudget(amount.amount, forCategory: name.name, from: month)
            context.confirm("\(category.name): budget \(amount.amount) a month from \(month) on.")
        }
        return .success
    }
}
