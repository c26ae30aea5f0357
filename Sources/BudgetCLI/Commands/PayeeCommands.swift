import BudgetKit

/// `budget payees`: every payee with its count and net amount.
struct Payees: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "payees",
        abstract: "List the payees with their transaction counts and net.",
        discussion: """
        Sorted by name ignoring case, so spellings that differ only in case stand together \
        (merge them with 'budget merge-payees'). NET is money received minus money spent; \
        transfers count nothing. Transactions without a payee are left out.
        """,
        access: .read)

    static var arguments: [CommandArgument<Payees>] {[.format(\.format)]}

    var format = OutputFormat.table

    func run(_ context: CommandContext) throws -> Outcome {
        try context.printRecords(format, record: .payee, values: try context.store().payees())
        return .success
    }
}

/// `budget merge-payees FROM... --into NAME`.
struct MergePayees: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "merge-payees",
        abstract: "Give the transactions of some payees one name.",
        discussion: """
        Names compare ignoring case: 'AMAZON' merges Amazon and amazon too, and every spelling \
        'budget payees' lists may be given. All in one write; every name is checked first, and \
        a name no transaction has changes nothing at all. Says how many transactions changed:
          budget merge-payees "AMAZON MKTPLACE" amazon.de --into Amazon
        To clean payees as they are imported, add a rule with --set-payee.
        """,
        access: .change)

    static var arguments: [CommandArgument<MergePayees>] {[
        .arguments(\.names, "payee", help: "The payees to merge (see 'budget payees')."),
        .option(\.target, "into", "name", required: true, help: "The payee name they all get."),
    ]}

    var names: [String] = []
    var target: String?


    func run(_ context: CommandContext) throws -> Outcome {
        guard let target else { return .success }
        let changed = try context.store().mergePayees(names, into: target)
        context.confirm("Merged \(names.count) payee name\(names.count == 1 ? "" : "s") into '\(target)': "
                        + "\(changed) transaction\(changed == 1 ? "" : "s") changed.")
        return .success
    }
}

extension RecordDescription where Value == PayeeSummary {
    /// A payee with its count and net amount.
    static var payee: RecordDescription<PayeeSummary> {
        RecordDescription(columns: [
            RecordColumn("payee") { .text($0.name) },
            RecordColumn("transactions", .right) { .integer(Int64($0.transactionCount)) },
            RecordColumn("net", .right) { .money($0.net) },
        ])
    }
}
