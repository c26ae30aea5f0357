/// A bank statement's balances compared with the book after its import.
///
/// **The balance as the bank sees it**, at the end of the statement's closing day (or of its
/// last booking day, when the bank books an entry after dating the balance), is the
/// account's opening balance (once its opening day has come) plus every transaction of the
/// account dated on or before that day that came from the bank (it has an import key) or that
/// a reconciliation covers, pending ones left out; signed as balances are (spending out,
/// income in, transfers out of and into the account). Rows typed in by hand and not yet
/// reconciled are left out: the bank has not seen them.
///
/// - The closing balance stated (OFX `LEDGERBAL`, CAMT `CLBD`, MT940 `:62F:`) must equal it.
/// - The opening balance stated (CAMT `OPBD`, MT940 `:60F:`) must equal it at the end of the
///   day before the statement's first booked entry; when it does not, an earlier statement is
///   missing (or rows of one were deleted or edited).
public struct StatementBalanceCheck: Hashable, Sendable {
    /// The account the statement went into.
    public var account: String
    /// Where the statement starts in the file.
    public var location: BankFileLocation
    /// The day of the closing balance.
    public var day: Day
    /// The closing balance the statement states.
    public var statedClosing: Money
    /// The balance as the bank sees it in the book, at the end of ``day``.
    public var bookClosing: Money
    /// The opening balance the statement states, when it does.
    public var statedOpening: Money?
    /// The balance as the bank sees it in the book at the end of the day before the
    /// statement's first booked entry (``bookClosing`` when it has none).
    public var bookOpening: Money
    /// Another account, whose number the statement names, when ``ImportOptions/account`` put
    /// its rows into ``account``: a statement imported into the wrong account by mistake.
    public var numberOwner: String?
    /// The opening balance that makes the book open as the statement does (``bookOpening``
    /// equal to ``statedOpening``), counted from ``suggestedOpeningDate``: what to give the
    /// account when the book starts with this statement. `nil` when the balances agree, the
    /// statement states none, or the figure does not fit; `nil` too when the book does not start
    /// with it (the account holds a row dated before its first booked entry, or, in a dry run,
    /// the import would file one) or when ``BudgetStore/setOpeningBalance(ofAccount:to:on:reconciled:)``
    /// would refuse the figure (a reconciliation it counts in): then only an earlier statement
    /// can close the gap.
    ///
    /// It is not ``statedOpening`` less ``openingDifference`` added to the account's opening
    /// balance: that holds only when the account's opening balance counts on the day the
    /// opening is compared. One dated after it (an account added with `--on` a day inside the
    /// statement) is left out of ``bookOpening``, and this figure leaves it out too.
    public var suggestedOpeningBalance: Money?
    /// The day ``suggestedOpeningBalance`` counts from, `nil` for from the beginning: the
    /// account's opening day when that counts on the day the opening is compared (or it has
    /// none); otherwise the day the statement's opening balance is dated, or the day before its
    /// first booked entry when that is earlier or the balance has no date. Either way, the
    /// opening counts at both the statement's opening and its closing.
    public var suggestedOpeningDate: Day?

    /// Creates a check.
    public init(account: String, location: BankFileLocation, day: Day, statedClosing: Money, bookClosing: Money,
                statedOpening: Money?, bookOpening: Money, numberOwner: String? = nil,
                suggestedOpeningBalance: Money? = nil, suggestedOpeningDate: Day? = nil) {
        self.numberOwner = numberOwner
        self.suggestedOpeningBalance = suggestedOpeningBalance
        self.suggestedOpeningDate = suggestedOpeningDate
        self.account = account
        self.location = location
        self.day = day
        self.statedClosing = statedClosing
        self.bookClosing = bookClosing
        self.statedOpening = statedOpening
        self.bookOpening = bookOpening
    }

