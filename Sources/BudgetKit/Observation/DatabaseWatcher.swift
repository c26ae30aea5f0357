#if canImport(Glibc)
import Glibc
#endif

/// Notices commits made to a store's file by other connections (another `budget` process, the
/// sqlite3 shell, another store in this process) and tells the store's change tracker, whose
/// live results then read the change log and deliver exact change sets.
///
/// Two signals, both cheap: inotify on the database's folder wakes the watcher when any file in
/// it is written (a commit appends to the -wal file, which is deleted and created again as
/// connections come and go, so the folder is watched, not the file); `PRAGMA data_version`
/// then says whether another connection really committed (about a microsecond to read). Where
/// inotify is unavailable, the watcher polls `data_version` every ``pollInterval`` milliseconds.
/// Either way a commit is seen within 100 ms; with inotify, within about a millisecond.
///
/// Each check also makes sure the store's path still names the file the store opened (one
/// `stat(2)`, about a microsecond). When the book was deleted, or another file was moved or made
/// in its place (`rm`, `mv`), the watcher tells the live results once, and each of their syncs
/// fails from then on with ``BudgetError/bookReplaced(path:)``: their delegates hear it, and their
/// ``LiveResult/changes`` sequences yield it, rather than showing the old file's rows, or a mix
/// of two books. ``BudgetStore/restore(bookAt:from:)`` keeps the file (it replaces the content
/// through SQLite), so live results reload after a restore and go on.
///
/// ```swift
/// let live = try LiveTransactions(store: store)
/// let watcher = try DatabaseWatcher(store: store)
/// while running {
///     watcher.wait(milliseconds: 500)   // the live list's delegate hears other processes' commits
/// }
/// ```
///
/// To wait in your own `poll` loop, poll ``fileDescriptor`` for `POLLIN` with the timeout
/// ``nextTimeout()`` gives, and call ``checkForChanges()`` when it wakes or times out. In async
/// code, ``watch(isolation:)`` does the waiting until its task is cancelled, and a live result's
/// ``LiveResult/changes`` sequence watches by itself while it is iterated.
///
/// Not thread-safe: use it in the isolation that owns its store (see ``LiveResult``).
public final class DatabaseWatcher {
    /// The store whose file is watched.
    public let store: BudgetStore
    /// How often `data_version` is read when nothing wakes the watcher earlier, in milliseconds.
    public static let pollInterval: Int32 = 50
    /// The inotify descriptor (readable when the folder changed), or -1 without inotify.
    public let fileDescriptor: Int32
    private var lastDataVersion: Int64
    private var quickChecks = 0
    /// Whether the store's path named another file (or none) at the last check.
    private var sawReplacement = false

    /// Starts watching the store's file.
    ///
    /// - Throws: a database error when `data_version` cannot be read.
    public init(store: BudgetStore) throws {
        self.store = store
        lastDataVersion = try store.changeTracker.dataVersion()
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if descriptor >= 0 {
            let folder = store.path.lastIndex(of: "/").map { String(store.path[..<$0]) } ?? "."
            let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE)
            if inotify_add_watch(descriptor, folder.isEmpty ? "/" : folder, mask) < 0 {
                close(descriptor)
                fileDescriptor = -1
                return
            }
        }
        fileDescriptor = descriptor
    }

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
    }

    /// Reads `data_version`; when another connection committed since the last check, tells the
    /// store's live lists (which deliver their change sets before this returns). When the book
    /// was replaced or deleted since the last check, tells them instead (their syncs fail with
    /// ``BudgetError/bookReplaced(path:)``).
    ///
    /// - Returns: whether another connection committed, or the book was found replaced.
    @discardableResult
    public func checkForChanges() -> Bool {
        check(woken: drain())
    }

    /// Reads `data_version` and tells the live lists when it moved, or when the store's path
    /// came to name another file; `woken`: the folder changed since the last check (someone else
    /// drained the descriptor).
    func check(woken: Bool) -> Bool {
        let replaced = !store.isStillAtPath
        if replaced != sawReplacement {
            sawReplacement = replaced
            if replaced {
                quickChecks = 0
                store.changeTracker.notifyObservers()
                return true
            }
        }
        // What the file held no longer concerns the book: told once, nothing more to tell.
        if replaced { return false }
        guard let version = try? store.changeTracker.dataVersion(), version != lastDataVersion else {
            // A writer's -wal frames land (and wake us) a moment before its commit is visible:
            // after a wake-up that found nothing yet, look again soon, not a whole interval later.
            if woken { quickChecks = 20 }
            return false
        }
        quickChecks = 0
        lastDataVersion = version
        store.changeTracker.notifyObservers()
        return true
    }

    /// How long the next `poll` of ``fileDescriptor`` should wait at most, in milliseconds:
    /// ``pollInterval``, or 1 for a few rounds after a wake-up that found no commit yet.
    public func nextTimeout() -> Int32 {
        guard quickChecks > 0 else { return DatabaseWatcher.pollInterval }
        quickChecks -= 1
        return 1
    }

    /// Waits up to `milliseconds` for another connection's commit and delivers it.
    ///
    /// - Returns: whether a commit was seen (and delivered) before the time ran out.
    @discardableResult
    public func wait(milliseconds: Int) -> Bool {
        var remaining = milliseconds
        while true {
            if checkForChanges() { return true }
            guard remaining > 0 else { return false }
            let slice = Int32(Swift.min(remaining, Int(nextTimeout())))
            let started = DatabaseWatcher.nowMilliseconds()
            if fileDescriptor >= 0 {
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, slice)
            } else {
                var request = timespec(tv_sec: Int(slice) / 1000, tv_nsec: (Int(slice) % 1000) * 1_000_000)
                _ = nanosleep(&request, nil)
            }
            remaining -= Swift.max(1, DatabaseWatcher.nowMilliseconds() - started)
        }
    }

    /// Reads and drops pending inotify events: only the wake-up matters.
    ///
    /// - Returns: whether there were any.
    private func drain() -> Bool {
        guard fileDescriptor >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var any = false
        while buffer.withUnsafeMutableBytes({ read(fileDescriptor, $0.baseAddress, $0.count) }) > 0 { any = true }
        return any
    }

    static func nowMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}

@available(*, unavailable)
extension DatabaseWatcher: Sendable {}
