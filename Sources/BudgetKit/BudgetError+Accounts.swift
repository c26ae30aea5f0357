extension BudgetError {
    /// The description of the cases about accounts, transfers, splits and reconciliations.
    var accountDescription: String {
        switch self {
        case .invalidAccountName(let name):
            return "invalid account name '\(name)': it must be non-empty text without control characters"
        case .invisibleCharacterInAccountName(let name, let character):
            return "invalid account name '\(InvisibleCharacters.shown(in: name))': it holds \(InvisibleCharacters.label(character)), which is invisible"
        case .invalidAccountNumber(let number):
            return "invalid account number '\(InvisibleCharacters.shown(in: number))': it must be text without control or invisible characters"
        case .unknownAccount(let name):
            return "no account named '\(name)'"
        case .duplicateAccount(let name):
            return "an account named '\(name)' already exists"
        case .duplicateAccountNumber(let number, let account):
            return "account '\(account)' already has the number '\(number)'"
        case .sameBankAccount(let number, let account, let itsNumber):
            return "'\(number)' is the bank account of account '\(account)' (number '\(itsNumber)'), in another form"
        case .accountInUse(let name, let count):
            return "account '\(name)' has \(count) transaction\(count == 1 ? "" : "s")"
        case .accountHasOpeningBalance(let name, let balance):
            return "account '\(name)' has an opening balance of \(balance)"
        case .reconciledOpeningBalance(let name, let reconciliation):
            return "the opening balance of '\(name)' counts in its reconciliation on \(reconciliation.statementDate)"
        case .moveToSameAccount(let name):
            return "cannot move the transactions of account '\(name)' into itself"
        case .transfersWithinAccount(let from, let to, let count):
            return "moving the transactions of '\(from)' to '\(to)' would make \(count) transfer\(count == 1 ? "" : "s") between them transfers to itself"
        case .defaultAccountRequired(let name):
            return "'\(name)' is the default account"
        case .accountClosed(let name, let closedOn, let date):
            return "account '\(name)' was closed on \(closedOn): nothing can be added on \(date)"
        case .accountAlreadyClosed(let name, let closedOn):
            return "account '\(name)' is already closed (since \(closedOn))"
        case .transactionsAfterClosing(let name, let closedOn, let count, let last):
            return "account '\(name)' has \(count) transaction\(count == 1 ? "" : "s") dated on or after \(closedOn), the last on \(last)"
        case .openingOnOrAfterClosing(let name, let openingDate, let closedOn):
            return "account '\(name)' closes on \(closedOn), on or before \(openingDate), the day its opening balance counts from"
        case .transferToSameAccount(let name):
            return "a transfer from '\(name)' to itself"
        case .invalidTransferAmount(let amount):
            return "a transfer moves a positive amount, not \(amount)"
        case .transferHasNoCategory(let id):
            return "transaction \(id) is a transfer: it has no category"
        case .notATransfer(let id):
            return "transaction \(id) is not a transfer"
        case .emptySplit:
            return "a split needs at least one part"
        case .splitDoesNotSum(let total, let parts):
            return "the parts sum to \(parts), not \(total)"
        case .splitMixesKinds(let expense, let income):
            return "a split mixes expense category '\(expense)' with income category '\(income)'"
        case .reconciledTransaction(let id, let reconciliation):
            return "transaction \(id) is covered by the reconciliation of '\(reconciliation.account)' on \(reconciliation.statementDate)"
        case .dateInReconciledPeriod(let date, let reconciliation):
            return "\(date) is covered by the reconciliation of '\(reconciliation.account)' on \(reconciliation.statementDate)"
        case .futureReconciliation(let day, let today):
            return "cannot reconcile on \(day): it is after today (\(today))"
        default:
            preconditionFailure("not an account error: \(self)")
        }
    }
}