    /// Whether the closing balances agree.
    public var closingMatches: Bool { statedClosing == bookClosing }
    /// Whether the opening balances agree (`true` when the statement states none).
    public var openingMatches: Bool { statedOpening.map { $0 == bookOpening } ?? true }
    /// The book's closing balance less the statement's: positive when the book has more; `nil`
    /// when that does not fit in 64 bits (a book of hostile amounts), never a trap.
    ///
    /// The opposite sign of ``ReconciliationMismatch/difference`` (the statement's less the
    /// book's). A message for a person should not print it bare, as "difference 86.00": say
    /// which is higher, as `budget` does (`the book at 4695.63 (86.00 above the statement)`).
    public var closingDifference: Money? { try? bookClosing.subtracting(statedClosing) }
    /// The book's opening balance less the statement's (zero when it states none): positive
    /// when the book has more; signed as ``closingDifference`` is, `nil` as it is.
    public var openingDifference: Money? { statedOpening.map { try? bookOpening.subtracting($0) } ?? .zero }
}

extension BudgetStore {
    /// The balance of account `?1` as the bank sees it at the end of day `?2` (see
    /// ``StatementBalanceCheck``), without the opening balance.
    static let bankBalance = """
        SELECT coalesce(sum(CASE
            WHEN t.transfer_account_id IS NOT NULL THEN CASE WHEN t.account_id = ?1 THEN -t.amount ELSE t.amount END
            WHEN t.category_id IS NULL THEN coalesce((SELECT sum(CASE WHEN c2.kind = 'income' THEN p.amount ELSE -p.amount END)
                FROM transaction_splits AS p LEFT JOIN categories AS c2 ON c2.id = p.category_id WHERE p.transaction_id = t.id), 0)
            WHEN c.kind = 'income' THEN t.amount ELSE -t.amount END), 0)
        FROM transactions AS t LEFT JOIN categories AS c ON c.id = t.category_id
        WHERE (t.account_id = ?1 OR t.transfer_account_id = ?1) AND t.date <= ?2
          AND (t.import_key IS NOT NULL OR CASE WHEN t.account_id = ?1 THEN t.reconciled_on ELSE t.transfer_reconciled_on END IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM pending_imports AS q WHERE q.transaction_id = t.id)
        """

    /// What the staged rows of a dry run would add to the balance of account `?1` as the bank
    /// sees it at the end of day `?2`: every staged row the import would file (no transaction
    /// holds its key; no deletion hides it, unless `?3`, ``ImportOptions/includesDeleted``),
    /// the rows the import records as pending left out (not a split's parts nor a transfer:
    /// ``ImportStaging/recordPending``), signed as ``bankBalance`` signs the transactions they would be (a
    /// category still to be created by the kind the file gives it, else as an expense). A
    /// posted row that would replace its pending twin counts as itself: the twin, left out
    /// while pending, takes its day and money.
    static let stagedBankFlow = """
            SELECT coalesce(sum(CASE
                WHEN s.transfer_account_id IS NOT NULL THEN CASE WHEN s.account_id = ?1 THEN -s.stored_amount ELSE s.stored_amount END
                ELSE \(ImportStaging.dryRunFlow(kind: "coalesce(c.kind, m.kind, 'expense')")) END), 0)
            FROM temp.import_staging AS s
            LEFT JOIN categories AS c ON c.id = s.category_id
            LEFT JOIN temp.import_missing AS m ON m.name_key = s.missing_key
            WHERE (s.account_id = ?1 OR s.transfer_account_id = ?1) AND s.date <= ?2
              AND NOT (s.pending AND s.split_group IS NULL AND s.transfer_account_id IS NULL)
              AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = s.import_key)
              AND (?3 OR NOT \(ImportTombstones.hide("s")))
            """

