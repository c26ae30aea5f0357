import BudgetKit

/// `budget list`: transactions as a table for people (or any format).
struct List: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "list",
        abstract: "List transactions, by date then id.",
        discussion: """
        Without filters, lists every transaction; --sort orders by other keys. The table ends with what the listed \
        transactions spent (refunds subtracted), earned, and the net: earned minus spent. \
        Transfers are neither: with one --account, a transfer shows as '→ Savings' (money out, \
        negative) or '← Checking' (money in), and the table ends with their sum too; otherwise \
        once, as 'Checking → Savings'. A split is one row, 'split (2)', unless --splits or \
        --category asks for its parts (those in the categories named); other formats write one \
        record per part, as export does. An ACCOUNT column appears when the book has several \
        accounts. With --limit, the most recent transactions are kept, then shown in the order \
        asked for.
          budget list --sort category,-amount --category Food --category Rent
        """,
        access: .read)

    static var arguments: [CommandArgument<List>] {
        .group(\.filters, FilterOptions.arguments) + .group(\.order, OrderOptions.arguments) + [
            .flag(\.splits, "splits", help: "List each part of a split as a row."),
            .flag(\.status, "status", help: "Show which transactions are reconciled (a transfer in the account listed; "
                  + "listed whole, 'reconciled in Checking' while only one side is)."),
            .format(\.format),
        ]
    }

    var filters = FilterOptions()
    var order = OrderOptions()
    var splits = false
    var status = false
    var format = OutputFormat.table

    func validate() throws(UsageError) { try filters.validate() }

    func run(_ context: CommandContext) throws -> Outcome {
        try printTransactions(context, filters: filters, sort: order.sort, format: format, excelSafe: false, splits: splits, status: status)
        return .success
    }
}

/// `budget export`: transactions as CSV (or any format), streamed.
struct Export: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "export",
        abstract: "Export transactions, by date then id (CSV by default).",
        discussion: """
        Streams: memory stays small however many transactions there are, in any order \
        (--sort category,-amount). Amounts are plain \
        (-12.50), dates ISO (2026-11-21); 'budget import' reads the CSV or TSV back exactly \
        (not one written with --excel-safe, which is for spreadsheets: import keeps its '). \
        TSV quotes nothing: a tab, a line break and a backslash in a field are written \\t, \\n \
        (\\r for CR) and \\\\. A split \
        is one record per part ('split' is 1/2, 2/2), a transfer names the account it reaches \
        ('transfer_account'); 'reconciled' is the statement day of the reconciliation of \
        'account' that covered a transaction, and for a transfer 'transfer_reconciled' the one \
        of 'transfer_account' (each account's statement vouches for its own side).
        """,
        access: .read)

    static var arguments: [CommandArgument<Export>] {
        .group(\.filters, FilterOptions.arguments) + .group(\.order, OrderOptions.arguments) + [
            .format(\.format, default: .csv),
            .excelSafe(\.excelSafe),
        ]
    }

    var filters = FilterOptions()
    var order = OrderOptions()
    var format = OutputFormat.csv
    var excelSafe = false

    func validate() throws(UsageError) { try filters.validate() }

    func run(_ context: CommandContext) throws -> Outcome {
        try printTransactions(context, filters: filters, sort: order.sort, format: format, excelSafe: excelSafe, splits: true, status: false)
        return .success
    }
}

private func printTransactions(_ context: CommandContext, filters: FilterOptions, sort: TransactionSort, format: OutputFormat,
                               excelSafe: Bool, splits: Bool, status: Bool) throws {
    let store = try context.store()
    let filter = filters.filter
    let account = try filters.account.map { try store.account(named: $0.name).name }
    let categoryKeys = Set(try filters.categories.map { BudgetCategory.nameKey(try store.category(named: $0.name).name) })
    let parts = format != .table || splits || !categoryKeys.isEmpty
    let severalAccounts = try store.allAccounts(includingClosed: true).count > 1
    let view = TransactionView(account: account, showsAccount: account == nil && severalAccounts, showsStatus: status)
    let record = RecordDescription<TransactionLine>.transaction(view)
    guard format == .table else {
        var writer = try RecordWriter(format: format, record: record, output: context.stdout, excelSafe: excelSafe)
        try store.forEachTransaction(matching: filter, sortedBy: sort) { transaction in
            try TransactionLine.forEachLine(of: transaction, parts: parts, categoryKeys: categoryKeys) { try writer.write($0) }
        }
        try writer.finish()
        return
    }
    var table = context.tableWriter(record, totalling: [TransactionField.amount.rawValue])
    var totals = TransactionTotals()
    var transfers = Money.zero, anyTransfer = false
    try store.forEachTransaction(matching: filter, sortedBy: sort) { transaction in
        try TransactionLine.forEachLine(of: transaction, parts: parts, categoryKeys: categoryKeys) { line in
            try table.append(record.tableCells(line))
            if let kind = transaction.kind.categoryKind {
                totals.add(line.amount, kind: kind)
            } else {
                anyTransfer = true
                transfers = try transfers.adding(line.amount(seenFrom: account))
            }
        }
    }
    var footer: [Table.Row] = [
        .rule,
        .cells(["", "Spent", try totals.spent.description]),
        .cells(["", "Earned", try totals.earned.description]),
        .cells(["", "Net", try totals.net.description]),
    ]
    if account != nil && anyTransfer { footer.append(.cells(["", "Transfers", transfers.description])) }
    try table.finish(footer: footer)
}
