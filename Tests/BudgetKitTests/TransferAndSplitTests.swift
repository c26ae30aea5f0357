import Testing
@testable import BudgetKit

/// Issue 10, items 3 and 4: transfers (one record, two sides, never spending or income) and
/// splits (one payment across categories, each part counted in its category).
@Suite struct TransferAndSplitTests {
    @Test func aTransferMovesMoneyAndIsNeverSpendingOrIncome() throws {
        let book = try AccountBook()
        let store = book.store
        try store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-11-01"))
        let move = try store.transfer(amount: money("500"), from: "Checking", to: "savings", date: day("2026-11-05"), note: "monthly")
        #expect(move.kind == .transfer && move.account == "Checking" && move.transferAccount == "Savings" && move.category == "")
        #expect(try book.balances(on: "2026-11-30") == ["Checking": money("2500"), "Savings": money("1500"), "Visa": .zero])
        let report = try store.monthlyReport(for: Month(iso: "2026-11")!)
        #expect(report.expenses.map(\.actual) == [.zero, .zero] && report.income.map(\.actual) == [money("3000")])
        let trend = try store.trendReport(from: Month(iso: "2026-11")!, to: Month(iso: "2026-11")!)
        #expect(trend.totals.expenses.amounts == [.zero] && trend.totals.income.amounts == [money("3000")])
        let totals = try store.forEachTransaction(matching: TransactionFilter()) { _ in }
        #expect(try totals.spent == .zero && totals.earned == money("3000") && totals.transferCount == 1)
        // Listed once per account it touches, as one row.
        #expect(try store.transactions(matching: TransactionFilter(account: "Savings")).map(\.id) == [move.id])
        #expect(try store.transactions(matching: TransactionFilter(account: "Checking")).count == 2)
        #expect(try store.transactions(matching: TransactionFilter(account: "Visa")).isEmpty)
    }

    @Test func editingOrDeletingATransferChangesBothSides() throws {
        let book = try AccountBook()
        let store = book.store
        let move = try store.transfer(amount: money("500"), from: "Checking", to: "Savings", date: day("2026-11-05"))
        try store.editTransaction(id: move.id, TransactionChanges(amount: money("250"), transferAccount: "Visa"))
        #expect(try book.balances(on: "2026-11-30") == ["Checking": money("-250"), "Savings": money("1000"), "Visa": money("250")])
        try store.editTransaction(id: move.id, TransactionChanges(account: "Savings"))
        #expect(try book.balances(on: "2026-11-30") == ["Checking": .zero, "Savings": money("750"), "Visa": money("250")])
        try store.deleteTransactions(ids: [move.id])
        #expect(try book.balances(on: "2026-11-30") == ["Checking": .zero, "Savings": money("1000"), "Visa": .zero])
    }

