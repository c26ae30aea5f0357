#if canImport(Glibc)
import Glibc
#endif

/// Turns a stream of bytes in some text encoding into a stream of UTF-8 bytes, chunk by chunk,
/// through the C library's iconv.
///
/// Left without an encoding, it detects one (see ``TextEncoding``); ``encoding`` says which
/// once it is known. A byte order mark is dropped. Every chunk it returns is valid UTF-8 ending
/// on a character boundary and holds no NUL character.
///
/// ```swift
/// var text = TextTranscoder(file: "bank.csv", chunks: { try input.read(65_536) })
/// var csv = CSVReader(file: "bank.csv", delimiter: ";", chunks: { try text.next() })
/// ```
///
/// Errors, all ``BankFileError`` at the line reached (the column unknown):
/// ``BankFileProblem/invalidText(encoding:byteOffset:)`` for bytes that are not valid in the
/// encoding (a sequence cut off by the end of the input included), and
/// ``BankFileProblem/nulCharacter(byteOffset:)``.
///
/// UTF-8 input is validated and passed on as it is (no copy through iconv); other encodings go
/// through iconv. Memory: one input chunk and its output, plus at most three bytes of an
/// incomplete character carried to the next chunk. Not thread-safe.
public struct TextTranscoder {
    /// The name errors show.
    public let file: String
    /// The encoding: the one asked for, or the one detected (`nil` while only ASCII was seen).
    public private(set) var encoding: TextEncoding?

    private let source: () throws -> [UInt8]?
    private var pending: [UInt8] = []
    private var pendingOffset = 0       // the input offset of pending's first byte
    private var exhausted = false
    private var started = false
    private var line = 1
    private var converter: IconvConverter?

    /// Creates a transcoder pulling chunks from `chunks` until it returns `nil`.
    ///
    /// - Parameters:
    ///   - file: the name errors show.
    ///   - encoding: the input's encoding, or `nil` to detect it.
    ///   - chunks: the next bytes (any size), or `nil` at the end; its errors pass unchanged.
    public init(file: String, encoding: TextEncoding? = nil, chunks: @escaping () throws -> [UInt8]?) {
        self.file = file
        self.encoding = encoding
        self.source = chunks
    }

    /// The next chunk of UTF-8 (never empty), or `nil` at the end.
    ///
    /// - Throws: ``BankFileError`` (see the type), or what the chunk source throws.
    /// - Complexity: O(n) in the chunk's bytes.
    public mutating func next() throws -> [UInt8]? {
        if !started { try start() }
        while true {
            // A source that has said it ended is never asked again.
            if exhausted && pending.isEmpty { return nil }
            if pending.isEmpty || (needsMore && !exhausted) {
                guard let chunk = try source() else {
                    exhausted = true
                    if pending.isEmpty { return nil }
                    return try convert()
                }
                if chunk.isEmpty { continue }
                pending.append(contentsOf: chunk)
                needsMore = false
            }
            if let output = try convert(), !output.isEmpty { return output }
            if exhausted && pending.isEmpty { return nil }
        }
    }

    /// Whether `pending` ends in a cut-off character that the next chunk completes.
    private var needsMore = false

    /// Reads the first bytes and looks for a byte order mark, or UTF-16 without one; refuses a
    /// file whose first bytes are another kind's (``FileKindSignature``).
    private mutating func start() throws {
        started = true
        while pending.count < 64, !exhausted {
            guard let chunk = try source() else { exhausted = true; break }
            pending.append(contentsOf: chunk)
        }
        // A PDF statement, a spreadsheet or an archive saved as the bank file: said so, before
        // a byte somewhere in it is found not to be text.
        if let kind = FileKindSignature.of(pending) { throw error(.otherKindOfFile(kind), linesBefore: 0) }
        let bom: (TextEncoding, Int)?
        if pending.starts(with: [0xEF, 0xBB, 0xBF]) { bom = (.utf8, 3) }
        else if pending.starts(with: [0xFF, 0xFE]) { bom = (.utf16le, 2) }
        else if pending.starts(with: [0xFE, 0xFF]) { bom = (.utf16be, 2) }
        else { bom = nil }
        if let (found, length) = bom, encoding == nil || encoding == found {
            encoding = found
            pending.removeFirst(length)
            pendingOffset = length
        } else if encoding == nil, let utf16 = Self.utf16WithoutBOM(pending) {
            encoding = utf16
        }
        if let encoding, encoding != .utf8 { converter = try IconvConverter(from: encoding) }
    }

