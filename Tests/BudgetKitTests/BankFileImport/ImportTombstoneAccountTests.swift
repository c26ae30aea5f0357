import Testing
@testable import BudgetKit

/// A deletion hides its row in the account it was deleted from (``ImportTombstones``): the same
/// charge on another card's statement, with the same key, is still imported.
@Suite struct ImportTombstoneAccountTests {
    /// Two cards' statements with the same content: CSV keys name no account.
    static let statement = "date,amount,category,payee\n2026-11-05,15.99,Food,Netflix\n2026-11-06,4.00,Food,Tea\n"
    /// The key both cards' Netflix rows are given when nothing scopes them.
    static let netflixKey = "default|2026-11-05|15.99|Netflix|1"

    /// A book with two cards, Visa and Amex.
    func cards(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try bankBook(dir)
        try store.addAccount(named: "Visa", kind: .credit)
        try store.addAccount(named: "Amex", kind: .credit)
        return store
    }

    /// ``statement`` imported into `account`; `fates` gets each row's fate.
    @discardableResult
    func importStatement(_ store: BudgetStore, into account: String, includesDeleted: Bool = false, dryRun: Bool = false,
                         fates: inout [String]) throws -> String {
        let options = bankOptions {
            $0.account = account
            $0.includesDeleted = includesDeleted
        }
        var seen: [String] = []
        let summary = try importText(store, Self.statement, options, dryRun: dryRun) {
            seen.append("\($0.row.payee): \($0.added ? "new" : $0.ignored ? "ignored" : "skip")")
        }
        fates = seen
        return counts(summary)
    }

    @discardableResult
    func importStatement(_ store: BudgetStore, into account: String, includesDeleted: Bool = false, dryRun: Bool = false) throws -> String {
        var fates: [String] = []
        return try importStatement(store, into: account, includesDeleted: includesDeleted, dryRun: dryRun, fates: &fates)
    }

    func counts(_ summary: ImportSummary) -> String {
        "\(summary.added) added, \(summary.skipped) skipped, \(summary.ignored) ignored"
    }

    /// Deletes the Netflix row of `account`.
    func deleteNetflix(_ store: BudgetStore, in account: String) throws {
        let netflix = try #require(try store.transactions().first { $0.payee == "Netflix" && $0.account == account })
        try store.deleteTransactions(ids: [netflix.id])
    }

    func tombstones(_ store: BudgetStore) throws -> [String] {
        try store.connection.prepare("SELECT import_key FROM import_tombstones ORDER BY import_key").map { $0.text(0) }
    }

    func netflixRows(_ store: BudgetStore) throws -> [String] {
        try store.transactions().filter { $0.payee == "Netflix" }.map(\.account).sorted()
    }

