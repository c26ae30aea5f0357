import Testing
@testable import BudgetKit

@Suite struct BankFileCorpusTests {
    @Test(arguments: statementCorpus)
    func eachCorpusFileGivesExactlyItsStatementsAndEntries(_ corpus: CorpusCase) throws {
        let bytes = corpusBytes(corpus.file)
        var reader = try BankFileReader(file: corpus.file, options: corpus.options, bytes: bytes)
        #expect(reader.format == corpus.format)
        var lines: [String] = []
        while let item = try reader.next() { lines.append(describe(item)) }
        #expect(lines == corpus.items)
        #expect(reader.encoding == corpus.encoding)
    }

    @Test(arguments: statementCorpus)
    func chunkBoundariesChangeNothing(_ corpus: CorpusCase) throws {
        let bytes = corpusBytes(corpus.file)
        for size in [1, 2, 3, 7, 64] {
            #expect(try readAll(corpus.file, bytes: bytes, options: corpus.options, chunkSize: size) == corpus.items, "chunks of \(size)")
        }
    }

    @Test(arguments: [TextEncoding.utf16le, .utf16be])
    func aUTF16CopyOfAFileGivesTheSameEntries(_ encoding: TextEncoding) throws {
        let corpus = statementCorpus.first { $0.file == "camt053-batch-and-pending.xml" }!
        let text = String(decoding: corpusBytes(corpus.file), as: UTF8.self)
        var bytes: [UInt8] = encoding == .utf16le ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in text.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += encoding == .utf16le ? pair : pair.reversed()
        }
        var reader = try BankFileReader(file: corpus.file, bytes: bytes)
        var lines: [String] = []
        while let item = try reader.next() { lines.append(describe(item)) }
        #expect(lines == corpus.items)
        #expect(reader.encoding == encoding)
    }

    @Test func aUSQIFWithoutADateOrderStopsAtItsFirstAmbiguousDate() throws {
        let name = "qif-us-splits-transfer.qif"
        #expect(throws: BankFileError(BankFileLocation(file: name, line: 14, column: 2),
                                      .ambiguousDate("1/ 5'27", readings: [Day(iso: "2027-05-01")!, Day(iso: "2027-01-05")!]))) {
            _ = try readAll(name, bytes: corpusBytes(name))
        }
    }

    /// A CSV corpus file: its delimiter, the columns of date, payee and amount, and the rows it
    /// must give through ``BankFileReader/decodedText()``, ``CSVReader``, ``BankDate`` and
    /// ``BankAmount``.
    struct CSVCase: Sendable, CustomTestStringConvertible {
        let file: String
        let delimiter: Unicode.Scalar
        let columns: (date: Int, payee: Int, amount: Int)
        let order: DateOrder
        let encoding: TextEncoding
        let rows: [String]
        var testDescription: String { file }
    }

    static let csvCorpus: [CSVCase] = [
        CSVCase(file: "csv-german-latin1.csv", delimiter: ";", columns: (0, 2, 4), order: .detect, encoding: .windows1252, rows: [
            "2026-11-03 -4.75 Bäckerei Müller", "2026-11-05 -89.00 Straßenbahn GmbH", "2026-11-15 1234.56 Arbeitgeber AG",
        ]),
        CSVCase(file: "csv-utf16le-bom.csv", delimiter: "\t", columns: (0, 1, 2), order: .detect, encoding: .utf16le, rows: [
            "2026-11-03 -3.20 Café Crème", "2026-11-04 -15.00 Zoë’s Books", "2026-11-05 15.00 Refund 👍",
        ]),
        CSVCase(file: "csv-us-dollars-parentheses.csv", delimiter: ",", columns: (0, 1, 2), order: .monthDayYear, encoding: .utf8, rows: [
            "2026-11-03 4.75 STARBUCKS #1234, SEATTLE", "2026-11-13 -3.00 RETURN - TARGET", "2026-11-20 1250.00 PAYROLL",
            "2026-11-28 -40.00 ATM WITHDRAWAL",
        ]),
    ]

    @Test(arguments: csvCorpus)
    func eachCSVCorpusFileGivesExactlyItsRows(_ corpus: CSVCase) throws {
        let reader = try BankFileReader(file: corpus.file, bytes: corpusBytes(corpus.file))
        #expect(reader.format == .csv)
        var csv = CSVReader(file: corpus.file, delimiter: corpus.delimiter, chunks: reader.decodedText())
        _ = try csv.next()   // the header
        var rows: [String] = []
        while let record = try csv.next() {
            let day = try BankDate.parse(record.fields[corpus.columns.date], order: corpus.order)
            let amount = try BankAmount.parse(record.fields[corpus.columns.amount])
            rows.append("\(day) \(amount) \(record.fields[corpus.columns.payee])")
        }
        #expect(rows == corpus.rows)
        #expect(reader.encoding == (corpus.encoding == .utf8 ? nil : corpus.encoding))   // ASCII only: not decided
    }

    @Test func theImportReaderReadsAUTF16CSVThroughTheDecodedText() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + "date,amount,category,payee\n2026-11-03,4.75,Food,Café\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let reader = try BankFileReader(file: "u16.csv", bytes: bytes)
        var rows = ImportReader(file: "u16.csv", options: ImportOptions(), chunks: reader.decodedText())
        let row = try #require(try rows.next())
        #expect(row.payee == "Café")
        #expect(row.amount == Money(minorUnits: 475))
        #expect(try rows.next() == nil)
        // Without the transcoder, the CSV reader refuses the same bytes.
        #expect(throws: BudgetError.self) {
            var direct = ImportReader(file: "u16.csv", options: ImportOptions(), text: String(decoding: bytes, as: UTF8.self))
            _ = try direct.next()
        }
    }
}
