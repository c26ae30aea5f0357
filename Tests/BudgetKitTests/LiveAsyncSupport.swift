import Synchronization
import Testing
@testable import BudgetKit

/// Every test that iterates a change sequence or watches asynchronously, one at a time: they
/// count the process's watching threads, which must be back where they were when each ends.
@Suite(.serialized) struct LiveAsyncTests {}

/// Runs `body` in a task of its own, cancelled after `seconds` if it has not finished: every
/// wait in these tests ends on cancellation, so a hang becomes a failed test, never a stuck
/// run. Nothing is asserted about time.
func withWatchdog<T: Sendable>(seconds: Int = 120, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let work = Task { try await body() }
    let watchdog = Task {
        try await Task.sleep(for: .seconds(seconds))
        work.cancel()
    }
    defer { watchdog.cancel() }
    return try await work.value
}

extension Task {
    /// The task's value, cancelling the task when the waiting one is cancelled (a watchdog's
    /// cancellation then reaches it).
    var valueOrCancel: Success {
        get async throws {
            try await withTaskCancellationHandler { try await value } onCancel: { cancel() }
        }
    }
}

extension Task where Failure == Never {
    /// The task's value, cancelling the task when the waiting one is cancelled.
    var valueOrCancel: Success {
        get async {
            await withTaskCancellationHandler { await value } onCancel: { cancel() }
        }
    }
}

/// How many watching threads the process runs now.
func watchingThreads() -> Int {
    FolderWaiter.runningThreads.withLock { $0 }
}

/// Waits (cancellably) until the process runs `count` watching threads.
func waitForWatchingThreads(_ count: Int) async throws {
    while watchingThreads() != count { try await Task.sleep(for: .milliseconds(1)) }
}

/// A counter an `@Sendable` closure (an observation's onChange) can bump.
final class Counter: Sendable {
    private let value = Mutex(0)
    func bump() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// What any live result's delegate hears, change sets and failures alike, as the sequence's
/// elements would be: one recorder for the three delegate protocols.
final class DelegateRecorder: LiveTransactionsDelegate, LiveCategoriesDelegate, LiveAccountsDelegate {
    enum Heard: Equatable, Sendable {
        case changed(ChangeSet)
        case failed(String)
    }

    /// Any of the three change sets, compared as themselves.
    struct ChangeSet: Equatable, Sendable {
        let base: any Hashable & Sendable
        static func == (left: ChangeSet, right: ChangeSet) -> Bool { AnyHashable(left.base) == AnyHashable(right.base) }
    }

    var heard: [Heard] = []

    func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {
        heard.append(.changed(ChangeSet(base: changeSet)))
    }
    func liveTransactions(_ transactions: LiveTransactions, didFailToSyncWith error: any Error) {
        heard.append(.failed("\(error)"))
    }
    func liveCategories(_ categories: LiveCategories, didChangeContentWith changeSet: CategoryChangeSet) {
        heard.append(.changed(ChangeSet(base: changeSet)))
    }
    func liveCategories(_ categories: LiveCategories, didFailToSyncWith error: any Error) {
        heard.append(.failed("\(error)"))
    }
    func liveAccounts(_ accounts: LiveAccounts, didChangeContentWith changeSet: AccountChangeSet) {
        heard.append(.changed(ChangeSet(base: changeSet)))
    }
    func liveAccounts(_ accounts: LiveAccounts, didFailToSyncWith error: any Error) {
        heard.append(.failed("\(error)"))
    }
}

extension Result where Success: Hashable & Sendable {
    /// The element as a delegate would have heard it.
    var heard: DelegateRecorder.Heard {
        switch self {
        case .success(let changeSet): .changed(DelegateRecorder.ChangeSet(base: changeSet))
        case .failure(let error): .failed("\(error)")
        }
    }
}

/// Takes from a change sequence what is queued, and with `awaiting` one element first,
/// waiting for it (another connection's commit): what the sequence yields after one step.
func take<Live: LiveResult>(_ iterator: inout LiveChanges<Live>.Iterator, awaiting: Bool) async -> [DelegateRecorder.Heard]? {
    var taken: [DelegateRecorder.Heard] = []
    if awaiting {
        guard let element = await iterator.next() else { return nil }
        taken.append(element.heard)
    }
    while iterator.feed.hasQueued {
        guard let element = await iterator.next() else { return nil }
        taken.append(element.heard)
    }
    return taken
}
