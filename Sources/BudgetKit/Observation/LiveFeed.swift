/// Where a live result sends what its syncs produce besides its delegate: every change set it
/// delivers and every automatic sync that failed, to each of its feeds (one per change
/// sequence or observable model). Each live result owns one.
///
/// Not thread-safe: it belongs to its live result.
final class LiveHub<ChangeSet> {
    private var feeds: [ObjectIdentifier: Weak] = [:]
    private(set) var isFinished = false

    private struct Weak {
        weak var feed: LiveFeed<ChangeSet>?
    }

    /// A new feed on `store`, hearing everything sent from now on.
    func makeFeed(store: BudgetStore) -> LiveFeed<ChangeSet> {
        let feed = LiveFeed(hub: self, store: store)
        if isFinished { feed.finish() } else { feeds[ObjectIdentifier(feed)] = Weak(feed: feed) }
        return feed
    }

    /// Sends a sync's outcome to every feed.
    func send(_ outcome: Result<ChangeSet, any Error>) {
        for entry in Array(feeds.values) { entry.feed?.receive(outcome) }
    }

    /// The live result was cancelled: every feed ends.
    func finish() {
        isFinished = true
        for entry in Array(feeds.values) { entry.feed?.finish() }
        feeds = [:]
    }

    fileprivate func remove(_ feed: LiveFeed<ChangeSet>) {
        feeds[ObjectIdentifier(feed)] = nil
    }
}

/// One consumer's view of a live result's outcomes: a queue that an async iteration drains
/// (``next(isolation:)``), or a handler that gets each one at once (``handler``), plus the
/// watching of other processes' commits while the consumer waits.
///
/// Watching starts when a consumer first waits: a ``DatabaseWatcher`` takes the database's
/// state as its baseline, the store's live results then catch up once (so no commit made
/// before the baseline is missed), and a ``FolderWaiter`` thread wakes the consumer on the
/// folder's changes. ``stopWatching()`` ends the thread.
///
/// Not thread-safe: it belongs to the isolation that owns its store.
final class LiveFeed<ChangeSet> {
    private weak var hub: LiveHub<ChangeSet>?
    private let store: BudgetStore
    private var queue: [Result<ChangeSet, any Error>] = []
    private var head = 0
    private(set) var isFinished = false
    /// Gets each outcome as it happens instead of queueing it (an observable model's).
    var handler: ((Result<ChangeSet, any Error>) -> Void)?
    private var watcher: DatabaseWatcher?
    private(set) var waiter = FolderWaiter(folder: -1)
    /// Whether the watcher could not be made: the feed then hears this process's writes only.
    private var cannotWatch = false

    fileprivate init(hub: LiveHub<ChangeSet>, store: BudgetStore) {
        self.hub = hub
        self.store = store
    }

    deinit {
        waiter.stop()
        hub?.remove(self)
    }

    /// Whether an outcome is queued.
    var hasQueued: Bool { head < queue.count }

    /// Takes one outcome from the queue: a change set or a sync's failure, in the order the live
    /// result produced them. Waits, watching other processes, while there is none. `nil` once
    /// the live result was cancelled and the queue is empty, or when the task is cancelled
    /// (what is still queued is then dropped).
    func next(isolation: isolated (any Actor)?) async -> Result<ChangeSet, any Error>? {
        while true {
            if Task.isCancelled { return nil }
            if head < queue.count {
                let outcome = queue[head]
                head += 1
                if head == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    head = 0
                }
                return outcome
            }
            if isFinished { return nil }
            await waitOnce(isolation: isolation)
        }
    }

    /// Watches other processes until the task is cancelled or the live result is.
    func watch(isolation: isolated (any Actor)?) async {
        defer { stopWatching() }
        while !Task.isCancelled && !isFinished {
            await waitOnce(isolation: isolation)
        }
    }

    /// Ends the watching thread (a later wait starts another).
    func stopWatching() {
        waiter.stop()
        waiter = FolderWaiter(folder: -1)
        watcher = nil
    }

    /// Waits for a folder change, a tick, an outcome or cancellation; checks other processes.
    private func waitOnce(isolation: isolated (any Actor)?) async {
        if let failure = startWatching() {
            receive(.failure(failure))
            return
        }
        if hasQueued && handler == nil { return }
        if let watcher {
            await watcher.waitForCommit(using: waiter, isolation: isolation)
        } else {
            _ = await waiter.wait(isolation: isolation)
        }
    }

    /// Makes the watcher on the first wait; `nil`, or the error that stops it being made (the
    /// feed then waits for this process's writes alone).
    private func startWatching() -> (any Error)? {
        guard watcher == nil, !cannotWatch else { return nil }
        let watcher: DatabaseWatcher
        do {
            watcher = try DatabaseWatcher(store: store)
        } catch {
            cannotWatch = true
            return error
        }
        self.watcher = watcher
        waiter.stop()
        waiter = FolderWaiter(folder: watcher.fileDescriptor)
        // Commits made before the watcher's baseline reach the live results through their log.
        store.changeTracker.notifyObservers()
        return nil
    }

    fileprivate func receive(_ outcome: Result<ChangeSet, any Error>) {
        if let handler {
            handler(outcome)
        } else {
            queue.append(outcome)
        }
        waiter.wake()
    }

    fileprivate func finish() {
        isFinished = true
        waiter.wake()
    }
}

@available(*, unavailable)
extension LiveHub: Sendable {}

@available(*, unavailable)
extension LiveFeed: Sendable {}
