import Testing
@testable import BudgetKit

/// Issue 11 item 7: a pending row posted later replaces its twin; a near miss is listed.
@Suite struct PendingTwinTests {
    func options() -> ImportOptions { bankOptions { $0.negate = true } }

    func pendingBook(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try bankBook(dir)
        try importText(store, "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n", options())
        #expect(try store.connection.int64("SELECT count(*) FROM pending_imports") == 1)
        return store
    }

    @Test func thePostedRowReplacesItsPendingTwinKeepingItsIdAndCategory() throws {
        let dir = TemporaryDirectory()
        let store = try pendingBook(dir)
        let pending = try #require(try store.transactions().first)
        var changes = TransactionChanges()
        changes.category = "Salary"
        try store.editTransaction(id: pending.id, changes, kindChange: .negateAmount)
        // A tip: 20% more, two days later, the payee in capitals.
        let summary = try importText(store, "date,amount,payee,status\n2026-11-22,-14.40,CORNER CAFE,posted\n", options())
        #expect(summary.added == 0 && summary.replacedPending == 1 && summary.pendingNearMisses.isEmpty)
        let posted = try store.transactions()
        #expect(posted.count == 1)
        #expect(posted.first?.id == pending.id && posted.first?.category == "Salary")
        #expect(posted.first?.date == Day(year: 2026, month: 11, day: 22)! && posted.first?.amount == Money(minorUnits: -1440))
        #expect(try store.connection.int64("SELECT count(*) FROM pending_imports") == 0)
        // Importing the older file again brings nothing back.
        let older = try importText(store, "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n", options())
        #expect(older.added == 0)
    }