    /// UTF-16 text without a byte order mark: in its first bytes (at least four), every other
    /// byte is NUL and the others are not (ASCII text, as every bank format starts with).
    static func utf16WithoutBOM(_ bytes: [UInt8]) -> TextEncoding? {
        let count = min(bytes.count, 64) & ~1
        guard count >= 4 else { return nil }
        var evenZero = true, oddZero = true, evenNonZero = true, oddNonZero = true
        for index in 0..<count {
            if index & 1 == 0 {
                evenZero = evenZero && bytes[index] == 0; evenNonZero = evenNonZero && bytes[index] != 0
            } else {
                oddZero = oddZero && bytes[index] == 0; oddNonZero = oddNonZero && bytes[index] != 0
            }
        }
        if oddZero && evenNonZero { return .utf16le }
        if evenZero && oddNonZero { return .utf16be }
        return nil
    }

    /// Converts as much of `pending` as forms whole characters.
    private mutating func convert() throws -> [UInt8]? {
        if converter != nil { return try convertWithIconv() }
        let input = pending
        let scan = UTF8Scan(input, atEnd: exhausted)
        if scan.sawNonASCII && encoding == nil { encoding = .utf8 }
        switch scan.stop {
        case .none:
            break
        case .nul:
            throw error(.nulCharacter(byteOffset: pendingOffset + scan.validCount), linesBefore: scan.lineFeeds)
        case .cutOff:
            needsMore = true
        case .invalid:
            if encoding == .utf8 {
                throw error(.invalidText(encoding: .utf8, byteOffset: pendingOffset + scan.validCount), linesBefore: scan.lineFeeds)
            }
            // Only ASCII came before: the rest is Windows-1252.
            encoding = .windows1252
            converter = try IconvConverter(from: .windows1252)
        }
        let output = Array(input[..<scan.validCount])
        consume(scan.validCount, lineFeeds: scan.lineFeeds)
        if output.isEmpty, converter != nil { return try convertWithIconv() }
        return output
    }

    /// Converts `pending` through iconv.
    private mutating func convertWithIconv() throws -> [UInt8]? {
        guard let converter, let encoding else { return nil }
        let result = converter.convert(pending)
        let lineFeeds = result.output.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        if let nul = result.output.firstIndex(of: 0) {
            let before = result.output[..<nul].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            // The offset of the NUL in the input: as many input bytes per character before it.
            let width = encoding == .utf16le || encoding == .utf16be ? 2 : 1
            let characters = result.output[..<nul].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            throw error(.nulCharacter(byteOffset: pendingOffset + characters * width), linesBefore: before)
        }
        if result.invalid || (result.consumed < pending.count && exhausted) {
            throw error(.invalidText(encoding: encoding, byteOffset: pendingOffset + result.consumed), linesBefore: lineFeeds)
        }
        needsMore = result.consumed < pending.count
        consume(result.consumed, lineFeeds: lineFeeds)
        return result.output
    }

    private mutating func consume(_ count: Int, lineFeeds: Int) {
        pending.removeSubrange(0..<count)
        pendingOffset += count
        line += lineFeeds
    }

    private func error(_ problem: BankFileProblem, linesBefore: Int) -> BankFileError {
        BankFileError(BankFileLocation(file: file, line: line + linesBefore), problem)
    }
}

@available(*, unavailable)
extension TextTranscoder: Sendable {}
