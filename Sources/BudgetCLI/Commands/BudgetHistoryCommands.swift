import BudgetKit

/// `budget set-budget NAME AMOUNT [--from MONTH | --month MONTH]`.
struct SetBudget: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "set-budget",
        abstract: "Change a category's monthly budget.",
        discussion: """
        Without options the new budget applies from the current month on. --from M applies from \
        M until the next planned change (a later --from); --month M applies to M only. A past M \
        changes the reports of the months it covers: each change says which reports changed. \
        'budget remove-budget' takes a change back.
        """,
        access: .change)

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
        let edit: BudgetHistoryEdit
        switch period ?? .from(.current()) {
        case .only(let month): edit = try store.setBudget(amount.amount, forCategory: name.name, onlyIn: month)
        case .from(let month): edit = try store.setBudget(amount.amount, forCategory: name.name, from: month)
        }
        for line in HistoryEditText.lines(for: edit) { context.confirm(line) }
        return .success
    }
}

/// `budget remove-budget NAME (--from MONTH | --month MONTH)`.
struct RemoveBudget: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "remove-budget",
        abstract: "Take back a change of a category's budget.",
        discussion: """
        --month M removes the budget of M only, so the budget in effect before applies to M again; \
        --from M removes the change made from M on (a category keeps at least one). Says which \
        reports changed.
        """,
        access: .change)

    static var arguments: [CommandArgument<RemoveBudget>] {[
        .argument(\.name, "name", help: "The category."),
        .option(\.period, "from", "month", as: Month.self, help: "Remove the change from this month on.") { .from($0) },
        .option(\.period, "month", "month", as: Month.self, help: "Remove the budget of this month only.") { .only($0) },
    ]}

    var name = CategoryName(argument: "")
    var period: SetBudget.Period?

    func validate() throws(UsageError) {
        guard period != nil else {
            throw UsageError(message: "say which change to remove: '--month <month>' or '--from <month>'",
                             hint: "see the category's changes with 'budget show-category NAME'")
        }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let edit: BudgetHistoryEdit
        switch period ?? .from(.current()) {
        case .only(let month): edit = try store.removeBudget(forCategory: name.name, onlyIn: month)
        case .from(let month): edit = try store.removeBudget(forCategory: name.name, from: month)
        }
        for line in HistoryEditText.lines(for: edit) { context.confirm(line) }
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
        category's first month on. Rollover has no history: turning it on or off changes the \
        reports of every month after the category's first month, past ones included; it says so.
        """,
        access: .change)

    static var arguments: [CommandArgument<SetRollover>] {[
        .argument(\.name, "name", help: "The category."),
        .argument(\.state, "state", help: "on or off."),
    ]}

    var name = CategoryName(argument: "")
    var state = Switch.on

    func run(_ context: CommandContext) throws -> Outcome {
        let edit = try context.store().setRollover(state == .on, forCategory: name.name)
        guard edit.wasOn != edit.isOn else {
            context.confirm("\(edit.category): rollover was already \(state.rawValue); nothing changed.")
            return .success
        }
        context.confirm("\(edit.category): rollover \(state.rawValue)." + HistoryEditText.reports(edit.affectedMonths))
        return .success
    }
}

/// The sentences that say what a budget history edit changed.
enum HistoryEditText {
    static func lines(for edit: BudgetHistoryEdit) -> [String] {
        guard !edit.changes.isEmpty else { return ["\(edit.category): nothing changed."] }
        var lines = edit.changes.map { change -> String in
            switch change {
            case .added(let entry): return "\(edit.category): budget \(describe(entry))."
            case .replaced(let old, let new): return "\(edit.category): budget \(describe(new)) (was \(old.amount))."
            case .removed(let entry): return "\(edit.category): removed the budget \(describe(entry))."
            }
        }
        lines[lines.count - 1] += reports(edit.affectedMonths)
        return lines
    }

    /// `300.00 a month from 2026-10 on`, `50.00 in 2026-06 only`.
    static func describe(_ entry: BudgetChange) -> String {
        entry.scope == .only ? "\(entry.amount) in \(entry.month) only" : "\(entry.amount) a month from \(entry.month) on"
    }

    /// ` Reports from 2026-10 on change.`, ` The report of 2026-06 changes.`, or nothing.
    static func reports(_ months: AffectedMonths) -> String {
        switch months {
        case .none: return " No report changes."
        case .from(let first): return " Reports from \(first) on change."
        case .months(let range) where range.lowerBound == range.upperBound: return " The report of \(range.lowerBound) changes."
        case .months(let range): return " Reports of \(range.lowerBound) to \(range.upperBound) change."
        }
    }
}