    /// The replaced pending key is remembered in its account as replaced by the transaction
    /// (``ImportTombstones/rememberReplaced``): the older file's row is skipped there as already
    /// imported (never ignored as deleted, which `includesDeleted` would bring back as a second
    /// row), and still imports into another account.
    @Test func theReplacedPendingKeyIsRememberedInItsAccountAsReplaced() throws {
        let dir = TemporaryDirectory()
        let store = try pendingBook(dir)
        let pending = try #require(try store.transactions().first)
        let key = try #require(try importKeys(store).first)
        let account = try store.account(named: pending.account).id
        let summary = try importText(store, "date,amount,payee,status\n2026-11-22,-12.00,Corner Cafe,posted\n", options())
        #expect(summary.replacedPending == 1)
        #expect(try store.connection.prepare("SELECT import_key FROM import_tombstones").map { $0.text(0) }
            == ["\(key)|account \(account)|replaced by \(pending.id)"])
        let older = "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n"
        for (dryRun, includesDeleted) in [(true, false), (false, false), (true, true), (false, true)] {
            var fates: [ImportedRow] = []
            let again = try importText(store, older, bankOptions {
                $0.negate = true
                $0.includesDeleted = includesDeleted
            }, dryRun: dryRun) { fates.append($0) }
            #expect(again.added == 0 && again.skipped == 1 && again.ignored == 0)
            #expect(fates.map { "\($0.transaction.id) \($0.added) \($0.ignored)" } == ["\(pending.id) false false"])
        }
        #expect(try store.transactions().map(\.id) == [pending.id])
        #expect(try store.connection.int64("SELECT count(*) FROM pending_imports") == 0)
        let giro = try importText(store, older, bankOptions {
            $0.negate = true
            $0.account = "Giro"
        })
        #expect(giro.added == 1 && giro.ignored == 0)
    }

    @Test(arguments: [
        "2026-11-22,-12.00,Other Shop,posted",     // the same amount, another payee
        "2026-11-22,-15.00,Corner Cafe,posted",    // the same payee, 25% more
    ])
    func aNearMissIsListedNeverMerged(_ line: String) throws {
        let dir = TemporaryDirectory()
        let store = try pendingBook(dir)
        let summary = try importText(store, "date,amount,payee,status\n\(line)\n", options())
        #expect(summary.added == 1 && summary.replacedPending == 0)
        #expect(summary.pendingNearMisses.map(\.pending.payee) == ["Corner Cafe"])
        #expect(try store.transactions().count == 2)
    }

    @Test(arguments: [
        "2026-11-19,-12.00,Corner Cafe,posted",    // before the pending day
        "2026-12-01,-12.00,Corner Cafe,posted",    // 11 days after
        "2026-11-22,12.00,Corner Cafe,posted",     // money the other way
    ])
    func aRowOutsideTheRuleIsNeitherATwinNorANearMiss(_ line: String) throws {
        let dir = TemporaryDirectory()
        let store = try pendingBook(dir)
        let summary = try importText(store, "date,amount,payee,status\n\(line)\n", options())
        #expect(summary.added == 1 && summary.replacedPending == 0 && summary.pendingNearMisses.isEmpty)
    }

    /// A dry run finds what the import then does: the same twins replaced, the same near
    /// misses (the posted rows with the ids the import gives them), and each row's fate, a
    /// posted row that replaces its twin naming it (``ImportedRow/replacedPending``).
    @Test(arguments: [
        // A twin after another new row: the ids the dry run gives must count the twin's.
        ["2026-11-21,-3.00,Bakery,posted", "2026-11-22,-14.40,CORNER CAFE,posted", "2026-11-23,-4.00,Kiosk,posted"],
        ["2026-11-22,-12.00,Other Shop,posted", "2026-11-22,-15.00,Corner Cafe,posted"],    // two near misses
        ["2026-11-19,-12.00,Corner Cafe,posted", "2026-12-01,-12.00,Corner Cafe,posted"],   // outside the rule
        ["2026-11-22,-12.00,Corner Cafe,posted", "2026-11-22,-12.00,Corner Cafe,posted"],  // two twins of one pending row
        ["2026-11-20,-12.00,Corner Cafe,pending", "2026-11-24,-12.00,Corner Cafe,posted"], // already imported, then its twin
    ])
    func aDryRunFindsWhatTheImportDoes(_ lines: [String]) throws {
        let dir = TemporaryDirectory()
        let store = try pendingBook(dir)
        try importText(store, "date,amount,payee\n2026-11-20,-1.00,Stamp\n", options())
        let text = "date,amount,payee,status\n" + lines.joined(separator: "\n") + "\n"
        struct Outcome: Equatable {
            var added = 0, skipped = 0, ignored = 0, replaced = 0
            var nearMisses: [[Int64]] = []
            var fates: [String] = []
        }
        func run(dryRun: Bool) throws -> Outcome {
            var outcome = Outcome()
            let summary = try importText(store, text, options(), dryRun: dryRun) { fate in
                outcome.fates.append("\(fate.row.line) \(fate.transaction.id) added \(fate.added) ignored \(fate.ignored) "
                                     + "replaces \(fate.replacedPending.map(String.init) ?? "-")")
            }
            #expect(summary.dryRun == dryRun)
            outcome.added = summary.added
            outcome.skipped = summary.skipped
            outcome.ignored = summary.ignored
            outcome.replaced = summary.replacedPending
            outcome.nearMisses = summary.pendingNearMisses.map { [$0.pending.id, $0.posted.id, $0.posted.amount.minorUnits] }
            return outcome
        }
        let before = try bookDump(store)
        let dry = try run(dryRun: true)
        #expect(try bookDump(store) == before)
        let real = try run(dryRun: false)
        #expect(dry == real)
        #expect(dry.added + dry.skipped + dry.ignored + dry.replaced == lines.count)
    }

    /// A posted row that replaces its twin and also looks like another pending row: the other
    /// stays a near miss of the transaction the posted row became (the import used to fail
    /// looking for the posted row it had just removed).
    @Test func aPostedRowThatReplacedItsTwinIsNamedByWhatItBecameInANearMiss() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try importText(store, "date,amount,payee,status\n2026-10-01,-5.00,Bakery,pending\n2026-10-01,-5.00,Kiosk,pending\n", options())
        let pending = try store.transactions().map(\.id).sorted()
        let posted = "date,amount,payee,status\n2026-10-02,-5.00,Bakery,posted\n"
        for dryRun in [true, false] {
            let summary = try importText(store, posted, options(), dryRun: dryRun)
            #expect(summary.added == 0 && summary.replacedPending == 1)
            #expect(summary.pendingNearMisses.map { [$0.pending.id, $0.posted.id] } == [[pending[1], pending[0]]])
            #expect(summary.pendingNearMisses.first?.posted.date == Day(year: 2026, month: 10, day: 2)!)
        }
        #expect(try store.transactions().count == 2)
    }

    /// A posted row whose category the import would create: a dry run finds its twin as the
    /// import does (in a dry run the category has no id yet, nor the row a stored amount). The
    /// pending row keeps its category, so Coffee, named by the posted row alone, is not created.
    @Test func aDryRunFindsTheTwinOfARowWhoseCategoryIsStillToBeCreated() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        var options = options()
        options.createsMissingCategories = true
        try importText(store, "date,amount,payee,status,category\n2026-11-20,-12.00,Corner Cafe,pending,Food\n", options)
        let pending = try #require(try store.transactions().first)
        let posted = "date,amount,payee,status,category\n2026-11-22,-12.50,Corner Cafe,posted,Coffee\n"
        var fates: [[String]] = []
        for dryRun in [true, false] {
            var listed: [String] = []
            let summary = try importText(store, posted, options, dryRun: dryRun) {
                listed.append("\($0.transaction.id) \($0.added) \($0.replacedPending.map(String.init) ?? "-")")
            }
            #expect(summary.added == 0 && summary.replacedPending == 1 && summary.createdCategories == 0, "dry run \(dryRun)")
            fates.append(listed)
        }
        #expect(try store.categories().map(\.name).contains("Coffee") == false)
        #expect(fates[0] == fates[1] && fates[0] == ["\(pending.id) false \(pending.id)"])
    }

    @Test func twoPendingTwinsOfOnePostedRowAreBothListed() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try importText(store, "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n2026-11-21,-12.00,Corner Cafe,pending\n", options())
        let summary = try importText(store, "date,amount,payee,status\n2026-11-22,-12.00,Corner Cafe,posted\n", options())
        #expect(summary.replacedPending == 0 && summary.pendingNearMisses.count == 2)
        #expect(try store.transactions().count == 3)
    }

    @Test func theSameBankIDMakesTwinsWhateverThePayee() throws {
        #expect(ImportStaging.bankID("DE89|pending|X1", pending: true) == "DE89|X1")
        #expect(ImportStaging.bankID("DE89|ref|X1", pending: false) == "DE89|X1")
        #expect(ImportStaging.bankID("a\\|b|ref|X1", pending: false) == "a\\|b|X1")
        #expect(ImportStaging.bankID("default|2026-11-20|-12.00|x|1", pending: false) == nil)
    }

    @Test func aCAMTPendingEntryIsRecordedAsPending() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try importCorpus(store, "camt053-batch-and-pending.xml", bankOptions { $0.account = "Giro" })
        #expect(try store.connection.int64("SELECT count(*) FROM pending_imports") == 1)
    }

    /// Once the transaction a pending row became is deleted, the older file's pending row is
    /// deleted too: ignored, and brought back (once) by `includesDeleted`.
    @Test func aReplacedPendingRowWhoseTransactionIsDeletedIsIgnoredAsDeleted() throws {
        let dir = TemporaryDirectory()
        let store = try pendingBook(dir)
        let pending = try #require(try store.transactions().first)
        _ = try importText(store, "date,amount,payee,status\n2026-11-22,-12.00,Corner Cafe,posted\n", options())
        try store.deleteTransactions(ids: [pending.id])
        let older = "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n"
        let again = try importText(store, older, options())
        #expect(again.added == 0 && again.skipped == 0 && again.ignored == 1)
        let back = try importText(store, older, bankOptions {
            $0.negate = true
            $0.includesDeleted = true
        })
        #expect(back.added == 1 && back.ignored == 0)
        let twice = try importText(store, older, options())
        #expect(twice.added == 0 && twice.skipped == 1 && twice.ignored == 0)
        #expect(try store.transactions().count == 1)
    }
}
