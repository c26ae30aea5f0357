#if canImport(Glibc)
import Glibc
#endif

/// The write end of the self-pipe signal handlers write to.
///
/// `nonisolated(unsafe)`: it is set once, before any handler is installed, and only read after
/// that (by handlers, which may run on any thread but only call write(2) on it), so no two
/// accesses ever race.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns signals into bytes on a pipe, so a `poll` loop hears them as input (the self-pipe
/// trick): a handler may only do async-signal-safe work, and write(2) is.
///
/// Not thread-safe: one watch loop owns it. Installed for the life of the process: `budget`
/// runs one command.
final class SignalPipe {
    /// Readable when a signal arrived.
    let readEnd: Int32
    let signals: [Int32]
    /// Read from the pipe by ``firstReceived(among:)``, not yet returned by ``received()``.
    private var held: [Int32] = []

    /// Installs handlers for `signals`.
    init(signals: [Int32]) {
        var ends: [Int32] = [-1, -1]
        if signalPipeWriteEnd < 0, pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            signalPipeWriteEnd = ends[1]
            readEnd = ends[0]
        } else {
            readEnd = -1
        }
        self.signals = signals
        for signal in signals { install(signal) }
        // A parent may have started us with these blocked (the mask survives exec): unblock them.
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Handles `signal` by writing its number to the pipe.
    func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(signalPipeWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, nil)
    }

    /// Gives `signal` back its default action (to stop for real on SIGTSTP).
    func restoreDefault(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    /// The signals received since the last call, in order (with those ``firstReceived(among:)``
    /// read from the pipe).
    func received() -> [Int32] {
        defer { held = [] }
        return held + readPipe()
    }

    /// Whether ``firstReceived(among:)`` read signals that ``received()`` has not returned yet
    /// (the pipe no longer shows them to `poll`).
    var isHolding: Bool { !held.isEmpty }

    /// The first of `wanted` received and not yet returned by ``received()``: checked without
    /// blocking and without losing the others, so a long loop can ask every few hundred steps.
    func firstReceived(among wanted: [Int32]) -> Int32? {
        held += readPipe()
        return held.first(where: wanted.contains)
    }

    /// What the handlers wrote since the last read; nothing without waiting (the pipe is non-blocking).
    private func readPipe() -> [Int32] {
        guard readEnd >= 0 else { return [] }
        var numbers: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            numbers += buffer[..<count].map { Int32($0) }
        }
        return numbers
    }
}

@available(*, unavailable)
extension SignalPipe: Sendable {}
