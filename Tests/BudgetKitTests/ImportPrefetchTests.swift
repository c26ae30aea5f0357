import Testing
@testable import BudgetKit

/// ``ImportPrefetch`` reads ahead on a thread of its own: the rows, their order, the error that
/// ends a file and what the reader learnt must be exactly what reading one row at a time gives.
@Suite struct ImportPrefetchTests {
    /// What reading `reader` gives: its rows, then the error that stopped it (or none), then
    /// the statements and row count it knows at the end.
    struct Outcome: Equatable {
        var rows: [ImportRow] = []
        var error: String?
        var statements: [ImportedStatement] = []
        var rowCount = 0
    }

    func sequential(_ make: () -> ImportReader) -> Outcome {
        var reader = make()
        var outcome = Outcome()
        do {
            while let row = try reader.nextUnkeyed() { outcome.rows.append(row) }
        } catch {
            outcome.error = "\(error)"
        }
        outcome.statements = reader.statements
        outcome.rowCount = reader.rowCount
        return outcome
    }

    func prefetched(_ make: () -> ImportReader, after early: Int) -> Outcome {
        var reader = make()
        var outcome = Outcome()
        do {
            try ImportPrefetch.rows(of: &reader, startingAfter: early) { next in
                while let row = try next() { outcome.rows.append(row) }
            }
        } catch {
            outcome.error = "\(error)"
        }
        outcome.statements = reader.statements
        outcome.rowCount = reader.rowCount
        return outcome
    }

    static func csv(rows: Int, badAt: Int? = nil, longPayeeEvery: Int = 0) -> String {
        var text = "date,amount,category,payee,note\n"
        for index in 1...rows {
            let amount = index == badAt ? "12,3.4" : "\(index % 977).\(index % 10)5"
            let payee = longPayeeEvery > 0 && index % longPayeeEvery == 0 ? String(repeating: "p", count: 100_000) : "Shop \(index % 211)"
            let month = index % 12 + 1, day = index % 28 + 1
            text += "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day),\(amount),Food,\(payee),n\(index)\n"
        }
        return text
    }

    @Test(arguments: [0, 1, 7, 511, 512, 513, 4_096, 20_000])
    func givesTheRowsReadingOneAtATimeGives(after early: Int) {
        let text = Self.csv(rows: 5_000)
        let make = { ImportReader(file: "in.csv", options: ImportOptions(), text: text) }
        let expected = sequential(make)
        #expect(expected.rows.count == 5_000 && expected.error == nil)
        #expect(prefetched(make, after: early) == expected)
    }

    @Test(arguments: [0, 3, 2_000])
    func aBadRowStopsItAfterEveryRowBeforeIt(after early: Int) {
        let text = Self.csv(rows: 3_000, badAt: 2_345)
        let make = { ImportReader(file: "in.csv", options: ImportOptions(), text: text) }
        let expected = sequential(make)
        #expect(expected.rows.count == 2_344)
        #expect(expected.error?.contains("in.csv:2346") == true)
        #expect(prefetched(make, after: early) == expected)
    }

    /// Rows of 100 KB fill a batch in three; the rows waiting stay bounded (not checked
    /// here: `make bench` measures the import's peak), and none is lost or reordered.
    @Test func longRowsComeThroughInOrder() {
        let text = Self.csv(rows: 90, longPayeeEvery: 3)
        let make = { ImportReader(file: "in.csv", options: ImportOptions(), text: text) }
        let expected = sequential(make)
        #expect(expected.rows.count == 90)
        #expect(prefetched(make, after: 0) == expected)
    }

    /// Leaving early (a bad row found by the one staging) stops the reading thread, which may
    /// be waiting for room, and hands the reader back where the thread left it.
    @Test(arguments: [0, 1, 100, 5_000])
    func leavingEarlyStopsTheReadingThread(after rowsTaken: Int) throws {
        struct Stop: Error {}
        let text = Self.csv(rows: 60_000)
        var reader = ImportReader(file: "in.csv", options: ImportOptions(), text: text)
        #expect(throws: Stop.self) {
            try ImportPrefetch.rows(of: &reader, startingAfter: 0) { next in
                for _ in 0..<rowsTaken { _ = try next() }
                throw Stop()
            }
        }
        #expect(reader.rowCount >= rowsTaken)
        // The reader goes on from where the thread stopped, in order.
        let following = try reader.nextUnkeyed()
        #expect(following?.note == "n\(reader.rowCount)")
    }

    /// Every bank file of the corpus, read ahead from its first row: the same rows or error,
    /// and the same statements at the end (what the balance check reads).
    @Test(arguments: statementCorpus)
    func aBankFileGivesTheSameRowsAndStatements(_ corpus: CorpusCase) {
        let bytes = corpusBytes(corpus.file)
        var options = ImportOptions()
        options.dateOrder = corpus.options.dateOrder
        options.decimalSeparator = corpus.options.decimalSeparator
        options.encoding = corpus.options.encoding
        options.fileFormat = corpus.options.format
        let make = {
            var pending: [UInt8]? = bytes
            return ImportReader(file: corpus.file, options: options) {
                defer { pending = nil }
                return pending
            }
        }
        let expected = sequential(make)
        #expect(prefetched(make, after: 0) == expected)
        #expect(prefetched(make, after: 1) == expected)
    }
}
