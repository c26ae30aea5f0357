extension BudgetStore {
    /// Adds an account.
    ///
    /// ```swift
    /// try store.addAccount(named: "Savings", kind: .savings, openingBalance: Money(parsing: "2500"),
    ///                      openingDate: Day(iso: "2026-01-01"))
    /// try store.addAccount(named: "Giro", number: "DE12 3456 7890 1234 5678 90")
    /// ```
    ///
    /// - Parameters:
    ///   - name: unique ignoring case; leading and trailing spaces are dropped.
    ///   - kind: checking (the default), savings, credit, cash or investment.
    ///   - number: the bank's account number or IBAN, unique ignoring spaces, dashes and case;
    ///     blank is none.
    ///   - openingBalance: the money in the account on `openingDate` (negative for a debt).
    ///   - openingDate: the day the opening balance counts from; `nil`: from the beginning.
    /// - Returns: the new account.
    /// - Throws: ``BudgetError/invalidAccountName(_:)``, ``BudgetError/invisibleCharacterInAccountName(_:_:)``,
    ///   ``BudgetError/invalidAccountNumber(_:)``, ``BudgetError/duplicateAccount(_:)``,
    ///   ``BudgetError/duplicateAccountNumber(_:account:)``, ``BudgetError/sameBankAccount(_:account:itsNumber:)``.
    @discardableResult
    public func addAccount(named name: String, kind: Account.Kind = .checking, number: String? = nil,
                           openingBalance: Money = .zero, openingDate: Day? = nil) throws -> Account {
        let name = try BudgetStore.newAccountName(name)
        let number = try BudgetStore.newAccountNumber(number)
        return try writing {
            if try connection.int64("SELECT id FROM accounts WHERE name_key = ?", [.text(Account.nameKey(name))]) != nil {
                throw BudgetError.duplicateAccount(name)
            }
            if let number { try refuseTakenNumber(number, exceptID: nil) }
            try connection.run("""
                INSERT INTO accounts (id, name, name_key, type, number, number_key, opening_balance, opening_date)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [try nextID(for: "accounts"), .text(name), .text(Account.nameKey(name)), .text(kind.rawValue), number.sqliteValue,
                      number.map(Account.numberKey).sqliteValue, openingBalance.sqliteValue, openingDate.sqliteValue])
            return Account(id: connection.lastInsertRowID, name: name, kind: kind, number: number,
                           openingBalance: openingBalance, openingDate: openingDate)
        }
    }

    /// The accounts with their balances at the end of `day`, by name ignoring case; accounts
    /// closed by `day` (on or before it) only when `includingClosed`: one closed later was open
    /// then, and is listed.
    ///
    /// - Throws: ``BudgetError/totalTooLarge`` when a balance would not fit in 64 bits.
    /// - Complexity: one pass over the transactions dated up to `day` (a covering index), plus
    ///   splits and transfers.
    public func accounts(on day: Day = .today(), includingClosed: Bool = false) throws -> [AccountBalance] {
        try reading {
            try connection.inReadTransaction {
                try BalanceQuery.accountBalances(on: day, includingClosed: includingClosed, in: connection)
            }
        }
    }

    /// The accounts without their balances (a cheap read), by name ignoring case; closed ones
    /// only when `includingClosed`.
    public func allAccounts(includingClosed: Bool = false) throws -> [Account] {
        try reading {
            try connection.cached("SELECT \(AccountColumn.list("a")) FROM accounts AS a ORDER BY a.name_key, a.id")
                .map([], AccountColumn.account).filter { includingClosed || !$0.isClosed }
        }
    }

    /// The account with this name (ignoring case), or else this number.
    ///
    /// - Throws: ``BudgetError/unknownAccount(_:)``.
    public func account(named name: String) throws -> Account {
        try reading { try accountRow(named: name) }
    }

    /// The default account: where transactions go when no account is named.
    public func defaultAccount() throws -> Account {
        try reading { try defaultAccountRow() }
    }

    /// Renames an account; its transactions follow it. Changing only the case is allowed.
    ///
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/invalidAccountName(_:)``,
    ///   ``BudgetError/invisibleCharacterInAccountName(_:_:)``, ``BudgetError/duplicateAccount(_:)``.
    public func renameAccount(named name: String, to newName: String) throws {
        let newName = try BudgetStore.newAccountName(newName)
        try writing {
            let account = try accountRow(named: name)
            let taken = try connection.int64("SELECT id FROM accounts WHERE name_key = ? AND id <> ?",
                                             [.text(Account.nameKey(newName)), .integer(account.id)])
            if taken != nil { throw BudgetError.duplicateAccount(newName) }
            try connection.run("UPDATE accounts SET name = ?, name_key = ? WHERE id = ?",
                               [.text(newName), .text(Account.nameKey(newName)), .integer(account.id)])
        }
    }

    /// Gives an account the bank's number or IBAN, as ``addAccount(named:kind:number:openingBalance:openingDate:)``
    /// takes it (unique ignoring spaces, dashes and case), or takes it away (`nil` or blank).
    /// Imports then find the account by the number a statement names (OFX `ACCTID`, a CAMT
    /// IBAN, MT940's `:25:`), and any command takes the number where it takes the name.
    ///
    /// ```swift
    /// try store.setAccountNumber(ofAccount: "Giro", to: "DE89 3704 0044 0532 0130 00")
    /// ```
    ///
    /// A number written exactly as the account's already is writes nothing.
    ///
    /// - Returns: the account as it was before.
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/invalidAccountNumber(_:)``,
    ///   ``BudgetError/duplicateAccountNumber(_:account:)``, ``BudgetError/sameBankAccount(_:account:itsNumber:)``.
    @discardableResult
    public func setAccountNumber(ofAccount name: String, to number: String?) throws -> Account {
        let number = try BudgetStore.newAccountNumber(number)
        return try writing {
            let account = try accountRow(named: name)
            guard account.number != number else { return account }
            if let number { try refuseTakenNumber(number, exceptID: account.id) }
            try connection.run("UPDATE accounts SET number = ?, number_key = ? WHERE id = ?",
                               [number.sqliteValue, number.map(Account.numberKey).sqliteValue, .integer(account.id)])
            return account
        }
    }

    /// Closes an account on `day`: it keeps its history, is left out of ``accounts(on:includingClosed:)``
    /// unless asked for, and takes no transaction dated on or after `day`.
    ///
    /// So it is refused while the account holds transactions (either side of a transfer) dated
    /// on or after `day`, or an opening balance counting from then: they would sit where a
    /// closed account takes none, and its balance would go on moving after the day it closed.
    ///
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/defaultAccountRequired(_:)``,
    ///   ``BudgetError/accountAlreadyClosed(_:closedOn:)``,
    ///   ``BudgetError/openingOnOrAfterClosing(_:openingDate:closedOn:)``,
    ///   ``BudgetError/transactionsAfterClosing(_:closedOn:count:last:)``.
    public func closeAccount(named name: String, on day: Day = .today()) throws {
        try writing {
            let account = try accountRow(named: name)
            if let closedOn = account.closedOn { throw BudgetError.accountAlreadyClosed(account.name, closedOn: closedOn) }
            if account.isDefault { throw BudgetError.defaultAccountRequired(account.name) }
            try BudgetStore.refuseOpening(account.openingDate, closing: day, of: account)
            let later = try connection.cached("""
                SELECT count(*), max(date) FROM transactions WHERE (account_id = ?1 OR transfer_account_id = ?1) AND date >= ?2
                """).first([.integer(account.id), day.sqliteValue]) { row in
                    row.int64(0) > 0 ? (count: Int(row.int64(0)), last: row.day(1)) : nil
                }
            if let later = later ?? nil {
                throw BudgetError.transactionsAfterClosing(account.name, closedOn: day, count: later.count, last: later.last)
            }
            try connection.run("UPDATE accounts SET closed_on = ? WHERE id = ?", [day.sqliteValue, .integer(account.id)])
        }
    }

    /// Sets an account's opening balance and the day it counts from (`nil`: from the
    /// beginning): the money that was there before the first transaction the book holds, as
    /// the first bank statement imported says (its opening balance).
    ///
    /// ```swift
    /// try store.setOpeningBalance(ofAccount: "Giro", to: Money(parsing: "1500"), on: Day(iso: "2026-10-31"))
    /// ```
    ///
    /// It changes every balance from that day on, so it passes the guard every write passes: a
    /// change on or before the account's last reconciliation is refused unless `policy` allows it.
    /// On a closed account the day must come before the closing day, whatever `policy` says.
    ///
    /// - Returns: the account as it was before.
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/openingOnOrAfterClosing(_:openingDate:closedOn:)``,
    ///   ``BudgetError/reconciledOpeningBalance(_:_:)``.
    @discardableResult
    public func setOpeningBalance(ofAccount name: String, to amount: Money, on day: Day?,
                                  reconciled policy: ReconciledChanges = .refuse) throws -> Account {
        try writing {
            let account = try accountRow(named: name)
            try refuseOpeningBalance(of: account, amount, on: day, policy: policy)
            try connection.run("UPDATE accounts SET opening_balance = ?, opening_date = ? WHERE id = ?",
                               [amount.sqliteValue, day.sqliteValue, .integer(account.id)])
            return account
        }
    }

    /// Makes an account the default: `addTransaction` without an account goes there.
    ///
    /// - Throws: ``BudgetError/unknownAccount(_:)``, ``BudgetError/accountClosed(_:closedOn:date:)``
    ///   for a closed account.
    public func setDefaultAccount(named name: String) throws {
        try writing {
            let account = try accountRow(named: name)
            if let closedOn = account.closedOn { throw BudgetError.accountClosed(account.name, closedOn: closedOn, date: .today()) }
            try connection.run("UPDATE accounts SET is_default = 0 WHERE is_default = 1 AND id <> ?", [.integer(account.id)])
            try connection.run("UPDATE accounts SET is_default = 1 WHERE id = ? AND is_default = 0", [.integer(account.id)])
        }
    }

    // MARK: - Internals

    /// An account as its table stores it.
    enum AccountColumn: Int32, FixedColumns {
        case id, name, type, number, openingBalance, openingDate, closedOn, isDefault
        var sql: String {
            switch self {
            case .id: return "id"
            case .name: return "name"
            case .type: return "type"
            case .number: return "number"
            case .openingBalance: return "opening_balance"
            case .openingDate: return "opening_date"
            case .closedOn: return "closed_on"
            case .isDefault: return "is_default"
            }
        }

        /// The SELECT list with every column of the table aliased `alias`.
        static func list(_ alias: String) -> String { selectList { "\(alias).\($0.sql)" } }

        /// The account a row read with ``list(_:)`` holds.
        static func account(_ row: Row) -> Account {
            Account(id: row.int64(AccountColumn.id), name: row.text(AccountColumn.name),
                    kind: Account.Kind(rawValue: row.text(AccountColumn.type)) ?? .checking,
                    number: row.isNull(AccountColumn.number) ? nil : row.text(AccountColumn.number),
                    openingBalance: row.money(AccountColumn.openingBalance),
                    openingDate: row.isNull(AccountColumn.openingDate) ? nil : Day(iso: row.text(AccountColumn.openingDate)),
                    closedOn: row.isNull(AccountColumn.closedOn) ? nil : Day(iso: row.text(AccountColumn.closedOn)),
                    isDefault: row.int64(AccountColumn.isDefault) != 0)
        }
    }

    /// Refuses an opening balance counting from `opening` in an account closing on `closing`
    /// when that is on or after the closing day: a closed account takes nothing from the day it
    /// closed (as ``closeAccount(named:on:)`` holds of its transactions). No day on either side
    /// (from the beginning, or open) is always fine.
    /// Throws when ``setOpeningBalance(ofAccount:to:on:reconciled:)`` would refuse to give
    /// `account` this opening balance from `day` (read only: an import's hint offers the command
    /// only when it would be accepted).
    func refuseOpeningBalance(of account: Account, _ amount: Money, on day: Day?, policy: ReconciledChanges) throws {
        try BudgetStore.refuseOpening(day, closing: account.closedOn, of: account)
        func effect(_ amount: Money, _ day: Day?) -> BalanceEffect {
            BalanceEffect(accountID: account.id, date: day ?? Day.first, amount: amount.minorUnits)
        }
        do {
            try guardReconciled(old: [effect(account.openingBalance, account.openingDate)], new: [effect(amount, day)],
                                id: nil, policy: policy)
        } catch BudgetError.dateInReconciledPeriod(_, let reconciliation) {
            throw BudgetError.reconciledOpeningBalance(account.name, reconciliation)
        }
    }

    private static func refuseOpening(_ opening: Day?, closing: Day?, of account: Account) throws(BudgetError) {
        if let opening, let closing, opening >= closing {
            throw .openingOnOrAfterClosing(account.name, openingDate: opening, closedOn: closing)
        }
    }

    /// The account named `name` (exactly, else ignoring case), else the one numbered `name`.
    func accountRow(named name: String) throws -> Account {
        let trimmed = name.trimmingSpaces()
        let account = try connection.cached("""
            SELECT \(AccountColumn.list("a")) FROM accounts AS a WHERE a.name = ?1 OR a.name_key = ?2 OR a.number_key = ?3
            ORDER BY a.name = ?1 DESC, a.name_key = ?2 DESC LIMIT 1
            """).first([.text(trimmed), .text(Account.nameKey(trimmed)), .text(Account.numberKey(trimmed))], AccountColumn.account)
        guard let account else { throw BudgetError.unknownAccount(name) }
        return account
    }

    /// The account with this id.
    func accountRow(id: Int64) throws -> Account {
        let account = try connection.cached("SELECT \(AccountColumn.list("a")) FROM accounts AS a WHERE a.id = ?")
            .first([.integer(id)], AccountColumn.account)
        guard let account else { throw BudgetError.unknownAccount("#\(id)") }
        return account
    }

    /// The default account; in a book whose default was removed by hand (see `budget check`),
    /// the oldest open account.
    func defaultAccountRow() throws -> Account {
        let account = try connection.cached("""
            SELECT \(AccountColumn.list("a")) FROM accounts AS a ORDER BY a.is_default DESC, a.closed_on IS NOT NULL, a.id LIMIT 1
            """).first([], AccountColumn.account)
        guard let account else { throw BudgetError.unknownAccount("") }
        return account
    }

    /// The named account, or the default one; refused when it was closed on or before `date`.
    func openAccountRow(named name: String?, on date: Day) throws -> Account {
        let account = try name.map { try accountRow(named: $0) } ?? defaultAccountRow()
        if let closedOn = account.closedOn, date >= closedOn {
            throw BudgetError.accountClosed(account.name, closedOn: closedOn, date: date)
        }
        return account
    }

    /// Refuses a number another account already has, or one that names the same bank account
    /// as another account's number in another form (a German IBAN and its `BLZ/KONTO`, see
    /// ``Account/isNamed(byStatementNumber:)``): a statement naming either form would then go to
    /// whichever account matched it more closely, and one bank account's rows would be split
    /// between two budget accounts.
    private func refuseTakenNumber(_ number: String, exceptID: Int64?) throws {
        let holder = try connection.cached("SELECT name FROM accounts WHERE number_key = ? AND id IS NOT ?")
            .first([.text(Account.numberKey(number)), exceptID.sqliteValue]) { $0.text(0) }
        if let holder { throw BudgetError.duplicateAccountNumber(number, account: holder) }
        let others = try connection.cached("SELECT \(AccountColumn.list("a")) FROM accounts AS a WHERE a.number IS NOT NULL AND a.id IS NOT ? ORDER BY a.id")
            .map([exceptID.sqliteValue], AccountColumn.account)
        if let other = others.first(where: { $0.isNamed(byStatementNumber: number) }), let itsNumber = other.number {
            throw BudgetError.sameBankAccount(number, account: other.name, itsNumber: itsNumber)
        }
    }

    /// The account number as ``addAccount(named:kind:number:openingBalance:openingDate:)`` and
    /// ``setAccountNumber(ofAccount:to:)`` store it: every kind of space a plain one (an IBAN
    /// copied from a bank's web page holds no-break spaces, which the number's key would keep,
    /// so no statement's number would match it), without surrounding spaces and tabs, `nil`
    /// when nothing but spaces, dashes and tabs is left.
    ///
    /// - Throws: ``BudgetError/invalidAccountNumber(_:)`` for a control character or one that
    ///   draws nothing (``InvisibleCharacters``).
    static func newAccountNumber(_ number: String?) throws -> String? {
        let spaced = number.map { text in
            String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .spaceSeparator ? " " : $0 }))
        }
        guard let trimmed = spaced.map({ $0.trimmingSpaces() }), !Account.numberKey(trimmed).isEmpty else { return nil }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) || InvisibleCharacters.first(in: trimmed) != nil {
            throw BudgetError.invalidAccountNumber(number ?? "")
        }
        return trimmed
    }

    /// The name without surrounding spaces; refuses empty names and control characters.
    static func validAccountName(_ name: String) throws -> String {
        do {
            return try validCategoryName(name)
        } catch {
            throw BudgetError.invalidAccountName(name)
        }
    }

    /// The name ``addAccount(named:kind:number:openingBalance:openingDate:)`` and
    /// ``renameAccount(named:to:)`` would give an account, checked as they check it, with no
    /// book opened: a caller about to create a book for a new account refuses a bad name first.
    ///
    /// Refuses what ``validAccountName(_:)`` refuses, and the characters that draw nothing
    /// (``InvisibleCharacters``). Names already in a book are not held to this.
    ///
    /// - Returns: the name without surrounding spaces and tabs.
    /// - Throws: ``BudgetError/invalidAccountName(_:)``, ``BudgetError/invisibleCharacterInAccountName(_:_:)``.
    public static func newAccountName(_ name: String) throws -> String {
        let trimmed = try validAccountName(name)
        if let character = InvisibleCharacters.first(in: trimmed) { throw BudgetError.invisibleCharacterInAccountName(name, character) }
        return trimmed
    }
}
