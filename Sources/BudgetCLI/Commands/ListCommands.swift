import BudgetKit

/// `budget list`: transactions as a table for people (or any format).
struct List: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "list",
        abstract: "List transactions, by date then id.",
        discussion: """
        Without filters, lists every transaction. The table ends with what the listed \
        transactions spent (refunds subtracted), earned, and the net: earned minus spent.
        """,
        access: .read)

    static var arguments: [CommandArgument<List>] {
        .group(\.filters, FilterOptions.arguments) + [.format(\.format)]
    }

    var filters = FilterOptions()
    var format = OutputFormat.table

    func validate() throws(UsageError) { try filters.validate() }

    func run(_ context: CommandContext) throws -> Outcome {
        try printTransactions(context, filter: filters.filter, format: format, excelSafe: false)
        return .success
    }
}

/// `budget export`: transactions as CSV (or any format), streamed.
struct Export: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "export",
        abstract: "Export transactions, by date then id (CSV by default).",
        discussion: """
        Streams: memory stays small however many transactions there are. Amounts are plain \
        (-12.50), dates ISO (2026-11-21); 'budget import' reads the CSV back exactly.
        """,
        access: .read)

    static var arguments: [CommandArgument<Export>] {
        .group(\.filters, FilterOptions.arguments) + [
            .format(\.format, default: .csv),
            .excelSafe(\.excelSafe),
        ]
    }

    var filters = FilterOptions()
    var format = OutputFormat.csv
    var excelSafe = false

    func validate() throws(UsageError) { try filters.validate() }

    func run(_ context: CommandContext) throws -> Outcome {
        try printTransactions(context, filter: filters.filter, format: format, excelSafe: excelSafe)
        return .success
    }
}

private func printTransactions(_ context: CommandContext, filter: TransactionFilter, format: OutputFormat,
                               excelSafe: Bool) throws {
    let store = try context.store()
    let record = RecordDescription<Transaction>.transaction
    guard format == .table else {
        var writer = try RecordWriter(format: format, record: record, output: context.stdout, excelSafe: excelSafe)
        try store.forEachTransaction(matching: filter) { try writer.write($0) }
        try writer.finish()
        return
    }
    var table = record.table()
    let totals = try store.forEachTransaction(matching: filter) { table.append(record.tableCells($0)) }
    table.appendRule()
    table.append(texts: ["", "Spent", try totals.spent.description])
    table.append(texts: ["", "Earned", try totals.earned.description])
    table.append(texts: ["", "Net", try totals.net.description])
    try context.stdout.write(table.render())
}
