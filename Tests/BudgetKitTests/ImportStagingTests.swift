import Testing
@testable import BudgetKit

@Suite struct ImportStagingTests {
    /// Past its first groups, the staging counts on disk: the keys must not change there.
    @Test(arguments: [0, 2, 1_000])
    func numbersRowsAsImportKeyerDoesWhereverItCounts(groupsInMemory: Int) throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        var text = "date,amount,category,payee\n"
        let payees = ["a", "b|c", "a", "d", "a", "b|c", "e", "a", "d"]
        for (index, payee) in payees.enumerated() { text += "2026-11-2\(index % 2),-0.50,Food,\"\(payee)\"\n" }
        var options = ImportOptions()
        options.source = "visa"
        var rows = ImportReader(file: "bank.csv", options: options, text: text)
        let staging = try ImportStaging(store: store, file: "bank.csv", options: options, occurrencesInMemory: groupsInMemory)
        defer { staging.drop() }
        var resolver = try ImportResolver(book: ImportResolver.read(store.connection), file: "bank.csv", options: options)
        try staging.stage(&rows, resolver: &resolver)
        let staged = try store.connection.prepare("SELECT import_key FROM temp.import_staging ORDER BY rowid").map { $0.text(0) }
        #expect(staged == (try importRows(text, options).map(\.importKey)))
        #expect(staged[4] == "visa|2026-11-20|-0.50|a|3")
    }

    /// A file of thousands of transfers a day between two accounts: each staged transfer, and
    /// each transfer of the book it is compared with, is a seek by accounts, day and amount.
    /// The side check read a day's staged transfers per candidate, and the near misses every
    /// staged transfer between the accounts per transfer of the book (20,000 transfers over
    /// two days: 4 minutes instead of 3 seconds).
    @Test(arguments: [false, true])
    func transfersAreComparedBySeeksOfAccountsDayAndAmount(dryRun: Bool) throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        try store.connection.execute(ImportStaging.create)
        try store.connection.execute(ImportStaging.stagedTransfersByAccountsDay)
        func plan(_ sql: String, _ values: [SQLiteValue]) throws -> String {
            try store.connection.prepare("EXPLAIN QUERY PLAN " + sql).map(values) { $0.text(3) }.joined(separator: "; ")
        }
        let mirrored = try plan(ImportStaging.keyMirrored, [])
        #expect(mirrored.contains("SEARCH g USING INDEX import_staging_transfers (transfer_account_id=? AND account_id=? AND date=? AND stored_amount=?)"))
        let deleted = try plan(ImportStaging.keyDeletedMirrored, [])
        #expect(deleted.contains("SEARCH g USING INDEX import_staging_transfers (transfer_account_id=? AND account_id=? AND date=? AND stored_amount=?)"))
        let nearMisses = try plan(ImportStaging.nearMissSQL(dryRun: dryRun), dryRun ? [.integer(0), .integer(0)] : [.integer(0)])
        #expect(nearMisses.contains("SEARCH o USING INDEX transactions_by_transfer_account (transfer_account_id=? AND account_id=? AND date=? AND amount=?"))
        #expect(!nearMisses.contains("SEARCH s USING INDEX import_staging_transfers (transfer_account_id=? AND account_id=?)"))
        try store.connection.execute(ImportStaging.drop)
    }
}
