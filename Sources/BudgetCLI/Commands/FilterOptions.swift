import BudgetKit

/// The filters `list`, `export` and `watch` share: swift-argument-parser's `@OptionGroup`,
/// declared once and lifted into each command with ``CommandArgument/group(_:_:)``.
struct FilterOptions {
    static var arguments: [CommandArgument<FilterOptions>] {[
        .option(\.month, "month", "month", help: "Only this month: YYYY-MM, this or last."),
        .option(\.from, "from", "day", help: "Only from this day on: YYYY-MM-DD, today or yesterday."),
        .option(\.to, "to", "day", help: "Only up to this day, included."),
        .options(\.categories, "category", "name", help: "Only this category (and the parts of splits in it); repeated, any of them."),
        .options(\.accounts, "account", "name", help: "Only this account (and transfers to it); repeated, any of them."),
        .option(\.payee, "payee", "text", help: "Only payees containing this text, ignoring case."),
        .option(\.text, "text", "text", help: "Only payees or notes containing this text, ignoring case."),
        .option(\.min, "min", "amount", help: "Only amounts of at least this."),
        .option(\.max, "max", "amount", help: "Only amounts of at most this."),
        .option(\.limit, "limit", "n", help: "Only the n most recent of the matching transactions."),
    ]}

    var month: Month?
    var from: Day?
    var to: Day?
    var categories: [CategoryName] = []
    var accounts: [AccountName] = []
    var payee: String?
    var text: String?
    var min: Money?
    var max: Money?
    var limit: Int?

    /// `--month` names a whole month: it cannot be narrowed with `--from` or `--to`; and
    /// `--from` after `--to`, or `--min` above `--max`, is a mistake, not an empty result (as for
    /// `report`'s months).
    func validate() throws(UsageError) {
        if month != nil && from != nil { throw .conflict("'--month <month>' cannot be used with '--from <day>'") }
        if month != nil && to != nil { throw .conflict("'--month <month>' cannot be used with '--to <day>'") }
        try Self.validate(from: from, to: to)
        if let min, let max, min > max {
            throw UsageError(message: "'--min \(min)' is above '--max \(max)'", hint: "give the smaller amount with --min")
        }
    }

    /// `--from DAY` after `--to DAY`: a usage error, as `report --from` after `--to` is.
    static func validate(from: Day?, to: Day?) throws(UsageError) {
        if let from, let to, from > to {
            throw UsageError(message: "'--from \(from)' is after '--to \(to)'", hint: "give the earlier day with --from")
        }
    }

    /// The one category asked for, when only one is.
    var category: CategoryName? { categories.count == 1 ? categories[0] : nil }
    /// The one account asked for, when only one is: transfers are then shown as seen from it.
    var account: AccountName? { accounts.count == 1 ? accounts[0] : nil }

    /// The store's filter: one category or account as itself, several as a list.
    var filter: TransactionFilter {
        TransactionFilter(month: month, from: from, to: to, category: category?.name, payee: payee,
                          minAmount: min, maxAmount: max, limit: limit, account: account?.name, text: text,
                          categories: categories.count > 1 ? categories.map(\.name) : [],
                          accounts: accounts.count > 1 ? accounts.map(\.name) : [])
    }
}

extension Array {
    /// Another type's arguments (an option group), stored in one property of the command `C`.
    static func group<C, G>(_ keyPath: WritableKeyPath<C, G>, _ arguments: [CommandArgument<G>]) -> Self
    where Element == CommandArgument<C> {
        arguments.map { argument in
            CommandArgument(info: argument.info, target: (keyPath as AnyKeyPath).appending(path: argument.target) ?? keyPath) {
                command, word throws(ValueProblem) in
                var group = command[keyPath: keyPath]
                try argument.set(&group, word)
                command[keyPath: keyPath] = group
            }
        }
    }
}