    /// Checks each statement stating a closing balance against the book (in a read
    /// transaction, after the import); in a dry run (`staged`), against the book with the rows
    /// the import would file (``stagedBankFlow``).
    func checkBalances(of statements: [ImportedStatement], options: ImportOptions, staged: Bool = false) throws -> [StatementBalanceCheck] {
        let wanted = statements.filter { $0.statement.closing != nil && !$0.overflowed }
        guard !wanted.isEmpty else { return [] }
        return try reading {
            try connection.inReadTransaction {
                let book = try ImportResolver.read(connection)
                var checks: [StatementBalanceCheck] = []
                for imported in wanted {
                    let statement = imported.statement
                    guard let closing = statement.closing,
                          let day = [closing.day ?? statement.period?.upperBound, imported.lastBookingDay].compactMap({ $0 }).max(),
                          let account = Self.account(of: statement, options: options, in: book.accounts) else { continue }
                    // What the rows the bank sees add up to at the end of a day, and whether the
                    // account's opening balance counts on it.
                    // Sums past 64 bits (only a book of hostile amounts holds them) are an error, not a trap.
                    func flow(at day: Day) throws -> Money {
                        let flow = Money(minorUnits: try connection.int64(Self.bankBalance, [.integer(account.id), day.sqliteValue]) ?? 0)
                        guard staged else { return flow }
                        return try flow.adding(Money(minorUnits: try connection.int64(Self.stagedBankFlow, [
                            .integer(account.id), day.sqliteValue, options.includesDeleted.sqliteValue]) ?? 0))
                    }
                    func opensBy(_ day: Day) -> Bool { account.openingDate.map { $0 <= day } ?? true }
                    func opening(at day: Day) -> Money { opensBy(day) ? account.openingBalance : .zero }
                    let bookClosing = try flow(at: day).adding(opening(at: day))
                    let openingDay = imported.firstBookingDay?.adding(days: -1) ?? day
                    let openingFlow = try flow(at: openingDay)
                    let bookOpening = try openingFlow.adding(opening(at: openingDay))
                    var suggested: (balance: Money, date: Day?)?
                    if let stated = statement.opening?.amount, stated != bookOpening, let balance = try? stated.subtracting(openingFlow),
                       try !holdsRows(accountID: account.id, through: openingDay, staged: staged) {
                        // From the account's opening day when that counts at the comparison (it
                        // stays as the person gave it); else from the statement's opening.
                        let date = opensBy(openingDay) ? account.openingDate : min(statement.opening?.day ?? openingDay, openingDay)
                        // Offered only when the command, run as printed, would be accepted.
                        do {
                            try refuseOpeningBalance(of: account, balance, on: date, policy: .refuse)
                            suggested = (balance, date)
                        } catch BudgetError.reconciledOpeningBalance, BudgetError.openingOnOrAfterClosing {}
                    }
                    let number = options.account == nil ? nil : statement.account.number
                    let owner = number.flatMap { number in Account.named(byStatementNumber: number, in: book.accounts) }
                    checks.append(StatementBalanceCheck(account: account.name, location: statement.location, day: day,
                                                        statedClosing: closing.amount, bookClosing: bookClosing,
                                                        statedOpening: statement.opening?.amount, bookOpening: bookOpening,
                                                        numberOwner: owner.flatMap { $0.id == account.id ? nil : $0.name },
                                                        suggestedOpeningBalance: suggested?.balance, suggestedOpeningDate: suggested?.date))
                }
                return checks
            }
        }
    }

    /// Whether the account holds a transaction (either side of a transfer) dated on or before
    /// `day`, or in a dry run (`staged`) the file stages one for it: the book does not start
    /// with a statement whose first booked entry comes after `day`.
    func holdsRows(accountID: Int64, through day: Day, staged: Bool) throws -> Bool {
        let held = try connection.int64("""
            SELECT EXISTS (SELECT 1 FROM transactions WHERE (account_id = ?1 OR transfer_account_id = ?1) AND date <= ?2)
            """, [.integer(accountID), day.sqliteValue]) == 1
        guard !held, staged else { return held }
        return try connection.int64("""
            SELECT EXISTS (SELECT 1 FROM temp.import_staging WHERE (account_id = ?1 OR transfer_account_id = ?1) AND date <= ?2)
            """, [.integer(accountID), day.sqliteValue]) == 1
    }

    /// The account a statement's rows went to: ``ImportOptions/account``, else the one with the
    /// statement's number, else the default.
    static func account(of statement: BankStatement, options: ImportOptions, in accounts: [Account]) -> Account? {
        if let name = options.account { return ImportResolver.account(named: name, in: accounts) }
        if let number = statement.account.number, !number.isEmpty {
            return Account.named(byStatementNumber: number, in: accounts)
        }
        return accounts.first
    }
}
