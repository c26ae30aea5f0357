#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why output could not be written.
enum OutputError: Error, Equatable {
    /// The reader went away (`EPIPE`: `budget export | head -1`): stop quietly, exit 0.
    case closed
    /// Any other write(2) failure (`ENOSPC`, `EIO`...): exit 74 with a message.
    case failed(errno: Int32)

    /// `No space left on device`.
    var reason: String {
        switch self {
        case .closed: return "the reader closed the pipe"
        case .failed(let code): return String(cString: strerror(code))
        }
    }
}

/// Buffered output to a file descriptor, checking every write(2), or captured in memory (tests).
///
/// Unlike `print`, which ignores write errors, every failure is reported: `EINTR` is retried,
/// partial writes are continued, `EPIPE` becomes ``OutputError/closed`` and anything else
/// ``OutputError/failed(errno:)``. Text is buffered up to 64 KiB between write(2) calls.
///
/// Not thread-safe: one command writes to it at a time.
final class Output {
    private enum Destination {
        case fileDescriptor(Int32)
        case memory
    }

    private let destination: Destination
    private var buffer: [UInt8] = []
    private var failure: OutputError?
    /// Everything written so far, for an in-memory output.
    private(set) var captured: [UInt8] = []
    /// Whether this is a terminal: decides table bars and colour.
    let isTerminal: Bool

    static let bufferLimit = 64 * 1024

    /// Output to a file descriptor; a terminal when `isatty` says so.
    init(fileDescriptor: Int32) {
        destination = .fileDescriptor(fileDescriptor)
        isTerminal = isatty(fileDescriptor) == 1
        buffer.reserveCapacity(Self.bufferLimit)
    }

    /// Output captured in memory; `isTerminal` pretends to be a terminal (to test bars and colour).
    init(capturingAsTerminal isTerminal: Bool = false) {
        destination = .memory
        self.isTerminal = isTerminal
    }

    /// The file descriptor written to, or `nil` for an in-memory output (`watch` polls it to
    /// notice a reader that went away).
    var fileDescriptor: Int32? {
        if case .fileDescriptor(let descriptor) = destination { return descriptor }
        return nil
    }

    /// The captured text of an in-memory output.
    var text: String { String(decoding: captured, as: UTF8.self) }

    /// Appends text, writing the buffer out when it is full. On a terminal, control, C1 and
    /// bidi-control characters, and characters that draw nothing where they stand, are shown
    /// escaped (``TerminalText/visible(_:keepingLayout:)``); pipes and files get the text exactly.
    ///
    /// - Throws: ``OutputError`` from this or an earlier write: once output failed, it stays failed.
    func write(_ text: String) throws(OutputError) {
        try write(bytes: isTerminal ? TerminalText.visible(text, keepingLayout: true).utf8 : text.utf8)
    }

    /// Appends text given as its UTF-8 bytes, as ``write(_:)-(String)`` appends it: on a terminal
    /// made visible, elsewhere exactly (without making a `String` of it).
    func write(utf8 bytes: [UInt8]) throws(OutputError) {
        if isTerminal {
            try write(String(decoding: bytes, as: UTF8.self))
        } else {
            try write(bytes: bytes)
        }
    }

    /// Appends text our code rendered for a terminal (its colours and cursor moves are ours, its
    /// user parts already escaped), as it is.
    func write(_ text: TerminalText) throws(OutputError) {
        try write(bytes: text.rendered.utf8)
    }

    /// Appends bytes exactly (a backup streamed to a pipe).
    func write<Bytes: Sequence>(bytes: Bytes) throws(OutputError) where Bytes.Element == UInt8 {
        if let failure { throw failure }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes out everything buffered.
    func flush() throws(OutputError) {
        if let failure { throw failure }
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        switch destination {
        case .memory:
            captured.append(contentsOf: buffer)
        case .fileDescriptor(let descriptor):
            if let error = Self.writeAll(buffer, to: descriptor) {
                failure = error
                throw error
            }
        }
    }

    /// write(2) until every byte is out; `nil` on success.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> OutputError? {
        bytes.withUnsafeBytes { raw -> OutputError? in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN:
                    // A non-blocking descriptor we did not open: wait until it can take more.
                    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&request, 1, -1)
                case EPIPE:
                    return .closed
                case let code:
                    return .failed(errno: code)
                }
            }
            return nil
        }
    }
}

/// write(2), named apart from ``Output/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
