import BudgetKit

/// `budget import FILE|-`: a CSV file, an export or a bank statement, into the book.
struct Import: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "import",
        abstract: "Import bank files: CSV, OFX, QFX, QIF, CAMT, MT940.",
        discussion: """
        The format is found from the content (--file-format overrides it): CSV or TSV, OFX 1.x \
        and 2.x, QFX, QIF, CAMT.052/053/054, MT940. The encoding is detected (UTF-8, UTF-16 \
        with a byte order mark, else Windows-1252; --encoding overrides it). Amounts are read \
        as banks write them ($4.75, (3.00), 4.75-, 1.234,56) and dates too (03.11.2026, \
        11/3/26, 3 Nov 2026, a date-time is its day; two-digit years 69-99 are 19xx, 00-68 \
        20xx). A date that could be read two ways (03/04/2026) is read in the one order \
        every date of the file fits (15/04/2026 is day first); else it, or an amount read \
        two ways, is an error naming --date-order, --decimal-comma or --decimal-point.

        A bank file naming its account number (OFX ACCTID, CAMT IBAN, MT940 :25:) goes into \
        the account with that --number; rows the bank gives an id are keyed by it. When the \
        statement states a closing balance, the account's balance as the bank sees it is \
        checked after the import: a difference is printed and the exit status is 3 (the rows \
        stay). A deleted imported transaction stays deleted on a new import (listed as \
        ignored); --include-deleted brings it back.

        With no options a CSV file is read as 'budget export' writes it, exactly. For a bank's \
        CSV file, name its columns by header text or by number from 1:
          budget import giro.csv --delimiter ';' --skip-lines 4 \\
            --date-column Buchungstag --date-format DD.MM.YYYY --decimal-comma \\
            --amount-column Betrag --negate --payee-column Empfänger \\
            --default-category Other --source giro

        Signs: a signed amount column is read in budget's own way (spending positive, as \
        exported); with --negate it is the bank's money flow (money out negative). With debit \
        and credit columns, money out is spending and money in is income, or a refund in an \
        expense category. A bank's CSV file read without column options (its header found) \
        is read as the bank's money flow, as with --negate.

        A row's category is the file's category column, else the first matching rule (see \
        'budget rule'), else --default-category. A bank's CSV file read without column options \
        has its Category column read too: its names are the bank's, and \
        --ignore-category-column leaves them out. Every category the book lacks that a row the \
        import would add names is listed at once (a row already in the book, or replacing its \
        pending twin, adds nothing); --create-categories creates them instead, of the kind its kind \
        column gives (what 'budget export' writes). An export holds transactions, not the \
        whole book: their accounts must exist first, and budgets, categories without \
        transactions, opening balances and reconciliations are not in it; 'budget backup' \
        and 'budget restore' copy a whole book.

        All or nothing: the whole file is read and checked before the book is locked, and a bad \
        row stops the import (FILE:LINE:COLUMN, exit 65) with the book unchanged. A field is at \
        most 1 MiB, a row 4 MiB; a NUL byte is refused. Importing a row again adds nothing: each row keeps a key made of the \
        source, date, amount, payee and its number among identical rows in the file (and its \
        account, when another account's transaction holds that key already). Says on \
        standard error how many rows were imported and skipped; --dry-run lists them instead \
        (status new; skip when already imported; ignored when deleted after an earlier import; \
        replaces N for a posted row that would replace its pending twin, transaction N), with \
        what the new rows spend and earn and their net (transfers are neither), and writes \
        nothing; it checks a statement's balances against the book as the import would \
        leave it.

        Rows go to --account, else to the account the file's account column names (as \
        'budget export' writes it), else to the default account. A row naming a \
        transfer_account is a transfer; rows whose split column counts 1/2, 2/2 are the parts \
        of one split. A row that moves money dated on or before its account's last \
        reconciliation is refused unless --force (a row of 0.00 is taken, and a split \
        whose parts cancel: a split is judged by its parts' sum); a posted row \
        replacing its pending twin is judged by the change to the twin: a change of its day or \
        amount is refused when a reconciliation covers the twin, unless --force.

        --profile NAME lays the options saved with 'budget import-profile save' under the \
        command line's: an option given on the command line replaces the profile's.
        """,
        access: .write)

    static var arguments: [CommandArgument<Import>] {[
        .argument(\.file, "file", help: "The file (CSV, OFX, QFX, QIF, CAMT, MT940), or - for standard input."),
        .option(\.delimiter, "delimiter", "char", help: "The field separator: one character, like ; or tab (default: found from the file without column options, else a comma)."),
        .option(\.skipLines, "skip-lines", "n", default: "0", help: "Lines to skip before the header (a bank's preamble)."),
        .flag(\.hasNoHeader, "no-header", help: "The file has no header: every line is a row, its columns named by number."),
        .option(\.dateColumn, "date-column", "column", default: "date", help: "The date's column: header text, or a number from 1."),
        .option(\.dateFormat, "date-format", "pattern", default: "YYYY-MM-DD",
                help: "How dates are written: YYYY, MM and DD with separators, like DD.MM.YYYY or MM/DD/YYYY."),
        .option(\.amountColumn, "amount-column", "column", help: "The signed amount's column (default: amount)."),
        .option(\.debitColumn, "debit-column", "column", help: "The column of money out, with --credit-column."),
        .option(\.creditColumn, "credit-column", "column", help: "The column of money in, with --debit-column."),
        .option(\.payeeColumn, "payee-column", "column", help: "The payee's column (default: payee, if the header has it)."),
        .option(\.categoryColumn, "category-column", "column", help: "The category's column (default: category, if the header has it)."),
        .flag(\.ignoresCategoryColumn, "ignore-category-column",
              help: "Ignore the file's category column (a bank's own categories): use rules and --default-category."),
        .option(\.noteColumn, "note-column", "column", help: "The note's column (default: note, if the header has it)."),
        .option(\.kindColumn, "kind-column", "column",
                help: "The column of each row's category kind, expense or income (default: kind, if the header has it)."),
        .flag(\.createsMissingCategories, "create-categories",
              help: "Create the categories the file names and the book lacks, of the file's kind (budget 0)."),
        .option(\.defaultCategory, "default-category", "name", help: "The category of rows that neither the file nor a rule puts in one."),
        .option(\.fileFormat, "file-format", "format",
                help: "The file's format: csv, tsv, ofx, qfx, qif, camt.052, camt.053, camt.054 or mt940 (default: found from the content)."),
        .option(\.encoding, "encoding", "name",
                help: "The text encoding: utf-8, utf-16le, utf-16be, latin1 or windows-1252 (default: detected)."),
        .flag(\.decimalSeparator, "decimal-comma", value: .comma, help: "Amounts are written like 1.234,56."),
        .flag(\.decimalSeparator, "decimal-point", value: .point, help: "Amounts are written like 1,234.56."),
        .option(\.dateOrder, "date-order", "order",
                help: "The order of numeric dates' parts: dmy, mdy or ymd (default: each date says, or it is an error)."),
        .flag(\.includesDeleted, "include-deleted", help: "Bring back rows whose transaction was deleted after an earlier import."),
        .flag(\.negate, "negate", help: "The amount column is the bank's money flow: money out is negative."),
        .option(\.source, "source", "name", default: "default",
                help: "Where the file comes from: import keys are kept per source, so two cards never collide."),
        .option(\.account, "account", "name",
                help: "The account every row goes to (default: the file's account column, else the default account)."),
        .flag(\.force, "force", help: "Import rows dated on or before their account's last reconciliation."),
        .flag(\.dryRun, "dry-run", help: "Check and list the rows; write nothing."),
        .option(\.format, "format", "format", help: "The output format of --dry-run (default: table)."),
        .option(\.profile, "profile", "name", help: "Use the options saved under this name (see 'budget import-profile')."),
    ]}

    var file = FilePath("-")
    var delimiter: Delimiter?
    var skipLines = 0
    var hasNoHeader = false
    var dateColumn = ImportColumn.named("date")
    var dateFormat = ImportDateFormat.iso
    var amountColumn: ImportColumn?
    var debitColumn: ImportColumn?
    var creditColumn: ImportColumn?
    var payeeColumn: ImportColumn?
    var categoryColumn: ImportColumn?
    var ignoresCategoryColumn = false
    var noteColumn: ImportColumn?
    var kindColumn: ImportColumn?
    var createsMissingCategories = false
    var defaultCategory: CategoryName?
    var fileFormat: BankFileFormat?
    var encoding: TextEncoding?
    var decimalSeparator = DecimalSeparator.detect
    var dateOrder: DateOrder?
    var includesDeleted = false
    var negate = false
    var source = SourceName()
    var account: AccountName?
    var force = false
    var dryRun = false
    var format: OutputFormat?
    var profile: String?
    /// The options and flags the command line gave, in order (to lay a profile under them).
    var given: [GivenOption] = []

    mutating func noteGiven(_ info: ArgumentInfo, target: AnyKeyPath, word: String) {
        given.append(GivenOption(info, target: target, word: word))
    }

    func validate() throws(UsageError) {
        // With a profile, the options are checked once laid on the profile's.
        guard profile == nil else { return }
        if debitColumn != nil || creditColumn != nil {
            let pair = debitColumn != nil ? "'--debit-column <column>'" : "'--credit-column <column>'"
            if amountColumn != nil { throw .conflict("'--amount-column <column>' cannot be used with \(pair)") }
            if negate { throw .conflict("'--negate' cannot be used with \(pair)") }
            guard debitColumn != nil else { throw .needs("--credit-column <column>", "--debit-column <column>") }
            guard creditColumn != nil else { throw .needs("--debit-column <column>", "--credit-column <column>") }
        }
        if categoryColumn != nil && ignoresCategoryColumn {
            throw .conflict("'--category-column <column>' cannot be used with '--ignore-category-column'")
        }
        if format != nil && !dryRun { throw .needs("--format <format>", "--dry-run") }
    }

    /// The library's options, from this command line.
    var options: ImportOptions {
        var options = ImportOptions()
        options.delimiter = delimiter?.scalar
        options.skipLines = skipLines
        options.hasHeader = !hasNoHeader
        options.dateColumn = dateColumn
        options.dateFormat = dateFormat
        if let debitColumn, let creditColumn {
            options.amount = .debitCredit(debit: debitColumn, credit: creditColumn)
        } else {
            options.amount = .signed(amountColumn ?? .named("amount"))
        }
        options.payeeColumn = payeeColumn
        options.categoryColumn = categoryColumn
        options.ignoresCategoryColumn = ignoresCategoryColumn
        options.noteColumn = noteColumn
        options.kindColumn = kindColumn
        options.createsMissingCategories = createsMissingCategories
        options.defaultCategory = defaultCategory?.name
        options.decimalSeparator = decimalSeparator
        options.dateOrder = dateOrder ?? .detect
        options.fileFormat = fileFormat
        options.encoding = encoding
        options.includesDeleted = includesDeleted
        options.negate = negate
        options.source = source.name
        options.account = account?.name
        options.reconciled = force ? .allow : .refuse
        return options
    }

    func run(_ context: CommandContext) throws -> Outcome {
        if let profile {
            // The profile is kept in the book: the book must exist.
            return try layered(on: try context.store(access: dryRun ? .read : .change).importProfile(named: profile)).run(context)
        }
        let input = file.isStandardStream ? context.stdin : try Input.open(path: file.path)
        // `import - <&-`: an error before the book is opened, never "Imported 0 transactions".
        try input.requireOpen()
        // A dry run writes nothing, so it never creates a book either.
        // Only --create-categories can import into a new book (every row needs a category the
        // book has): without it a mistyped --db is named, never made.
        let store: BudgetStore
        do {
            store = try context.store(access: dryRun ? .read : createsMissingCategories ? .write : .change)
        } catch BudgetError.databaseNotFound(let path) where !dryRun {
            // (A dry run reads: a missing book is named as every read command names it.)
            throw EnvironmentError(message: "'\(path)' does not exist",
                                   hint: "check the path; to make a new book of a file 'budget export' wrote, import it with --create-categories")
        }
        var rows: ImportReader
        let summary: ImportSummary
        var settledNote: String?
        do {
            do {
                (rows, summary) = try importing(input, options: options, into: store, context)
            } catch BudgetError.bankFile(let error) {
                // A date two orders read: another date of the file may settle the order (read
                // again, from the start: a regular file left as it was only; standard input, a
                // pipe or a FIFO is read once).
                guard case .ambiguousDate = error.problem, !file.isStandardStream,
                      let settled = Self.settledDateOrder(input, options: options),
                      let again = input.again() else { throw BudgetError.bankFile(error) }
                var settledOptions = options
                settledOptions.dateOrder = settled.order
                let first = settled.order == .dayMonthYear ? "day" : settled.order == .monthDayYear ? "month" : "year"
                (rows, summary) = try importing(again, options: settledOptions, into: store, context)
                settledNote = "Read dates \(first) first, as line \(settled.line)'s '\(settled.text)' can only be read that way."
            }
        } catch BudgetError.dateInReconciledPeriod(let date, let reconciliation) {
            // An import's own words: the file's row, that nothing was imported, and the likely
            // cause (a first import after reconciling rows typed in by hand, which no import
            // matches), rather than add's "add --force", which would import them twice.
            throw EnvironmentError(
                message: "\(input.name) has a row of \(date), on or before the reconciliation of \(reconciliation.account) on "
                    + "\(reconciliation.statementDate) (statement balance \(reconciliation.statementBalance)); nothing was imported",
                hint: "an import never matches rows typed in by hand: if the book holds the file's rows up to "
                    + "\(reconciliation.statementDate) already, leave them out of the file; to import them anyway, add --force "
                    + "(the reconciliation will no longer hold)")
        } catch BudgetError.reconciledTransaction(let id, let reconciliation) {
            // A posted row replacing its pending twin changes the twin's day or amount, which a
            // reconciliation covers (as 'edit' would): the twin is named, not the posted row's day.
            throw EnvironmentError(
                message: "\(input.name) has a posted row that would replace pending transaction \(id), which the reconciliation of "
                    + "\(reconciliation.account) on \(reconciliation.statementDate) (statement balance \(reconciliation.statementBalance)) "
                    + "covers; nothing was imported",
                hint: "to replace it anyway, add --force (the reconciliation will no longer hold)")
        }
        if dryRun, let line = Self.howRead(rows) { context.confirm(line) }
        if let settledNote { context.confirm(settledNote) }
        for balance in summary.skippedBalanceRows {
            let what = switch balance.kind {
            case .beginningBalance: "a balance with no amount"
            case .statementBalance: "a statement's balance"
            }
            context.confirm("\(dryRun ? "Would skip" : "Skipped") line \(balance.line) ('\(balance.description)'): \(what), not a transaction.")
        }
        if summary.moreSkippedBalanceRows > 0 {
            let more = summary.moreSkippedBalanceRows
            context.confirm("\(dryRun ? "Would skip" : "Skipped") \(more) more line\(more == 1 ? "" : "s") stating a balance, not transactions.")
        }
        context.confirm(summary.message(from: file.isStandardStream ? "standard input" : file.path))
        if !dryRun { Reconciled.warn(store.brokenReconciliations, context) }
        if let amounts = summary.mostlyNegative {
            context.warn("budget: warning: \(amounts.negative) of \(amounts.rows) rows have a negative amount, "
                         + "which budget's own layout reads as money in (a refund, or income)")
            context.warn(dryRun ? "hint: if the file is a bank's, where money out is negative, add --negate"
                                : "hint: if the file is a bank's, where money out is negative, run 'budget undo' and import it again with --negate")
        }
        reportMostlyMoneyIn(summary, rows, dryRun: dryRun, context)
        Self.reportNearMisses(summary.pendingNearMisses, dryRun: dryRun, context)
        Self.reportReusedBankIDs(summary.reusedBankIDs, file: input.name, dryRun: dryRun, context)
        Self.reportTransferNearMisses(summary.transferNearMisses, file: input.name, dryRun: dryRun, context)
        return Self.reportBalances(summary.balanceChecks, dryRun: dryRun, added: summary.added, context)
    }

    /// Reads `input` with `options` into the book (or lists it, in a dry run), with a
    /// progress bar: the reader (what it learnt of the file) and what was imported.
    private func importing(_ input: Input, options: ImportOptions, into store: BudgetStore,
                           _ context: CommandContext) throws -> (ImportReader, ImportSummary) {
        let format = format ?? .table
        // Records streamed to a terminal would be drawn over: then they are the progress.
        let streamsToTerminal = dryRun && format != .table && context.stdout.isTerminal
        let progress = context.quiet || streamsToTerminal ? nil : ProgressBar.make(for: input, on: context.stderr)
        defer { progress?.finish() }
        var rows = ImportReader(file: input.name, options: options) {
            guard let chunk = try input.read() else {
                progress?.completeReading()
                return nil
            }
            progress?.update(done: input.bytesRead)
            return chunk
        }
        // The input and its progress bar are touched by this closure alone while the rows are
        // read: a large file is read and parsed on a thread of its own, ahead of the import.
        rows.readsAhead = true
        let summary = dryRun ? try listDryRun(context, store, &rows, format: format, progress: progress)
            : try store.importTransactions(from: &rows)
        return (rows, summary)
    }

    /// The date order the file `input` read settles (``ImportReader/dateOrderSettled(file:options:chunks:)``),
    /// each reading the same file from its start (``Input/again()``); `nil` when it cannot be
    /// read again.
    private static func settledDateOrder(_ input: Input, options: ImportOptions) -> (order: DateOrder, text: String, line: Int, column: Int)? {
        ImportReader.dateOrderSettled(file: input.name, options: options) {
            guard let again = input.again() else { throw InputError(file: input.name, reason: "changed while it was read", hint: nil) }
            return { try again.read() }
        }
    }

    /// Imports in a dry run, listing every row with its status (`new`; `skip` when already
    /// imported; `ignored` when deleted; `replaces N` for a posted row that replaces pending
    /// transaction N): a table with what the new rows spend and earn (transfers neither), or
    /// streamed records.
    private func listDryRun(_ context: CommandContext, _ store: BudgetStore, _ rows: inout ImportReader,
                            format: OutputFormat, progress: ProgressBar?) throws -> ImportSummary {
        let record = RecordDescription<TransactionLine>.transaction(TransactionView(showsAccount: try store.allAccounts().count > 1))
        let status = RecordColumn<ImportedRow>("status") {
            .text($0.added ? "new" : $0.ignored ? "ignored" : $0.replacedPending.map { "replaces \($0)" } ?? "skip")
        }
        let listed = RecordDescription(columns: record.columns.map { column in
            RecordColumn<ImportedRow>(column.key, column.alignment, inTable: column.inTable, inRecords: column.inRecords, title: column.title,
                                      table: { column.tableCell(Self.line($0)) }) { column.cell(Self.line($0)) }
        }).appending(status)
        guard format == .table else {
            var writer = try RecordWriter(format: format, record: listed, output: context.stdout)
            let summary = try store.importTransactions(from: &rows, dryRun: true) { try writer.write($0) }
            try writer.finish()
            return summary
        }
        // A long table streamed to the terminal the bar is on would mix with it: its rows are the progress then.
        var table = context.tableWriter(listed, totalling: [TransactionField.amount.rawValue]) {
            if context.stdout.isTerminal { progress?.stop() }
        }
        // The new rows' spending and income apart, as `list` shows them: never one sum of both.
        var totals = TransactionTotals()
        let summary = try store.importTransactions(from: &rows, dryRun: true) {
            try table.append(listed.tableCells($0))
            if $0.added, let kind = $0.transaction.kind.categoryKind { totals.add(Self.line($0).amount, kind: kind) }
        }
        progress?.finish()
        try table.finish(footer: [
            .rule,
            .cells(["", "New spent", try totals.spent.description]),
            .cells(["", "New earned", try totals.earned.description]),
            .cells(["", "New net", try totals.net.description]),
        ])
        return summary
    }
}

extension Import {
    /// The line an imported row shows: a part of a split with its position, or a transaction
    /// (a part skipped as already imported into a transaction the book holds otherwise: that
    /// transaction, whole).
    static func line(_ row: ImportedRow) -> TransactionLine {
        guard let position = row.row.split, row.transaction.splits.count == 1, let part = row.transaction.splits.first else {
            return TransactionLine(row.transaction)
        }
        return TransactionLine(row.transaction, part: part, position: position)
    }
}
