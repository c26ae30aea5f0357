#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The database files this process has open through SQLite, so that nothing else in the process
/// opens and closes one behind SQLite's back.
///
/// SQLite locks a file with POSIX advisory locks, and POSIX drops every lock a process holds
/// on a file when the process closes *any* descriptor of it (SQLite's "How To Corrupt" §2.2).
/// A `read()` of a book's header by a second store in the same process would so drop the locks
/// of the first store's connections (their shared lock on a WAL book); another process closing
/// its connection then believes it is the last one, checkpoints and deletes the `-wal` file
/// under them, and from then on this process and the others write to different logs.
struct OpenFiles {
    /// A file by device and inode: the same file under every path and link.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// The file at `path` (following links), or `nil` when it cannot be read.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// How many connections have each file open. A process has a few files open: a list, whose
    /// search costs less than a dictionary's first use (the runtime's lookup of `Hashable`).
    private static let counts = Mutex<[(file: Identity, connections: Int)]>([])

    /// Notes one more connection to `file`.
    static func opened(_ file: Identity) {
        counts.withLock { counts in
            if let index = counts.firstIndex(where: { $0.file == file }) {
                counts[index].connections += 1
            } else {
                counts.append((file, 1))
            }
        }
    }

    /// Notes that a connection to `file` closed.
    static func closed(_ file: Identity) {
        counts.withLock { counts in
            guard let index = counts.firstIndex(where: { $0.file == file }) else { return }
            counts[index].connections -= 1
            if counts[index].connections == 0 { counts.remove(at: index) }
        }
    }

    /// Whether a connection of this process has the file at `path` open: it must then not be
    /// opened (and closed) other than through SQLite.
    static func contains(path: String) -> Bool {
        guard let file = Identity(path: path) else { return false }
        return counts.withLock { $0.contains { $0.file == file } }
    }
}
