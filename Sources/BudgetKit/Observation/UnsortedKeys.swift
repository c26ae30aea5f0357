#if canImport(Glibc)
import Glibc
#endif

/// Row keys in the order the database returned them, waiting to be sorted: each row is a few
/// 8-byte words side by side (its section when the list is sectioned, each sort key's value, its
/// id), in memory mapped for this list alone. Sorting ranks them in place, sorts them in place,
/// and turns them into ``OrderedKeys`` from the last row back, giving each consumed stretch back
/// to the system as it goes. So a first fetch that SQLite cannot hand over in order peaks at
/// about the words themselves (16 bytes a row for a one-key list, 8 more for a section and for
/// each further key), not at three copies of every key and a merge sort's scratch space.
struct UnsortedKeys {
    let moreCount: Int
    let isSectioned: Bool
    /// The words of a row: section (when sectioned), the sort keys' values, id.
    let width: Int
    fileprivate let buffer: WordBuffer

    init(order: KeyOrder, capacity: Int) {
        moreCount = order.moreCount
        isSectioned = order.sectioning != nil
        width = (isSectioned ? 1 : 0) + order.keys.count + 1
        buffer = WordBuffer(width: width, capacity: capacity)
    }

    var count: Int { buffer.rows }

    mutating func append(_ key: RowKey) {
        let row = buffer.appendRow()
        var word = 0
        if isSectioned {
            row[0] = key.section
            word = 1
        }
        row[word] = key.sort
        for index in 0..<moreCount { row[word + 1 + index] = key.more[index] }
        row[width - 1] = key.id
    }
}

/// Int64 words in an anonymous mapping of their own, `width` to a row: grown by remapping while
/// rows are appended, and given back to the system from the end (``truncate(to:)``) while they
/// are consumed from the end.
fileprivate final class WordBuffer {
    let width: Int
    private(set) var base: UnsafeMutablePointer<Int64>
    private(set) var rows = 0
    private var mappedBytes: Int
    static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    init(width: Int, capacity: Int) {
        self.width = width
        mappedBytes = WordBuffer.pages(for: Swift.max(capacity, 1) * width)
        base = WordBuffer.map(mappedBytes)
    }

    deinit { munmap(base, mappedBytes) }

    /// The bytes of whole pages holding `words` words.
    private static func pages(for words: Int) -> Int {
        (words * 8 + page - 1) / page * page
    }

    private static func map(_ bytes: Int) -> UnsafeMutablePointer<Int64> {
        let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        // Like an array that cannot grow: the process cannot go on without the memory.
        guard let address, Int(bitPattern: address) != -1 else { fatalError("out of memory: cannot map \(bytes) bytes for a live list's keys") }
        return address.bindMemory(to: Int64.self, capacity: bytes / 8)
    }

    /// Room for one more row, returned for writing.
    func appendRow() -> UnsafeMutablePointer<Int64> {
        if (rows + 1) * width * 8 > mappedBytes {
            let bytes = WordBuffer.pages(for: Swift.max(rows * 2, 1024) * width)
            let grown = WordBuffer.map(bytes)
            grown.update(from: base, count: rows * width)
            munmap(base, mappedBytes)
            base = grown
            mappedBytes = bytes
        }
        defer { rows += 1 }
        return base + rows * width
    }

    /// Keeps the first `count` rows and unmaps the whole pages past them.
    func truncate(to count: Int) {
        rows = Swift.min(rows, count)
        let keep = Swift.max(WordBuffer.pages(for: count * width), WordBuffer.page)
        guard keep < mappedBytes else { return }
        munmap(UnsafeMutableRawPointer(base) + keep, mappedBytes - keep)
        mappedBytes = keep
    }
}

/// A row of `n` words compared word by word: the shapes a sort of one to four keys, sectioned
/// or not, takes (two to six words).
protocol RankedWords: Comparable {}

struct Words2: RankedWords {
    var a: Int64, b: Int64
    static func < (l: Self, r: Self) -> Bool { (l.a, l.b) < (r.a, r.b) }
}

struct Words3: RankedWords {
    var a: Int64, b: Int64, c: Int64
    static func < (l: Self, r: Self) -> Bool { (l.a, l.b, l.c) < (r.a, r.b, r.c) }
}

struct Words4: RankedWords {
    var a: Int64, b: Int64, c: Int64, d: Int64
    static func < (l: Self, r: Self) -> Bool { (l.a, l.b, l.c, l.d) < (r.a, r.b, r.c, r.d) }
}

