/// The first `head` and the last `tail` keys of a list, picked from its keys offered in any
/// order: what a list whose order SQLite cannot hand over (by amount, category or payee) holds
/// when it opens, so that it reads every key once but keeps only its two ends in memory.
///
/// Each end is a binary heap whose top is the key nearest the middle of the list: a key that
/// does not belong to an end costs one comparison with its top. Keys are distinct (each ends
/// with its row's id), so the two ends never share one when the keys offered outnumber
/// `head + tail`.
///
/// - Complexity: O(n log(head + tail)) comparisons for n keys offered, in the worst case (keys
///   offered in the list's order from its middle outwards); about two a key when offered in an
///   order unrelated to the list's, as SQLite's table order is. Memory O(head + tail).
struct EndKeys {
    private let order: KeyOrder
    private let headLimit: Int
    private let tailLimit: Int
    /// The first keys: a heap whose top is the last of them in the list's order.
    private var head: [RowKey] = []
    /// The last keys: a heap whose top is the first of them in the list's order.
    private var tail: [RowKey] = []
    /// How many keys were offered.
    private(set) var offered = 0

    init(order: KeyOrder, head: Int, tail: Int) {
        self.order = order
        headLimit = head
        tailLimit = tail
        self.head.reserveCapacity(head)
        self.tail.reserveCapacity(tail)
    }

    /// Takes one key of the list into account.
    mutating func offer(_ key: RowKey) {
        offered += 1
        if headLimit > 0 {
            if head.count < headLimit {
                Self.push(key, into: &head) { order.compare($0, $1) > 0 }
            } else if order.compare(key, head[0]) < 0 {
                Self.replaceTop(of: &head, with: key) { order.compare($0, $1) > 0 }
            }
        }
        if tailLimit > 0 {
            if tail.count < tailLimit {
                Self.push(key, into: &tail) { order.compare($0, $1) < 0 }
            } else if order.compare(key, tail[0]) > 0 {
                Self.replaceTop(of: &tail, with: key) { order.compare($0, $1) < 0 }
            }
        }
    }

    /// The first keys, in the list's order.
    func firstKeys() -> OrderedKeys {
        OrderedKeys(sorted: head.sorted { order.compare($0, $1) < 0 }, moreCount: order.moreCount, capacity: head.count)
    }

    /// The last keys, in the list's order.
    func lastKeys() -> OrderedKeys {
        OrderedKeys(sorted: tail.sorted { order.compare($0, $1) < 0 }, moreCount: order.moreCount, capacity: tail.count)
    }

    // MARK: - Heaps (`above(a, b)`: `a` belongs nearer the top than `b`)

    private static func push(_ key: RowKey, into heap: inout [RowKey], above: (RowKey, RowKey) -> Bool) {
        heap.append(key)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard above(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func replaceTop(of heap: inout [RowKey], with key: RowKey, above: (RowKey, RowKey) -> Bool) {
        heap[0] = key
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var top = parent
            if left < heap.count, above(heap[left], heap[top]) { top = left }
            if right < heap.count, above(heap[right], heap[top]) { top = right }
            guard top != parent else { return }
            heap.swapAt(parent, top)
            parent = top
        }
    }
}
