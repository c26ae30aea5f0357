#if canImport(Glibc)
import Glibc
#endif

/// A pipe whose ends only the child given one of them holds, besides this test: both are made
/// closed on exec (`pipe2(O_CLOEXEC)`, in one step), so the processes other tests start
/// meanwhile (`system`, `popen`, a spawned `budget`) never keep them past their `exec`.
///
/// An end another process held open kept a pipe alive past this test's own `close`: a watch
/// waiting for its reader to go away (POLLERR), or a test reading to the end of the child's
/// output, then waited as long as that other process ran (a shell script of 200 `budget add`
/// runs, on a loaded machine, well past the 20 seconds a test waits). `pipe` and then
/// `fcntl(FD_CLOEXEC)` left a few microseconds in which another test's spawn kept both ends for
/// its whole life. A process another test spawns can still hold a copy for the moment between
/// its clone and its `exec`: wait on the condition, never expect the end gone at once.
///
/// Not thread-safe: belongs to the test that made it.
struct ChildPipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        precondition(ChildPipe.pipe2(&ends, O_CLOEXEC) == 0, "no pipe")
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// glibc's `pipe2`, which Swift's Glibc module does not declare.
    private static let pipe2: @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32 = {
        guard let symbol = dlsym(nil, "pipe2") else { preconditionFailure("no pipe2 in the C library") }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()
}
