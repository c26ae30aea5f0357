import BudgetKit

/// `budget add-account NAME [--type T] [--opening AMOUNT [--on DAY]] [--number TEXT]`.
struct AddAccount: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "add-account",
        abstract: "Add an account: where money is.",
        discussion: """
        A checking account unless --type says otherwise. --opening is the money in it on the \
        day --on gives (from the beginning without it; negative for a debt, as on a credit \
        card); it is never income. --number is the bank's account number or IBAN, unique \
        ignoring spaces and dashes: any command takes it where it takes an account's name.
        """,
        access: .write)

    static var arguments: [CommandArgument<AddAccount>] {[
        .argument(\.name, "name", help: "The account's name, unique ignoring case."),
        .option(\.kind, "type", "type", default: "checking", help: "What kind of account it is."),
        .option(\.opening, "opening", "amount", help: "The opening balance."),
        .option(\.on, "on", "day", help: "The day of the opening balance: YYYY-MM-DD, today or yesterday."),
        .option(\.number, "number", "text", help: "The bank's account number or IBAN."),
    ]}

    var name = ""
    var kind = Account.Kind.checking
    var opening: Money?
    var on: Day?
    var number: String?

    func validate() throws(UsageError) {
        if on != nil && opening == nil { throw .needs("--on <day>", "--opening <amount>") }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        // A bad name is refused before a missing book is created for it.
        let name = try BudgetStore.newAccountName(name)
        let account = try context.store().addAccount(named: name, kind: kind, number: number, openingBalance: opening ?? .zero,
                                                     openingDate: on)
        var message = "Added \(account.kind.rawValue) account \(account.name)"
        if let number = account.number { message += " (\(number))" }
        if let opening { message += ", opening balance \(opening)" + (on.map { " on \($0)" } ?? "") }
        context.confirm(message + ".")
        return .success
    }
}

/// `budget accounts [--date D] [--all]`.
struct Accounts: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "accounts",
        abstract: "List the accounts with their balances.",
        discussion: """
        Each balance is the account's at the end of the day (today unless --date): its opening \
        balance, minus spending, plus income, and transfers out and in. The table ends with \
        their total. Accounts closed on or before the day are listed only with --all (one \
        closed later was open then, and is listed); a warning names those left out that still \
        hold money, which the total leaves out too.
        """,
        access: .read)

    static var arguments: [CommandArgument<Accounts>] {[
        .option(\.date, "date", "day", help: "The balances at the end of this day (default: today)."),
        .flag(\.all, "all", help: "List closed accounts too."),
        .format(\.format),
    ]}

    var date: Day?
    var all = false
    var format = OutputFormat.table

    func run(_ context: CommandContext) throws -> Outcome {
        let day = date ?? .today()
        let every = try context.store().accounts(on: day, includingClosed: true)
        // An account closed after the day was open on it: listed, and in the total.
        let accounts = all ? every : every.filter { !$0.account.isClosed(on: day) }
        if format == .table {
            try context.stdout.write(try Accounts.table(accounts))
        } else {
            try context.printRecords(format, record: .account, values: accounts)
        }
        if !all { Accounts.warnOfMoneyLeftOut(every.filter { $0.account.isClosed(on: day) && $0.balance != .zero }, on: day, context) }
        return .success
    }

    /// Names the closed accounts the listing left out that still hold money: their balances
    /// are in no line and not in the total, so the total alone would understate what is held.
    ///
    ///     budget: warning: closed account Old holds 480.00 on 2026-11-27; it is not listed, nor in the total; --all lists it
    ///     budget: warning: closed accounts hold money on 2026-11-27: Old 480.00, Card -30.00; they are not listed, nor in the total; --all lists them
    static func warnOfMoneyLeftOut(_ closed: [AccountBalance], on day: Day, _ context: CommandContext) {
        guard let first = closed.first else { return }
        if closed.count == 1 {
            context.warn("budget: warning: closed account \(first.account.name) holds \(first.balance) on \(day); "
                         + "it is not listed, nor in the total; --all lists it")
        } else {
            let held = closed.map { "\($0.account.name) \($0.balance)" }.joined(separator: ", ")
            context.warn("budget: warning: closed accounts hold money on \(day): \(held); they are not listed, nor in the total; --all lists them")
        }
    }

    /// The table of `accounts`, with their total.
    static func table(_ accounts: [AccountBalance]) throws -> String {
        let record = RecordDescription<AccountBalance>.account
        var table = record.table()
        var total = Money.zero
        for account in accounts {
            table.append(record.tableCells(account))
            total = try total.adding(account.balance)
        }
        table.appendRule()
        table.append(texts: ["Total", "", "", total.description])
        return table.render()
    }
}

/// `budget rename-account OLD NEW`.
struct RenameAccount: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "rename-account", abstract: "Rename an account; its transactions follow it.", access: .change)

    static var arguments: [CommandArgument<RenameAccount>] {[
        .argument(\.old, "old", help: "The account's current name."),
        .argument(\.new, "new", help: "Its new name."),
    ]}

    var old = AccountName(argument: "")
    var new = ""

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let current = try store.account(named: old.name).name
        try store.renameAccount(named: old.name, to: new)
        context.confirm("Renamed account \(current) to \(try store.account(named: new).name).")
        return .success
    }
}

