import FoundationEssentials
import Testing
@testable import BudgetKit

/// Issue 13 item 3: sorts of several keys, each in its own direction, ties broken by id in the
/// first key's direction; the same order from a live list and from SQLite's ORDER BY.
@Suite struct LiveTransactionsSortKeysTests {
    /// A random sort: one to four distinct keys, each in a random direction.
    static func randomSort(_ random: inout SeededGenerator, atLeast minimum: Int = 1) -> TransactionSort {
        let keys = TransactionSort.Key.allCases.shuffled(using: &random).prefix(Int.random(in: minimum...4, using: &random))
        return TransactionSort(keys.map { TransactionSort.Criterion($0, ascending: Bool.random(using: &random)) })
    }

    @Test(arguments: 0..<9)
    func randomSortsOfSeveralKeysStayExactThroughRandomWritesAndSortChanges(seed: Int) throws {
        var random = SeededGenerator(seed: 0x5087 + UInt64(seed))
        let request = TransactionRequest(sort: Self.randomSort(&random, atLeast: 2), sectioning: [nil, .month, .category][seed % 3])
        // Every tenth step shows another random sort (two times in three) or another filter: a diff either way.
        try LiveTransactionsEquivalenceTests.checkChangeSets(of: request, seed: 1_000 + UInt64(seed)) { random, shown, protected in
            var next = shown
            if Int.random(in: 0..<3, using: &random) > 0 {
                next.sort = Self.randomSort(&random)
            } else {
                next.filter = LiveTransactionsEquivalenceTests.filters(protected: protected).randomElement(using: &random)!
            }
            return next
        }
    }

    /// Food, Rent and Fun; rows that tie on category, on amount and on date.
    func book(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        for name in ["Food", "Rent", "Fun"] { try store.addCategory(named: name, monthlyBudget: .zero) }
        let rows: [(String, String, Int64, String)] = [
            ("2026-01-02", "Food", 500, "Baker"), ("2026-01-01", "Rent", 900, "Landlord"), ("2026-01-03", "Food", 500, "café"),
            ("2026-01-01", "Food", 700, "Market"), ("2026-01-02", "Fun", 500, "Cinema"), ("2026-01-03", "Fun", 200, "Café"),
            ("2026-01-02", "Food", 700, "baker"),
        ]
        for row in rows {
            try store.addTransaction(amount: Money(minorUnits: row.2), category: row.1, payee: row.3, date: Day(iso: row.0)!)
        }
        return store
    }

