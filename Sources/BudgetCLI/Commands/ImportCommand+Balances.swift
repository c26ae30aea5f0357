import BudgetKit

extension Import {
    /// Says how each bank statement's balances compare with the book after the import; a
    /// closing balance that differs exits 3 (the rows stay imported).
    ///
    /// ```text
    /// Main on 2026-11-30: 1234.56, as the statement says.
    /// budget: warning: bank.sta:1: the statement opens Main at 100.00, the book at 0.00 (100.00 below the statement): an earlier statement is missing
    /// budget: error: bank.sta:1: the statement closes Main on 2026-11-30 at 1234.56, the book at 1134.56 as the bank sees it (100.00 below the statement)
    /// hint: ...
    /// ```
    ///
    /// A dry run says the same of the book as the import would leave it, and exits 3 the same
    /// way: a script can check a statement before importing it.
    static func reportBalances(_ checks: [StatementBalanceCheck], dryRun: Bool, added: Int, _ context: CommandContext) -> Outcome {
        let book = dryRun ? "the book would be" : "the book"
        var outcome = Outcome.success
        for check in checks {
            // The likely cause, named first: the generic hints below (an earlier statement, an
            // opening balance to set) would send the person after the wrong thing.
            let wrongAccount = check.closingMatches && check.openingMatches ? nil : check.numberOwner
            if let owner = wrongAccount {
                context.warn("budget: warning: \(check.location): the statement is of \(owner)'s account number, "
                    + "but --account \(dryRun ? "would put" : "put") its rows into \(check.account)")
                context.warn("hint: " + (dryRun ? "leave --account out to import it into \(owner)"
                    : "if that is a mistake, 'budget undo' takes this import back; then import the file again without --account"))
            }
            if !check.openingMatches, let opening = check.statedOpening {
                context.warn("budget: warning: \(check.location): the statement opens \(check.account) at \(opening), \(book) at "
                    + "\(check.bookOpening) (\(StatementGap.words(book: check.bookOpening, statement: opening))): an earlier statement is missing")
                // Were this the book's first statement of the account, this opening balance
                // would make the book open as the bank does: the command, run as printed,
                // makes the same file check out.
                if wrongAccount == nil, let suggested = check.suggestedOpeningBalance {
                    let on = check.suggestedOpeningDate.map { ["--on", $0.description] } ?? []
                    context.warn("hint: import the statements before this one, then this one again (it adds nothing twice); "
                        + "if the book starts with this statement, give the account its opening balance: "
                        + ShellWords.command(["budget", "set-opening-balance"], arguments: [check.account, suggested.description],
                                             options: on))
                } else if wrongAccount == nil {
                    // The book does not start with this statement, or the opening balance would
                    // be refused (a reconciliation counts it): only the earlier statements help.
                    context.warn("hint: import the statements before this one, then this one again (it adds nothing twice)")
                }
            }
            if check.closingMatches {
                context.confirm(dryRun ? "\(check.account) on \(check.day) would be \(check.bookClosing), as the statement says."
                                       : "\(check.account) on \(check.day): \(check.bookClosing), as the statement says.")
                continue
            }
            outcome = .balanceMismatch
            context.warn("budget: error: \(check.location): the statement closes \(check.account) on \(check.day) at "
                + "\(check.statedClosing), \(book) at \(check.bookClosing) as the bank sees it "
                + "(\(StatementGap.words(book: check.bookClosing, statement: check.statedClosing)))")
            guard wrongAccount == nil else { continue }
            let imported = dryRun ? "nothing was imported (dry run)"
                : added == 0 ? "this import added no row (the file's were already in the book)"
                : "the \(added == 1 ? "row was" : "\(added) rows were") imported"
            context.warn("hint: \(imported); look for rows deleted, edited "
                + "or missing in \(check.account) up to \(check.day) (see 'budget list --account \(check.account)'), "
                + "and for an earlier statement not imported")
        }
        return outcome
    }
}

