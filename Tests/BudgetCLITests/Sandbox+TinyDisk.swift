#if canImport(Glibc)
import Glibc
#endif

/// A tmpfs of `kilobytes` mounted on a new folder in a sandbox (root only), unmounted when
/// released: a real full disk for a command's output or book.
final class SandboxDisk {
    let path: String
    /// Kept until the disk is unmounted, so the sandbox's folder is removed after.
    private let sandbox: Sandbox

    init?(in sandbox: Sandbox, name: String = "tiny", kilobytes: Int) {
        self.sandbox = sandbox
        path = sandbox.directory + "/" + name
        guard mkdir(path, 0o700) == 0, system("mount -t tmpfs -o size=\(kilobytes)k tmpfs '\(path)' 2>/dev/null") == 0 else {
            return nil
        }
    }

    deinit {
        _ = system("umount '\(path)'")
    }

    /// Fills the disk with a file until it has no room left, or leaves `room` kilobytes free.
    func fill(leaving room: Int = 0) {
        _ = system("cat /dev/zero > '\(path)/filler' 2>/dev/null")
        if room > 0 { _ = system("truncate -s -\(room)K '\(path)/filler'") }
    }

    /// The names in the disk's folder, sorted.
    var names: [String] { Sandbox.names(in: path) }
}

/// Whether this process may mount a tmpfs (root in a system that allows it).
let sandboxCanMountTmpfs: Bool = {
    SandboxDisk(in: Sandbox(), kilobytes: 64) != nil
}()
