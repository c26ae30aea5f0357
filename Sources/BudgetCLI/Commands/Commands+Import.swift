import BudgetKit

extension Commands {
    static let importFile = Command(spec: CommandSpec(
        name: "import",
        abstract: "Import a CSV file: an export or a bank statement.",
        discussion: """
        With no options it reads what 'budget export' writes, exactly. For a bank's file, \
        name its columns by header text or by number from 1:
          budget import giro.csv --delimiter ';' --skip-lines 4 \\
            --date-column Buchungstag --date-format DD.MM.YYYY --decimal-comma \\
            --amount-column Betrag --negate --payee-column Empfänger \\
            --default-category Other --source giro

        Signs: a signed amount column is read in budget's own way (spending positive, as \
        exported); with --negate it is the bank's money flow (money out negative). With debit \
        and credit columns, money out is spending and money in is income, or a refund in an \
        expense category.

        A row's category is the file's category column, else the first matching rule (see \
        'budget rule'), else --default-category.

        All or nothing: a bad row stops the import (FILE:LINE:COLUMN, exit 65) and the book is \
        unchanged. Importing a row again adds nothing: each row keeps a key made of the \
        source, date, amount, payee and its number among identical rows in the file. Says on \
        standard error how many rows were imported and skipped; --dry-run lists them instead \
        (status new, or skip when already imported) and writes nothing.
        """,
        arguments: [ArgumentSpec(name: "file", help: "The CSV file, or - for standard input.")],
        options: [
            .value("delimiter", "char", help: "The field separator: one character, like ; or tab (default: a comma)."),
            .value("skip-lines", "n", kind: .count, default: "0", help: "Lines to skip before the header (a bank's preamble)."),
            .value("date-column", "column", default: "date", help: "The date's column: header text, or a number from 1."),
            .value("date-format", "pattern", default: "YYYY-MM-DD",
                   help: "How dates are written: YYYY, MM and DD with separators, like DD.MM.YYYY or MM/DD/YYYY."),
            .value("amount-column", "column", default: "amount", help: "The signed amount's column."),
            .value("debit-column", "column", help: "The column of money out, with --credit-column."),
            .value("credit-column", "column", help: "The column of money in, with --debit-column."),
            .value("payee-column", "column", help: "The payee's column (default: payee, if the header has it)."),
            .value("category-column", "column", help: "The category's column (default: category, if the header has it)."),
            .flag("ignore-category-column", help: "Ignore the file's category column (a bank's own categories): use rules and --default-category."),
            .value("note-column", "column", help: "The note's column (default: note, if the header has it)."),
            .value("default-category", "name", help: "The category of rows that neither the file nor a rule puts in one."),
            .flag("decimal-comma", help: "Amounts are written like 1.234,56."),
            .flag("negate", help: "The amount column is the bank's money flow: money out is negative."),
            .value("source", "name", default: "default",
                   help: "The account the file comes from: import keys are kept per source, so two cards never collide."),
            .flag("dry-run", help: "Check and list the rows; write nothing."),
            OutputFormat.option(),
        ]
    )) { context in
        let arguments = context.arguments
        let options = try ImportOptions(arguments)
        try arguments.require("dry-run", with: "format")
        let path = arguments.text("file")!
        let input = path == "-" ? context.stdin : try Input.open(path: path)
        let store = try context.store()
        let dryRun = arguments.flag("dry-run")
        // Records streamed to a terminal would be drawn over: then they are the progress.
        let streamsToTerminal = dryRun && arguments.format != .table && context.stdout.isTerminal
        let progress = context.quiet || streamsToTerminal ? nil : ProgressBar.make(for: input, on: context.stderr)
        defer { progress?.finish() }
        var rows = ImportReader(file: input.name, options: options) {
            let chunk = try input.read()
            progress?.update(done: input.bytesRead)
            return chunk
        }
        let summary = dryRun ? try listDryRun(context, store, &rows, progress: progress) : try store.importTransactions(from: &rows)
        progress?.finish()
        context.confirm(summary.message(from: path == "-" ? "standard input" : path))
        return .success
    }

    /// Imports in a dry run, listing every row with its status (`new`, or `skip` when already
    /// imported): a table with the total of the new rows, or streamed records.
    private static func listDryRun(_ context: CommandContext, _ store: BudgetStore, _ rows: inout ImportReader,
                                   progress: ProgressBar?) throws -> ImportSummary {
        func cells(_ imported: ImportedRow) -> [Cell] {
            let transaction = imported.transaction
            return [.integer(transaction.id), .date(transaction.date.description), .money(transaction.amount),
                    .text(transaction.category), .text(transaction.payee), .text(transaction.note),
                    .text(imported.added ? "new" : "skip")]
        }
        let format = context.arguments.format
        guard format == .table else {
            var writer = try RecordWriter(format: format, columns: transactionColumns + ["status"], output: context.stdout)
            let summary = try store.importTransactions(from: &rows, dryRun: true) { try writer.write(cells($0)) }
            try writer.finish()
            return summary
        }
        var table = Table(columns: [("ID", .right), ("DATE", .left), ("AMOUNT", .right), ("CATEGORY", .left),
                                    ("PAYEE", .left), ("NOTE", .left), ("STATUS", .left)])
        var total = Money.zero
        let summary = try store.importTransactions(from: &rows, dryRun: true) {
            table.append(cells($0))
            if $0.added { total = try total.adding($0.transaction.amount) }
        }
        table.appendRule()
        table.append(texts: ["", "Total new", total.description])
        progress?.finish()
        try context.stdout.write(table.render())
        return summary
    }
}

extension ImportSummary {
    /// `Imported 120 transactions from bank.csv; skipped 3 already imported.`, or for a dry run
    /// `Dry run: would import 120 transactions from bank.csv; would skip 3 already imported.`
    func message(from source: String) -> String {
        let transactions = added == 1 ? "1 transaction" : "\(added) transactions"
        var text = dryRun ? "Dry run: would import \(transactions) from \(source)" : "Imported \(transactions) from \(source)"
        if skipped > 0 { text += dryRun ? "; would skip \(skipped) already imported" : "; skipped \(skipped) already imported" }
        return text + "."
    }
}
