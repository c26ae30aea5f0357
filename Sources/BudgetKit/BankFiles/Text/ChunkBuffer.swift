/// Bytes pulled from a chunk source as a scanner needs them, the read part dropped as it goes:
/// what the line and tag readers of bank files stand on.
///
/// It holds the unread part of the current token (which the readers' limits cap) plus one
/// chunk. Not thread-safe.
struct ChunkBuffer {
    private let source: () throws -> [UInt8]?
    private(set) var bytes: [UInt8] = []
    /// The offset of the next unread byte in ``bytes``.
    var position = 0
    private(set) var exhausted = false

    init(chunks: @escaping () throws -> [UInt8]?) {
        source = chunks
    }

    /// Whether every byte has been read.
    var atEnd: Bool { position == bytes.count && exhausted }

    /// Scans from ``position`` for the first byte equal to `stop` or `other`, reading chunks as
    /// needed, but at most `limit` bytes past ``position``.
    ///
    /// - Returns: the offset of the stop byte in ``bytes``, ``bytes``'s count at the end of the
    ///   input, or `nil` when `limit` bytes hold neither (the token is too long).
    mutating func scan(for stop: UInt8, or other: UInt8, limit: Int) throws -> Int? {
        var index = position
        while true {
            let found: Int? = bytes.withUnsafeBufferPointer { buffer in
                let end = min(buffer.count, position + limit + 1)
                var at = index
                while at < end {
                    let byte = buffer[at]
                    if byte == stop || byte == other { return at }
                    at += 1
                }
                return nil
            }
            if let found { return found - position > limit ? nil : found }
            index = bytes.count
            if index - position > limit { return nil }
            if exhausted { return bytes.count }
            let offset = index - position
            try refill()
            index = position + offset
        }
    }

    /// The byte at ``position`` + `ahead`, reading a chunk if needed; `nil` at the end.
    mutating func peek(_ ahead: Int = 0) throws -> UInt8? {
        while position + ahead >= bytes.count {
            if exhausted { return nil }
            try refill()
        }
        return bytes[position + ahead]
    }

    /// Drops the read bytes and appends the next non-empty chunk (or marks the end).
    private mutating func refill() throws {
        if position > 0 && position * 2 >= bytes.count {
            bytes.removeSubrange(0..<position)
            position = 0
        }
        while true {
            guard let chunk = try source() else {
                exhausted = true
                return
            }
            if chunk.isEmpty { continue }
            bytes.append(contentsOf: chunk)
            return
        }
    }
}

@available(*, unavailable)
extension ChunkBuffer: Sendable {}
