/// What is at a path when it is not a regular file: the reason a book cannot be there.
///
/// SQLite would open a FIFO or a device and fail later with a misleading "disk I/O error"
/// (leaving a stray `-journal` file beside it), so ``BudgetStore`` looks before SQLite does.
public enum FileKind: String, Hashable, Sendable, CaseIterable {
    /// A directory (folder).
    case directory
    /// A FIFO (named pipe), as `mkfifo` makes.
    case fifo
    /// A character device, such as `/dev/null` or a terminal.
    case characterDevice
    /// A block device, such as a disk.
    case blockDevice
    /// A Unix domain socket.
    case socket
    /// Anything else the system reports that is not a regular file.
    case other

    /// The kind of the file whose `st_mode` is `mode`, or `nil` for a regular file.
    init?(mode: UInt32) {
        switch mode & UInt32(0o170000) {
        case 0o100000: return nil
        case 0o040000: self = .directory
        case 0o010000: self = .fifo
        case 0o020000: self = .characterDevice
        case 0o060000: self = .blockDevice
        case 0o140000: self = .socket
        default: self = .other
        }
    }

    /// How a sentence names the kind: "a directory", "a FIFO (named pipe)".
    public var phrase: String {
        switch self {
        case .directory: return "a directory"
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .other: return "not a regular file"
        }
    }
}