extension Import {
    /// Warns when most rows of a bank's CSV file read without column options (a signed amount,
    /// no sign column, no --negate: nothing said which way its amounts go) were money in: a
    /// card's file that writes charges positive (American Express, Discover) looks like that,
    /// and every charge was a refund. The hint gives the column options that read the file in
    /// budget's own way (spending positive).
    func reportMostlyMoneyIn(_ summary: ImportSummary, _ rows: ImportReader, dryRun: Bool, _ context: CommandContext) {
        guard let amounts = summary.mostlyMoneyIn, !negate, let layout = rows.layout, let amount = layout.amount,
              layout.signColumn == nil else { return }
        var words = layout.headerLine > 1 ? ["--skip-lines", String(layout.headerLine - 1)] : []
        if layout.delimiter != "," { words += ["--delimiter", layout.delimiter == "\t" ? "tab" : String(layout.delimiter)] }
        words += ["--date-column", layout.date, "--amount-column", amount]
        if let payee = layout.payee { words += ["--payee-column", payee] }
        if let category = layout.category { words += ["--category-column", category] }
        if let note = layout.note { words += ["--note-column", note] }
        let options = words.map(ShellWords.quoted).joined(separator: " ")
        context.warn("budget: warning: \(amounts.moneyIn) of \(amounts.rows) rows have a positive amount, "
                     + "which a bank's file means as money in (a refund, or income)")
        let card = "if the file is a card's that writes charges positive (American Express, Discover), "
        context.warn(dryRun ? "hint: \(card)name its columns, without --negate: \(options)"
                            : "hint: \(card)run 'budget undo' and import it again with its columns named, without --negate: \(options)")
    }

    /// Lists each pending transaction that looks like a row just imported without being its
    /// twin: both stay, a person decides.
    static func reportNearMisses(_ misses: [PendingNearMiss], dryRun: Bool, _ context: CommandContext) {
        for miss in misses {
            let (pending, posted) = (miss.pending, miss.posted)
            context.warn("budget: warning: pending transaction \(pending.id) (\(pending.date) \(pending.amount) \(pending.payee)) "
                + "looks like transaction \(posted.id) \(dryRun ? "this import would add" : "just imported") "
                + "(\(posted.date) \(posted.amount) \(posted.payee)); \(dryRun ? "both would be kept" : "both kept")")
        }
        if let first = misses.first {
            context.warn("hint: if the two are one, delete the pending one with 'budget delete \(first.pending.id)'")
        }
    }
}

extension Import {
    /// Lists each transfer imported as new that looks like the other side of one imported
    /// before, booked a few days apart: both stay, a person decides.
    ///
    /// ```text
    /// budget: warning: savings.qif:7: the transfer of 50.00 from Giro to Savings on 2026-11-04 was imported as transaction 3; transfer 1, imported before, is one of 50.00 from Giro to Savings on 2026-11-03
    /// hint: if the two are one transfer (each account's side, booked on another day), delete one with 'budget delete 3'
    /// ```
    static func reportTransferNearMisses(_ misses: [TransferNearMiss], file: String, dryRun: Bool, _ context: CommandContext) {
        for miss in misses {
            let (new, other) = (miss.imported, miss.other)
            context.warn("budget: warning: \(file):\(miss.line): the transfer of \(new.amount) from \(new.account) to \(new.transferAccount ?? "") "
                + "on \(new.date) \(dryRun ? "would be imported as new" : "was imported as transaction \(new.id)"); transfer \(other.id), "
                + "imported before, is one of \(other.amount) from \(other.account) to \(other.transferAccount ?? "") on \(other.date)")
        }
        if let first = misses.first {
            let id = dryRun ? first.other.id : first.imported.id
            context.warn("hint: if the two are one transfer (each account's side, booked on another day), "
                + "\(dryRun ? "import, then " : "")delete one with 'budget delete \(id)'")
        }
    }

    /// Warns of each row skipped by a bank id whose transaction has another day or amount
    /// (``ReusedBankID``), both shown, with how to add it or correct the book:
    ///
    /// ```text
    /// budget: warning: m2.ofx:6: skipped as already imported: its bank id is transaction 5's (2026-11-03 4.75 Coffee), but the row is 2026-12-03 99.00 Electronics
    /// hint: if the bank gave the id to another transaction, add it with 'budget add'; if it corrected the row, correct transaction 5 with 'budget edit 5'
    /// ```
    static func reportReusedBankIDs(_ rows: [ReusedBankID], file: String, dryRun: Bool, _ context: CommandContext) {
        for row in rows {
            let transaction = row.transaction
            context.warn("budget: warning: \(file):\(row.line): \(dryRun ? "would be skipped" : "skipped") as already imported: "
                + "its bank id is transaction \(transaction.id)'s (\(transaction.date) \(transaction.amount) \(transaction.payee)), "
                + "but the row is \(row.date) \(row.amount) \(row.payee)")
        }
        if let first = rows.first?.transaction.id {
            context.warn("hint: if the bank gave the id to another transaction, add it with 'budget add'; "
                + "if it corrected the row, correct transaction \(first) with 'budget edit \(first)'")
        }
    }

