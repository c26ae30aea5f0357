import BudgetKit

/// `budget set-opening-balance ACCOUNT AMOUNT [--on DAY] [--force]`.
struct SetOpeningBalance: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "set-opening-balance",
        abstract: "Set the money an account held before its transactions.",
        discussion: """
        The opening balance counts from --on (or from the beginning) in every balance, \
        reconciliation and net worth; it is never income. A bank statement's opening balance \
        is the one to give when the book starts with that statement. A change on or before the \
        account's last reconciliation is refused unless --force, which says which \
        reconciliation it breaks.
        """,
        access: .change)

    static var arguments: [CommandArgument<SetOpeningBalance>] {[
        .argument(\.account, "account", help: "The account."),
        .argument(\.amount, "amount", help: "The opening balance, like 1500 or -250.50 for a debt."),
        .option(\.on, "on", "day", help: "The day it counts from (default: from the beginning)."),
        .flag(\.force, "force", help: "Change it even on or before the account's last reconciliation."),
    ]}

    var account = AccountName(argument: "")
    var amount = Money.zero
    var on: Day?
    var force = false

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let (before, broken) = try Reconciled.writing(force, in: store) { policy in
            try store.setOpeningBalance(ofAccount: account.name, to: amount, on: on, reconciled: policy)
        }
        let was = before.openingDate.map { "\(before.openingBalance) from \($0)" } ?? "\(before.openingBalance)"
        context.confirm("Set the opening balance of \(before.name) to \(amount)" + (on.map { " from \($0)" } ?? "") + " (was \(was)).")
        Reconciled.warn(broken, context)
        return .success
    }
}
