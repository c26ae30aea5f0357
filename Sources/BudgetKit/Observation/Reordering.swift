/// What changes between two lists of keys in different orders (a request whose sort changed),
/// both read in one database state: which sections and rows go, come and move.
///
/// Rows in both lists that already stand in the new order, the longest such run (a longest
/// increasing subsequence of their old positions, taken in the new order), stay where they are;
/// every other row in both moves. Sections are handled the same way, since a change set never
/// moves a section: the longest run of sections in both lists that keep their order stays, the
/// others are deleted and inserted again, and every row of those moves. So a sort that only
/// adds a key after the first moves only rows that tied on the first key, and a reversed order
/// moves all rows but one.
///
/// - Complexity: O(n log n) for n rows, with a table of the old rows' positions by id.
struct Reordering {
    /// Sections removed, by index in the old list's sections, ascending.
    var sectionDeletions: [Int] = []
    /// Sections added, by index in the new list's sections, ascending.
    var sectionInsertions: [Int] = []
    /// Rows only in the old list: old position and id, ascending.
    var deletions: [(index: Int, id: Int64)] = []
    /// Rows only in the new list: new position and id, ascending.
    var insertions: [(index: Int, id: Int64)] = []
    /// Rows in both that move: old position, new position and id, ascending by new position.
    var moves: [(from: Int, to: Int, id: Int64)] = []

    /// - Parameters:
    ///   - old: the keys before, with `oldSections` their sections (empty when unsectioned).
    ///   - new: the keys after, with `newSections` theirs.
    init<Section: Hashable>(from old: OrderedKeys, oldSections: [Section], to new: OrderedKeys, newSections: [Section]) {
        // Sections: the longest run kept in order stays.
        var oldSectionIndex: [Section: Int] = [:]
        for (index, section) in oldSections.enumerated() { oldSectionIndex[section] = index }
        let matched = newSections.enumerated().compactMap { new, section in oldSectionIndex[section].map { (new, $0) } }
        let keptSections = Set(Reordering.longestIncreasingRun(matched.map(\.1)).map { matched[$0].0 })
        let keptOld = Set(matched.filter { keptSections.contains($0.0) }.map(\.1))
        sectionDeletions = oldSections.indices.filter { !keptOld.contains($0) }
        sectionInsertions = newSections.indices.filter { !keptSections.contains($0) }

        // Rows: in both, and in a kept section, they may stay.
        var oldPositions: [Int64: Int] = [:]
        oldPositions.reserveCapacity(old.count)
        for (position, entry) in old.entries.enumerated() { oldPositions[entry.id] = position }
        var seen = [Bool](repeating: false, count: old.count)
        var candidates: [(new: Int, old: Int)] = []
        let sectioned = !newSections.isEmpty
        var run = 0, runEnd = new.runs.first?.count ?? 0
        for (position, entry) in new.entries.enumerated() {
            while sectioned && position >= runEnd {
                run += 1
                runEnd += new.runs[run].count
            }
            guard let from = oldPositions[entry.id] else {
                insertions.append((position, entry.id))
                continue
            }
            seen[from] = true
            if !sectioned || keptSections.contains(run) {
                candidates.append((position, from))
            } else {
                moves.append((from, position, entry.id))
            }
        }
        deletions = old.entries.indices.filter { !seen[$0] }.map { ($0, old.entries[$0].id) }
        var staying = [Bool](repeating: false, count: candidates.count)
        for index in Reordering.longestIncreasingRun(candidates.map(\.old)) { staying[index] = true }
        for (index, candidate) in candidates.enumerated() where !staying[index] {
            moves.append((candidate.old, candidate.new, new.entries[candidate.new].id))
        }
        moves.sort { $0.to < $1.to }
    }

    /// The indexes of a longest strictly increasing subsequence of `values`, ascending
    /// (patience sorting).
    ///
    /// - Complexity: O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        // tails[k]: the index of the smallest value ending an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }
}