    /// How a dry run read the file, when not as budget's own CSV: its format and encoding, and
    /// for a bank's CSV file the columns chosen; `nil` for a UTF-8 CSV file read as told.
    ///
    /// ```text
    /// Read as csv (windows-1252, ';'), header on line 5: date 'Buchungstag', amount 'Betrag', payee 'Empfänger' (money out), 'Auftraggeber' (money in), note 'Verwendungszweck'.
    /// ```
    static func howRead(_ rows: ImportReader) -> String? {
        let format = rows.format.map(\.description) ?? "csv"
        var details = [rows.encoding.map(\.description) ?? "utf-8"]
        guard format != "csv" || rows.layout != nil || details[0] != "utf-8" else { return nil }
        guard let layout = rows.layout else { return "Read as \(format) (\(details[0]))." }
        details.append(layout.delimiter == "\t" ? "tab" : "'\(layout.delimiter)'")
        var columns = ["date '\(layout.date)'"]
        if let amount = layout.amount { columns.append("amount '\(amount)'") }
        if let debit = layout.debit, let credit = layout.credit { columns.append("debit '\(debit)', credit '\(credit)'") }
        if let payee = layout.payee { columns.append("payee '\(payee)'" + (layout.payer == nil ? "" : " (money out)")) }
        if let payer = layout.payer { columns.append("'\(payer)' (money in)") }
        if let category = layout.category { columns.append("category '\(category)'") }
        if let note = layout.note { columns.append("note '\(note)'") }
        if let status = layout.status { columns.append("status '\(status)'") }
        let bankSigns = "signs as the bank's (money out negative)"
        let signs = layout.amount == nil ? "" : layout.signColumn.map { column in
            "; signs from \(layout.sign.map { "'\($0)'" } ?? "column \(column)") (S or D out, H or C in), else \(bankSigns)"
        } ?? "; " + bankSigns
        return "Read as \(format) (\(details.joined(separator: ", "))), header on line \(layout.headerLine): "
            + columns.joined(separator: ", ") + signs + "."
    }
}

extension ImportSummary {
    /// `Imported 120 transactions from bank.csv; skipped 3 already imported.`, or for a dry run
    /// `Dry run: would import 120 transactions from bank.csv; would skip 3 already imported.`
    /// Transfers skipped as the other side of one imported before are named:
    /// `skipped 3 already imported (1 of them a transfer imported before from the other account's file)`.
    func message(from source: String) -> String {
        let transactions = added == 1 ? "1 transaction" : "\(added) transactions"
        var text = dryRun ? "Dry run: would import \(transactions) from \(source)" : "Imported \(transactions) from \(source)"
        if skipped > 0 { text += dryRun ? "; would skip \(skipped) already imported" : "; skipped \(skipped) already imported" }
        if mirroredTransfers == 1 && skipped == 1 {
            text += " (a transfer imported before from its other account's file)"
        } else if mirroredTransfers > 0 {
            text += mirroredTransfers == 1
                ? " (1 of them a transfer imported before from the other account's file)"
                : " (\(mirroredTransfers) of them transfers imported before from the other account's file)"
        }
        if ignored > 0 {
            text += "; \(dryRun ? "would ignore" : "ignored") \(ignored) deleted after an earlier import "
                + "(--include-deleted brings \(ignored == 1 ? "it" : "them") back)"
        }
        if replacedPending > 0 {
            text += "; \(dryRun ? "would replace" : "replaced") \(replacedPending) pending transaction\(replacedPending == 1 ? "" : "s") "
                + "by \(replacedPending == 1 ? "its" : "their") posted row"
        }
        if createdCategories > 0 {
            let categories = createdCategories == 1 ? "1 category" : "\(createdCategories) categories"
            text += dryRun ? "; would create \(categories)" : "; created \(categories)"
        }
        return text + "."
    }
}
