import Testing
@testable import BudgetKit

/// A chunk source that never ends: `prefix` once, then `chunk` forever, counting what it gave.
final class EndlessSource {
    let prefix: [UInt8]
    let chunk: [UInt8]
    private(set) var bytesGiven = 0
    private var started = false

    init(prefix: String = "", repeating chunk: [UInt8]) {
        self.prefix = Array(prefix.utf8)
        self.chunk = chunk
    }

    convenience init(prefix: String = "", repeating text: String, chunkSize: Int = 65_536) {
        var bytes: [UInt8] = []
        while bytes.count < chunkSize { bytes += text.utf8 }
        self.init(prefix: prefix, repeating: Array(bytes.prefix(chunkSize)))
    }

    func next() -> [UInt8]? {
        let bytes = started ? chunk : prefix
        started = true
        bytesGiven += bytes.count
        return bytes
    }
}

@Suite struct CSVReaderLimitTests {
    static let field = CSVReader.maximumFieldBytes
    static let record = CSVReader.maximumRecordBytes

    /// Reads `source` to its end (or error) and returns the error.
    func failure(of source: EndlessSource, skippingLines: Int = 0) -> BudgetError? {
        var reader = CSVReader(file: "big.csv", skippingLines: skippingLines, chunks: source.next)
        do {
            while try reader.next() != nil {}
        } catch {
            return error as? BudgetError
        }
        return nil
    }

