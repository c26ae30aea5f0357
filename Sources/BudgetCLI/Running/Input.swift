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
        /// A regular file read with pread(2) from its start, on a descriptor of its own
        /// (``again()``).
        case rereading(Int32)
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
    /// The size and modification time of a regular file this opened, when it opened it.
    private let opened: (size: Int, modified: timespec)?

    /// The name standard input goes by in messages.
    static let standardInputName = "<stdin>"

    /// Reads an open descriptor it does not own (standard input: 0). Made before anything else
    /// opens a file: a descriptor that is not open then (`<&-`) stays closed for reading, even
    /// when a file opened later gets its number (SQLite puts `/dev/null` there), so reading it
    /// is an error rather than an empty input.
    init(fileDescriptor: Int32, name: String = Input.standardInputName) {
        self.name = name
        opened = nil
        if fcntl(fileDescriptor, F_GETFD) < 0 && errno == EBADF {
            source = .closed
            size = nil
            return
        }
        source = .fileDescriptor(fileDescriptor, owned: false)
        size = Self.regularFile(fileDescriptor)?.size
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
        opened = nil
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
        opened = Self.regularFile(descriptor)
        size = opened?.size
    }

    private init(rereading descriptor: Int32, name: String, opened: (size: Int, modified: timespec)) {
        self.name = name
        source = .rereading(descriptor)
        self.opened = opened
        size = opened.size
    }

    deinit {
        switch source {
        case .fileDescriptor(let descriptor, owned: true), .rereading(let descriptor): close(descriptor)
        case .fileDescriptor, .memory, .closed: break
        }
    }

    /// The file this opened, read again from its start, for a command that reads it twice
    /// (an import settling its date order): the same file even when its path names another one
    /// now. `nil` when this reads standard input, a pipe, a FIFO or a device (read once: opening
    /// a FIFO again would wait for a writer for good), or a file written to since it was opened
    /// (its size or modification time changed: a second reading would read another file).
    func again() -> Input? {
        let descriptor: Int32
        switch source {
        case .fileDescriptor(let own, owned: true), .rereading(let own): descriptor = own
        case .fileDescriptor, .memory, .closed: return nil
        }
        guard let opened, let now = Self.regularFile(descriptor), now.size == opened.size,
              now.modified.tv_sec == opened.modified.tv_sec, now.modified.tv_nsec == opened.modified.tv_nsec else { return nil }
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return nil }
        return Input(rereading: copy, name: name, opened: opened)
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
            return try chunk(of: count) { systemRead(descriptor, $0, count) }
        case .rereading(let descriptor):
            // At an offset of its own: the descriptor shares its position with the first reading's.
            let offset = off_t(bytesRead)
            return try chunk(of: count) { pread(descriptor, $0, count, offset) }
        }
    }

    /// The bytes one call of `read` (read(2) or pread(2) into the buffer given) gives, retried
    /// on `EINTR`; `nil` at the end.
    private func chunk(of count: Int, _ read: (UnsafeMutableRawPointer?) -> Int) throws(InputError) -> [UInt8]? {
        var failure: Int32 = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var got: Int
            repeat { got = read(buffer.baseAddress) } while got < 0 && errno == EINTR
            if got < 0 { failure = errno }
            initialized = max(got, 0)
        }
        if failure != 0 { throw InputError(file: name, errno: failure) }
        guard !chunk.isEmpty else { return nil }
        bytesRead += chunk.count
        return chunk
    }

    /// fstat(2)'s size and modification time for a regular file; `nil` for a pipe, a terminal
    /// or a failure.
    private static func regularFile(_ descriptor: Int32) -> (size: Int, modified: timespec)? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        return (Int(info.st_size), info.st_mtimespec)
        #else
        return (Int(info.st_size), info.st_mtim)
        #endif
    }
}

/// open(2) and read(2), named apart from ``Input/open(path:)`` and ``Input/read(upTo:)``.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
