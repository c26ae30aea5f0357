extension ImportResolver {
    /// The row with the account its bank file names by number (``ImportRow/accountNumber``)
    /// or by name (``ImportRow/accountName``) named instead: the account with that number
    /// (``Account/isNamed(byStatementNumber:)``), or that name (as ``ImportOptions/account`` names one).
    ///
    /// - Throws: ``BudgetError/unknownAccountNumber(_:location:)`` or
    ///   ``BudgetError/unknownAccountName(_:location:)`` when no account has it.
    func routed(_ row: ImportRow) throws -> ImportRow {
        if row.account == nil, let name = row.accountName {
            guard let account = Self.account(named: name, in: book.accounts) else {
                throw BudgetError.unknownAccountName(name, location: BankFileLocation(file: file, line: row.accountNameLine ?? row.line, column: 2))
            }
            var routed = row
            routed.account = account.name
            routed.accountName = nil
            return routed
        }
        guard row.account == nil, let number = row.accountNumber else { return row }
        guard let account = Account.named(byStatementNumber: number, in: book.accounts) else {
            throw BudgetError.unknownAccountNumber(number, location: BankFileLocation(file: file, line: row.line))
        }
        var routed = row
        routed.account = account.name
        routed.accountNumber = nil
        return routed
    }
}
