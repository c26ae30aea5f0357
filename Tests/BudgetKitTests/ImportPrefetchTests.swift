#if canImport(Glibc)
import Glibc
#endif
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
        outcome(make()) { reader, take in
            while let row = try reader.nextUnkeyed() { take(row) }
        }
    }

    func prefetched(_ make: () -> ImportReader, after early: Int) -> Outcome {
        var reader = make()
        reader.readsAhead = true
        return outcome(reader) { reader, take in
            try ImportPrefetch.rows(of: &reader, startingAfter: early) { next in
                while let row = try next() { take(row) }
            }
        }
    }

    /// What `read` gives of `reader`: the rows it hands to its second argument, the error that
    /// stops it, and, for a file read to its end, what the reader learnt. (After an error the
    /// reader is not handed back: the reading thread may still be waiting for input.)
    func outcome(_ reader: ImportReader, _ read: (inout ImportReader, (ImportRow) -> Void) throws -> Void) -> Outcome {
        var reader = reader
        var outcome = Outcome()
        do {
            try read(&reader) { outcome.rows.append($0) }
        } catch {
            outcome.error = "\(error)"
            return outcome
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

    /// A reader that does not allow it is never read ahead: its chunk source stays on the
    /// caller's thread (it may be tied to a task or an actor).
    @Test func aReaderThatDoesNotAllowItIsReadOnTheCallersThread() throws {
        let text = Array(Self.csv(rows: 6_000).utf8)
        let caller = pthread_self()
        var calls = 0, elsewhere = 0
        var reader = ImportReader(file: "in.csv", options: ImportOptions()) {
            calls += 1
            if pthread_equal(pthread_self(), caller) == 0 { elsewhere += 1 }
            return calls == 1 ? text : nil
        }
        let rows = try ImportPrefetch.rows(of: &reader, startingAfter: 0) { next in
            var count = 0
            while try next() != nil { count += 1 }
            return count
        }
        #expect(rows == 6_000 && calls == 2 && elsewhere == 0)
    }

    /// The rows read before the input waits (a pipe with nothing more yet) are handed over
    /// before it waits, so a bad one among them is found at once; and leaving early (a bad row
    /// the caller found) does not wait for the reading thread, which may be waiting for input
    /// that comes late or never.
    @Test(arguments: [0, 4_096])
    func leavingEarlyDoesNotWaitForInputThatHasNotCome(after early: Int) {
        struct Stop: Error {}
        let gate = Gate()
        let text = Array(Self.csv(rows: 6_000).utf8)
        var sent = false
        var reader = ImportReader(file: "in.csv", options: ImportOptions()) {
            if sent {
                gate.wait()
                return nil
            }
            sent = true
            return text
        }
        reader.readsAhead = true
        #expect(throws: Stop.self) {
            try ImportPrefetch.rows(of: &reader, startingAfter: early) { next in
                // Every row of the first chunk, the last ones read ahead while the source waits.
                for _ in 0..<6_000 { #expect(try next() != nil) }
                // The source waits for input that has not come (or the gate's ten seconds end).
                while !gate.isWaiting && !gate.isOpen { usleep(1_000) }
                throw Stop()
            }
        }
        #expect(gate.isWaiting)
        gate.release()
    }

    /// A chunk source that waits until released (at most ten seconds).
    final class Gate: @unchecked Sendable {
        private var lock = pthread_mutex_t()
        private var open = false, waiting = false

        init() { pthread_mutex_init(&lock, nil) }

        func wait() {
            locked { waiting = true }
            for _ in 0..<10_000 where !locked({ open }) { usleep(1_000) }
            locked { waiting = false }
        }

        func release() { locked { open = true } }
        var isOpen: Bool { locked { open } }
        var isWaiting: Bool { locked { waiting } }

        private func locked<T>(_ body: () -> T) -> T {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            return body()
        }
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
