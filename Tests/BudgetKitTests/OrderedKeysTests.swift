import Testing
@testable import BudgetKit

/// A live list's keys held in chunks (``KeyEntries``) agree with a plain sorted array through
/// appends, inserts that split chunks, removals that empty them, and a bulk replace.
@Suite struct OrderedKeysTests {
    /// A small deterministic generator, so a failure repeats.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// A key of a list by month sections, sorted by amount then date (so each row holds a later value).
    static func key(day: Int, amount: Int64, id: Int64) -> RowKey {
        var key = RowKey(section: Int64(day / 30), sort: amount, id: id)
        key.more[0] = Int64(day)
        return key
    }

    static func assertSame(_ keys: OrderedKeys, _ model: [RowKey], order: KeyOrder) {
        #expect(keys.count == model.count)
        #expect(Array(keys.entries) == model.map(\.entry))
        for position in stride(from: 0, to: model.count, by: 97) {
            #expect(keys.key(at: position) == model[position])
            #expect(keys.entries[position] == model[position].entry)
        }
        var runs: [SectionRun] = []
        for key in model {
            if runs.last?.key == key.section { runs[runs.count - 1].count += 1 } else { runs.append(SectionRun(key: key.section, count: 1)) }
        }
        #expect(keys.runs == runs)
        var start = 0
        for (index, run) in runs.enumerated() {
            #expect(keys.runStarts[index] == start)
            start += run.count
        }
    }

    @Test func chunkedKeysAgreeWithASortedArray() {
        let order = KeyOrder(request: TransactionRequest(sort: TransactionSort([.ascending(.amount), .descending(.date)]),
                                                         sectioning: .month))
        var random = Generator(state: 0x5EED)
        var nextID: Int64 = 1
        func newKey() -> RowKey {
            defer { nextID += 1 }
            return OrderedKeysTests.key(day: random.next(300), amount: Int64(random.next(50)), id: nextID)
        }
        var model = (0..<20_000).map { _ in newKey() }.sorted { order.compare($0, $1) < 0 }
        var keys = OrderedKeys(sorted: model, moreCount: 1, capacity: model.count)
        #expect(keys.entries.chunks.count == 5)
        OrderedKeysTests.assertSame(keys, model, order: order)

        // Inserts crowd one end so its chunks split; removals empty others.
        for step in 0..<12_000 {
            if step % 3 == 2, !model.isEmpty {
                let position = step % 2 == 0 ? random.next(model.count) : model.count - 1 - random.next(Swift.min(model.count, 50))
                keys.remove(at: position)
                model.remove(at: position)
            } else {
                var key = newKey()
                if step % 2 == 0 { key = OrderedKeysTests.key(day: 1, amount: 0, id: key.id) }
                var low = 0, high = model.count
                while low < high {
                    let middle = (low + high) / 2
                    if order.compare(model[middle], key) < 0 { low = middle + 1 } else { high = middle }
                }
                let expected = low
                #expect(keys.insert(key, order: order) == expected)
                model.insert(key, at: expected)
            }
            if step % 1_000 == 0 { OrderedKeysTests.assertSame(keys, model, order: order) }
        }
        OrderedKeysTests.assertSame(keys, model, order: order)
        #expect(keys.entries.chunks.allSatisfy { !$0.entries.isEmpty && $0.entries.count <= KeyEntries.limit })
        #expect(keys.entries.chunks.map { $0.more.count } == keys.entries.chunks.map { $0.entries.count })
        for position in stride(from: 0, to: model.count, by: 131) {
            #expect(keys.position(of: model[position], order: order) == position)
        }

        // A bulk change: every fifth row removed, 3,000 new rows inserted, in one pass.
        let removed = Array(stride(from: 0, to: model.count, by: 5))
        let added = (0..<3_000).map { _ in newKey() }.sorted { order.compare($0, $1) < 0 }
        let finals = keys.replace(removing: removed, inserting: added, order: order)
        for position in removed.reversed() { model.remove(at: position) }
        model = (model + added).sorted { order.compare($0, $1) < 0 }
        OrderedKeysTests.assertSame(keys, model, order: order)
        #expect(finals.map { model[$0] } == added)

        // Down to nothing and back.
        while keys.count > 0 { keys.remove(at: keys.count / 2) }
        #expect(keys.entries.chunks.isEmpty && keys.runs.isEmpty)
        let again = newKey()
        #expect(keys.insert(again, order: order) == 0)
        OrderedKeysTests.assertSame(keys, [again], order: order)
    }

