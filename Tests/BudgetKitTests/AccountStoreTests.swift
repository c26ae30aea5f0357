import Testing
@testable import BudgetKit

/// Issue 10, items 1 and 2: accounts, their balances, and money flow by category kind.
@Suite struct AccountStoreTests {
    @Test func aNewBookHasTheDefaultAccountMainAndAddGoesThere() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        let lunch = try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch")
        #expect(lunch.account == "Main")
        #expect(try store.defaultAccount() == Account(id: 1, name: "Main", kind: .checking, isDefault: true))
        #expect(try store.accounts().map(\.balance) == [money("-12.50")])
    }

    @Test func balancesFollowTheCategoriesSignsAndTheOpeningBalance() throws {
        let book = try AccountBook()
        let store = book.store
        try store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-11-01"))
        try store.addTransaction(amount: money("12.50"), category: "Food", date: day("2026-11-03"))
        try store.addTransaction(amount: money("-2.25"), category: "Food", date: day("2026-11-04"))     // a refund raises it
        try store.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-05"), account: "Visa")
        try store.addTransaction(amount: money("5"), category: "Household", date: day("2026-12-01"), account: "de1234 5678")
        #expect(try book.balances(on: "2026-11-30") == ["Checking": money("2989.75"), "Savings": money("1000"), "Visa": money("-40")])
        #expect(try book.balances(on: "2025-12-31") == ["Checking": .zero, "Savings": .zero, "Visa": .zero])
        #expect(try book.balances(on: "2026-12-01")["Visa"] == money("-45"))
        // The opening balance is never income.
        #expect(try store.monthlyReport(for: Month(iso: "2026-01")!).income.map(\.actual) == [.zero])
        #expect(try store.accounts(on: day("2026-11-30")).map(\.account.name) == ["Checking", "Savings", "Visa"])
    }

    @Test func accountsAreFoundByNameIgnoringCaseOrByNumberIgnoringSpacesAndDashes() throws {
        let book = try AccountBook()
        #expect(try book.store.account(named: "SAVINGS").name == "Savings")
        #expect(try book.store.account(named: "de12345678").name == "Visa")
        #expect(try book.store.account(named: " DE12-3456 78 ").number == "DE12 3456-78")
        #expect(throws: BudgetError.unknownAccount("Cash")) { try book.store.account(named: "Cash") }
    }

    @Test func renamingClosingAndTheDefaultAccount() throws {
        let book = try AccountBook()
        let store = book.store
        let lunch = try store.addTransaction(amount: money("12.50"), category: "Food", date: day("2026-11-03"), account: "Visa")
        try store.renameAccount(named: "visa", to: "Credit card")
        #expect(try store.transaction(id: lunch.id).account == "Credit card")
        try store.renameAccount(named: "savings", to: "SAVINGS")
        try store.closeAccount(named: "Credit card", on: day("2026-11-20"))
        #expect(try store.accounts(on: day("2026-11-30")).map(\.account.name) == ["Checking", "SAVINGS"])
        #expect(try store.accounts(on: day("2026-11-30"), includingClosed: true).map { "\($0.account.name) \($0.balance)" }
                == ["Checking 0.00", "Credit card -12.50", "SAVINGS 1000.00"])
        #expect(try store.transaction(id: lunch.id).account == "Credit card")   // history kept
        // Before its close, it still takes transactions; on or after, not.
        try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-11-19"), account: "Credit card")
        #expect(throws: BudgetError.accountClosed("Credit card", closedOn: day("2026-11-20"), date: day("2026-11-20"))) {
            try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-11-20"), account: "Credit card")
        }
        try store.setDefaultAccount(named: "Savings")
        #expect(try store.addTransaction(amount: money("1"), category: "Food").account == "SAVINGS")
        #expect(try store.allAccounts(includingClosed: true).filter(\.isDefault).map(\.name) == ["SAVINGS"])
    }

    /// `accounts` over a million rows must stream the covering indexes: no table row read, no
    /// sort of every row into a temporary B-tree (which made it 4x slower).
    @Test func theBalanceQueryStreamsItsCoveringIndexes() throws {
        let book = try AccountBook()
        let scope = BalanceQuery.Scope(through: day("2026-11-30"))
        let sql = BalanceQuery.sql(scope), totals = BalanceQuery.totalsSQL(scope)
        var plans: [String] = []
        for statement in [totals.all, totals.uncategorized, totals.income, sql.transfers, sql.splits] {
            plans.append(try book.store.connection.prepare("EXPLAIN QUERY PLAN " + statement)
                .map([day("2026-11-30").sqliteValue, .null, .null]) { $0.text(3) }.joined(separator: "; "))
        }
        #expect(plans[0] == "SCAN transactions USING COVERING INDEX transactions_by_account")
        for seek in plans[1...2] {
            #expect(seek.hasPrefix("SEARCH transactions USING COVERING INDEX transactions_by_account (account_id=? AND category_id=? AND date<?)"))
        }
        #expect(plans[3] == "SEARCH transactions USING COVERING INDEX transactions_by_transfer_account (transfer_account_id>?)")
        #expect(plans[4].hasPrefix("SCAN s USING COVERING INDEX transaction_splits_by_category; SEARCH t USING INTEGER PRIMARY KEY"))
    }

    /// Each bad input: its exact error, and the book as it was.
    @Test(arguments: [
        ("add duplicate", BudgetError.duplicateAccount("checking")),
        ("add duplicate number", .duplicateAccountNumber("de 12345678", account: "Visa")),
        ("add empty name", .invalidAccountName("  ")),
        ("rename to another's name", .duplicateAccount("VISA")),
        ("rename unknown", .unknownAccount("Cash")),
        ("close default", .defaultAccountRequired("Checking")),
        ("close twice", .accountAlreadyClosed("Savings", closedOn: day("2026-11-01"))),
        ("delete default", .defaultAccountRequired("Checking")),
        ("delete used", .accountInUse("Visa", transactionCount: 2)),
        ("delete into itself", .moveToSameAccount("Visa")),
        ("delete an opening balance", .accountHasOpeningBalance("Savings", balance: money("1000"))),
        ("delete an opening balance, moving", .accountHasOpeningBalance("Savings", balance: money("1000"))),
        ("delete with transfers to the target", .transfersWithinAccount(from: "Visa", to: "Checking", count: 1)),
        ("default closed", .accountClosed("Savings", closedOn: day("2026-11-01"), date: .today())),
        ("add a number with a control character", .invalidAccountNumber("12\u{1B}[1m")),
        ("set another's number", .duplicateAccountNumber("DE-1234-5678", account: "Visa")),
        ("set the number of no account", .unknownAccount("Cash")),
        ("set an invisible number", .invalidAccountNumber(" 12\u{200B}3")),
    ])
    func badInputIsRefusedAndChangesNothing(what: String, error: BudgetError) throws {
        let book = try AccountBook()
        let store = book.store
        try store.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-05"), account: "Visa")
        try store.transfer(amount: money("40"), from: "Checking", to: "Visa", date: day("2026-11-20"))
        if what == "close twice" || what == "default closed" { try store.closeAccount(named: "Savings", on: day("2026-11-01")) }
        let before = try book.dump()
        // The table's today is the day the run began: one that crossed midnight had yesterday.
        var error = error
        if case .accountClosed(let name, let closedOn, _) = error { error = .accountClosed(name, closedOn: closedOn, date: .today()) }
        #expect(throws: error) {
            switch what {
            case "add duplicate": try store.addAccount(named: "checking")
            case "add duplicate number": try store.addAccount(named: "Other", number: "de 12345678")
            case "add empty name": try store.addAccount(named: "  ")
            case "rename to another's name": try store.renameAccount(named: "Savings", to: "VISA")
            case "rename unknown": try store.renameAccount(named: "Cash", to: "Wallet")
            case "close default": try store.closeAccount(named: "Checking")
            case "close twice": try store.closeAccount(named: "Savings")
            case "delete default": try store.deleteAccount(named: "Checking")
            case "delete used": try store.deleteAccount(named: "Visa")
            case "delete into itself": try store.deleteAccount(named: "Visa", .moveTransactions(to: "visa"))
            case "delete an opening balance": try store.deleteAccount(named: "Savings")
            case "delete an opening balance, moving": try store.deleteAccount(named: "Savings", .moveTransactions(to: "Checking"))
            case "delete with transfers to the target": try store.deleteAccount(named: "Visa", .moveTransactions(to: "Checking"))
            case "add a number with a control character": try store.addAccount(named: "Other", number: "12\u{1B}[1m")
            case "set another's number": try store.setAccountNumber(ofAccount: "Checking", to: "DE-1234-5678")
            case "set the number of no account": try store.setAccountNumber(ofAccount: "Cash", to: "1")
            case "set an invisible number": try store.setAccountNumber(ofAccount: "Checking", to: " 12\u{200B}3")
            default: try store.setDefaultAccount(named: "Savings")
            }
        }
        #expect(try book.dump() == before)
    }

    /// An account made without its number takes it later: it is then found by it, written any
    /// way, the number it had is free again, and the same number written the same way again
    /// writes nothing (no step for undo).
    @Test func anAccountTakesItsNumberLaterAndGivesItBack() throws {
        let book = try AccountBook()
        let store = book.store
        #expect(try store.setAccountNumber(ofAccount: "savings", to: "  DE89 3704 0044 0532 0130 00 ").number == nil)
        #expect(try store.account(named: "de89-3704-0044-0532-0130-00").name == "Savings")
        #expect(try store.account(named: "Savings").number == "DE89 3704 0044 0532 0130 00")
        let steps = try store.history().count
        let before = try book.dump()
        #expect(try store.setAccountNumber(ofAccount: "Savings", to: "DE89 3704 0044 0532 0130 00").number == "DE89 3704 0044 0532 0130 00")
        #expect(try store.history().count == steps)
        #expect(try book.dump() == before)
        // Pasted from a bank's web page, with no-break spaces: stored with plain ones, so a
        // statement's number finds it.
        try store.setAccountNumber(ofAccount: "Savings", to: "DE89\u{A0}3704\u{A0}0044\u{202F}0532\u{A0}0130\u{A0}00")
        #expect(try store.account(named: "Savings").number == "DE89 3704 0044 0532 0130 00")
        #expect(try store.account(named: "DE89370400440532013000").name == "Savings")
        // Written another way, it is stored as written.
        try store.setAccountNumber(ofAccount: "Savings", to: "DE89370400440532013000")
        #expect(try store.account(named: "Savings").number == "DE89370400440532013000")
        // Taken away (nil or blank), the number names no account and another may take it.
        #expect(try store.setAccountNumber(ofAccount: "Savings", to: " - ").number == "DE89370400440532013000")
        #expect(throws: BudgetError.unknownAccount("DE89370400440532013000")) { try store.account(named: "DE89370400440532013000") }
        try store.setAccountNumber(ofAccount: "Checking", to: "DE89370400440532013000")
        try store.setAccountNumber(ofAccount: "Checking", to: nil)
        #expect(try store.allAccounts().map(\.number) == [nil, nil, "DE12 3456-78"])
        // Undo gives the number back.
        _ = try store.undo()
        #expect(try store.account(named: "Checking").number == "DE89370400440532013000")
    }

    /// A German IBAN and its `BLZ/KONTO` name one bank account: a second budget account may not
    /// take the other form (statements naming either would go to whichever matched closer, and
    /// the bank account's rows would be split between the two), added or set, with or without
    /// the leading zeros, whichever form came first. The account itself may switch forms.
    @Test func oneBankAccountsNumberInAnotherFormIsRefusedForASecondAccount() throws {
        let book = try AccountBook()
        let store = book.store
        try store.setAccountNumber(ofAccount: "Savings", to: "DE89 3704 0044 0532 0130 00")
        let before = try book.dump()
        for number in ["37040044/532013000", "37040044/0532013000"] {
            #expect(throws: BudgetError.sameBankAccount(number, account: "Savings", itsNumber: "DE89 3704 0044 0532 0130 00")) {
                try store.addAccount(named: "Giro", number: number)
            }
            #expect(throws: BudgetError.sameBankAccount(number, account: "Savings", itsNumber: "DE89 3704 0044 0532 0130 00")) {
                try store.setAccountNumber(ofAccount: "Checking", to: number)
            }
        }
        #expect(try book.dump() == before)
        // The other way round, and two short forms differing in leading zeros.
        try store.setAccountNumber(ofAccount: "Savings", to: "37040044/532013000")
        #expect(throws: BudgetError.sameBankAccount("DE89370400440532013000", account: "Savings", itsNumber: "37040044/532013000")) {
            try store.setAccountNumber(ofAccount: "Checking", to: "DE89370400440532013000")
        }
        #expect(throws: BudgetError.sameBankAccount("37040044/0532013000", account: "Savings", itsNumber: "37040044/532013000")) {
            try store.addAccount(named: "Giro", number: "37040044/0532013000")
        }
        // Another account at the same bank is another bank account.
        try store.addAccount(named: "Giro", number: "37040044/532013001")
        try store.setAccountNumber(ofAccount: "Savings", to: "DE89 3704 0044 0532 0130 00")
        #expect(try store.allAccounts().map(\.number) == [nil, "37040044/532013001", "DE89 3704 0044 0532 0130 00", "DE12 3456-78"])
    }

    @Test func deletingAnAccountMovesItsTransactionsAndItsSideOfTransfers() throws {
        let book = try AccountBook()
        let store = book.store
        try store.addAccount(named: "Old card", kind: .credit)
        let spent = try store.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-05"), account: "Old card")
        let paid = try store.transfer(amount: money("40"), from: "Checking", to: "Old card", date: day("2026-11-20"))
        #expect(try store.deleteAccount(named: "Old card", .moveTransactions(to: "Visa")) == 2)
        #expect(try store.transaction(id: spent.id).account == "Visa")
        #expect(try store.transaction(id: paid.id).transferAccount == "Visa")
        #expect(try store.allAccounts(includingClosed: true).map(\.name) == ["Checking", "Savings", "Visa"])
        try store.addAccount(named: "Unused")
        #expect(try store.deleteAccount(named: "Unused") == 0)
        #expect(try store.check() == [])
    }
}
