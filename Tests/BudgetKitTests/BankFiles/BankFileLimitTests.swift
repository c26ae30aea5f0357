import Testing
@testable import BudgetKit

/// Inputs that never end, or hold one endless token, stop with a clear error after reading
/// about one limit's worth: memory stays flat (the bytes pulled are counted as a proxy).
@Suite struct BankFileLimitTests {
    /// An endless source: `prefix`, then `filler` repeated forever, in 64 KiB chunks; counts
    /// what it gave.
    final class Endless: @unchecked Sendable {   // used by one test at a time, on one thread
        let prefix: [UInt8]
        let chunk: [UInt8]
        var given = 0
        private var started = false
        init(prefix: String, filler: [UInt8]) {
            self.prefix = Array(prefix.utf8)
            var chunk: [UInt8] = []
            while chunk.count < 65536 { chunk += filler }
            self.chunk = chunk
        }
        func next() -> [UInt8]? {
            defer { started = true }
            given += started ? chunk.count : prefix.count
            return started ? chunk : prefix
        }
    }

    static func readAll(_ source: Endless, format: BankFileFormat? = nil) throws {
        var reader = try BankFileReader(file: "-", options: BankFileOptions(format: format)) { source.next() }
        while try reader.next() != nil {}
    }

    @Test func zerosStopAtOnce() {
        let source = Endless(prefix: "", filler: [0])
        #expect(throws: BankFileError(BankFileLocation(file: "-", line: 1), .nulCharacter(byteOffset: 0))) { try Self.readAll(source) }
        #expect(source.given <= 2 * 65536)
    }

    @Test(arguments: [
        ("!Type:Bank\nP", BankFileFormat?.none, BankFileProblem.tooLong(limit: LineReader.maximumLineBytes), 2),
        (":20:X\n:25:Y\n:86:", .none, .tooLong(limit: LineReader.maximumLineBytes), 3),
        ("OFXHEADER:100\n\n<OFX><STMTRS><NAME>", .none, .tooLong(limit: OFXSGMLTokenizer.maximumTextBytes), 3),
        ("OFXHEADER:100\n\n<OFX><", .none, .tooLong(limit: OFXSGMLTokenizer.maximumTagBytes), 3),
        ("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\"><Stmt><Ntry><AddtlNtryInf>", .none,
         .tooLong(limit: XMLStreamReader.maximumTextBytes), 1),
    ])
    func anEndlessTokenStopsAfterItsLimit(prefix: String, format: BankFileFormat?, problem: BankFileProblem, line: Int) {
        let source = Endless(prefix: prefix, filler: Array("x".utf8))
        do {
            try Self.readAll(source, format: format)
            Issue.record("no error")
        } catch let error as BankFileError {
            #expect(error.problem == problem)
            #expect(error.location.line == line)
        } catch {
            Issue.record("\(error)")
        }
        #expect(source.given <= (4 << 20), "read \(source.given) bytes")
    }

    @Test func anEndlessMT940ContinuationStopsAfterTheFieldLimit() {
        let source = Endless(prefix: ":20:X\n:25:Y\n:86:a\n", filler: Array("continued\n".utf8))
        #expect(throws: BankFileError(BankFileLocation(file: "-", line: 3, column: 1), .tooLong(limit: MT940Field.maximumBytes))) {
            try Self.readAll(source)
        }
        #expect(source.given <= 4 * 65536)
    }

    @Test func anEndlessQIFSplitStopsAfterTheSplitLimit() {
        let source = Endless(prefix: "!Type:Bank\nD03.11.2026\nT1\n", filler: Array("SFood\n$1\n".utf8))
        #expect(throws: BankFileError(BankFileLocation(file: "-", line: 4 + 2 * QIFReader.maximumSplits, column: 1),
                                      .tooMany(limit: QIFReader.maximumSplits))) {
            try Self.readAll(source)
        }
    }
}