    @Test func devZeroIsRefusedAtItsFirstByte() {
        let source = EndlessSource(repeating: [UInt8](repeating: 0, count: 65_536))
        #expect(failure(of: source) == .badInput(file: "big.csv", line: 1, column: 1,
                                                 message: "a NUL byte (the file is binary or UTF-16, not UTF-8 text)"))
        #expect(source.bytesGiven <= 65_536)
    }

    @Test func aLineThatNeverEndsStopsAtTheFieldLimit() {
        let source = EndlessSource(prefix: "date,amount\n2026-11-21,", repeating: "x")
        #expect(failure(of: source) == .badInput(file: "big.csv", line: 2, column: 2,
                                                 message: "a field longer than 1048576 bytes"))
        #expect(source.bytesGiven <= Self.field + 2 * 65_536)
    }

    @Test func aQuotedFieldThatIsNeverClosedStopsAtTheFieldLimit() {
        let pattern = "text, \"\"quoted\"\"\nand more\r\n"
        let source = EndlessSource(prefix: "a,b\n1,\"", repeating: pattern, chunkSize: pattern.utf8.count * 2_400)
        #expect(failure(of: source) == .badInput(file: "big.csv", line: 2, column: 2,
                                                 message: "a field longer than 1048576 bytes"))
        #expect(source.bytesGiven <= Self.field + 2 * 65_536)
    }

    @Test func aRecordOfManyFieldsStopsAtTheRecordLimit() throws {
        let source = EndlessSource(prefix: "h\n", repeating: String(repeating: "y", count: 999) + ",", chunkSize: 64_000)
        let error = try #require(failure(of: source))
        guard case .badInput(let file, let line, let column, let message) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(file == "big.csv" && line == 2 && message == "a row longer than 4194304 bytes")
        #expect(column == Self.record / 1000 + 1)
        #expect(source.bytesGiven <= Self.record + 2 * 65_536)
    }

    @Test func aRecordOfTooManyFieldsIsRefused() throws {
        let text = "a\n" + String(repeating: ",", count: CSVReader.maximumFieldCount) + "\n"
        #expect(thrownMessage { _ = try readCSV(text) } == "test.csv:2:16385: a row with more than 16384 fields")
        let widest = String(repeating: ",", count: CSVReader.maximumFieldCount - 1)
        #expect(try readCSV(widest).map(\.fields.count) == [CSVReader.maximumFieldCount])
    }

    @Test func aLineToSkipThatNeverEndsStopsAtTheRecordLimit() {
        let source = EndlessSource(prefix: "Account\r", repeating: "z")
        #expect(failure(of: source, skippingLines: 3) == .badInput(file: "big.csv", line: 2, column: 1,
                                                                   message: "a line longer than 4194304 bytes"))
        #expect(source.bytesGiven <= Self.record + 2 * 65_536)
    }

    static let small = CSVLimits(fieldBytes: 8, recordBytes: 24, fieldCount: 3)

    func readSmall(_ text: String, chunkSize: Int) throws -> [[String]] {
        let bytes = Array(text.utf8)
        var offset = 0
        var reader = CSVReader(file: "s.csv", limits: Self.small) {
            guard offset < bytes.count else { return nil }
            let end = min(offset + chunkSize, bytes.count)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
        var records: [[String]] = []
        while let record = try reader.next() { records.append(record.fields) }
        return records
    }

    @Test(arguments: [1, 3, 100])
    func acceptsFieldsAndRecordsExactlyAtTheLimits(chunkSize: Int) throws {
        #expect(try readSmall("12345678\n\"1234567\"\"\",\"a\nb\"\n12345678,12345678,123456\n", chunkSize: chunkSize)
            == [["12345678"], ["1234567\"", "a\nb"], ["12345678", "12345678", "123456"]])
    }

    @Test(arguments: [
        ("123456789\n", "s.csv:1:1: a field longer than 8 bytes"),
        ("ok\n\"12345678\"\"\"\n", "s.csv:2:1: a field longer than 8 bytes"),
        ("a,\"1\n2\n3\n4\n5\n\n", "s.csv:1:2: a field longer than 8 bytes"),
        ("12345678,12345678,1234567\n", "s.csv:1:3: a row longer than 24 bytes"),
        ("1,2,3,4\n", "s.csv:1:4: a row with more than 3 fields"),
        ("a\u{0}b\n", "s.csv:1:1: a NUL byte (the file is binary or UTF-16, not UTF-8 text)"),
        ("x\n\"a\nb\u{0}\"\n", "s.csv:3:1: a NUL byte (the file is binary or UTF-16, not UTF-8 text)"),
    ])
    func refusesWhatGoesPastALimitNamingWhereItStarts(text: String, message: String) {
        for chunkSize in [1, 3, 100] {
            #expect(thrownMessage { _ = try readSmall(text, chunkSize: chunkSize) } == message)
        }
    }

    @Test(arguments: [1, 2, 65_536])
    func skipsLinesEndingInCRLFOrCRAlone(chunkSize: Int) throws {
        let cr = "Account \"main\rPeriod: Nov\rdate,amount\r2026-11-21,1\r2026-11-22,2\r"
        #expect(try readCSV(cr, chunkSize: chunkSize, skippingLines: 2) == [
            CSVRecord(fields: ["date", "amount"], line: 3), CSVRecord(fields: ["2026-11-21", "1"], line: 4),
            CSVRecord(fields: ["2026-11-22", "2"], line: 5),
        ])
        let mixed = "one\r\ntwo\rthree\n\rdate\n1\n"
        #expect(try readCSV(mixed, chunkSize: chunkSize, skippingLines: 4) == [
            CSVRecord(fields: ["date"], line: 5), CSVRecord(fields: ["1"], line: 6),
        ])
    }

    @Test func countsWhatItSkippedAndWhetherTheInputHadAnything() throws {
        func reader(_ text: String, skip: Int) throws -> CSVReader {
            var reader = CSVReader(file: "x", skippingLines: skip, text: text)
            while try reader.next() != nil {}
            return reader
        }
        let short = try reader("a\rb", skip: 5)
        #expect(short.skippedLineCount == 2 && short.lineCount == 2 && short.hasContent && short.recordCount == 0)
        let empty = try reader("\u{FEFF}", skip: 5)
        #expect(empty.skippedLineCount == 0 && !empty.hasContent)
        let blank = try reader("\n\n", skip: 0)
        #expect(blank.hasContent && blank.recordCount == 0 && blank.lineCount == 2)
    }
}
