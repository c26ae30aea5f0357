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
        // A bad name is refused before a missing book is created for it.
        let name = try BudgetStore.newCategoryName(name)
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
        try context.printRecords(format, record: .category, values: categories)
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
            try context.printRecords(format, record: .budgetHistory, values: history.map { BudgetHistoryRow(category: category, change: $0) })
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

/// `budget rename-category OLD NEW`.
struct RenameCategory: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "rename-category", abstract: "Rename a category; its transactions follow it.", access: .change)

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

/// `budget delete-category NAME [--move-to OTHER [--kind-change keep|negate] | --force]`.
struct DeleteCategory: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "delete-category",
        abstract: "Delete a category.",
        discussion: """
        A category that still has transactions is kept unless --move-to names a category to move \
        them to, or --force deletes them too. Its rules follow its transactions to --move-to; \
        otherwise they are deleted with it. Says what was moved or deleted. With --force, a \
        split with parts in other categories keeps them and loses this category's part: its \
        amount drops by that part, and each such split is named with its new amount.
        Moving into a category of the other kind (expense or income) would change what the \
        amounts mean, so it needs --kind-change: keep (the same numbers) or negate (the same \
        direction of money).
        """,
        access: .change)

    /// What becomes of the category's transactions: options that exclude each other, as one value.
    enum Disposal {
        case refuseIfUsed
        case move(to: String)
        case delete
    }

    static var arguments: [CommandArgument<DeleteCategory>] {[
        .argument(\.name, "name", help: "The category."),
        .option(\.disposal, "move-to", "other", as: CategoryName.self,
                help: "Move its transactions and rules to this category first.") { .move(to: $0.name) },
        .flag(\.disposal, "force", value: .delete, help: "Delete its transactions and rules too."),
        .option(\.kindChange, "kind-change", "how", help: "With --move-to a category of the other kind: keep the amounts, or negate them."),
    ]}

    var name = CategoryName(argument: "")
    var disposal = Disposal.refuseIfUsed
    var kindChange: KindChoice?

    func validate() throws(UsageError) {
        guard kindChange != nil else { return }
        guard case .move = disposal else { throw .needs("--kind-change <how>", "--move-to <other>") }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let deletion: CategoryDeletion
        switch disposal {
        case .refuseIfUsed: deletion = .refuseIfUsed
        case .move(let other): deletion = .moveTransactions(to: other, kindChange: kindChange?.kindChange ?? .refuse)
        case .delete: deletion = .deleteTransactions
        }
        let result: CategoryDeletionResult
        do {
            result = try context.store().deleteCategory(named: name.name, deletion)
        } catch let error as BudgetError {
            // ErrorText's hint offers --force, which here means something else (or is given already).
            guard case .reconciledTransaction(_, let reconciliation) = error else { throw error }
            let covered = "see '" + ShellWords.quoted(["budget", "list", "--category", name.name, "--to",
                                                        reconciliation.statementDate.description]) + "'"
            let hint = if case .move = disposal {
                "delete-category never breaks a reconciliation: --kind-change negate keeps every balance, or move the covered "
                    + "transactions first with 'budget edit ID --category OTHER --kind-change keep --force' (\(covered))"
            } else {
                "delete-category never breaks a reconciliation: delete the covered transactions first with "
                    + "'budget delete ID... --force' (\(covered)), then the category"
            }
            throw EnvironmentError(message: ErrorText(error).message, hint: hint)
        }
        for line in Self.confirmations(result) { context.confirm(line) }
        return .success
    }

    /// What the deletion did, in sentences: what moved where, and what was deleted.
    static func confirmations(_ result: CategoryDeletionResult) -> [String] {
        func count(_ number: Int, _ thing: String) -> String { number == 1 ? "1 \(thing)" : "\(number) \(thing)s" }
        func rules(_ rules: [ImportRule]) -> String {
            count(rules.count, "rule") + " (" + rules.map(\.pattern).joined(separator: ", ") + ")"
        }
        var lines: [String] = []
        if let other = result.movedTo {
            var moved = [count(result.transactionsMoved, "transaction")]
            if !result.rulesMoved.isEmpty { moved.append(rules(result.rulesMoved)) }
            lines.append("Deleted category \(result.category); moved \(moved.joined(separator: " and ")) to \(other).")
            for rule in result.duplicateRulesRemoved {
                lines.append("Removed rule \(rule.id) ('\(rule.pattern)'): an earlier rule already sends those payees to \(other).")
            }
            if result.kindChange == .negateAmount {
                lines.append("Amounts negated: \(result.category) was an \(result.kind.rawValue) category, \(other) is not.")
            } else if result.kindChange == .keepAmount {
                lines.append("Amounts kept: they now count as \(result.kind == .expense ? "income" : "spending") in \(other).")
            }
        } else {
            var deleted = [String]()
            if result.transactionsDeleted > 0 { deleted.append(count(result.transactionsDeleted, "transaction")) }
            if !result.rulesDeleted.isEmpty { deleted.append(rules(result.rulesDeleted)) }
            lines.append("Deleted category \(result.category)" + (deleted.isEmpty ? "." : " and its " + deleted.joined(separator: " and ") + "."))
            if let splits = shrunkSplits(result) { lines.append(splits) }
        }
        return lines
    }

    /// `Removed Food from 1 split, which keeps its other parts: transaction 2 is now 6.00 (was
    /// 10.00).`: the amounts, and so the balances, that changed without a transaction going.
    static func shrunkSplits(_ result: CategoryDeletionResult) -> String? {
        let splits = result.splitsShrunk
        guard !splits.isEmpty else { return nil }
        let shown = 5
        var amounts = splits.prefix(shown).map { "transaction \($0.transactionID) is now \($0.amount) (was \($0.amountBefore))" }
        if splits.count > shown { amounts.append("and \(splits.count - shown) more") }
        let which = splits.count == 1 ? "1 split, which keeps its" : "\(splits.count) splits, which keep their"
        return "Removed \(result.category) from \(which) other parts: " + amounts.joined(separator: ", ") + "."
    }
}
