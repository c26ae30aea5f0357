import Testing
@testable import BudgetKit

/// The default account chosen apart on two devices, then chosen again: every book ends with
/// the latest choice.
@Suite struct SyncDefaultAccountTests {
    /// Anna makes Savings the default while Ben makes Wallet (a larger id) the default: Savings
    /// keeps the flag on both books and Wallet gave it way. Then one of them makes Main the
    /// default (Savings cleared, Main set), and one makes Wallet the default again. The book that
    /// applied the Main change set Main first, so Savings gave the flag way to it there, and
    /// Savings' own change (the flag cleared) then found it cleared already and left Savings
    /// wanting the flag back: when Wallet became the default, Savings took the flag from it on
    /// that book alone (the sync fuzz found books with two different defaults).
    @Test(arguments: [("anna", "ben"), ("ben", "anna"), ("anna", "anna"), ("ben", "ben")])
    func aDefaultClearedWhereItHadGivenTheFlagWayDoesNotTakeItBackLater(mainBy: String, walletAgainBy: String) throws {
        let dir = TemporaryDirectory()
        let shared = SyncTests().folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        try anna.addAccount(named: "Wallet")
        let ben = try dir.store("ben.sqlite3")
        let books = ["anna": anna, "ben": ben]
        try syncAll([anna, ben], through: shared)
        try anna.setDefaultAccount(named: "Savings")
        try ben.setDefaultAccount(named: "Wallet")
        try syncAll([anna, ben], through: shared)
        try books[mainBy]?.setDefaultAccount(named: "Main")
        try syncAll([anna, ben], through: shared)
        try books[walletAgainBy]?.setDefaultAccount(named: "Wallet")
        try syncAll([anna, ben], through: shared)

        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        for book in [anna, ben] {
            #expect(try book.allAccounts().filter(\.isDefault).map(\.name) == ["Wallet"], "\(book.path)")
        }
    }
}
