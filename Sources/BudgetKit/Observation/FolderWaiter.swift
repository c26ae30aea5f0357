#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What lets async code wait for another process's commit without blocking a task: a thread of
/// its own that sleeps in `poll(2)` on a ``DatabaseWatcher``'s inotify descriptor and wakes the
/// waiting task, which then checks the database in its own isolation. The thread never touches
/// the store or its connection; it only reads descriptors and resumes continuations.
///
/// The task is woken (``wait(isolation:)`` returns) when the folder changed, every
/// ``DatabaseWatcher/pollInterval`` milliseconds (the watcher's fallback when inotify misses a
/// commit or is unavailable), every millisecond for a few rounds while the task asks to
/// ``lookAgainSoon(_:)`` (a writer's -wal frames land a moment before its commit is visible),
/// and whenever ``wake()`` is called (a change set was delivered, or the task was cancelled).
///
/// The thread starts on the first ``wait(isolation:)`` and ends at ``stop()`` or when the
/// waiter is released, which joins it: no thread outlives its waiter. (Where no thread can be
/// started, for want of resources, only ``wake()`` wakes the task.)
///
/// Thread-safe: every mutable field is behind one mutex.
final class FolderWaiter: Sendable {
    private let shared: Shared

    /// How many waiter threads are running in this process (for tests: no thread leaks).
    static let runningThreads = Mutex(0)
    /// How many 1 ms rounds ``lookAgainSoon(_:)`` asks for.
    static let quickRounds = 20

    /// A waiter on `folder`: a watcher's inotify descriptor, borrowed (its owner closes it only
    /// after ``stop()``), or -1 to wake on ticks alone, every `interval` milliseconds.
    init(folder: Int32, interval: Int32 = DatabaseWatcher.pollInterval) {
        shared = Shared(folder: folder, interval: interval)
    }

    deinit { shared.stop() }

    /// Whether the thread is running.
    var isRunning: Bool { shared.isRunning }

    /// Waits until the folder changes, a tick passes, ``wake()`` is called or the task is
    /// cancelled; starts the thread on the first call.
    ///
    /// - Returns: whether the folder changed since the last wait.
    func wait(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        await shared.wait(isolation: isolation)
    }

    /// Wakes the waiting tasks, or the next one to wait.
    func wake() { shared.wake() }

    /// Asks for (or, with `false`, calls off) a check every millisecond for a few rounds.
    func lookAgainSoon(_ look: Bool) { shared.lookAgainSoon(look) }

    func stop() { shared.stop() }
}

/// The waiter's state, shared with its thread (which holds it until it ends).
private final class Shared: Sendable {
    private struct State {
        /// The tasks waiting, resumed together.
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// A wake-up that came while no task waited: the next wait returns at once.
        var pending = false
        /// Whether the folder changed since the waiting task last asked.
        var folderChanged = false
        /// Whether the task wants the quick checks.
        var lookAgain = false
        var isStopped = false
        var thread: pthread_t?
        /// The pipe that wakes the thread: [read end, write end].
        var control: [Int32] = [-1, -1]
    }

    private let state = Mutex(State())
    /// The descriptor the thread polls, or -1.
    private let folder: Int32
    /// How long the thread sleeps between ticks, in milliseconds.
    private let interval: Int32

    init(folder: Int32, interval: Int32) {
        self.folder = folder
        self.interval = interval
    }

    var isRunning: Bool { state.withLock { $0.thread != nil } }

    func wait(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        start()
        await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.pending || state.isStopped {
                        state.pending = false
                        return true
                    }
                    state.waiting.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            wake()
        }
        return state.withLock { state in
            defer { state.folderChanged = false }
            return state.folderChanged
        }
    }

    func wake() {
        resume(folderChanged: false)
    }

    func lookAgainSoon(_ look: Bool) {
        let poke = state.withLock { state -> Int32? in
            defer { state.lookAgain = look }
            return look && !state.lookAgain ? state.control[1] : nil
        }
        if let poke { Self.poke(poke) }
    }

    func stop() {
        let (thread, control) = state.withLock { state -> (pthread_t?, [Int32]) in
            state.isStopped = true
            defer { state.thread = nil }
            return (state.thread, state.control)
        }
        wake()
        guard let thread else { return }
        Self.poke(control[1])
        pthread_join(thread, nil)
        close(control[0])
        close(control[1])
        FolderWaiter.runningThreads.withLock { $0 -= 1 }
    }

    // MARK: - The thread

    private func start() {
        state.withLock { state in
            guard state.thread == nil, !state.isStopped else { return }
            var ends: [Int32] = [-1, -1]
            guard Self.makeWakeUpPipe(&ends) else { return }
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            guard pthread_create(&thread, nil, { context in
                Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context) == 0 else {
                Unmanaged<Shared>.fromOpaque(context).release()
                close(ends[0])
                close(ends[1])
                return
            }
            state.control = ends
            state.thread = thread
            FolderWaiter.runningThreads.withLock { $0 += 1 }
        }
    }

    /// The thread's loop: poll the control pipe and the folder, wake the task, until stopped.
    private func run() {
        let control = state.withLock { $0.control[0] }
        var descriptors = [pollfd(fd: control, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: folder, events: Int16(POLLIN), revents: 0)]
        var quickLeft = 0
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let timeout = quickLeft > 0 ? 1 : interval
            var ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                // Cannot happen with two valid descriptors; never spin if it does: sleep, then tick.
                usleep(UInt32(timeout) * 1000)
                ready = 0
                descriptors[0].revents = 0
                descriptors[1].revents = 0
            }
            if descriptors[0].revents != 0 {
                Self.drain(control)
                let (stopped, look) = state.withLock { ($0.isStopped, $0.lookAgain) }
                if stopped { return }
                if look && quickLeft == 0 { quickLeft = FolderWaiter.quickRounds }
            }
            if descriptors[1].revents != 0 {
                Self.drain(folder)
                quickLeft = 0
                resume(folderChanged: true)
            } else if ready == 0 {
                if quickLeft > 0 {
                    quickLeft -= 1
                    let rounds = quickLeft
                    let look = state.withLock { state -> Bool in
                        defer { if rounds == 0 { state.lookAgain = false } }
                        return state.lookAgain
                    }
                    if look { resume(folderChanged: false) } else { quickLeft = 0 }
                } else {
                    resume(folderChanged: false)
                }
            }
        }
    }

    private func resume(folderChanged: Bool) {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if folderChanged { state.folderChanged = true }
            if state.waiting.isEmpty { state.pending = true }
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// A non-blocking pipe, close-on-exec as every other descriptor BudgetKit opens: an app that
    /// spawns a process while a list is live must not hand it the wake-up pipe. Made so in one
    /// step (`pipe2`): with `pipe` and then `fcntl`, a spawn from another thread in between kept
    /// both ends for the life of its program.
    private static func makeWakeUpPipe(_ ends: inout [Int32]) -> Bool {
        if let pipe2 { return pipe2(&ends, O_CLOEXEC | O_NONBLOCK) == 0 }
        guard pipe(&ends) == 0 else { return false }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC)
        }
        return true
    }

    /// glibc's `pipe2`, which Swift's Glibc module does not declare.
    private static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()

    private static func poke(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Reads and drops what a non-blocking descriptor holds.
    private static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
