/// Where one row sits in a live list, as held in memory: its sort value and id, 16 bytes.
struct KeyEntry: Hashable {
    var sort: Int64
    var id: Int64
}

/// A run of consecutive rows in one section.
struct SectionRun: Hashable {
    var key: Int64
    var count: Int
}

/// The order of a live list in memory: every row's first sort value and id, sorted, with the
/// section column run-length encoded (rows of a section are contiguous, so a section costs one
/// run, not a value per row), and the later sort keys' values beside them.
///
/// Memory is 16 bytes a row for a sort of one key, whatever the sectioning, and 8 bytes more
/// per further key; rows themselves stay in the database. The rows are held in chunks
/// (``KeyEntries``), so an insert or removal shifts a few thousand rows, not the list. Positions
/// are found by binary search: O(log s) over the runs, then O(log n) within a run.
struct OrderedKeys {
    private(set) var entries: KeyEntries
    private(set) var runs: [SectionRun] = []
    /// `runStarts[i]`: the position of the first row of run `i`.
    private(set) var runStarts: [Int] = []
    /// How many values a row holds beyond its first sort value.
    let moreCount: Int

    var count: Int { entries.count }

    /// An empty list of keys with room for `capacity` rows.
    init(moreCount: Int = 0, capacity: Int = 0) {
        self.moreCount = moreCount
        entries = KeyEntries(moreCount: moreCount, capacity: capacity)
    }

    /// Takes rows already sorted and cut into chunks, with their sections' runs.
    init(chunks: [KeyEntries.Chunk], runs: [SectionRun], moreCount: Int) {
        self.moreCount = moreCount
        entries = KeyEntries(moreCount: moreCount, chunks: chunks)
        self.runs = runs
        runStarts.reserveCapacity(runs.count)
        var start = 0
        for run in runs {
            runStarts.append(start)
            start += run.count
        }
    }

    /// Builds from keys already sorted by `order`.
    init<S: Sequence>(sorted keys: S, moreCount: Int = 0, capacity: Int = 0) where S.Element == RowKey {
        self.init(moreCount: moreCount, capacity: capacity)
        for key in keys { append(key) }
    }

    /// The later sort keys' values of the row at `position`.
    @inline(__always)
    func more(at position: Int) -> MoreValues {
        entries.more(at: position)
    }

    /// Appends a key that sorts after every key held.
    mutating func append(_ key: RowKey) {
        if let last = runs.indices.last, runs[last].key == key.section {
            runs[last].count += 1
        } else {
            runStarts.append(entries.count)
            runs.append(SectionRun(key: key.section, count: 1))
        }
        entries.append(key.entry, key.more)
    }

    /// The run holding `position`.
    func run(containing position: Int) -> Int {
        KeyEntries.last(of: runStarts, atMost: position)
    }

    /// The full key of the row at `position`.
    func key(at position: Int) -> RowKey {
        let entry = entries[position]
        return RowKey(section: runs[run(containing: position)].key, sort: entry.sort, id: entry.id, more: more(at: position))
    }

