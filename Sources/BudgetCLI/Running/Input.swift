#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file could not be opened or read.
struct InputError: Error, Equatable {
    /// The name given on the command line (`<stdin>` for standard input).
    var file: String
    /// `No such file or directory`.
    var reason: String
    /// How to fix it, when there is more to say than the reason.
    var hint: String?

    init(file: String, errno code: Int32) {
        self.file = file
        self.reason = String(cString: strerror(code))
    }

    init(file: String, reason: String, hint: String?) {
        self.file = file
        self.reason = reason
        self.hint = hint
    }

    /// `cannot read bank.csv: No such file or directory`.
    var message: String { "cannot read \(file): \(reason)" }

    /// `budget import - <&-`: the process was started with no standard input at all.
    static func closedStandardInput(_ name: String) -> InputError {
        InputError(file: name, reason: "standard input is closed", hint: "give the file's path, or send it in: budget import - < FILE")
    }
}

/// Bytes read in chunks with read(2) from a file or standard input, or from memory (tests).
///
/// Reading checks every read(2): `EINTR` is retried, anything else is an ``InputError``. Memory
/// stays at one chunk whatever the file's size. A file it opened is closed when it goes away.
///
/// Not thread-safe: one command reads it at a time.
final class Input {
    private enum Source {
        case fileDescriptor(Int32, owned: Bool)
        case memory([UInt8])
        /// A descriptor that was not open when the process started (`budget import - <&-`).
        case closed
    }

    /// The name errors and summaries show: the path as given, or `<stdin>`.
    let name: String
    /// The size in bytes when known in advance (a regular file, or memory), for progress.
    let size: Int?
    /// Bytes handed out so far.
    private(set) var bytesRead = 0
    private let source: Source

    /// The name standard input goes by in messages.
    static let standardInputName = "<stdin>"

    /// Reads an open descriptor it does not own (standard input: 0). Made before anything else
    /// opens a file: a descriptor that is not open then (`<&-`) stays closed for reading, even
    /// when a file opened later gets its number (SQLite puts `/dev/null` there), so reading it
    /// is an error rather than an empty input.
    init(fileDescriptor: Int32, name: String = Input.standardInputName) {
        self.name = name
        if fcntl(fileDescriptor, F_GETFD) < 0 && errno == EBADF {
            source = .closed
            size = nil
            return
        }
        source = .fileDescriptor(fileDescriptor, owned: false)
        size = Self.regularFileSize(fileDescriptor)
    }

    /// Throws when the descriptor was not open: a command reading it says so before it starts.
    ///
    /// - Throws: ``InputError/closedStandardInput(_:)``.
    func requireOpen() throws(InputError) {
        if case .closed = source { throw .closedStandardInput(name) }
    }

    /// Reads bytes held in memory: standard input in tests.
    init(bytes: [UInt8], name: String = Input.standardInputName) {
        self.name = name
        source = .memory(bytes)
        size = bytes.count
    }

    /// Opens a file for reading.
    ///
    /// - Throws: ``InputError`` when it cannot be opened.
    static func open(path: String) throws(InputError) -> Input {
        var descriptor: Int32
        repeat { descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw InputError(file: path, errno: errno) }
        return Input(owned: descriptor, name: path)
    }

    private init(owned descriptor: Int32, name: String) {
        self.name = name
        source = .fileDescriptor(descriptor, owned: true)
        size = Self.regularFileSize(descriptor)
    }

    deinit {
        if case .fileDescriptor(let descriptor, owned: true) = source { close(descriptor) }
    }

    /// The next bytes, at most `count` of them, or `nil` at the end.
    ///
    /// - Throws: ``InputError`` when read(2) fails (`EISDIR` for a directory, `EIO`).
    func read(upTo count: Int = 65_536) throws(InputError) -> [UInt8]? {
        switch source {
        case .closed:
            throw .closedStandardInput(name)
        case .memory(let bytes):
            guard bytesRead < bytes.count else { return nil }
            let end = min(bytes.count, bytesRead + count)
            defer { bytesRead = end }
            return Array(bytes[bytesRead..<end])
        case .fileDescriptor(let descriptor, _):
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                var got: Int
                repeat { got = systemRead(descriptor, buffer.baseAddress, count) } while got < 0 && errno == EINTR
                if got < 0 { failure = errno }
                initialized = max(got, 0)
            }
            if failure != 0 { throw InputError(file: name, errno: failure) }
            guard !chunk.isEmpty else { return nil }
            bytesRead += chunk.count
            return chunk
        }
    }

    /// fstat(2)'s size for a regular file; `nil` for a pipe, a terminal or a failure.
    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}

/// open(2) and read(2), named apart from ``Input/open(path:)`` and ``Input/read(upTo:)``.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