struct Words5: RankedWords {
    var a: Int64, b: Int64, c: Int64, d: Int64, e: Int64
    static func < (l: Self, r: Self) -> Bool { (l.a, l.b, l.c, l.d, l.e) < (r.a, r.b, r.c, r.d, r.e) }
}

struct Words6: RankedWords {
    var a: Int64, b: Int64, c: Int64, d: Int64, e: Int64, f: Int64
    static func < (l: Self, r: Self) -> Bool { (l.a, l.b, l.c, l.d, l.e, l.f) < (r.a, r.b, r.c, r.d, r.e, r.f) }
}

/// Sorts in place with no scratch memory (the standard library's sort is a merge sort that
/// allocates half the input again): quicksort with a median of three, insertion sort for short
/// ranges, and heapsort below a depth of 2 log n, so no input makes it quadratic. Not stable:
/// row keys end with the id, so no two are equal.
enum InPlaceSort {
    static func sort<Row: Comparable>(_ rows: UnsafeMutablePointer<Row>, count: Int) {
        var depth = 0, n = count
        while n > 1 {
            depth += 2
            n /= 2
        }
        sort(rows, count: count, depth: depth)
    }

    /// Sorts with quicksort down to `depth` partitions, then heapsort (tests choose it small).
    static func sort<Row: Comparable>(_ rows: UnsafeMutablePointer<Row>, count: Int, depth: Int) {
        quicksort(rows, 0, count, depth: depth)
    }

    private static func quicksort<Row: Comparable>(_ a: UnsafeMutablePointer<Row>, _ low: Int, _ high: Int, depth: Int) {
        var low = low, high = high, depth = depth
        while high - low > 24 {
            if depth == 0 { return heapsort(a + low, count: high - low) }
            depth -= 1
            let middle = low + (high - low) / 2
            // Median of three into a[low]: a[low + 1] <= a[low] <= a[high - 1] afterwards.
            if a[middle] < a[low] { swap(a, middle, low) }
            if a[high - 1] < a[middle] { swap(a, high - 1, middle) }
            if a[middle] < a[low] { swap(a, middle, low) }
            swap(a, low, middle)
            let pivot = a[low]
            var i = low + 1, j = high - 1
            while true {
                while a[i] < pivot { i += 1 }
                while pivot < a[j] { j -= 1 }
                if i >= j { break }
                swap(a, i, j)
                i += 1
                j -= 1
            }
            swap(a, low, j)
            // Recurse into the smaller side, loop over the larger: O(log n) stack.
            if j - low < high - j - 1 {
                quicksort(a, low, j, depth: depth)
                low = j + 1
            } else {
                quicksort(a, j + 1, high, depth: depth)
                high = j
            }
        }
        insertionSort(a, low, high)
    }

    @inline(__always)
    private static func swap<Row>(_ a: UnsafeMutablePointer<Row>, _ i: Int, _ j: Int) {
        let t = a[i]
        a[i] = a[j]
        a[j] = t
    }

    private static func insertionSort<Row: Comparable>(_ a: UnsafeMutablePointer<Row>, _ low: Int, _ high: Int) {
        guard high - low > 1 else { return }
        for i in (low + 1)..<high {
            let value = a[i]
            var j = i
            while j > low && value < a[j - 1] {
                a[j] = a[j - 1]
                j -= 1
            }
            a[j] = value
        }
    }

    private static func heapsort<Row: Comparable>(_ a: UnsafeMutablePointer<Row>, count: Int) {
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end && a[child] < a[child + 1] { child += 1 }
                if a[root] < a[child] {
                    swap(a, root, child)
                    root = child
                } else {
                    return
                }
            }
        }
        var start = count / 2
        while start > 0 {
            start -= 1
            siftDown(start, count)
        }
        var end = count
        while end > 1 {
            end -= 1
            swap(a, 0, end)
            siftDown(0, end)
        }
    }
}

