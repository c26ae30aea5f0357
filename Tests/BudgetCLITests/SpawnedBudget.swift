import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Starts the built `budget` (`binary`) with `words` and exactly `environment`, as a process of
/// its own that the test waits for or kills: stdout to /dev/null, stderr to `stderr` (created,
/// readable by the test alone) or /dev/null.
func spawnBudget(_ binary: String, _ words: [String], environment: [String], stderr: String = "/dev/null") -> pid_t {
    var argv: [UnsafeMutablePointer<CChar>?] = ([binary] + words).map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var pid: pid_t = 0
    #expect(posix_spawn(&pid, binary, &actions, nil, &argv, &envp) == 0)
    return pid
}
