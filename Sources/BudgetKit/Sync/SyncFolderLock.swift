#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on a sync folder for one sync (`flock` on the folder itself, so nothing is
/// written there for it), released when the lock goes away: two syncs of one book at the same
/// time (a cron job and a person) each chose the files to apply before either wrote, and the
/// second failed on the first's entries; two could publish one change under two numbers. The
/// second now waits for the first and finds its work done.
///
/// Only processes of this machine see it; each device syncs its own book.
final class SyncFolderLock {
    private let descriptor: Int32

    /// Takes the lock on `folder`, waiting up to `wait` for another sync to let it go; `nil`
    /// when the folder cannot be opened (the sync then says why, as without a lock), or its
    /// file system refuses the lock (`ENOLCK`, `EOPNOTSUPP`: the sync then goes on without one).
    ///
    /// - Throws: ``SyncError/syncFolderBusy(path:seconds:)`` when another process held it all that time.
    init?(_ folder: String, waiting wait: Duration = .seconds(60)) throws(SyncError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let busy = errno == EWOULDBLOCK || errno == EINTR
            guard busy, clock.now < deadline else {
                close(descriptor)
                // Whole seconds, a part of one counting as one.
                let (seconds, fraction) = wait.components
                if busy { throw .syncFolderBusy(path: folder, seconds: Int(seconds) + (fraction > 0 ? 1 : 0)) }
                return nil
            }
            usleep(20_000)
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
