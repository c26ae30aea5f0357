#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// A deterministic mutation fuzzer over the corpus: each round takes a corpus file of the
/// format, applies one to four mutations (bit flips, inserted, deleted and duplicated runs,
/// truncation, bytes that matter to the formats), and reads the result to the end. Every read
/// must end with its items or a typed error: never a crash, never a hang (the suite's time
/// limit), never more items than the input could hold (a reader that stops making progress).
///
/// 10,000 mutated files per format under `swift test`; `BUDGET_FUZZ_ITERATIONS` asks for more
/// (`make fuzz`), `BUDGET_FUZZ_SEED` for another sequence.
@Suite(.timeLimit(.minutes(FuzzSettings.minutes))) struct BankFileFuzzTests {
    static var iterations: Int { FuzzSettings.iterations }
    static var seed: UInt64 { FuzzSettings.seed }

    static let families: [(String, [String])] = [
        ("ofx", ["ofx1-us-checking-unclosed.ofx", "ofx1-european-bank-cp1252.ofx", "qfx-credit-card-one-line.qfx", "ofx2-xml-savings.ofx"]),
        ("camt", ["camt053-batch-and-pending.xml", "camt052-intraday-v08.xml", "camt054-notification.xml"]),
        ("mt940", ["mt940-structured-86-multiline.sta", "mt940-swift-envelope-intermediate.txt"]),
        ("qif", ["qif-us-splits-transfer.qif", "qif-european-dates-and-amounts.qif"]),
        ("csv", ["csv-german-latin1.csv", "csv-utf16le-bom.csv", "csv-us-dollars-parentheses.csv"]),
    ]

    @Test(arguments: families.map(\.0))
    func everyMutatedFileEndsInItemsOrATypedError(_ family: String) throws {
        let files = Self.families.first { $0.0 == family }!.1.map { corpusBytes($0) }
        var random = FuzzRandom(seed: Self.seed &+ UInt64(family.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        var outcomes = (items: 0, errors: 0)
        for round in 0..<Self.iterations {
            var bytes = files[round % files.count]
            for _ in 0...random.below(4) { random.mutate(&bytes) }
            let chunk = 1 + random.below(4096)
            do {
                let count = try Self.read(bytes, chunkSize: chunk, csv: family == "csv")
                #expect(count <= bytes.count + 4, "round \(round): \(count) items from \(bytes.count) bytes")
                outcomes.items += 1
            } catch is BankFileError {
                outcomes.errors += 1
            } catch let error as BudgetError {
                // A mutation may turn a file of another format into CSV, whose reader speaks BudgetError.
                guard case .badInput = error else { Issue.record("round \(round): \(error)"); continue }
                outcomes.errors += 1
            } catch {
                Issue.record("round \(round): an untyped error \(error)")
            }
        }
        // Both outcomes happen: the mutations neither always break the files nor never do.
        #expect(outcomes.items > 0 && outcomes.errors > 0)
    }

    /// Reads every item (or, for what is CSV, every record of the decoded text); returns how many.
    static func read(_ bytes: [UInt8], chunkSize: Int, csv: Bool) throws -> Int {
        var offset = 0
        var reader = try BankFileReader(file: "fuzz") {
            guard offset < bytes.count else { return nil }
            defer { offset += chunkSize }
            return Array(bytes[offset..<min(bytes.count, offset + chunkSize)])
        }
        var count = 0
        if reader.format == .csv {
            var records = CSVReader(file: "fuzz", delimiter: csv && bytes.contains(UInt8(ascii: ";")) ? ";" : ",", chunks: reader.decodedText())
            while try records.next() != nil { count += 1 }
            return count
        }
        while try reader.next() != nil {
            count += 1
            if count > bytes.count + 4 { break }
        }
        return count
    }
}

/// How many rounds, from which seed, within how long.
enum FuzzSettings {
    static var iterations: Int {
        getenv("BUDGET_FUZZ_ITERATIONS").flatMap { Int(String(cString: $0)) } ?? 10_000
    }

    static var seed: UInt64 {
        getenv("BUDGET_FUZZ_SEED").flatMap { UInt64(String(cString: $0)) } ?? 0x5EED_BA2C
    }

    /// Two minutes for the default count (about 15 s here in a debug build), more in
    /// proportion for `make fuzz`.
    static var minutes: Int { max(2, iterations / 5_000) }
}

/// The tests' seeded generator, with the mutations the fuzzer applies.
struct FuzzRandom {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    /// Bytes that mean something to one of the formats.
    private static let interesting: [UInt8] = Array("<>/:^!?&;,.-+'[]{}\n\r\t 0129DCTSRN".utf8) + [0x00, 0x80, 0x81, 0xC3, 0xE2, 0xFF, 0xFE]

    mutating func mutate(_ bytes: inout [UInt8]) {
        let count = bytes.count
        let at = below(count + 1)
        switch below(7) {
        case 0 where count > 0:
            bytes[min(at, count - 1)] ^= UInt8(1 << below(8))
        case 1:
            bytes.insert(Self.interesting[below(Self.interesting.count)], at: at)
        case 2 where count > 0:
            let end = min(count, at + 1 + below(64))
            bytes.removeSubrange(min(at, count - 1)..<end)
        case 3 where count > 0:
            let start = min(at, count - 1)
            let run = bytes[start..<min(count, start + 1 + below(256))]
            bytes.insert(contentsOf: run, at: below(count + 1))
        case 4:
            bytes.removeSubrange(at..<count)
        case 5 where count > 0:
            bytes[min(at, count - 1)] = Self.interesting[below(Self.interesting.count)]
        default:
            bytes.insert(contentsOf: (0..<(1 + below(8))).map { _ in UInt8(truncatingIfNeeded: next()) }, at: at)
        }
    }
}
