import BudgetKit

extension Commands {
    /// The filters `list` and `export` share.
    static let filterOptions: [OptionSpec] = [
        .value("month", "month", kind: .month, help: "Only this month: YYYY-MM, this or last."),
        .value("from", "day", kind: .day, help: "Only from this day on: YYYY-MM-DD, today or yesterday."),
        .value("to", "day", kind: .day, help: "Only up to this day, included."),
        .value("category", "name", help: "Only this category."),
        .value("payee", "text", help: "Only payees containing this text, ignoring case."),
        .value("min", "amount", kind: .money, help: "Only amounts of at least this."),
        .value("max", "amount", kind: .money, help: "Only amounts of at most this."),
        .value("limit", "n", kind: .count, help: "Only the n most recent of the matching transactions."),
    ]

    static let list = Command(spec: CommandSpec(
        name: "list",
        abstract: "List transactions, by date then id.",
        discussion: "Without filters, lists every transaction. The table ends with the total of the amounts.",
        options: filterOptions + [OutputFormat.option()]
    )) { context in
        try printTransactions(context, excelSafe: false)
    }

    static let export = Command(spec: CommandSpec(
        name: "export",
        abstract: "Export transactions, by date then id (CSV by default).",
        discussion: """
        Streams: memory stays small however many transactions there are. Amounts are plain \
        (-12.50), dates ISO (2026-11-21); 'budget import' reads the CSV back exactly.
        """,
        options: filterOptions + [
            OutputFormat.option(default: .csv),
            .flag("excel-safe", help: "Put ' before text starting with =, +, - or @, against spreadsheet formula injection."),
        ]
    )) { context in
        try printTransactions(context, excelSafe: context.arguments.flag("excel-safe"))
    }

    static let transactionColumns = ["id", "date", "amount", "category", "payee", "note"]

    private static func printTransactions(_ context: CommandContext, excelSafe: Bool) throws -> Outcome {
        let filter = try transactionFilter(context.arguments)
        let store = try context.store()
        func cells(_ transaction: Transaction) -> [Cell] {
            [.integer(transaction.id), .date(transaction.date.description), .money(transaction.amount),
             .text(transaction.category), .text(transaction.payee), .text(transaction.note)]
        }
        guard context.arguments.format == .table else {
            var writer = try RecordWriter(format: context.arguments.format, columns: transactionColumns,
                                          output: context.stdout, excelSafe: excelSafe)
            try store.forEachTransaction(matching: filter) { try writer.write(cells($0)) }
            try writer.finish()
            return .success
        }
        var table = Table(columns: [("ID", .right), ("DATE", .left), ("AMOUNT", .right),
                                    ("CATEGORY", .left), ("PAYEE", .left), ("NOTE", .left)])
        var total = Money.zero
        try store.forEachTransaction(matching: filter) {
            table.append(cells($0))
            total = try total.adding($0.amount)
        }
        table.appendRule()
        table.append(texts: ["", "Total", total.description])
        try context.stdout.write(table.render())
        return .success
    }

    /// The store's filter from `--month`, `--from`, `--to`, `--category`, `--payee`, `--min`,
    /// `--max`, `--limit`.
    static func transactionFilter(_ arguments: ParsedArguments) throws(UsageError) -> TransactionFilter {
        try arguments.requireAtMostOne(of: "month", "from")
        try arguments.requireAtMostOne(of: "month", "to")
        return TransactionFilter(
            month: arguments.month("month"), from: arguments.day("from"), to: arguments.day("to"),
            category: arguments.text("category"), payee: arguments.text("payee"),
            minAmount: arguments.money("min"), maxAmount: arguments.money("max"),
            limit: arguments.has("limit") ? arguments.integer("limit").map { Int(clamping: $0) } : nil)
    }
}
