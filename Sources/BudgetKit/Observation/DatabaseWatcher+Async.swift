extension DatabaseWatcher {
    /// Delivers other connections' commits to the store's live results until the calling task
    /// is cancelled: the async counterpart of a loop around ``wait(milliseconds:)``.
    ///
    /// It runs in the caller's isolation (the one that owns the store: the main actor, your
    /// actor, or one task), so every live result's delegate, change sequence and observable
    /// model hears other processes' commits there. While it waits, a thread of its own sleeps in
    /// `poll(2)` on the folder; no task is blocked, and the thread ends before this returns.
    ///
    /// ```swift
    /// let watcher = try DatabaseWatcher(store: store)
    /// let watching = Task { await watcher.watch() }   // on the main actor, say
    /// // ... live lists on `store` now hear every process ...
    /// watching.cancel()
    /// ```
    ///
    /// A live result's ``LiveResult/changes`` sequence watches by itself while it is iterated:
    /// this is for delegates and ``ObservableLive`` models, which do not iterate one.
    public func watch(isolation: isolated (any Actor)? = #isolation) async {
        let waiter = FolderWaiter(folder: fileDescriptor)
        defer { waiter.stop() }
        while !Task.isCancelled {
            await waitForCommit(using: waiter, isolation: isolation)
        }
    }

    /// Waits once with `waiter` (a folder change, a tick, a wake-up or cancellation), then reads
    /// `data_version` and tells the store's live results when another connection committed.
    ///
    /// - Returns: whether another connection committed.
    @discardableResult
    func waitForCommit(using waiter: FolderWaiter, isolation: isolated (any Actor)?) async -> Bool {
        let woken = await waiter.wait(isolation: isolation)
        let found = check(woken: woken)
        // A writer's -wal frames land (and wake the waiter) a moment before its commit is
        // visible: after a wake-up that found nothing yet, look again within a millisecond.
        if found {
            waiter.lookAgainSoon(false)
        } else if woken {
            waiter.lookAgainSoon(true)
        }
        return found
    }
}