/// `budget set-account-number NAME NUMBER`, or `--clear`.
struct SetAccountNumber: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "set-account-number",
        abstract: "Give an account the bank's account number or IBAN.",
        discussion: """
        An import then puts a statement that names this number (OFX's ACCTID, a CAMT IBAN, \
        MT940's :25:) into this account without --account, and any command takes the number \
        where it takes the account's name. Numbers are unique ignoring spaces, dashes and case, \
        and a German IBAN and its BLZ/KONTO are one number. --clear takes the number away.
        """,
        access: .change)

    static var arguments: [CommandArgument<SetAccountNumber>] {[
        .argument(\.name, "name", help: "The account."),
        .argument(\.number, "number", help: "The bank's account number or IBAN, as its statements write it."),
        .flag(\.clear, "clear", help: "Take the account's number away."),
    ]}

    var name = AccountName(argument: "")
    var number: String?
    var clear = false

    func validate() throws(UsageError) {
        if clear, number != nil { throw .conflict("'<number>' cannot be used with '--clear'") }
        guard let number else {
            if clear { return }
            throw UsageError(message: "set-account-number needs a <number>, or '--clear' to take the number away")
        }
        // An empty "$NUMBER" in a script would take the number away without a word.
        if Account.numberKey(number).isEmpty {
            throw UsageError(message: "the value '\(number)' is invalid for '<number>': it holds no digit or letter",
                             hint: "use '--clear' to take the number away")
        }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let before = try store.setAccountNumber(ofAccount: name.name, to: clear ? nil : number)
        let after = try store.account(named: before.name)
        switch (before.number, after.number) {
        case let (old?, new?) where old == new: context.confirm("\(after.name) already has the number \(new).")
        case let (old?, new?): context.confirm("\(after.name)'s number is now \(new) (it was \(old)).")
        case let (nil, new?): context.confirm("\(after.name)'s number is now \(new).")
        case let (old?, nil): context.confirm("\(after.name) has no number now (it was \(old)).")
        case (nil, nil): context.confirm("\(after.name) has no number.")
        }
        return .success
    }
}

/// `budget close-account NAME [--on DAY]`.
struct CloseAccount: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "close-account",
        abstract: "Close an account: it keeps its history and is hidden.",
        discussion: """
        A closed account is left out of 'budget accounts' (unless --all) and of completion, and \
        takes no transaction on or after the day it closed, so an account with transactions \
        (or transfers) dated on or after --on is not closed. The default account cannot be \
        closed: make another the default first.
        """,
        access: .change)

    static var arguments: [CommandArgument<CloseAccount>] {[
        .argument(\.name, "name", help: "The account."),
        .option(\.on, "on", "day", help: "The day it closed (default: today)."),
    ]}

    var name = AccountName(argument: "")
    var on: Day?

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let day = on ?? .today()
        let account = try store.account(named: name.name)
        try store.closeAccount(named: name.name, on: day)
        let balance = try store.accounts(on: day, includingClosed: true).first { $0.account.id == account.id }?.balance ?? .zero
        context.confirm("Closed account \(account.name) on \(day)" + (balance == .zero ? "." : " with a balance of \(balance)."))
        return .success
    }
}

/// `budget delete-account NAME [--move-to OTHER]`.
struct DeleteAccount: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "delete-account",
        abstract: "Delete an account.",
        discussion: """
        An account that still has transactions (or transfers) is kept unless --move-to names \
        an account to move them to. An account with an opening balance is kept too (that money \
        would leave the net worth): close it instead. Its reconciliations go with it. The \
        default account cannot be deleted: make another the default first.
        """,
        access: .change)

    static var arguments: [CommandArgument<DeleteAccount>] {[
        .argument(\.name, "name", help: "The account."),
        .option(\.moveTo, "move-to", "other", help: "Move its transactions and transfers to this account first."),
    ]}

    var name = AccountName(argument: "")
    var moveTo: AccountName?

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        let account = try store.account(named: name.name).name
        let moved: Int
        do {
            moved = try store.deleteAccount(named: name.name, moveTo.map { .moveTransactions(to: $0.name) } ?? .refuseIfUsed)
        } catch let error as BudgetError {
            // ErrorText's hint offers --force, which delete-account has not.
            guard case .dateInReconciledPeriod(_, let reconciliation) = error, let moveTo else { throw error }
            let list = ShellWords.quoted(["budget", "list", "--account", account, "--to", reconciliation.statementDate.description])
            throw EnvironmentError(message: ErrorText(error).message,
                                   hint: "delete-account never breaks a reconciliation: move those transactions with 'budget edit ID "
                                       + "--account \(ShellWords.quoted(moveTo.name)) --force' first (see '\(list)'), then delete "
                                       + "\(account); or move them to another account")
        }
        if let moveTo, moved > 0 {
            let target = try store.account(named: moveTo.name).name
            context.confirm("Deleted account \(account); moved \(moved == 1 ? "1 transaction" : "\(moved) transactions") to \(target).")
        } else {
            context.confirm("Deleted account \(account).")
        }
        return .success
    }
}

/// `budget set-default-account NAME`.
struct SetDefaultAccount: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "set-default-account", abstract: "Make an account the one transactions go to by default.", access: .change)

    static var arguments: [CommandArgument<SetDefaultAccount>] {[
        .argument(\.name, "name", help: "The account."),
    ]}

    var name = AccountName(argument: "")

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store()
        try store.setDefaultAccount(named: name.name)
        context.confirm("\(try store.account(named: name.name).name) is now the default account.")
        return .success
    }
}
