import Testing
@testable import BudgetKit

/// Issue 11 item 5: a statement's balances checked against the book after its import.
@Suite struct StatementBalanceCheckTests {
    @Test func aStatementWhoseBalancesAgreeWithTheBookChecksOut() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir, giroOpening: Money(minorUnits: 150_000))
        let summary = try importCorpus(store, "mt940-structured-86-multiline.sta")
        let check = try #require(summary.balanceChecks.first)
        #expect(summary.balanceChecks.count == 1)
        // The salary is booked on 2026-12-01 and counted in the balance dated 2026-11-30.
        #expect(check.account == "Giro" && check.day == Day(year: 2026, month: 12, day: 1)!)
        #expect(check.closingMatches && check.openingMatches)
        #expect(check.bookClosing == Money(minorUnits: 390_660))
        #expect(check.suggestedOpeningBalance == nil && check.suggestedOpeningDate == nil)
    }

    @Test func aMissingEarlierStatementShowsInBothBalances() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let summary = try importCorpus(store, "mt940-structured-86-multiline.sta")
        let check = try #require(summary.balanceChecks.first)
        #expect(!check.openingMatches && !check.closingMatches)
        #expect(check.openingDifference == Money(minorUnits: -150_000))
        #expect(check.closingDifference == Money(minorUnits: -150_000))
        // The account's opening (none) counts from the beginning: the bank's is the one to give.
        #expect(check.suggestedOpeningBalance == Money(minorUnits: 150_000) && check.suggestedOpeningDate == nil)
        // The rows stay imported.
        #expect(try store.transactions().count == 3)
    }

    /// Differences past 64 bits (only balances of a hostile book reach them) are `nil`, not a
    /// trap (they trapped in `Money.-`).
    @Test func aDifferencePastSixtyFourBitsIsNilNotATrap() {
        let check = StatementBalanceCheck(account: "Giro", location: BankFileLocation(file: "giro.sta", line: 1),
                                          day: Day(year: 2026, month: 11, day: 30)!,
                                          statedClosing: Money(minorUnits: -9_999_999_999_999), bookClosing: Money(minorUnits: .max - 807),
                                          statedOpening: Money(minorUnits: .min), bookOpening: Money(minorUnits: 1))
        #expect(check.closingDifference == nil && check.openingDifference == nil)
        let fits = StatementBalanceCheck(account: "Giro", location: BankFileLocation(file: "giro.sta", line: 1),
                                         day: Day(year: 2026, month: 11, day: 30)!, statedClosing: Money(minorUnits: 100),
                                         bookClosing: Money(minorUnits: 450), statedOpening: nil, bookOpening: Money(minorUnits: 1))
        #expect(fits.closingDifference == Money(minorUnits: 350) && fits.openingDifference == .zero)
    }

    @Test func aDeletedRowShowsAsAClosingDifferenceOnly() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir, giroOpening: Money(minorUnits: 150_000))
        try importCorpus(store, "mt940-structured-86-multiline.sta")
        let fee = try #require(try store.transactions().first { $0.payee.hasPrefix("Kontof") })
        try store.deleteTransactions(ids: [fee.id])
        let check = try #require(try importCorpus(store, "mt940-structured-86-multiline.sta").balanceChecks.first)
        #expect(check.closingDifference == Money(minorUnits: 350))
        // The rows before the statement are all there: no earlier statement is missing.
        #expect(check.openingMatches)
    }

    @Test func rowsTypedInByHandAreNotWhatTheBankSees() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir, giroOpening: Money(minorUnits: 150_000))
        _ = try store.addTransaction(amount: Money(minorUnits: 999), category: "Food", payee: "Cash", date: Day(year: 2026, month: 11, day: 28)!,
                                     account: "Giro")
        let check = try #require(try importCorpus(store, "mt940-structured-86-multiline.sta").balanceChecks.first)
        #expect(check.closingMatches)
    }

    @Test func pendingEntriesAreLeftOutOfTheCAMTBalance() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir, numbers: false)
        try store.addAccount(named: "Giro", number: "DE89370400440532013000", openingBalance: Money(minorUnits: 150_000))
        let check = try #require(try importCorpus(store, "camt053-batch-and-pending.xml").balanceChecks.first)
        #expect(check.statedClosing == Money(minorUnits: 106_510))
        #expect(check.closingMatches && check.openingMatches)
    }

    /// A dry run checks the statement against the book as the import would leave it: the same
    /// checks the import then makes, the book unchanged in between.
    @Test(arguments: ["agrees", "no earlier statement", "a row deleted", "a row deleted, brought back", "typed by hand", "pending"])
    func aDryRunChecksWhatTheImportThenChecks(_ case: String) throws {
        let dir = TemporaryDirectory()
        var file = "mt940-structured-86-multiline.sta"
        var options = bankOptions()
        let store: BudgetStore
        switch `case` {
        case "no earlier statement":
            store = try bankBook(dir)
        case "pending":
            store = try bankBook(dir, numbers: false)
            try store.addAccount(named: "Giro", number: "DE89370400440532013000", openingBalance: Money(minorUnits: 150_000))
            file = "camt053-batch-and-pending.xml"
        default:
            store = try bankBook(dir, giroOpening: Money(minorUnits: 150_000))
        }
        if `case`.hasPrefix("a row deleted") {
            try importCorpus(store, file)
            let fee = try #require(try store.transactions().first { $0.payee.hasPrefix("Kontof") })
            try store.deleteTransactions(ids: [fee.id])
            options.includesDeleted = `case`.hasSuffix("brought back")
        }
        if `case` == "typed by hand" {
            _ = try store.addTransaction(amount: Money(minorUnits: 999), category: "Food", payee: "Cash", date: Day(year: 2026, month: 11, day: 28)!,
                                         account: "Giro")
        }
        let before = try bookDump(store)
        let dry = try importCorpus(store, file, options, dryRun: true)
        #expect(try bookDump(store) == before)
        let real = try importCorpus(store, file, options)
        #expect(!dry.balanceChecks.isEmpty)
        #expect(dry.balanceChecks == real.balanceChecks)
    }
}
