/// Reads the lines of decoded text (QIF, MT940, the head of OFX 1.x) one at a time: LF, CR LF
/// and a lone CR end a line, and a last line may have no ending.
///
/// A line longer than ``maximumLineBytes`` is an error, so an input that never ends a line
/// stops with an error after reading at most that much. Not thread-safe.
struct LineReader {
    /// The longest line accepted: 1 MiB (bank formats' lines are a few dozen bytes).
    static let maximumLineBytes = 1 << 20

    let file: String
    private var buffer: ChunkBuffer
    /// The number of the line ``next()`` gives next.
    private(set) var line = 1

    init(file: String, chunks: @escaping () throws -> [UInt8]?) {
        self.file = file
        buffer = ChunkBuffer(chunks: chunks)
    }

    /// The next line without its ending, and its number; `nil` at the end.
    ///
    /// - Throws: ``BankFileError`` with ``BankFileProblem/tooLong(limit:)``, or what the
    ///   chunk source throws.
    mutating func next() throws -> (text: String, line: Int)? {
        if try buffer.peek() == nil { return nil }
        guard let end = try buffer.scan(for: 0x0A, or: 0x0D, limit: Self.maximumLineBytes) else {
            throw BankFileError(BankFileLocation(file: file, line: line, column: 1), .tooLong(limit: Self.maximumLineBytes))
        }
        let text = String(decoding: buffer.bytes[buffer.position..<end], as: UTF8.self)
        buffer.position = end
        if end < buffer.bytes.count {
            let ending = buffer.bytes[end]
            buffer.position += 1
            if ending == 0x0D, try buffer.peek() == 0x0A { buffer.position += 1 }
        }
        defer { line += 1 }
        return (text, line)
    }
}

@available(*, unavailable)
extension LineReader: Sendable {}