    @Test(arguments: [
        // Category ascending, amount descending, then date: the brief's example.
        (TransactionSort([.ascending(.category), .descending(.amount), .ascending(.date)]), [4, 7, 1, 3, 5, 6, 2]),
        // Ties on both keys go by id in the first key's direction (descending here).
        (TransactionSort([.descending(.amount), .ascending(.payee)]), [2, 7, 4, 1, 3, 5, 6]),
        (TransactionSort([.ascending(.payee), .descending(.date)]), [1, 7, 3, 6, 5, 2, 4]),
        (TransactionSort([.descending(.date), .ascending(.category), .ascending(.amount)]), [3, 6, 1, 7, 5, 4, 2]),
    ])
    func aLaterKeyOrdersRowsThatTieOnTheKeysBeforeItAsSQLiteDoes(sort: TransactionSort, ids: [Int64]) throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let live = try LiveTransactions(store: store, request: TransactionRequest(sort: sort))
        #expect(live.map(\.id) == ids)
        #expect(try store.transactions(sortedBy: sort).map(\.id) == ids)
        #expect(try LiveTransactionsOracle.fetched(from: store, request: live.request).map(\.id) == ids)
    }

    @Test func aRowWhoseSecondKeyChangesWhileItsFirstTiesMoves() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let request = TransactionRequest(sort: TransactionSort([.ascending(.category), .descending(.amount)]))
        let live = try LiveTransactions(store: store, request: request)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        #expect(live.map(\.id) == [4, 7, 1, 3, 5, 6, 2])
        var before = try live.snapshot()
        // Baker's 5.00 becomes the largest Food row: still Food, now first of its category.
        let edited = try store.editTransaction(id: 1, TransactionChanges(amount: Money(minorUnits: 800)))
        var changeSet = try #require(recorder.take().first)
        #expect(changeSet.moves == [.init(from: 2, to: 0, transaction: edited)])
        #expect(changeSet.updates.isEmpty && changeSet.insertions.isEmpty && changeSet.deletions.isEmpty)
        #expect(changeSet.applied(to: before) == (try live.snapshot()))
        // A change of a third value (the payee) that no key orders by is an update in place.
        before = try live.snapshot()
        let renamed = try store.editTransaction(id: 4, TransactionChanges(payee: "Farm"))
        changeSet = try #require(recorder.take().first)
        #expect(changeSet.updates == [.init(index: 1, newIndex: 1, transaction: renamed)] && changeSet.moves.isEmpty)
        #expect(changeSet.applied(to: before) == (try live.snapshot()))
        #expect(live.map(\.id) == (try LiveTransactionsOracle.fetched(from: store, request: request).map(\.id)))
    }

    @Test func addingASecondKeyMovesOnlyRowsThatTiedOnTheFirst() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        #expect(live.map(\.id) == [2, 4, 1, 5, 7, 3, 6])
        let before = try live.snapshot()
        try live.setRequest(TransactionRequest(sort: TransactionSort([.ascending(.date), .ascending(.amount)])))
        let changeSet = try #require(recorder.take().first)
        #expect(live.map(\.id) == [4, 2, 1, 5, 7, 6, 3])
        // 2026-01-01 and 2026-01-03 each swap their two rows (one move each); 2026-01-02 is already in order.
        #expect(!changeSet.isReload && changeSet.moves.count == 2 && changeSet.insertions.isEmpty && changeSet.deletions.isEmpty)
        #expect(changeSet.applied(to: before) == (try live.snapshot()))
    }

    @Test(arguments: [TransactionSectioning.month, .category])
    func reversingASectionedListDeletesAndInsertsTheSectionsThatChangePlaces(sectioning: TransactionSectioning) throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: sectioning))
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        try live.setRequest(TransactionRequest(sort: TransactionSort([.descending(.date), .ascending(.amount)]), sectioning: sectioning))
        let changeSet = try #require(recorder.take().first)
        #expect(!changeSet.isReload)
        #expect(changeSet.applied(to: before) == (try live.snapshot()))
        #expect(changeSet.batchUpdateProblems(before: before) == [])
        #expect(try live.snapshot() == (try LiveTransactionsOracle.snapshot(of: store, request: live.request)))
    }

    @Test func aSortChangeThatWouldMoveMoreRowsThanTheCacheHoldsIsAReload() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.writing {
            for index in 0..<(LiveTransactions.cacheCapacity + 10) {
                try store.connection.run("INSERT INTO transactions (date, amount, category_id) VALUES ('2026-02-01', ?, 1)", [.integer(Int64(index))])
            }
        }
        let live = try LiveTransactions(store: store, request: TransactionRequest(sort: TransactionSort(.amount)))
        let recorder = ChangeRecorder()
        live.delegate = recorder
        try live.setRequest(TransactionRequest(sort: TransactionSort([.descending(.amount), .ascending(.date)])))
        #expect(recorder.take().map(\.isReload) == [true])
        #expect(live.map(\.id) == (try LiveTransactionsOracle.fetched(from: store, request: live.request).map(\.id)))
    }

    @Test func aOneKeyListHoldsSixteenBytesARowAndEachFurtherKeyEightMore() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let sorts = [TransactionSort(.payee), TransactionSort([.ascending(.payee), .descending(.amount)]),
                     TransactionSort([.ascending(.category), .descending(.amount), .ascending(.payee), .ascending(.date)])]
        #expect(MemoryLayout<KeyEntry>.stride == 16)
        for sort in sorts {
            for sectioning in [nil, TransactionSectioning.category] {
                let live = try LiveTransactions(store: store, request: TransactionRequest(sort: sort, sectioning: sectioning))
                #expect(live.keys.entries.count == 7)
                #expect(live.keys.entries.chunks.map(\.more.count).reduce(0, +) == 7 * (sort.criteria.count - 1))
            }
        }
    }

    @Test func aKeyGivenAgainIsDroppedAndSettingTheFirstKeyKeepsTheOthers() {
        var sort = TransactionSort([.descending(.amount), .ascending(.date), .ascending(.amount)])
        #expect(sort.criteria == [.descending(.amount), .ascending(.date)])
        sort.key = .date
        #expect(sort.criteria == [.descending(.date)])
        sort = TransactionSort([.ascending(.category), .descending(.amount)])
        sort.ascending = false
        #expect(sort.criteria == [.descending(.category), .descending(.amount)])
        #expect(sort.reversed.criteria == [.ascending(.category), .ascending(.amount)])
        #expect(TransactionSort(.payee, ascending: false).criteria == [.descending(.payee)])
    }

    /// What the previous version decoded: one key and a direction, nothing else.
    struct EarlierSort: Codable, Equatable {
        var key: TransactionSort.Key
        var ascending: Bool
    }

    @Test func sortsSavedAsJSONReadBothWays() throws {
        // A request saved by the previous version decodes as the same one-key sort.
        let old = #"{"filter":{},"sort":{"key":"amount","ascending":false},"sectioning":"month"}"#
        let request = try JSONDecoder().decode(TransactionRequest.self, from: Data(old.utf8))
        #expect(request == TransactionRequest(sort: TransactionSort(.amount, ascending: false), sectioning: .month))
        // A one-key sort is written exactly as before.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(TransactionSort(.payee, ascending: false)), as: UTF8.self) == #"{"ascending":false,"key":"payee"}"#)
        // Several keys round-trip, and the previous version reads their first.
        let several = TransactionSort([.ascending(.category), .descending(.amount), .ascending(.date)])
        let data = try encoder.encode(several)
        #expect(String(decoding: data, as: UTF8.self)
                == #"{"ascending":true,"key":"category","then":[{"ascending":false,"key":"amount"},{"ascending":true,"key":"date"}]}"#)
        #expect(try JSONDecoder().decode(TransactionSort.self, from: data) == several)
        #expect(try JSONDecoder().decode(EarlierSort.self, from: data) == EarlierSort(key: .category, ascending: true))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TransactionSort.self, from: Data(#"{"then":[]}"#.utf8)) }
    }
}
