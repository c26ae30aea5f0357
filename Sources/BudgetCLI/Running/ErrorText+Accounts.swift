import BudgetKit

extension ErrorText {
    static let accountsHint = "see the accounts with 'budget accounts --all', or add one with 'budget add-account NAME'"

    /// The words for the errors about accounts, transfers, splits and reconciliations.
    init(accounts error: BudgetError) {
        switch error {
        case .invalidAccountName(let name):
            self.init(message: "invalid account name '\(name)': it must be non-empty text without control characters",
                      hint: "choose a name such as Checking or \"Credit card\"")
        case .invisibleCharacterInAccountName(let name, let character):
            self.init(message: "invalid account name '\(InvisibleCharacters.shown(in: name))': it holds \(InvisibleCharacters.label(character)), which is invisible",
                      hint: Self.invisibleCharacterHint)
        case .invalidAccountNumber(let number):
            self.init(message: "invalid account number '\(InvisibleCharacters.shown(in: number))': it must be text without control or invisible characters",
                      hint: "write the number as the bank's statement shows it, such as \"DE89 3704 0044 0532 0130 00\"")
        case .unknownAccount(let name):
            self.init(noneNamed: name, noun: "account", hint: Self.accountsHint)
        case .duplicateAccount(let name):
            self.init(message: "an account named '\(name)' already exists",
                      hint: "names are unique ignoring case; choose another name")
        case .duplicateAccountNumber(let number, let account):
            self.init(message: "account '\(account)' already has the number '\(number)'",
                      hint: "numbers are unique ignoring spaces, dashes and case; check the number")
        case .sameBankAccount(let number, let account, let itsNumber):
            self.init(message: "'\(number)' is the bank account of account '\(account)' (number '\(itsNumber)'), in another form",
                      hint: "statements naming either form go into '\(account)' already: one bank account belongs to one budget account")
        case .accountInUse(let name, let count):
            self.init(message: "account '\(name)' has \(count) transaction\(count == 1 ? "" : "s")",
                      hint: "use --move-to OTHER to keep them in another account, or close it with '"
                          + ShellWords.command(["budget", "close-account"], arguments: [name]) + "'")
        case .accountHasOpeningBalance(let name, let balance):
            self.init(message: "account '\(name)' has an opening balance of \(balance): deleting it would take that money out of the net worth",
                      hint: "close it instead with '" + ShellWords.command(["budget", "close-account"], arguments: [name])
                          + "': a closed account keeps its history and its balance")
        case .reconciledOpeningBalance(let name, let reconciliation):
            self.init(message: "the opening balance of \(name) counts in the reconciliation of \(reconciliation.account) on "
                          + "\(reconciliation.statementDate) (statement balance \(reconciliation.statementBalance))",
                      hint: "add --force to change it anyway; the reconciliation will no longer hold")
        case .moveToSameAccount(let name):
            self.init(message: "cannot move the transactions of account '\(name)' into itself", hint: "name a different account with --move-to")
        case .transfersWithinAccount(let from, let to, let count):
            self.init(message: "\(count) transfer\(count == 1 ? "" : "s") between '\(from)' and '\(to)' would become "
                          + "transfer\(count == 1 ? "" : "s") from '\(to)' to itself",
                      hint: "delete \(count == 1 ? "it" : "them") first (see 'budget list --account \(from)'), or move to another account")
        case .defaultAccountRequired(let name):
            self.init(message: "'\(name)' is the default account", hint: "make another account the default with 'budget set-default-account NAME' first")
        case .accountClosed(let name, let closedOn, let date):
            self.init(message: date >= closedOn ? "account '\(name)' was closed on \(closedOn): nothing can be added on \(date)"
                                                : "account '\(name)' was closed on \(closedOn)",
                      hint: "choose an open account with --account, or a day before \(closedOn)")
        case .accountAlreadyClosed(let name, let closedOn):
            self.init(message: "account '\(name)' is already closed (since \(closedOn))", hint: nil)
        case .transactionsAfterClosing(let name, let closedOn, let count, let last):
            let close = ShellWords.command(["budget", "close-account"], arguments: [name], options: ["--on", last.adding(days: 1).description])
            let list = ShellWords.quoted(["budget", "list", "--account", name, "--from", closedOn.description])
            self.init(message: "account '\(name)' has \(count) transaction\(count == 1 ? "" : "s") dated on or after \(closedOn), "
                          + "the last on \(last): a closed account takes none from the day it closed",
                      hint: "close it after them ('\(close)'), or move them to an open account with 'budget edit ID --account NAME' (see '\(list)')")
        case .openingOnOrAfterClosing(let name, let openingDate, let closedOn):
            self.init(message: "account '\(name)' closes on \(closedOn), on or before \(openingDate), the day its opening balance counts from",
                      hint: "a closed account takes nothing from the day it closes, its opening balance included: "
                          + "the opening balance's day must come before the closing day")
        case .transferToSameAccount(let name):
            self.init(message: "a transfer from '\(name)' to itself moves nothing", hint: "name two different accounts: FROM and TO of 'budget transfer', "
                          + "--account (where it comes from) and --transfer-to (where it goes) of 'budget edit'")
        case .invalidTransferAmount(let amount):
            self.init(message: "a transfer moves more than zero, not \(amount)", hint: "swap FROM and TO to move money the other way")
        case .transferHasNoCategory(let id):
            self.init(message: "transaction \(id) is a transfer: it has no category and no parts",
                      hint: "change its accounts with --account and --transfer-to, or delete it and add a transaction")
        case .notATransfer(let id):
            self.init(message: "transaction \(id) is not a transfer", hint: "move it to another account with --account")
        case .emptySplit:
            self.init(message: "a split needs at least one part", hint: "give each part as --split CATEGORY=AMOUNT")
        case .splitDoesNotSum(let total, let parts):
            let difference = parts - total
            self.init(message: "the parts sum to \(parts), not \(total): \(difference > .zero ? "\(difference) too much" : "\(-difference) missing")",
                      hint: "make the parts add up to the amount exactly")
        case .splitMixesKinds(let expense, let income):
            self.init(message: "a split cannot mix expense category '\(expense)' with income category '\(income)'",
                      hint: "split money spent across expense categories, or money received across income categories")
        case .reconciledTransaction(let id, let reconciliation):
            self.init(message: "transaction \(id) is covered by the reconciliation of \(reconciliation.account) on "
                          + "\(reconciliation.statementDate) (statement balance \(reconciliation.statementBalance))",
                      hint: "add --force to change it anyway; the reconciliation will no longer hold")
        case .dateInReconciledPeriod(let date, let reconciliation):
            self.init(message: "\(date) is on or before the reconciliation of \(reconciliation.account) on "
                          + "\(reconciliation.statementDate) (statement balance \(reconciliation.statementBalance))",
                      hint: "add --force to add it anyway; the reconciliation will no longer hold")
        case .futureReconciliation(let day, let today):
            self.init(message: "cannot reconcile on \(day): it is after today (\(today))",
                      hint: "give the statement's day, today or earlier, with --on")
        default:
            self.init(message: error.description, hint: nil)
        }
    }
}