    @Test(arguments: [
        TransactionRequest(sort: TransactionSort(.payee)),
        TransactionRequest(sort: TransactionSort([.ascending(.category), .descending(.amount)])),
        TransactionRequest(sort: TransactionSort(.amount, ascending: false), sectioning: .category),
        TransactionRequest(sort: TransactionSort([.descending(.payee), .ascending(.date), .descending(.category), .ascending(.amount)]),
                           sectioning: .month),
        TransactionRequest(sort: TransactionSort([.ascending(.date), .ascending(.payee)]), sectioning: .category),
    ])
    func sortingInPlaceGivesTheOrderTheComparisonsGive(request: TransactionRequest) {
        let order = KeyOrder(request: request)
        // Category 4 is in no table (a row whose category went): it sorts under "" by id.
        order.categories = [1: CategoryName(name: "Rent", key: "rent"), 2: CategoryName(name: "food", key: "food"),
                            3: CategoryName(name: "Zoo", key: "zoo"), 7: CategoryName(name: "Éclair", key: "éclair")]
        let payees = ["zed", "", "ábc", "abc", "Ω", "b"].map { order.payeeReference($0) }
        var random = Generator(state: 0xC0FFEE)
        var unsorted = UnsortedKeys(order: order, capacity: 1_000)  // grows past its capacity
        var all: [RowKey] = []
        for id in 1...70_000 {
            let category = Int64([1, 2, 3, 4, 7][random.next(5)])
            let days = Int64(730_000 + random.next(400))
            let columns = SortColumns(id: Int64(id) * 3 - Int64(random.next(3)) + (id % 2 == 0 ? Int64.min / 2 : 0),
                                      days: days, month: days / 30, amount: id == 5 ? Int64.min : Int64(random.next(41)) - 20,
                                      categoryID: category, foldedPayee: order.payees[Int(payees[random.next(payees.count)])])
            let key = order.key(columns)
            unsorted.append(key)
            all.append(key)
        }
        let keys = order.sorted(unsorted)
        let expected = all.sorted { order.compare($0, $1) < 0 }
        OrderedKeysTests.assertSame(keys, expected, order: order)
        #expect(keys.entries.chunks.dropFirst().allSatisfy { $0.entries.count == KeyEntries.fill })
        #expect(keys.entries.chunks.map(\.more.count) == keys.entries.chunks.map { $0.entries.count * order.moreCount })
    }

    @Test func theInPlaceSortSortsEveryShapeAndFallsBackToHeapsort() {
        var random = Generator(state: 42)
        let shapes: [[Int64]] = [
            [], [5], (0..<1_000).map(Int64.init), (0..<1_000).reversed().map(Int64.init),
            (0..<1_000).map { Int64($0 < 500 ? $0 : 1_000 - $0) }, (0..<5_000).map { _ in Int64(random.next(7)) },
            (0..<20_000).map { _ in Int64(random.next(1_000_000)) - 500_000 },
        ]
        for shape in shapes {
            for depth in [0, 2, 64] {
                var rows = shape.enumerated().map { Words2(a: $0.element, b: Int64($0.offset)) }
                rows.withUnsafeMutableBufferPointer { InPlaceSort.sort($0.baseAddress!, count: $0.count, depth: depth) }
                #expect(rows == rows.sorted())
                #expect(rows.map(\.b).sorted() == shape.indices.map(Int64.init))
            }
        }
    }
}
