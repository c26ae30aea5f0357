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
    /// A lock another thread lets go, and whether it has.
    final class HeldLock: @unchecked Sendable {
        var lock: SyncFolderLock?
        let released = Atomic<Bool>(false)
        init(_ lock: SyncFolderLock?) { self.lock = lock }
    }

    func folder(in dir: TemporaryDirectory) -> String {
        let path = dir.file("shared")
        mkdir(path, 0o700)
        return path
    }

    /// The sync runs on the test's thread and the lock is let go on a thread of its own (never
    /// the tasks' shared pool, which a blocking wait would hold on a two-core machine).
    @Test func aSyncWaitsForTheFolderAndGoesOnOnceItIsFree() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        _ = try sampleBook(in: dir, "anna.sqlite3").sync(folder: shared)
        // Not `waiting: 0`: a child another test is starting may still hold a copy of the lock
        // anna's sync just let go, until it runs its program.
        let held = HeldLock(try SyncFolderLock(shared, waiting: .seconds(20)))
        #expect(held.lock != nil)
        let path = dir.file("ben.sqlite3")
        _ = try BudgetStore(path: path)
        let releasing = OwnThread {
            usleep(300_000)
            held.released.store(true, ordering: .sequentiallyConsistent)
            held.lock = nil
        }
        let report = try BudgetStore(path: path).sync(folder: shared)
        // It ended after the lock was let go: it waited.
        let waited = held.released.load(ordering: .sequentiallyConsistent)
        releasing.join()
        #expect(report.joined)
        #expect(waited)
    }

    @Test func aSyncThatWaitsTooLongChangesNothing() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let held = try SyncFolderLock(shared, waiting: .zero)
        anna.syncFolderWait = .milliseconds(200)
        let before = try dumpOfBook(anna)
        #expect(throws: BudgetError.sync(.syncFolderBusy(path: shared, seconds: 1))) { try anna.sync(folder: shared) }
        #expect(try dumpOfBook(anna) == before)
        #expect(folderNames(shared) == [])
        withExtendedLifetime(held) {}
    }

    /// Two syncs of one book at once, as a cron job's and a person's: both end well, and the
    /// book ends as the other's (the second used to fail on the history entries of the files
    /// the first had just applied).
    @Test func twoSyncsOfOneBookAtOnceBothEndWell() throws {
        let dir = TemporaryDirectory()
        let shared = folder(in: dir)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        _ = try anna.sync(folder: shared)
        let path = dir.file("ben.sqlite3")
        _ = try BudgetStore(path: path)
        let failures = Failures()
        let syncs = (0..<2).map { _ in
            OwnThread {
                do { _ = try BudgetStore(path: path).sync(folder: shared) } catch { failures.add("\(error)") }
            }
        }
        syncs.forEach { $0.join() }
        #expect(failures.all == [])
        let ben = try BudgetStore(path: path)
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
    }
}

/// The errors of threads, kept in order.
final class Failures: Sendable {
    private let errors = Mutex<[String]>([])
    func add(_ error: String) { errors.withLock { $0.append(error) } }
    var all: [String] { errors.withLock { $0 } }
}

/// `body` on a thread of its own, started at once: a blocking wait there holds none of the
/// threads Swift's tasks share.
final class OwnThread: @unchecked Sendable {
    private let body: () -> Void
    private var thread = pthread_t()

    init(_ body: @escaping () -> Void) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        precondition(pthread_create(&thread, nil, { context in
            Unmanaged<OwnThread>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context) == 0, "no thread")
    }

    /// Waits for `body` to end.
    func join() {
        pthread_join(thread, nil)
    }
}
