import Testing
@testable import BudgetKit

extension LiveTransactionsEquivalenceTests {
    /// Runs `request` through 200 random steps (seeded by `seed`), checking every change set
    /// against the oracle and against SQLite's own order; every tenth step shows the request
    /// `changingRequest` makes of the one shown (with the protected category's id).
    static func checkChangeSets(of request: TransactionRequest, seed: UInt64,
                                changingRequest: (inout SeededGenerator, TransactionRequest, Int64) -> TransactionRequest) throws {
        let requestIndex = seed
        let dir = TemporaryDirectory()
        let store = try dir.store()
        var world = LiveTransactionsEquivalenceTests.World(store: store, writer: try BudgetStore(path: store.path),
                          random: SeededGenerator(seed: 0xB0D6E7 + UInt64(requestIndex)))
        for index in 0..<5 {
            world.categoryIDs.append(try store.addCategory(named: "cat-\(index)", monthlyBudget: .zero).id)
        }
        let (live, source) = try LiveTransactions.failable(store: store, request: request)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        for _ in 0..<30 { _ = try world.write(viaWriter: false) }
        _ = recorder.take()
        // The oracle filters by the protected category's id, whatever its name is now.
        var oracleRequest = request
        if oracleRequest.filter.category != nil { (oracleRequest.filter.category, oracleRequest.filter.categoryID) = (nil, world.protected) }
        var previous = try live.snapshot()
        #expect(previous == (try LiveTransactionsOracle.snapshot(of: store, request: oracleRequest)))

        var random = SeededGenerator(seed: 0xFA11 + UInt64(requestIndex))
        var changeSets = 0, failedSyncs = 0
        for step in 0..<200 {
            // Reads fail now and then while the list syncs, never while the test reads it.
            source.fails = { _ in Int.random(in: 0..<25, using: &random) == 0 }
            let viaWriter = Bool.random(using: &world.random)
            let imports = step % 100 == 37, refilters = step % 10 == 5
            var reorders = false
            let bulk = imports || refilters ? false : try world.write(viaWriter: viaWriter)
            if imports { try world.importRows(viaWriter: viaWriter) }
            if refilters {
                let next = changingRequest(&random, oracleRequest, world.protected)
                reorders = next.sort != oracleRequest.sort
                var attempts = 0
                let shown = live.request
                while true {
                    do {
                        try live.setRequest(next)
                        break
                    } catch {
                        attempts += 1
                        #expect(error is FailingSource.InjectedFailure, "step \(step): \(error)")
                        #expect(live.request == shown, "step \(step): a failed change leaves the request")
                        if attempts == 3 { source.fails = { _ in false } }
                    }
                }
                oracleRequest = next
            }
            var attempts = 0
            while (viaWriter && !refilters) || live.lastSyncError != nil {
                do {
                    try live.processPendingChanges()
                    break
                } catch {
                    failedSyncs += 1
                    attempts += 1
                    #expect(error is FailingSource.InjectedFailure, "step \(step): \(error)")
                    if attempts == 3 { source.fails = { _ in false } }
                }
            }
            source.fails = { _ in false }
            #expect(live.lastSyncError == nil)

            let fresh = try LiveTransactionsOracle.snapshot(of: store, request: oracleRequest)
            let heard = recorder.take()
            #expect(heard.count <= 1, "step \(step): one change set per write")
            if let changeSet = heard.first {
                changeSets += 1
                #expect(changeSet.isReload == bulk, "step \(step)")
                if refilters { #expect((reorders || changeSet.moves.isEmpty) && changeSet.updates.isEmpty, "step \(step)") }
                if imports {
                    #expect(changeSet.insertions.count == fresh.transactions.count - previous.transactions.count, "step \(step)")
                    #expect(changeSet.deletions.isEmpty && changeSet.moves.isEmpty && changeSet.updates.isEmpty, "step \(step)")
                }
                if !changeSet.isReload {
                    #expect(changeSet.applied(to: previous) == fresh, "step \(step) of request \(requestIndex): \(changeSet)")
                    #expect(changeSet.batchUpdateProblems(before: previous) == [], "step \(step)")
                }
                #expect(changeSet.count == fresh.transactions.count)
            } else {
                #expect(previous == fresh, "step \(step): a change was missed")
            }
            #expect(try live.snapshot() == fresh, "step \(step): the live list itself")
            #expect(fresh.transactions.map(\.id) == (try LiveTransactionsOracle.fetched(from: store, request: oracleRequest).map(\.id)),
                    "step \(step): SQLite's ORDER BY of the same keys")
            #expect(fresh.sectionsMatchRows(request.sectioning), "step \(step)")
            if step % 50 == 49 {
                #expect(try LiveTransactions(store: store, request: oracleRequest).snapshot() == fresh, "step \(step): a fresh list")
            }
            previous = fresh
        }
        #expect(recorder.orderViolations.isEmpty, "\(recorder.orderViolations)")
        #expect(changeSets > 60)
        #expect(failedSyncs > 5)
    }
}
