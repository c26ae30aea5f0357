#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import BudgetKit

/// One sync at a time through a folder (``SyncFolderLock``): a second sync of a book waits for
/// the first and finds its work done, never applying a file twice; one that waits too long
/// changes nothing and says why.
@Suite struct SyncFolderLockTests {
    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    func folder(in dir: TemporaryDirectory) -> String {
        let path = dir.file("shared")
        mkdir(path, 0o700)
        return path
    }

    @Test func aSyncWaitsForTheFolderAndGoesOnOnceItIsFree() async throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        _ = try sampleBook(in: dir, "anna.sqlite3").sync(folder: shared)
        var held = try SyncFolderLock(shared, waiting: 0)
        #expect(held != nil)
        let path = dir.file("ben.sqlite3")
        _ = try BudgetStore(path: path)
        let done = Flag()
        let syncing = Task.detached {
            defer { done.value.store(true, ordering: .sequentiallyConsistent) }
            return try BudgetStore(path: path).sync(folder: shared).joined
        }
        try await Task.sleep(for: .milliseconds(300))
        // Still waiting (a slow machine may not have started it yet: either way, not done).
        let waiting = !done.value.load(ordering: .sequentiallyConsistent)
        #expect(waiting)
        held = nil
        #expect(try await syncing.value)
    }

    @Test func aSyncThatWaitsTooLongChangesNothing() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let held = try SyncFolderLock(shared, waiting: 0)
        anna.syncFolderWait = 0.2
        let before = try dumpOfBook(anna)
        #expect(throws: BudgetError.sync(.syncFolderBusy(path: shared, seconds: 1))) { try anna.sync(folder: shared) }
        #expect(try dumpOfBook(anna) == before)
        #expect(folderNames(shared) == [])
        withExtendedLifetime(held) {}
    }

    /// Two syncs of one book at once, as a cron job's and a person's: both end well, and the
    /// book ends as the other's (the second used to fail on the history entries of the files
    /// the first had just applied).
    @Test func twoSyncsOfOneBookAtOnceBothEndWell() async throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        _ = try anna.sync(folder: shared)
        let path = dir.file("ben.sqlite3")
        _ = try BudgetStore(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 { group.addTask { _ = try BudgetStore(path: path).sync(folder: shared) } }
            try await group.waitForAll()
        }
        let ben = try BudgetStore(path: path)
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
    }
}
