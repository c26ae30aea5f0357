#if canImport(Glibc)
import Glibc
#endif

/// Standard input as `watch` reads keys from it: each key as it is pressed, not echoed, while
/// Ctrl-C and Ctrl-Z stay signals (`ICANON` and `ECHO` off, `ISIG` kept). The terminal's own
/// settings come back on ``restore()``.
///
/// Not thread-safe: the watch loop owns it.
final class TerminalKeyboard {
    /// The descriptor read: standard input.
    let fileDescriptor: Int32
    /// The settings found, given back by ``restore()``.
    private var saved: termios?
    /// Set when a read found the end of input or failed: no more keys will come.
    private(set) var isClosed = false
    /// Whether keys are taken one at a time now: only then is standard input read (in the
    /// background a read would stop the process with SIGTTIN).
    var isEnabled: Bool { saved != nil }

    /// The keyboard, when standard input is a terminal; `nil` otherwise (a pipe, `/dev/null`).
    init?(fileDescriptor: Int32 = STDIN_FILENO) {
        guard isatty(fileDescriptor) == 1 else { return nil }
        self.fileDescriptor = fileDescriptor
    }

    /// Takes keys one at a time. Does nothing if it already does, or when this process runs in
    /// the background (`budget watch &`: changing the terminal would stop it with SIGTTOU, and
    /// the keys are the shell's).
    func enable() {
        let foreground = tcgetpgrp(fileDescriptor)
        // -1: not our controlling terminal (a test's pseudo-terminal): nobody else reads it.
        guard saved == nil, foreground < 0 || foreground == getpgrp() else { return }
        var settings = termios()
        guard tcgetattr(fileDescriptor, &settings) == 0 else { return }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        _ = tcsetattr(fileDescriptor, TCSANOW, &settings)
    }

    /// Gives the terminal its settings back. Does nothing if they were not changed.
    func restore() {
        guard var settings = saved else { return }
        saved = nil
        _ = tcsetattr(fileDescriptor, TCSANOW, &settings)
    }

    /// The bytes waiting (call when `poll` says the descriptor is readable); empty at the end of
    /// input, after which ``isClosed`` is set.
    func read() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        guard count > 0 else {
            isClosed = true
            return []
        }
        return Array(buffer[..<count])
    }
}

@available(*, unavailable)
extension TerminalKeyboard: Sendable {}
