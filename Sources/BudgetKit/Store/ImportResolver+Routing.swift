extension ImportResolver {
    /// The row with the account its bank file names by number (``ImportRow/accountNumber``)
    /// named instead: the account with that number (ignoring spaces, dashes and case).
    ///
    /// - Throws: ``BudgetError/unknownAccountNumber(_:location:)`` when no account has it.
    func routed(_ row: ImportRow) throws -> ImportRow {
        guard row.account == nil, let number = row.accountNumber else { return row }
        let key = Account.numberKey(number)
        guard let account = book.accounts.first(where: { $0.number.map(Account.numberKey) == key }) else {
            throw BudgetError.unknownAccountNumber(number, location: BankFileLocation(file: file, line: row.line))
        }
        var routed = row
        routed.account = account.name
        routed.accountNumber = nil
        return routed
    }
}
