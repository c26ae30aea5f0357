/// A live result's change sets as an `AsyncSequence`: what ``LiveResult/changes`` returns, the
/// same for transactions, categories, accounts and the monthly report.
///
/// Each element is a `Result`: `.success` with a change set, exactly the one the delegate hears
/// in its did-change call, or `.failure` with the error of an automatic sync (after a commit
/// through the store, or one made by another process), which the delegate hears in its
/// did-fail call. A failed sync leaves the list as it was and the next commit retries (or call
/// ``LiveResult/processPendingChanges()``), so a failure is an element and the sequence goes
/// on; write `try result.get()` to stop at the first one instead. The sequence never throws.
///
/// ```swift
/// let changes = live.changes               // buffers from here on
/// for await result in changes {
///     let changeSet = try result.get()     // in a throwing function: stop at a failure
///     print(changeSet.insertions.count, "new rows;", changeSet.count, "in all")
/// }
/// ```
///
/// **What it yields.** Every change set the live result delivers after the sequence was made,
/// in order, each once, however slowly it is read: they are queued, never dropped or merged
/// (a change set's indexes refer to the one before it). This process's writes are queued as
/// they commit. Other processes' commits are watched while the sequence is iterated: the first
/// wait takes the database's state as a baseline (and lets the list catch up with anything
/// committed before it), then a thread sleeps in `poll(2)` on the book's folder (inotify, and
/// `data_version` every ``DatabaseWatcher/pollInterval`` ms) and the waiting iteration reads
/// the change log in its own isolation: a commit arrives within milliseconds, without a loop
/// of yours.
///
/// **When it ends.** When the live result is cancelled (``LiveResult/cancel()``), after what
/// was queued before, or at once when the iterating task is cancelled (what is still queued is
/// then dropped). Ending the loop (`break`,
/// a thrown error, a cancelled task) releases the iterator, which stops the watching thread: no
/// thread or task is left behind. The sequence keeps its live result alive while it exists.
///
/// **Reading rows.** By the time an element is read, the list may already hold a later state
/// (a write committed meanwhile): the change set carries what it describes (inserted, moved and
/// updated rows, the new count and sections), so apply it without reading the list, or read the
/// list when the queue is empty.
///
/// One consumer: iterate it once, in the isolation that owns the store (see ``LiveResult``).
/// Not `Sendable`; ``SharedStore/changes(of:)`` gives a `Sendable` stream.
public struct LiveChanges<Live: LiveResult>: AsyncSequence {
    /// A change set, or the error of an automatic sync that failed.
    public typealias Element = Result<Live.ChangeSet, any Error>
    /// The sequence never throws: failures are elements.
    public typealias Failure = Never

    /// The live result, kept alive while the sequence exists.
    let live: Live
    /// The queue the live result fills.
    let feed: LiveFeed<Live.ChangeSet>

    init(live: Live, feed: LiveFeed<Live.ChangeSet>) {
        self.live = live
        self.feed = feed
    }

    /// The iterator; the sequence is meant to be iterated once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(live: live, feed: feed, watching: Watching(feed: feed))
    }

    /// Takes the queued change sets in order, watching other processes while there is none.
    public struct Iterator: AsyncIteratorProtocol {
        /// A change set, or the error of an automatic sync that failed.
        public typealias Element = Result<Live.ChangeSet, any Error>
        /// Never throws.
        public typealias Failure = Never

        let live: Live
        let feed: LiveFeed<Live.ChangeSet>
        /// Stops the watching thread when the iterator goes away.
        let watching: Watching

        /// The next change set or failure, waiting (in `actor`'s isolation) while there is
        /// none; `nil` when the live result or the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await feed.next(isolation: actor)
        }

        #if compiler(>=6.2)
        /// The next change set or failure, in the caller's isolation.
        public nonisolated(nonsending) mutating func next() async -> Element? {
            await feed.next(isolation: #isolation)
        }
        #else
        /// The next change set or failure (from code that is not isolated to an actor; actors
        /// and `for await` use ``next(isolation:)``).
        public mutating func next() async -> Element? {
            await feed.next(isolation: nil)
        }
        #endif
    }

    /// One iteration's hold on the watching: released with the iterator, it ends the thread.
    final class Watching {
        private let feed: LiveFeed<Live.ChangeSet>

        init(feed: LiveFeed<Live.ChangeSet>) { self.feed = feed }

        deinit { feed.stopWatching() }
    }
}

@available(*, unavailable)
extension LiveChanges: Sendable {}

@available(*, unavailable)
extension LiveChanges.Iterator: Sendable {}