    /// Where `key` is or would go: the run it belongs to (or would be inserted at) and the first
    /// position whose key is not less than it.
    func search(_ key: RowKey, order: KeyOrder) -> (position: Int, run: Int, runExists: Bool) {
        // Few sections (a book's categories, its months): the key's own run found by equality
        // costs less than comparing sections, which for categories compares their names.
        if runs.count <= 64, let run = runs.firstIndex(where: { $0.key == key.section }) {
            return (search(key, inRun: run, order: order), run, true)
        }
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            let comparison = order.compareSections(runs[mid].key, key.section)
            if comparison == 0 { return (search(key, inRun: mid, order: order), mid, true) }
            if comparison < 0 { low = mid + 1 } else { high = mid }
        }
        return (low < runs.count ? runStarts[low] : entries.count, low, false)
    }

    /// The first position in run `run` whose key is not less than `key`.
    private func search(_ key: RowKey, inRun run: Int, order: KeyOrder) -> Int {
        var first = runStarts[run], end = first + runs[run].count
        let entry = key.entry
        while first < end {
            let middle = (first + end) / 2
            if order.compare(entries[middle], more(at: middle), entry, key.more) < 0 { first = middle + 1 } else { end = middle }
        }
        return first
    }

    /// The position of the row with exactly this key, or `nil`.
    func position(of key: RowKey, order: KeyOrder) -> Int? {
        let found = search(key, order: order)
        guard found.runExists, found.position < entries.count, entries[found.position] == key.entry,
              more(at: found.position) == key.more else { return nil }
        return found.position
    }

    /// Removes the row at `position`. O(c + s) for c chunks and s sections.
    mutating func remove(at position: Int) {
        let index = run(containing: position)
        entries.remove(at: position)
        runs[index].count -= 1
        var next = index + 1
        if runs[index].count == 0 {
            runs.remove(at: index)
            runStarts.remove(at: index)
            next = index
        }
        for later in next..<runStarts.count { runStarts[later] -= 1 }
    }

    /// Inserts a key where `order` puts it. O(log n) to find its place, then O(c + s) for c
    /// chunks and s sections.
    ///
    /// - Returns: its position.
    @discardableResult
    mutating func insert(_ key: RowKey, order: KeyOrder) -> Int {
        let found = search(key, order: order)
        entries.insert(key.entry, key.more, at: found.position)
        if found.runExists {
            runs[found.run].count += 1
        } else {
            runs.insert(SectionRun(key: key.section, count: 1), at: found.run)
            runStarts.insert(found.position, at: found.run)
        }
        for later in (found.run + 1)..<runStarts.count { runStarts[later] += 1 }
        return found.position
    }

    /// Removes the rows at `positions` and inserts `keys` in one pass: what a large change set
    /// does instead of shifting the array once per row.
    ///
    /// - Parameters:
    ///   - positions: ascending positions to remove.
    ///   - keys: keys to insert, ascending by `order`.
    /// - Returns: the positions of the inserted keys, in the list after the change.
    /// - Complexity: O(n + k log n).
    mutating func replace(removing positions: [Int], inserting keys: [RowKey], order: KeyOrder) -> [Int] {
        if !positions.isEmpty {
            var kept = OrderedKeys(moreCount: moreCount, capacity: entries.count - positions.count + keys.count)
            var next = 0
            for (runIndex, run) in runs.enumerated() {
                let start = runStarts[runIndex], end = start + run.count
                var position = start
                while position < end {
                    let stop = next < positions.count ? min(positions[next], end) : end
                    if position < stop {
                        kept.append(run: run.key, from: self, position..<stop)
                        position = stop
                    } else {
                        next += 1
                        position += 1
                    }
                }
            }
            self = kept
        }
        guard !keys.isEmpty else { return [] }
        let points = keys.map { search($0, order: order) }
        var merged = OrderedKeys(moreCount: moreCount, capacity: entries.count + keys.count)
        var finals: [Int] = []
        finals.reserveCapacity(keys.count)
        var position = 0, runIndex = 0
        for (key, point) in zip(keys, points) {
            while position < point.position {
                let end = min(point.position, runStarts[runIndex] + runs[runIndex].count)
                merged.append(run: runs[runIndex].key, from: self, position..<end)
                position = end
                if position == runStarts[runIndex] + runs[runIndex].count { runIndex += 1 }
            }
            finals.append(merged.count)
            merged.append(key)
        }
        while position < entries.count {
            let end = runStarts[runIndex] + runs[runIndex].count
            merged.append(run: runs[runIndex].key, from: self, position..<end)
            position = end
            runIndex += 1
        }
        self = merged
        return finals
    }

    /// Appends the rows of `source` at `range`, all in the section `key`.
    private mutating func append(run key: Int64, from source: OrderedKeys, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if let last = runs.indices.last, runs[last].key == key {
            runs[last].count += range.count
        } else {
            runStarts.append(entries.count)
            runs.append(SectionRun(key: key, count: range.count))
        }
        entries.append(from: source.entries, range)
    }
}