extension KeyOrder {
    /// Sorts keys by integer ranks (category and payee tables ranked once), instead of comparing
    /// text O(n log n) times: what a first fetch does when SQLite cannot hand rows over in order.
    ///
    /// The words are ranked in place (categories by name, payees by folded text, a descending
    /// key's values bitwise negated, which reverses an order without overflowing at Int64.min),
    /// sorted in place, then read back from the last row, each turned back into the values it
    /// was made from while the pages behind it are unmapped.
    ///
    /// - Complexity: O(n log n) integer comparisons, in the words' own memory and the result's.
    func sorted(_ unsorted: UnsortedKeys) -> OrderedKeys {
        let buffer = unsorted.buffer, width = unsorted.width, count = buffer.rows
        let first = unsorted.isSectioned ? 1 : 0
        // Which table ranks each word: the section, each sort key, the id.
        enum Rank { case plain, category, payee }
        var ranks: [(Rank, ascending: Bool)] = []
        if unsorted.isSectioned { ranks.append((sectioning == .category ? .category : .plain, ascending)) }
        for (key, direction) in zip(keys, directions) {
            ranks.append((key == .category ? .category : key == .payee ? .payee : .plain, direction))
        }
        ranks.append((.plain, ascending))

        var categoryIDs = Set(categories.keys)
        for (word, rank) in ranks.enumerated() where rank.0 == .category {
            for row in 0..<count { categoryIDs.insert(buffer.base[row * width + word]) }
        }
        let categoryByRank = categoryIDs.sorted { compareCategories($0, $1) < 0 }
        let categoryRanks = Dictionary(uniqueKeysWithValues: categoryByRank.enumerated().map { ($1, Int64($0)) })
        var payeeByRank: [Int64] = []
        var payeeRanks: [Int64] = []
        if keys.contains(.payee) {
            payeeByRank = payees.indices.sorted { payees[$0] < payees[$1] }.map(Int64.init)
            payeeRanks = [Int64](repeating: 0, count: payees.count)
            for (rank, reference) in payeeByRank.enumerated() { payeeRanks[Int(reference)] = Int64(rank) }
        }
        for row in 0..<count {
            let words = buffer.base + row * width
            for (word, rank) in ranks.enumerated() {
                var value = words[word]
                switch rank.0 {
                case .plain: break
                case .category: value = categoryRanks[value]!
                case .payee: value = payeeRanks[Int(value)]
                }
                words[word] = rank.ascending ? value : ~value
            }
        }

        func sort<Row: RankedWords>(_: Row.Type) {
            precondition(MemoryLayout<Row>.stride == width * 8)
            UnsafeMutableRawPointer(buffer.base).withMemoryRebound(to: Row.self, capacity: count) {
                InPlaceSort.sort($0, count: count)
            }
        }
        switch width {
        case 2: sort(Words2.self)
        case 3: sort(Words3.self)
        case 4: sort(Words4.self)
        case 5: sort(Words5.self)
        default: sort(Words6.self)
        }

        // Back to values, from the last row: chunks and runs are made in reverse.
        func value(of row: Int, _ word: Int) -> Int64 {
            let stored = buffer.base[row * width + word], rank = ranks[word]
            let ranked = rank.ascending ? stored : ~stored
            switch rank.0 {
            case .plain: return ranked
            case .category: return categoryByRank[Int(ranked)]
            case .payee: return payeeByRank[Int(ranked)]
            }
        }
        func key(_ row: Int) -> RowKey {
            var key = RowKey(section: first == 1 ? value(of: row, 0) : 0, sort: value(of: row, first), id: value(of: row, width - 1))
            for index in 0..<moreCount { key.more[index] = value(of: row, first + 1 + index) }
            return key
        }
        var chunks: [KeyEntries.Chunk] = []
        var runs: [SectionRun] = []
        var end = count
        let release = Swift.max(KeyEntries.fill, count / 16)
        var released = count
        while end > 0 {
            let start = Swift.max(0, end - KeyEntries.fill)
            var chunk = KeyEntries.Chunk()
            chunk.entries.reserveCapacity(end - start)
            chunk.more.reserveCapacity((end - start) * moreCount)
            for row in start..<end {
                let key = key(row)
                chunk.entries.append(key.entry)
                for index in 0..<moreCount { chunk.more.append(key.more[index]) }
            }
            var row = end
            while row > start {
                row -= 1
                let section = first == 1 ? value(of: row, 0) : 0
                if runs.last?.key == section { runs[runs.count - 1].count += 1 } else { runs.append(SectionRun(key: section, count: 1)) }
            }
            chunks.append(chunk)
            end = start
            if released - end >= release {
                buffer.truncate(to: end)
                released = end
            }
        }
        return OrderedKeys(chunks: chunks.reversed(), runs: runs.reversed(), moreCount: moreCount)
    }
}
