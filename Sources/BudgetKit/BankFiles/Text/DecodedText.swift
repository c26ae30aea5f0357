/// A file's text as UTF-8 chunks, its first ones kept aside for format detection and then
/// given again: the one stream every reader of a bank file pulls from. Not thread-safe (a
/// class only so that readers and the CSV path can share it through closures).
final class DecodedText {
    private var transcoder: TextTranscoder
    private var replay: [[UInt8]] = []

    init(_ transcoder: TextTranscoder) {
        self.transcoder = transcoder
    }

    /// The encoding in use, once known.
    var encoding: TextEncoding? { transcoder.encoding }

    /// Reads chunks until `count` bytes or the end, and keeps them to be read again.
    func head(_ count: Int) throws -> [UInt8] {
        var head: [UInt8] = []
        while head.count < count, let chunk = try transcoder.next() {
            replay.append(chunk)
            head.append(contentsOf: chunk)
        }
        return head
    }

    /// The chunks kept by ``head(_:)`` and not read yet, joined.
    var kept: [UInt8] { Array(replay.joined()) }

    /// The next chunk (the kept ones first), or `nil` at the end.
    func read() throws -> [UInt8]? {
        if !replay.isEmpty { return replay.removeFirst() }
        return try transcoder.next()
    }
}

@available(*, unavailable)
extension DecodedText: Sendable {}
