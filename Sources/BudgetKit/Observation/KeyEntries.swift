/// The rows of a live list's order, held in chunks of a few thousand, so that inserting or
/// removing one row shifts the rest of its chunk, never the whole list: at ten million rows a flat
/// array moved 80 MB on average for each insert.
///
/// Each row is a ``KeyEntry`` (16 bytes) and ``moreCount`` further sort values, kept side by side
/// in its chunk. Reading a position finds its chunk by binary search over the chunks' first
/// positions, O(log c) for c chunks; iterating walks the chunks in order.
struct KeyEntries: RandomAccessCollection {
    /// A run of consecutive rows: their entries, and their later sort values (``moreCount`` a row).
    struct Chunk {
        var entries: [KeyEntry] = []
        var more: [Int64] = []
    }

    /// Appending fills a chunk to this many rows before starting the next.
    static let fill = 4096
    /// An insert that takes a chunk past this many rows splits it in two.
    static let limit = 8192

    /// How many values a row holds beyond its first sort value.
    let moreCount: Int
    private(set) var chunks: [Chunk] = []
    /// `starts[i]`: the position of chunk `i`'s first row.
    private(set) var starts: [Int] = []
    private(set) var total = 0
    private let capacity: Int

    /// An empty list expecting about `capacity` rows (its chunks reserve no more than that).
    init(moreCount: Int, capacity: Int = 0) {
        self.moreCount = moreCount
        self.capacity = capacity
    }

    /// Rows already cut into chunks, in order (the last of a sort, made from the end back).
    init(moreCount: Int, chunks: [Chunk]) {
        self.moreCount = moreCount
        capacity = 0
        self.chunks = chunks.filter { !$0.entries.isEmpty }
        starts.reserveCapacity(self.chunks.count)
        for chunk in self.chunks {
            starts.append(total)
            total += chunk.entries.count
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { total }
    var count: Int { total }

    /// The chunk holding `position` (the last chunk for `position == total`).
    @inline(__always)
    func chunk(containing position: Int) -> Int {
        Self.last(of: starts, atMost: position)
    }

    /// The index of the last of ascending `starts` that is at most `position` (0 when none is):
    /// which chunk, or which section's run, holds a position.
    @inline(__always)
    static func last(of starts: [Int], atMost position: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    subscript(position: Int) -> KeyEntry {
        let index = chunk(containing: position)
        return chunks[index].entries[position - starts[index]]
    }

    /// The later sort keys' values of the row at `position`.
    func more(at position: Int) -> MoreValues {
        var values = MoreValues()
        guard moreCount > 0 else { return values }
        let index = chunk(containing: position)
        let start = (position - starts[index]) * moreCount
        for value in 0..<moreCount { values[value] = chunks[index].more[start + value] }
        return values
    }

    struct Iterator: IteratorProtocol {
        let chunks: [Chunk]
        var chunk = 0
        var offset = 0

        mutating func next() -> KeyEntry? {
            while chunk < chunks.count {
                if offset < chunks[chunk].entries.count {
                    defer { offset += 1 }
                    return chunks[chunk].entries[offset]
                }
                chunk += 1
                offset = 0
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// A new chunk, reserving room for what appends will put in it.
    private func newChunk() -> Chunk {
        var chunk = Chunk()
        let rows = Swift.min(KeyEntries.fill, Swift.max(capacity - total, 16))
        chunk.entries.reserveCapacity(rows)
        chunk.more.reserveCapacity(rows * moreCount)
        return chunk
    }

    /// Appends a row after every row held.
    mutating func append(_ entry: KeyEntry, _ more: MoreValues) {
        if chunks.isEmpty || chunks[chunks.count - 1].entries.count >= KeyEntries.fill {
            starts.append(total)
            chunks.append(newChunk())
        }
        let last = chunks.count - 1
        chunks[last].entries.append(entry)
        for value in 0..<moreCount { chunks[last].more.append(more[value]) }
        total += 1
    }

    /// Appends the rows of `source` at `range`.
    mutating func append(from source: KeyEntries, _ range: Range<Int>) {
        var position = range.lowerBound
        while position < range.upperBound {
            let index = source.chunk(containing: position)
            let start = source.starts[index]
            let end = Swift.min(range.upperBound, start + source.chunks[index].entries.count)
            if chunks.isEmpty || chunks[chunks.count - 1].entries.count >= KeyEntries.fill {
                starts.append(total)
                chunks.append(newChunk())
            }
            let last = chunks.count - 1
            let taken = Swift.min(end - position, KeyEntries.fill - chunks[last].entries.count)
            let offsets = (position - start)..<(position - start + taken)
            chunks[last].entries.append(contentsOf: source.chunks[index].entries[offsets])
            if moreCount > 0 {
                chunks[last].more.append(contentsOf: source.chunks[index].more[offsets.lowerBound * moreCount..<offsets.upperBound * moreCount])
            }
            total += taken
            position += taken
        }
    }

    /// Inserts a row at `position`, splitting its chunk when it grows past ``limit``.
    mutating func insert(_ entry: KeyEntry, _ more: MoreValues, at position: Int) {
        precondition(position >= 0 && position <= total, "position \(position) out of 0...\(total)")
        if position == total { return append(entry, more) }
        let index = chunk(containing: position)
        let offset = position - starts[index]
        chunks[index].entries.insert(entry, at: offset)
        if moreCount > 0 {
            chunks[index].more.insert(contentsOf: (0..<moreCount).map { more[$0] }, at: offset * moreCount)
        }
        total += 1
        for later in (index + 1)..<starts.count { starts[later] += 1 }
        if chunks[index].entries.count > KeyEntries.limit { split(index) }
    }

    /// Splits chunk `index` into two halves.
    private mutating func split(_ index: Int) {
        let rows = chunks[index].entries.count, half = rows / 2
        var second = Chunk()
        second.entries = Array(chunks[index].entries[half...])
        second.more = Array(chunks[index].more[(half * moreCount)...])
        chunks[index].entries.removeSubrange(half...)
        chunks[index].more.removeSubrange((half * moreCount)...)
        chunks.insert(second, at: index + 1)
        starts.insert(starts[index] + half, at: index + 1)
    }

    /// Removes the row at `position`; a chunk left empty goes.
    mutating func remove(at position: Int) {
        precondition(position >= 0 && position < total, "position \(position) out of 0..<\(total)")
        let index = chunk(containing: position)
        let offset = position - starts[index]
        chunks[index].entries.remove(at: offset)
        if moreCount > 0 { chunks[index].more.removeSubrange(offset * moreCount..<(offset + 1) * moreCount) }
        total -= 1
        var next = index + 1
        if chunks[index].entries.isEmpty {
            chunks.remove(at: index)
            starts.remove(at: index)
            next = index
        }
        for later in next..<starts.count { starts[later] -= 1 }
    }
}
