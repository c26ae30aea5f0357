import Testing
@testable import BudgetKit

/// Reads every record of `bytes`, handing them to the reader `chunkSize` bytes at a time.
func readCSV(_ bytes: [UInt8], chunkSize: Int = 65_536, delimiter: Unicode.Scalar = ",",
             skippingLines: Int = 0, quoting: CSVReader.Quoting = .rfc4180) throws -> [CSVRecord] {
    var offset = 0
    var reader = CSVReader(file: "test.csv", delimiter: delimiter, skippingLines: skippingLines, quoting: quoting) {
        guard offset < bytes.count else { return nil }
        let end = min(offset + chunkSize, bytes.count)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
}

func readCSV(_ text: String, chunkSize: Int = 65_536, delimiter: Unicode.Scalar = ",",
             skippingLines: Int = 0, quoting: CSVReader.Quoting = .rfc4180) throws -> [CSVRecord] {
    try readCSV(Array(text.utf8), chunkSize: chunkSize, delimiter: delimiter, skippingLines: skippingLines, quoting: quoting)
}

/// The error message `body` throws, as the CLI prints it after `budget: error: `.
func thrownMessage(_ body: () throws -> Void) -> String? {
    do { try body() } catch { return "\(error)" }
    return nil
}

@Suite struct CSVReaderTests {
    static let awkward = """
        id,date,amount,payee\r
        1,2026-11-21,-12.50,"Café, ""Chez Paul""\"\r
        2,2026-11-22,3.00,"two\r
        lines"\r
        \r
        3,2026-11-23,,\r
        4,2026-11-24,1,"\r
        \r
        "
        5,2026-11-25,2,last
        """

    static let awkwardRecords = [
        CSVRecord(fields: ["id", "date", "amount", "payee"], line: 1),
        CSVRecord(fields: ["1", "2026-11-21", "-12.50", "Café, \"Chez Paul\""], line: 2),
        CSVRecord(fields: ["2", "2026-11-22", "3.00", "two\r\nlines"], line: 3),
        CSVRecord(fields: ["3", "2026-11-23", "", ""], line: 6),
        CSVRecord(fields: ["4", "2026-11-24", "1", "\r\n\r\n"], line: 7),
        CSVRecord(fields: ["5", "2026-11-25", "2", "last"], line: 10),
    ]

    @Test(arguments: [1, 2, 3, 5, 7, 64, 65_536])
    func readsQuotesLineBreaksAndBlankLinesWhateverTheChunkSize(chunkSize: Int) throws {
        #expect(try readCSV(Self.awkward, chunkSize: chunkSize) == Self.awkwardRecords)
    }

    @Test(arguments: [1, 2, 65_536])
    func readsLFOnlyFilesWithTheSameLineNumbers(chunkSize: Int) throws {
        let lf = Self.awkward.replacing("\r\n", with: "\n")
        let expected = Self.awkwardRecords.map {
            CSVRecord(fields: $0.fields.map { $0.replacing("\r\n", with: "\n") }, line: $0.line)
        }
        #expect(try readCSV(lf, chunkSize: chunkSize) == expected)
    }

    @Test func treatsALoneCRAsALineEnding() throws {
        #expect(try readCSV("a,b\rc,d\r\r\"e\rf\",g\rh,i") == [
            CSVRecord(fields: ["a", "b"], line: 1), CSVRecord(fields: ["c", "d"], line: 2),
            CSVRecord(fields: ["e\rf", "g"], line: 4), CSVRecord(fields: ["h", "i"], line: 6),
        ])
    }

    @Test(arguments: [1, 2, 3, 4, 100])
    func skipsAByteOrderMarkAtTheStart(chunkSize: Int) throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("date,amount\n\"x\",1\n".utf8)
        #expect(try readCSV(bytes, chunkSize: chunkSize) == [
            CSVRecord(fields: ["date", "amount"], line: 1), CSVRecord(fields: ["x", "1"], line: 2),
        ])
    }

    @Test func keepsAByteOrderMarkThatIsNotAtTheStart() throws {
        #expect(try readCSV("a\n\u{FEFF}b\n").map(\.fields) == [["a"], ["\u{FEFF}b"]])
    }

    @Test(arguments: [",", ";", "\t", "|"] as [Unicode.Scalar])
    func readsAnyDelimiter(delimiter: Unicode.Scalar) throws {
        let d = String(delimiter)
        let text = "a\(d)\"b\(d)c\"\(d)\n\(d)\(d)x\n"
        #expect(try readCSV(text, delimiter: delimiter).map(\.fields) == [["a", "b\(d)c", ""], ["", "", "x"]])
    }

    @Test(arguments: [1, 65_536])
    func readsEmptyFieldsAndAMissingFinalNewline(chunkSize: Int) throws {
        #expect(try readCSV("a,,\"\"\n,\n\"\"", chunkSize: chunkSize).map(\.fields) == [["a", "", ""], ["", ""], [""]])
        #expect(try readCSV("x,", chunkSize: chunkSize).map(\.fields) == [["x", ""]])
        #expect(try readCSV("x,\"y\"", chunkSize: chunkSize).map(\.fields) == [["x", "y"]])
    }

    @Test func readsNothingFromEmptyOrBlankInput() throws {
        #expect(try readCSV("").isEmpty)
        #expect(try readCSV("\n\r\n\n").isEmpty)
        #expect(try readCSV([0xEF, 0xBB, 0xBF]).isEmpty)
    }

    @Test(arguments: [1, 65_536])
    func skipsPreambleLinesAsRawTextAndCountsThem(chunkSize: Int) throws {
        let text = "Account \"main\n\n\"Balance: 1,000\ndate,amount\n2026-11-21,1\n"
        #expect(try readCSV(text, chunkSize: chunkSize, skippingLines: 3) == [
            CSVRecord(fields: ["date", "amount"], line: 4), CSVRecord(fields: ["2026-11-21", "1"], line: 5),
        ])
        #expect(try readCSV("only\n", skippingLines: 5).isEmpty)
    }

    @Test(arguments: [
        ("a,b\nc,d\"e\n", "test.csv:2:2: a quote inside an unquoted field (quote the whole field and double the quotes inside it)"),
        ("a,\"b\"c\n", "test.csv:1:2: unexpected text after the closing quote of a quoted field"),
        ("a\n\"x\ny\" z,w\n", "test.csv:3:1: unexpected text after the closing quote of a quoted field"),
        ("a\nb,\"open\n\nstill open", "test.csv:2:2: a quoted field is not closed before the end of the file"),
        ("a\nb,\"", "test.csv:2:2: a quoted field is not closed before the end of the file"),
    ])
    func rejectsMalformedQuotingWithItsLineAndField(text: String, message: String) {
        for chunkSize in [1, 2, 65_536] {
            #expect(thrownMessage { _ = try readCSV(text, chunkSize: chunkSize) } == message)
        }
    }

    @Test func rejectsInvalidUTF8WithTheLineAndFieldWhereItStarts() {
        let bytes = Array("a,b\nok,\"x\n".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        #expect(thrownMessage { _ = try readCSV(bytes, chunkSize: 1) } == "test.csv:2:2: invalid UTF-8 text (save the file as UTF-8)")
        let unquoted = Array("a,b\n".utf8) + [0xFF] + Array(",x\n".utf8)
        #expect(thrownMessage { _ = try readCSV(unquoted) } == "test.csv:2:1: invalid UTF-8 text (save the file as UTF-8)")
    }

    @Test func throwsABadInputErrorValue() {
        var reader = CSVReader(file: "bank.csv", text: "a\"")
        #expect(throws: BudgetError.badInput(file: "bank.csv", line: 1, column: 1,
                                             message: "a quote inside an unquoted field (quote the whole field and double the quotes inside it)")) {
            _ = try reader.next()
        }
    }

    @Test func passesOnTheSourcesOwnErrors() {
        struct DiskFailure: Error, Equatable {}
        var calls = 0
        var reader = CSVReader(file: "x.csv") {
            calls += 1
            if calls == 1 { return Array("a,b\nc".utf8) }
            throw DiskFailure()
        }
        #expect(throws: DiskFailure()) {
            while try reader.next() != nil {}
        }
    }

    @Test(arguments: [
        ["plain", "", "a,b", "say \"hi\"", "\"", "two\nlines", "crlf\r\nx", " pad ", "Café 🍰 ĳ", ",", "\n"],
        [""],
        ["", ""],
        ["=SUM(A1)", "-12.50"],
    ])
    func readsBackWhatTheWriterWrote(fields: [String]) throws {
        for writer in [CSVWriter(), CSVWriter(lineEnding: .crlf), CSVWriter(format: .delimited(";"))] {
            var bytes: [UInt8] = []
            writer.writeRow(fields.map(CSVField.text), to: &bytes)
            writer.writeRow(["next"], to: &bytes)
            guard case .delimited(let delimiter) = writer.format else { continue }
            for chunkSize in [1, 3, 65_536] {
                let records = try readCSV(bytes, chunkSize: chunkSize, delimiter: delimiter)
                #expect(records.map(\.fields) == [fields, ["next"]])
            }
        }
    }

    /// ``CSVReader/Quoting/backslashEscapes`` reads back every field the TSV writer wrote
    /// (tabs, line breaks, backslashes, quotes), one record a line, whatever the chunk size.
    @Test(arguments: [
        ["plain", "", "a,b", "say \"hi\"", "\"", "tab\there", "two\nlines", "crlf\r\nx", "back\\slash\\", "\\n", " pad ", "Café 🍰"],
        ["", ""],
        ["\"quoted\"", "\u{7}\u{1b}[31m"],
    ])
    func readsBackWhatTheTSVWriterWrote(fields: [String]) throws {
        var bytes: [UInt8] = []
        CSVWriter(format: .tsv).writeRow(fields.map(CSVField.text), to: &bytes)
        CSVWriter(format: .tsv).writeRow(["next"], to: &bytes)
        for chunkSize in [1, 2, 3, 65_536] {
            #expect(try readCSV(bytes, chunkSize: chunkSize, delimiter: "\t", quoting: .backslashEscapes)
                == [CSVRecord(fields: fields, line: 1), CSVRecord(fields: ["next"], line: 2)])
        }
    }

    /// A backslash escaping nothing (`\x`, one at a field's or the input's end) and a NUL byte
    /// are refused at their line and field; a quote is text.
    @Test(arguments: [
        ("a\tb\nc\td\\x\n", "test.csv:2:2"),
        ("a\tb\nc\\\td\n", "test.csv:2:1"),
        ("a\tb\nc\td\\", "test.csv:2:2"),
        ("a\tb\n\\\n", "test.csv:2:1"),
    ])
    func rejectsABackslashThatEscapesNothing(text: String, location: String) throws {
        for chunkSize in [1, 2, 65_536] {
            #expect(thrownMessage { _ = try readCSV(text, chunkSize: chunkSize, delimiter: "\t", quoting: .backslashEscapes) }
                == location + ": " + CSVScanner.escapeMessage)
        }
        #expect(thrownMessage { _ = try readCSV("a\tb\u{0}\n", delimiter: "\t", quoting: .backslashEscapes) }
            == "test.csv:1:2: " + CSVScanner.nulMessage)
        #expect(try readCSV("\"a\tb\"c\n", delimiter: "\t", quoting: .backslashEscapes).map(\.fields) == [["\"a", "b\"c"]])
    }
}
