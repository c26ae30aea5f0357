import BudgetKit

/// The lines of a live list as `watch` draws them: each section's header, then its rows.
/// Without sections, line `i` is row `i`.
struct WatchLayout {
    /// One drawn line.
    enum Line: Equatable {
        /// A section's header: its index.
        case header(Int)
        /// A row: its index in the list.
        case row(Int)
    }

    /// The number of rows.
    let rowCount: Int
    /// The sections, or `nil` for a list without them.
    let sections: [TransactionSection]?

    /// Every line: the rows and the section headers.
    var lineCount: Int { rowCount + (sections?.count ?? 0) }

    /// The line showing row `index`.
    ///
    /// - Complexity: O(log sections).
    func line(ofRow index: Int) -> Int {
        guard let sections, !sections.isEmpty else { return index }
        // The last section starting at or before the row.
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].range.lowerBound <= index { low = middle } else { high = middle - 1 }
        }
        return index + low + 1
    }

    /// Up to `count` lines from line `first`.
    ///
    /// - Complexity: O(log sections + count).
    func lines(from first: Int, count: Int) -> [Line] {
        let first = Swift.max(0, first)
        guard let sections, !sections.isEmpty else {
            return (first..<Swift.min(rowCount, first + Swift.max(0, count))).map(Line.row)
        }
        // Section `s` starts on line `range.lowerBound + s`.
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].range.lowerBound + middle <= first { low = middle } else { high = middle - 1 }
        }
        var result: [Line] = []
        var section = low
        while result.count < count, section < sections.count {
            let range = sections[section].range
            if range.lowerBound + section >= first { result.append(.header(section)) }
            // Row `r` of section `s` is on line `r + s + 1`.
            var row = Swift.max(range.lowerBound, first - section - 1)
            while row < range.upperBound, result.count < count {
                result.append(.row(row))
                row += 1
            }
            section += 1
        }
        return result
    }
}

/// Which lines of a live list `watch` shows, and how keys and new rows move them.
///
/// It starts at the newest rows (the end of the list, or its start with `--descending`) and
/// follows them as they arrive; scrolling away stops following, and coming back to that end
/// (End, or Home with `--descending`) follows again. While it does not follow, the row at the
/// top stays at the top when rows arrive or leave above it.
struct WatchViewport: Equatable {
    /// The first line shown.
    private(set) var top = 0
    /// Whether it keeps to the newest end as rows arrive.
    private(set) var isFollowing = true
    /// Whether the newest end is the top (`--descending`).
    let newestAtTop: Bool

    init(newestAtTop: Bool) {
        self.newestAtTop = newestAtTop
    }

    /// Moves for a key, over `lineCount` lines `height` of which fit.
    mutating func scroll(_ key: WatchKey, lineCount: Int, height: Int) {
        let page = Swift.max(1, height - 1)
        switch key {
        case .up: top -= 1
        case .down: top += 1
        case .pageUp: top -= page
        case .pageDown: top += page
        case .home: top = 0
        case .end: top = lineCount
        case .quit: return
        }
        top = Self.clamp(top, lineCount: lineCount, height: height)
        isFollowing = top == (newestAtTop ? 0 : Self.lastTop(lineCount: lineCount, height: height))
    }

    /// Fits the lines after a change or a resize: at the newest end while following, otherwise
    /// with line `anchor` (the old top row's line now, when it is still there) at the top.
    /// Reaching the newest end (rows above went away, or the list shrank) follows again.
    mutating func fit(lineCount: Int, height: Int, anchor: Int? = nil) {
        let newest = newestAtTop ? 0 : Self.lastTop(lineCount: lineCount, height: height)
        if isFollowing {
            top = newest
        } else {
            top = Self.clamp(anchor ?? top, lineCount: lineCount, height: height)
            isFollowing = top == newest
        }
    }

    private static func lastTop(lineCount: Int, height: Int) -> Int {
        Swift.max(0, lineCount - Swift.max(1, height))
    }

    private static func clamp(_ top: Int, lineCount: Int, height: Int) -> Int {
        Swift.min(Swift.max(0, top), lastTop(lineCount: lineCount, height: height))
    }
}
