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
}