    @Test func aRowDeletedFromOneCardIsStillImportedIntoAnother() throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        #expect(try importStatement(store, into: "Visa") == "2 added, 0 skipped, 0 ignored")
        try deleteNetflix(store, in: "Visa")
        let visa = try store.account(named: "Visa").id
        #expect(try tombstones(store) == ["\(Self.netflixKey)|account \(visa)"])
        #expect(try importStatement(store, into: "Amex") == "2 added, 0 skipped, 0 ignored")
        #expect(try netflixRows(store) == ["Amex"])
        // Visa's key is free: Amex's row takes it as it is.
        #expect(try importKeys(store).contains(Self.netflixKey))
    }

    /// The second statement keys Visa's row `KEY|account ID` when Amex holds `KEY`; either way it
    /// is the deleted row.
    @Test(arguments: [false, true])
    func theFileImportedAgainIntoTheCardItWasDeletedFromStillLeavesItOut(otherCardFirst: Bool) throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        try importStatement(store, into: "Visa")
        try deleteNetflix(store, in: "Visa")
        if otherCardFirst { try importStatement(store, into: "Amex") }
        let before = try bookDump(store, withChangeLog: false)
        #expect(try importStatement(store, into: "Visa") == "0 added, 1 skipped, 1 ignored")
        #expect(try bookDump(store, withChangeLog: false) == before)
        if otherCardFirst {
            #expect(try importStatement(store, into: "Amex") == "0 added, 2 skipped, 0 ignored")
        }
        #expect(try netflixRows(store) == (otherCardFirst ? ["Amex"] : []))
    }

    @Test(arguments: [["Amex", "Visa"], ["Visa", "Amex"]])
    func aDryRunAgreesWithTheImport(accounts: [String]) throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        try importStatement(store, into: "Visa")
        try deleteNetflix(store, in: "Visa")
        for account in accounts {
            var dry: [String] = [], real: [String] = []
            let dryCounts = try importStatement(store, into: account, dryRun: true, fates: &dry)
            #expect(try importStatement(store, into: account, fates: &real) == dryCounts)
            #expect(dry == real)
            #expect(real == (account == "Visa" ? ["Netflix: ignored", "Tea: skip"] : ["Netflix: new", "Tea: new"]))
        }
    }

    @Test func includingDeletedRowsBringsBackOnlyThoseOfTheCardImportedInto() throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        try importStatement(store, into: "Visa")
        try deleteNetflix(store, in: "Visa")
        try importStatement(store, into: "Amex")
        let remembered = try tombstones(store)
        // Amex's rows were never deleted: asking for deleted rows there forgets nothing.
        #expect(try importStatement(store, into: "Amex", includesDeleted: true) == "0 added, 2 skipped, 0 ignored")
        #expect(try tombstones(store) == remembered)
        #expect(try importStatement(store, into: "Visa", includesDeleted: true) == "1 added, 1 skipped, 0 ignored")
        #expect(try tombstones(store).isEmpty)
        #expect(try netflixRows(store) == ["Amex", "Visa"])
        #expect(try importStatement(store, into: "Visa") == "0 added, 2 skipped, 0 ignored")
        #expect(try importStatement(store, into: "Amex") == "0 added, 2 skipped, 0 ignored")
    }

    /// A tombstone written before tombstones named their account is the bare key: it hides the
    /// row whatever account it goes to, until `--include-deleted` forgets it.
    @Test(arguments: ["Visa", "Amex"])
    func aDeletionRememberedBeforeTombstonesNamedTheirAccountHidesTheRowInEveryAccount(account: String) throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        try store.connection.run("INSERT INTO import_tombstones (import_key, deleted_on) VALUES (?, '2026-11-10')", [.text(Self.netflixKey)])
        #expect(try importStatement(store, into: account, dryRun: true) == "1 added, 0 skipped, 1 ignored")
        #expect(try importStatement(store, into: account) == "1 added, 0 skipped, 1 ignored")
        // The other card's row too.
        let other = account == "Visa" ? "Amex" : "Visa"
        #expect(try importStatement(store, into: other) == "1 added, 0 skipped, 1 ignored")
        #expect(try netflixRows(store).isEmpty)
        #expect(try importStatement(store, into: account, includesDeleted: true) == "1 added, 1 skipped, 0 ignored")
        #expect(try tombstones(store).isEmpty)
        #expect(try importStatement(store, into: other) == "1 added, 1 skipped, 0 ignored")
        #expect(try netflixRows(store) == ["Amex", "Visa"])
    }

    /// A card's OFX file without an account number keys its rows by `--source` and FITID: two
    /// cards' files can give the same key.
    @Test func aBankIdDeletedFromOneCardIsStillImportedIntoAnother() throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        let ofx = Array("""
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<BANKTRANLIST><DTSTART>20261101<DTEND>20261130
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261104<TRNAMT>-42.10<FITID>CC1<NAME>GROCERY OUTLET</STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-9.00<FITID>CC2<NAME>BAKERY</STMTTRN>
            </BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>

            """.utf8)
        func importCard(_ account: String) throws -> String {
            counts(try importBytes(store, ofx, file: "card.ofx", bankOptions { $0.account = account }))
        }
        #expect(try importCard("Visa") == "2 added, 0 skipped, 0 ignored")
        let grocery = try #require(try store.transactions().first { $0.payee == "GROCERY OUTLET" })
        try store.deleteTransactions(ids: [grocery.id])
        #expect(try tombstones(store) == ["default|ref|CC1|account \(try store.account(named: "Visa").id)"])
        #expect(try importCard("Amex") == "2 added, 0 skipped, 0 ignored")
        #expect(try importCard("Visa") == "0 added, 1 skipped, 1 ignored")
        #expect(try store.transactions().filter { $0.payee == "GROCERY OUTLET" }.map(\.account) == ["Amex"])
    }

    @Test func undoingTheDeleteForgetsItsTombstoneAndRedoingRemembersItAgain() throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        try importStatement(store, into: "Visa")
        try deleteNetflix(store, in: "Visa")
        let remembered = try tombstones(store)
        try store.undo()
        #expect(try tombstones(store).isEmpty)
        #expect(try importStatement(store, into: "Visa") == "0 added, 2 skipped, 0 ignored")
        try store.redo()
        #expect(try tombstones(store) == remembered)
        #expect(try importStatement(store, into: "Visa") == "0 added, 1 skipped, 1 ignored")
        #expect(try importStatement(store, into: "Amex") == "2 added, 0 skipped, 0 ignored")
    }

    /// A card deleted with its transactions moved to another: its deleted rows stay deleted
    /// there (a deletion the other card made too is kept once).
    @Test(arguments: [false, true])
    func theDeletedRowsOfACardMergedIntoAnotherStayDeletedThere(deletedFromBoth: Bool) throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        try importStatement(store, into: "Visa")
        try deleteNetflix(store, in: "Visa")
        if deletedFromBoth {
            try importStatement(store, into: "Amex")
            try deleteNetflix(store, in: "Amex")
        }
        let amex = try store.account(named: "Amex").id
        #expect(try store.deleteAccount(named: "Visa", .moveTransactions(to: "Amex")) == 1)
        #expect(try tombstones(store) == ["\(Self.netflixKey)|account \(amex)"])
        #expect(try importStatement(store, into: "Amex") == "0 added, 1 skipped, 1 ignored")
        #expect(try netflixRows(store).isEmpty)
    }

    /// A card deleted with nothing left in it takes its deletions with it: an account made
    /// later may be given its id, and must not inherit them.
    @Test func aDeletedCardsDeletionsAreForgottenAndNotInheritedByAnAccountGivenItsId() throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        try importStatement(store, into: "Amex")
        try store.deleteTransactions(ids: try store.transactions().map(\.id))
        #expect(try tombstones(store).count == 2)
        let amex = try store.account(named: "Amex").id
        try store.deleteAccount(named: "Amex")
        #expect(try tombstones(store).isEmpty)
        #expect(try store.addAccount(named: "Mastercard", kind: .credit).id == amex)
        #expect(try importStatement(store, into: "Mastercard") == "2 added, 0 skipped, 0 ignored")
    }

    /// Account ids are the same on every device of a synced book, so a tombstone names the
    /// same card on both.
    @Test func aDeletionSyncedFromAnotherDeviceHidesTheRowInItsCardOnly() throws {
        let dir = TemporaryDirectory()
        let shared = SyncTests().folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        try anna.addAccount(named: "Visa", kind: .credit)
        try anna.addAccount(named: "Amex", kind: .credit)
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try importStatement(anna, into: "Visa")
        try syncAll([anna, ben], through: shared)
        try deleteNetflix(ben, in: "Visa")
        try syncAll([anna, ben], through: shared)
        #expect(try tombstones(anna) == tombstones(ben))
        #expect(try importStatement(anna, into: "Visa") == "0 added, 1 skipped, 1 ignored")
        #expect(try importStatement(anna, into: "Amex") == "2 added, 0 skipped, 0 ignored")
        try syncAll([anna, ben], through: shared)
        #expect(try importStatement(ben, into: "Visa") == "0 added, 1 skipped, 1 ignored")
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
    }

    /// ``ImportTombstones/hide(_:)`` asks of the row its caller names: its subquery's own alias
    /// shadowed a caller's `d` (the deleted transfers'), so "its tombstone is still there" held
    /// for every deleted transfer as soon as the book had any tombstone.
    @Test(arguments: ["d", "s", "t"])
    func aTombstoneHidesOnlyTheRowItsCallerNames(alias: String) throws {
        let dir = TemporaryDirectory()
        let store = try cards(dir)
        try store.connection.execute("""
            CREATE TEMP TABLE rows (import_key TEXT NOT NULL, account_id INTEGER NOT NULL);
            INSERT INTO temp.rows VALUES ('gone', 2), ('kept', 2), ('scoped', 3);
            INSERT INTO import_tombstones VALUES ('kept', '2026-11-05'), ('scoped|account 3', '2026-11-05'), ('other', '2026-11-05');
            """)
        let hidden = try store.connection.prepare("SELECT \(alias).import_key FROM temp.rows AS \(alias) WHERE \(ImportTombstones.hide(alias)) ORDER BY 1")
            .map { $0.text(0) }
        #expect(hidden == ["kept", "scoped"])
    }
}