    @Test(arguments: [
        ("to itself", BudgetError.transferToSameAccount("Checking")),
        ("zero", .invalidTransferAmount(.zero)),
        ("negative", .invalidTransferAmount(money("-5"))),
        ("unknown account", .unknownAccount("Cash")),
        ("edit to itself", .transferToSameAccount("Checking")),
        ("edit category", .transferHasNoCategory(id: 1)),
        ("edit split", .transferHasNoCategory(id: 1)),
        ("edit zero", .invalidTransferAmount(.zero)),
        ("transfer-to on a purchase", .notATransfer(id: 2)),
    ])
    func badTransfersAreRefusedAndChangeNothing(what: String, error: BudgetError) throws {
        let book = try AccountBook()
        let store = book.store
        try store.transfer(amount: money("500"), from: "Checking", to: "Savings", date: day("2026-11-05"))
        try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-11-05"))
        let before = try book.dump()
        #expect(throws: error) {
            switch what {
            case "to itself": try store.transfer(amount: money("5"), from: "Checking", to: "checking")
            case "zero": try store.transfer(amount: .zero, from: "Checking", to: "Savings")
            case "negative": try store.transfer(amount: money("-5"), from: "Checking", to: "Savings")
            case "unknown account": try store.transfer(amount: money("5"), from: "Checking", to: "Cash")
            case "edit to itself": try store.editTransaction(id: 1, TransactionChanges(transferAccount: "Checking"))
            case "edit category": try store.editTransaction(id: 1, TransactionChanges(category: "Food"))
            case "edit split": try store.editTransaction(id: 1, TransactionChanges(splits: [SplitPart(category: "Food", amount: money("500"))]))
            case "edit zero": try store.editTransaction(id: 1, TransactionChanges(amount: .zero))
            default: try store.editTransaction(id: 2, TransactionChanges(transferAccount: "Savings"))
            }
        }
        #expect(try book.dump() == before)
    }

    @Test func aSplitCountsEachPartInItsCategoryAndItsWholeInItsAccount() throws {
        let book = try AccountBook()
        let store = book.store
        let market = try store.addTransaction(amount: money("82.40"), splits: [
            SplitPart(category: "food", amount: money("60")), SplitPart(category: "Household", amount: money("22.40"), note: "soap"),
        ], payee: "Market", date: day("2026-11-14"), account: "Visa")
        #expect(market.splits == [SplitPart(category: "Food", amount: money("60")),
                                  SplitPart(category: "Household", amount: money("22.40"), note: "soap")])
        #expect(try store.transaction(id: market.id) == market)
        #expect(market.kind == .expense && market.category == "")
        #expect(try book.balances(on: "2026-11-30")["Visa"] == money("-82.40"))
        let report = try store.monthlyReport(for: Month(iso: "2026-11")!)
        #expect(report.expenses.map { "\($0.category) \($0.actual)" } == ["Food 60.00", "Household 22.40"])
        #expect(try store.monthlyReport(for: Month(iso: "2026-11")!, account: "Checking").expenses.map(\.actual) == [.zero, .zero])
        let trend = try store.trendReport(from: Month(iso: "2026-11")!, to: Month(iso: "2026-11")!, by: .payee)
        #expect(trend.rows.map { "\($0.name) \($0.actuals)" } == ["Market [82.40]"])
        // A category filter finds the split by its part.
        #expect(try store.transactions(matching: TransactionFilter(category: "Household")).map(\.id) == [market.id])
    }

    @Test func editingASplitReplacesItsPartsAndACategoryUnsplitsIt() throws {
        let book = try AccountBook()
        let store = book.store
        let market = try store.addTransaction(amount: money("82.40"), splits: [
            SplitPart(category: "Food", amount: money("60")), SplitPart(category: "Household", amount: money("22.40")),
        ], date: day("2026-11-14"))
        try store.editTransaction(id: market.id, TransactionChanges(date: day("2026-12-01"), splits: [
            SplitPart(category: "Food", amount: money("50")), SplitPart(category: "Household", amount: money("32.40")),
        ]))
        #expect(try store.monthlyReport(for: Month(iso: "2026-12")!).expenses.map(\.actual) == [money("50"), money("32.40")])
        #expect(throws: BudgetError.splitDoesNotSum(total: money("80"), parts: money("82.40"))) {
            try store.editTransaction(id: market.id, TransactionChanges(amount: money("80")))
        }
        try store.editTransaction(id: market.id, TransactionChanges(amount: money("80"), splits: [
            SplitPart(category: "Food", amount: money("80")),
        ]))
        try store.editTransaction(id: market.id, TransactionChanges(category: "Household"))
        let plain = try store.transaction(id: market.id)
        #expect(plain.splits.isEmpty && plain.category == "Household" && plain.amount == money("80"))
        #expect(try store.check() == [])
    }

    /// Parts of the other kind change what the amount means, as a category of it does: refused
    /// without a word on the amount (100.00 spent read as 100.00 received flips the balance),
    /// kept or negated when asked, and never refused when a new amount is given.
    @Test func partsOfTheOtherKindAreRefusedUnlessTheAmountIsSettled() throws {
        let book = try AccountBook()
        let store = book.store
        let split = try store.addTransaction(amount: money("100"), splits: [
            SplitPart(category: "Food", amount: money("60")), SplitPart(category: "Household", amount: money("40")),
        ], date: day("2026-11-14"))
        let income = [SplitPart(category: "salary", amount: money("100"))]
        let before = try dumpOfBook(store)
        #expect(throws: BudgetError.transactionWouldChangeKind(id: split.id, amount: money("100"), from: "Food, Household",
                                                               fromKind: .expense, to: "Salary", toKind: .income)) {
            try store.editTransaction(id: split.id, TransactionChanges(splits: income))
        }
        #expect(try dumpOfBook(store) == before)
        #expect(throws: BudgetError.splitDoesNotSum(total: money("-100"), parts: money("100"))) {
            try store.editTransaction(id: split.id, TransactionChanges(splits: income), kindChange: .negateAmount)
        }
        let negated = try store.editTransaction(id: split.id, TransactionChanges(splits: [SplitPart(category: "Salary", amount: money("-100"))]),
                                                kindChange: .negateAmount)
        #expect(negated.amount == money("-100") && negated.kind == .income)
        let kept = try store.editTransaction(id: split.id, TransactionChanges(amount: money("100"), splits: [
            SplitPart(category: "Food", amount: money("100")),
        ]))
        #expect(kept.amount == money("100") && kept.kind == .expense)
        #expect(try store.check() == [])
    }

    @Test(arguments: [
        ("parts short", BudgetError.splitDoesNotSum(total: money("82.40"), parts: money("82.39"))),
        ("parts over", .splitDoesNotSum(total: money("82.40"), parts: money("90"))),
        ("empty", .emptySplit),
        ("income with expense", .splitMixesKinds(expense: "Food", income: "Salary")),
        ("unknown category", .unknownCategory("Fuel")),
        ("unknown account", .unknownAccount("Cash")),
    ])
    func badSplitsAreRefusedAndChangeNothing(what: String, error: BudgetError) throws {
        let book = try AccountBook()
        let store = book.store
        let before = try book.dump()
        let parts: [SplitPart]
        switch what {
        case "parts short": parts = [SplitPart(category: "Food", amount: money("60")), SplitPart(category: "Household", amount: money("22.39"))]
        case "parts over": parts = [SplitPart(category: "Food", amount: money("60")), SplitPart(category: "Household", amount: money("30"))]
        case "empty": parts = []
        case "income with expense": parts = [SplitPart(category: "Food", amount: money("60")), SplitPart(category: "Salary", amount: money("22.40"))]
        case "unknown category": parts = [SplitPart(category: "Fuel", amount: money("82.40"))]
        default: parts = [SplitPart(category: "Food", amount: money("82.40"))]
        }
        #expect(throws: error) {
            try store.addTransaction(amount: money("82.40"), splits: parts, account: what == "unknown account" ? "Cash" : nil)
        }
        #expect(try book.dump() == before)
    }

    @Test func deletingACategoryTakesItsPartsOutOfSplits() throws {
        let book = try AccountBook()
        let store = book.store
        let market = try store.addTransaction(amount: money("82.40"), splits: [
            SplitPart(category: "Food", amount: money("60")), SplitPart(category: "Household", amount: money("22.40")),
        ], date: day("2026-11-14"))
        let soap = try store.addTransaction(amount: money("3"), splits: [SplitPart(category: "Household", amount: money("3"))])
        #expect(throws: BudgetError.categoryInUse("Household", transactionCount: 2)) { try store.deleteCategory(named: "Household") }
        try store.deleteCategory(named: "Household", .deleteTransactions)
        #expect(try store.transaction(id: market.id).amount == money("60"))
        #expect(throws: BudgetError.unknownTransaction(soap.id)) { try store.transaction(id: soap.id) }
        try store.addCategory(named: "Bonus", monthlyBudget: .zero, kind: .income)
        try store.addCategory(named: "Fun", monthlyBudget: .zero)
        let mixed = try store.addTransaction(amount: money("10"), splits: [
            SplitPart(category: "Food", amount: money("4")), SplitPart(category: "Fun", amount: money("6")),
        ])
        let before = try book.dump()
        #expect(throws: BudgetError.splitMixesKinds(expense: "Fun", income: "Bonus")) {
            try store.deleteCategory(named: "Food", .moveTransactions(to: "Bonus", kindChange: .negateAmount))
        }
        #expect(try book.dump() == before)
        try store.deleteCategory(named: "Food", .moveTransactions(to: "Fun"))
        #expect(try store.transaction(id: mixed.id).splits.map(\.category) == ["Fun", "Fun"])
        #expect(try store.transaction(id: market.id).splits == [SplitPart(category: "Fun", amount: money("60"))])
        #expect(try store.check() == [])
    }
}
