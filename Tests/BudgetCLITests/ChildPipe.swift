#if canImport(Glibc)
import Glibc
#endif

/// A pipe whose ends only the child given one of them holds, besides this test: both are
/// closed on exec, so the processes other tests start meanwhile (`system`, `popen`, a spawned
/// `budget`) never inherit them.
///
/// An end another process held open kept a pipe alive past this test's own `close`: a watch
/// waiting for its reader to go away (POLLERR), or a test reading to the end of the child's
/// output, then waited as long as that other process ran (a shell script of 200 `budget add`
/// runs, on a loaded machine, well past the 20 seconds a test waits). Swift's Glibc module has
/// no `pipe2`, so the flag is set right after `pipe`: a few microseconds unguarded instead of
/// the whole test.
///
/// Not thread-safe: belongs to the test that made it.
struct ChildPipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "no pipe")
        for end in ends { precondition(fcntl(end, F_SETFD, FD_CLOEXEC) == 0) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }
}
