import BudgetKit

/// `budget reconcile ACCOUNT --statement-balance AMOUNT --on DAY`.
struct Reconcile: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "reconcile",
        abstract: "Check an account against a bank statement.",
        discussion: """
        Compares the statement's balance with the account's balance in the book at the end of \
        the statement's day. When they match, marks every transaction of the account up to that \
        day reconciled and says how many (a transfer's side in this account only: the other \
        account's statement marks the other side). When they differ, marks nothing, exits 1, says by \
        how much, and lists the account's transactions since its last reconciliation: where \
        the difference hides (a table adds IN/OUT, what each did to the balance as the bank's \
        statement shows it, money in positive; their sum, the balance before them and the book's). \
        A credit card's debt is negative in the book: a statement showing what is owed as a \
        positive amount is reconciled with its negative (--statement-balance -82.40).
        Afterwards, adding, changing or deleting a transaction so that a balance on or before \
        that day changes is refused unless --force, which says which reconciliation it breaks.
        A statement day is reconciled once: the same day and balance again records nothing (it \
        says so, and marks again what --force un-marked since). Another balance for that day is \
        refused as any mismatch is, unless the book now matches it (a change made with --force \
        since): then it replaces the day's old balance, and says so.
        """,
        access: .change)

    static var arguments: [CommandArgument<Reconcile>] {[
        .argument(\.account, "account", help: "The account."),
        .option(\.statementBalance, "statement-balance", "amount", required: true, help: "The balance the statement shows."),
        .option(\.on, "on", "day", required: true, help: "The statement's day: YYYY-MM-DD, today or yesterday; not after today."),
        .format(\.format),
    ]}

    var account = AccountName(argument: "")
    var statementBalance: Money?
    var on: Day?
    var format = OutputFormat.table

    func run(_ context: CommandContext) throws -> Outcome {
        guard let statementBalance, let on else { preconditionFailure("the parser requires --statement-balance and --on") }
        switch try context.store().reconcile(account: account.name, statementBalance: statementBalance, on: on) {
        case .reconciled(let reconciliation, let marked):
            let count = Self.transactions(marked)
            context.confirm("Reconciled \(reconciliation.account) on \(on): the book matches the statement (\(statementBalance)); "
                + "marked \(count) reconciled.")
            return .success
        case .alreadyReconciled(let reconciliation, let marked):
            let count = Self.transactions(marked)
            context.confirm("\(reconciliation.account) is already reconciled on \(on) at \(statementBalance): "
                + (marked == 0 ? "nothing changed." : "marked \(count) reconciled again."))
            return .success
        case .corrected(let reconciliation, let replaced, let marked):
            let count = Self.transactions(marked)
            context.confirm("Reconciled \(reconciliation.account) on \(on): the book matches the statement (\(statementBalance)), "
                + "which replaces the day's reconciliation at \(replaced.statementBalance) (it no longer held); marked \(count) reconciled.")
            return .success
        case .mismatch(let mismatch):
            // What stderr says, written after the listing, or alone when the listing cannot be
            // written (stdout on a full disk): the difference is never lost.
            var notes: [String] = []
            let since = mismatch.lastReconciliation.map { "since its reconciliation on \($0.statementDate) or changed with --force" }
                ?? "since it began"
            notes.append("budget: error: \(mismatch.account.name) at the end of \(on): the statement says \(statementBalance), "
                + "the book \(mismatch.bookBalance) (\(StatementGap.words(book: mismatch.bookBalance, statement: statementBalance)))")
            // The gap's amount, left out when it does not fit in 64 bits (a book of hostile
            // amounts): the sign still says which way to look.
            let amount = StatementGap.amount(book: mismatch.bookBalance, statement: statementBalance).map { " \($0)" } ?? ""
            let gap = "hint: the book " + (statementBalance > mismatch.bookBalance ? "lacks\(amount)" : "has\(amount) too much")
            let name = mismatch.account.name
            if statementBalance != .zero && (try? Money.zero.subtracting(mismatch.bookBalance)) == statementBalance {
                // The book's balance with the other sign: no row explains twice the balance. A
                // card's statement shows the debt positive, the book keeps it negative.
                let card = mismatch.account.kind == .credit
                    ? "a card's statement shows what is owed as a positive amount, which the book keeps negative; "
                        + "if so, reconcile with '--statement-balance \(mismatch.bookBalance)'"
                    : "check the sign of --statement-balance"
                notes.append("hint: the statement's balance is the book's with the other sign: \(card); nothing was marked")
            } else if !mismatch.transactionsSince.isEmpty {
                notes.append(gap + ": check the \(mismatch.transactionsSince.count) transaction\(mismatch.transactionsSince.count == 1 ? "" : "s") "
                    + "of \(name) \(since) (listed), fix them and reconcile again; nothing was marked")
            } else if let last = mismatch.lastReconciliation, mismatch.bookBalance == last.statementBalance, on >= last.statementDate {
                // Nothing since the last reconciliation, and the book still has its statement's
                // balance: nothing it vouched for changed; the new statement holds rows the book
                // lacks (or its figure is mistyped).
                let still = gap + ", and \(name) still has the balance of its reconciliation on \(last.statementDate) (\(last.statementBalance))"
                notes.append(on == last.statementDate
                    ? still + ": check the statement balance; nothing was marked"
                    : still + ", with no transaction since: what the statement holds after \(last.statementDate), up to \(on), "
                        + "is missing from the book (or the statement balance is mistyped); add it and reconcile again; nothing was marked")
            } else if let last = mismatch.lastReconciliation {
                // Every row is marked: one the last reconciliation vouched for changed since
                // without losing its mark (a sync bringing another device's edit, the sqlite3 shell).
                let list = ShellWords.quoted(["budget", "list", "--account", name, "--to", last.statementDate.description])
                notes.append(gap + ", and no transaction of \(name) since its reconciliation on \(last.statementDate) explains it: "
                    + "one it vouched for changed since (by a sync from another device, or the sqlite3 shell), or the opening balance "
                    + "did (set-opening-balance --force); find it with 'budget log' and '\(list)', fix it and reconcile again; "
                    + "nothing was marked")
            } else {
                notes.append(gap + ", and \(name) has no transaction up to \(on): check its opening balance "
                    + "('budget set-opening-balance' sets it), then reconcile again; nothing was marked")
            }
            do {
                try printSince(mismatch, context)
                try context.stdout.flush()
            } catch {
                for note in notes { context.warn(note) }
                throw error
            }
            for note in notes { context.warn(note) }
            return .reconciliationMismatch
        }
    }

    /// The account's transactions since its last reconciliation, seen from it. A table adds
    /// what each did to the account's balance, as a bank statement shows it (money in
    /// positive, out negative: AMOUNT is an expense's cost, an income's gain), and their sum.
    private func printSince(_ mismatch: ReconciliationMismatch, _ context: CommandContext) throws {
        let account = mismatch.account.name
        let record = RecordDescription<TransactionLine>.transaction(TransactionView(account: account))
        let lines = mismatch.transactionsSince.flatMap { TransactionLine.lines(of: $0, parts: format != .table) }
        guard format == .table else {
            try context.printRecords(format, record: record, values: lines)
            return
        }
        let flow = RecordColumn<TransactionLine>("in_out", .right, inRecords: false, title: "IN/OUT") {
            .money(Self.flow(of: $0, in: account) ?? .zero)  // never nil: the loop below throws first
        }
        let listed = record.appending(flow)
        var table = listed.table()
        var sum = Money.zero
        for line in lines {
            guard let flow = Self.flow(of: line, in: account) else { throw BudgetError.totalTooLarge }
            sum = try sum.adding(flow)
            table.append(listed.tableCells(line))
        }
        table.appendRule()
        // The rows' sum, what the balance was before them (the opening balance, or the last
        // statement's), and the book's balance: the column adds up to the book's figure.
        let width = listed.columns.filter(\.inTable).count
        for (label, money) in [("Sum", sum), ("Before", try mismatch.bookBalance.subtracting(sum)), ("Book", mismatch.bookBalance)] {
            var footer = Array(repeating: "", count: width)
            footer[1] = label
            footer[width - 1] = money.description
            table.append(texts: footer)
        }
        try context.stdout.write(table.render())
    }

    /// "1 transaction", "4 transactions".
    static func transactions(_ count: Int) -> String {
        count == 1 ? "1 transaction" : "\(count) transactions"
    }

    /// What a whole transaction did to `account`'s balance: in positive, out negative; `nil`
    /// when that does not fit in 64 bits (an amount of -2^63 going out: only a book written
    /// past `budget` holds one).
    static func flow(of line: TransactionLine, in account: String) -> Money? {
        let out = line.transaction.kind == .expense || (line.transaction.kind == .transfer && line.transaction.account == account)
        return out ? try? Money.zero.subtracting(line.amount) : line.amount
    }
}
