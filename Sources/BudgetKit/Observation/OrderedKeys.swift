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

/// The order of a live list in memory: every row's sort value and id, sorted, with the section
/// column run-length encoded (rows of a section are contiguous, so a section costs one run, not
/// a value per row).
///
/// Memory is 16 bytes a row whatever the request; rows themselves stay in the database.
/// Positions are found by binary search: O(log s) over the runs, then O(log n) within a run.
struct OrderedKeys {
    private(set) var entries: [KeyEntry] = []
    private(set) var runs: [SectionRun] = []
    /// `runStarts[i]`: the position of the first row of run `i`.
    private(set) var runStarts: [Int] = []

    var count: Int { entries.count }

    /// Builds from keys already sorted by `order`.
    init<S: Sequence>(sorted keys: S, capacity: Int = 0) where S.Element == RowKey {
        entries.reserveCapacity(capacity)
        for key in keys { append(key) }
    }

    /// Appends a key that sorts after every key held.
    mutating func append(_ key: RowKey) {
        if let last = runs.indices.last, runs[last].key == key.section {
            runs[last].count += 1
        } else {
            runStarts.append(entries.count)
            runs.append(SectionRun(key: key.section, count: 1))
        }
        entries.append(key.entry)
    }

    /// The run holding `position`.
    func run(containing position: Int) -> Int {
        var low = 0, high = runStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runStarts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The full key of the row at `position`.
    func key(at position: Int) -> RowKey {
        let entry = entries[position]
        return RowKey(section: runs[run(containing: position)].key, sort: entry.sort, id: entry.id)
    }

    /// Where `key` is or would go: the run it belongs to (or would be inserted at) and the first
    /// position whose key is not less than it.
    func search(_ key: RowKey, order: KeyOrder) -> (position: Int, run: Int, runExists: Bool) {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            let comparison = order.compareSections(runs[mid].key, key.section)
            if comparison == 0 {
                var first = runStarts[mid], end = first + runs[mid].count
                let entry = key.entry
                while first < end {
                    let middle = (first + end) / 2
                    if order.compare(entries[middle], entry) < 0 { first = middle + 1 } else { end = middle }
                }
                return (first, mid, true)
            }
            if comparison < 0 { low = mid + 1 } else { high = mid }
        }
        return (low < runs.count ? runStarts[low] : entries.count, low, false)
    }

    /// The position of the row with exactly this key, or `nil`.
    func position(of key: RowKey, order: KeyOrder) -> Int? {
        let found = search(key, order: order)
        guard found.runExists, found.position < entries.count, entries[found.position] == key.entry else { return nil }
        return found.position
    }

    /// Removes the row at `position`. O(n) to shift the rows after it.
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

    /// Inserts a key where `order` puts it. O(n) to shift the rows after it.
    ///
    /// - Returns: its position.
    @discardableResult
    mutating func insert(_ key: RowKey, order: KeyOrder) -> Int {
        let found = search(key, order: order)
        entries.insert(key.entry, at: found.position)
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
            var kept = OrderedKeys(sorted: [RowKey]())
            kept.entries.reserveCapacity(entries.count - positions.count + keys.count)
            var next = 0
            for (runIndex, run) in runs.enumerated() {
                let start = runStarts[runIndex], end = start + run.count
                var position = start
                while position < end {
                    let stop = next < positions.count ? min(positions[next], end) : end
                    if position < stop {
                        kept.append(run: run.key, entries: entries[position..<stop])
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
        var merged = OrderedKeys(sorted: [RowKey]())
        merged.entries.reserveCapacity(entries.count + keys.count)
        var finals: [Int] = []
        finals.reserveCapacity(keys.count)
        var position = 0, runIndex = 0
        for (key, point) in zip(keys, points) {
            while position < point.position {
                let end = min(point.position, runStarts[runIndex] + runs[runIndex].count)
                merged.append(run: runs[runIndex].key, entries: entries[position..<end])
                position = end
                if position == runStarts[runIndex] + runs[runIndex].count { runIndex += 1 }
            }
            finals.append(merged.count)
            merged.append(key)
        }
        while position < entries.count {
            let end = runStarts[runIndex] + runs[runIndex].count
            merged.append(run: runs[runIndex].key, entries: entries[position..<end])
            position = end
            runIndex += 1
        }
        self = merged
        return finals
    }

    private mutating func append(run key: Int64, entries slice: ArraySlice<KeyEntry>) {
        guard !slice.isEmpty else { return }
        if let last = runs.indices.last, runs[last].key == key {
            runs[last].count += slice.count
        } else {
            runStarts.append(entries.count)
            runs.append(SectionRun(key: key, count: slice.count))
        }
        entries.append(contentsOf: slice)
    }
}
