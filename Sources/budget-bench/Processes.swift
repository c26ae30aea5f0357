#if canImport(Glibc)
import Glibc
#endif

/// Runs programs as whole processes and times them: the way a user or a script pays for them.
enum Processes {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `arguments` (the first is the program's path) with stdout and stderr sent to
    /// /dev/null (or stdin read from `stdinPath`); returns the exit status and the wall time.
    @discardableResult
    static func run(_ arguments: [String], stdinPath: String? = nil, stdoutPath: String = "/dev/null") -> (status: Int32, seconds: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        let code = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard code == 0 else { fatalError("cannot start \(arguments[0]): \(String(cString: strerror(code)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = now() - start
        return ((status >> 8) & 0xFF, seconds)
    }

    /// Runs `arguments` like ``run(_:stdinPath:stdoutPath:)``, standard input read from
    /// `stdinPath` or, with `stdinCommand`, from a pipe fed by that command (killed once the
    /// program has exited); returns the exit status, the wall time and the program's peak
    /// resident set size in bytes (wait4's `ru_maxrss`).
    static func measure(_ arguments: [String], stdinPath: String? = nil, stdinCommand: [String]? = nil)
        -> (status: Int32, seconds: Double, peakBytes: Int) {
        var feeder: pid_t = 0
        var pipeEnds: [Int32] = [-1, -1]
        if let stdinCommand {
            precondition(pipe(&pipeEnds) == 0, "pipe")
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            feeder = spawn(stdinCommand, actions: &actions)
            posix_spawn_file_actions_destroy(&actions)
            close(pipeEnds[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        if stdinCommand != nil {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Linux records, when a process execs, the peak of the memory it leaves, and a spawned
        // child starts out sharing its parent's: measured straight from this process (large
        // after the live benchmarks), every child would show this process's peak. So a small
        // launcher (this program, `--peak-of`) starts the program and reports its figures.
        var result = Array("/tmp/budget-bench-peak-XXXXXX".utf8CString)
        let descriptor = result.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(descriptor >= 0, "mkstemp")
        close(descriptor)
        let resultPath = String(decoding: result.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(resultPath) }
        let pid = spawn(["/proc/self/exe", peakLauncherFlag, resultPath] + arguments, actions: &actions)
        posix_spawn_file_actions_destroy(&actions)
        if stdinCommand != nil { close(pipeEnds[0]) }
        var launcherStatus: Int32 = 0
        while waitpid(pid, &launcherStatus, 0) < 0 && errno == EINTR {}
        if feeder != 0 {
            kill(feeder, SIGKILL)
            var ignored: Int32 = 0
            while waitpid(feeder, &ignored, 0) < 0 && errno == EINTR {}
        }
        guard let file = fopen(resultPath, "r") else { fatalError("the launcher wrote no result") }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        let words = fgets(&line, Int32(line.count), file) == nil ? [] : String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        guard words.count == 3, let status = Int32(words[0]), let seconds = Double(words[1]),
              let peakKilobytes = Int(words[2].dropLast()) else { fatalError("the launcher's result is unreadable") }
        return (status, seconds, peakKilobytes * 1024)
    }

    /// The first argument that makes this program the launcher of ``measure(_:stdinPath:stdinCommand:)``.
    static let peakLauncherFlag = "--peak-of"

    /// The launcher: runs `arguments` with this process's standard streams, waits, and writes
    /// `STATUS SECONDS PEAK-KB` to `resultPath`. Its own memory is small, so the program's peak
    /// (wait4's `ru_maxrss`) is the program's own.
    static func launch(resultPath: String, _ arguments: [String]) -> Never {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let start = now()
        let code = posix_spawn(&pid, arguments[0], nil, nil, &argv, environ)
        guard code == 0 else { fatalError("cannot start \(arguments[0]): \(String(cString: strerror(code)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = now() - start
        guard let file = fopen(resultPath, "w") else { exit(70) }
        fputs("\((status >> 8) & 0xFF) \(seconds) \(usage.ru_maxrss)\n", file)
        fclose(file)
        exit(0)
    }

    private static func spawn(_ arguments: [String], actions: inout posix_spawn_file_actions_t) -> pid_t {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard code == 0 else { fatalError("cannot start \(arguments[0]): \(String(cString: strerror(code)))") }
        return pid
    }

    /// Runs and requires exit status 0.
    static func mustRun(_ arguments: [String], stdinPath: String? = nil, stdoutPath: String = "/dev/null") {
        let (status, _) = run(arguments, stdinPath: stdinPath, stdoutPath: stdoutPath)
        guard status == 0 else { fatalError("failed (\(status)): \(arguments.joined(separator: " "))") }
    }

    /// The full path of a program on PATH.
    static func which(_ name: String) -> String {
        for folder in (String(cString: getenv("PATH"))).split(separator: ":") {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        fatalError("\(name) not found on PATH (run `make deps`)")
    }
}

/// Timing statistics over repeated runs.
struct Samples {
    var seconds: [Double] = []

    mutating func add(_ value: Double) { seconds.append(value) }

    var median: Double { percentile(50) }

    func percentile(_ p: Double) -> Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
        return sorted[min(sorted.count - 1, max(0, rank))]
    }
}

/// `12.3 ms`
func milliseconds(_ seconds: Double) -> String {
    let value = (seconds * 10_000).rounded() / 10
    return "\(value) ms"
}

/// `12.3 MB` (MiB, as `top` counts).
func megabytes(_ bytes: Int) -> String {
    "\((Double(bytes) / 1_048_576 * 10).rounded() / 10) MB"
}

/// `1.23x`
func ratio(_ a: Double, _ b: Double) -> String {
    "\((a / b * 100).rounded() / 100)x"
}

/// Prints a line at once (write(2), unbuffered), so progress shows while a long run goes on.
func say(_ line: String) {
    let text = line + "\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
}
