import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `budget watch` on a pseudo-terminal, as a person runs it: keys scroll it, `q` quits
/// with status 0, and the terminal gets its settings back.
@Suite(.serialized) struct WatchTerminalTests {
    /// A pseudo-terminal of `rows` x 100 whose other end this test reads and types into.
    final class PseudoTerminal {
        let master: Int32
        let slave: Int32
        private var screen: [UInt8] = []

        /// What could not be made or started (a busy machine out of terminals, descriptors or
        /// processes): a failed test, never a crash of the whole run.
        struct Failure: Error, CustomStringConvertible {
            let description: String
            init(_ what: String) { description = "\(what): \(String(cString: strerror(errno)))" }
        }

        init(rows: UInt16) throws {
            // posix_openpt, unlockpt and ptsname as Linux does them (Glibc's module lacks them):
            // TIOCSPTLCK and TIOCGPTN, the same numbers on x86_64 and aarch64. Both ends are closed
            // on exec: the processes other tests start meanwhile do not hold this terminal.
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard master >= 0 else { throw Failure("no pseudo-terminal") }
            var unlock: Int32 = 0, number: UInt32 = 0
            guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
                let failure = Failure("cannot unlock the pseudo-terminal")
                close(master)
                throw failure
            }
            slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard slave >= 0 else {
                let failure = Failure("cannot open /dev/pts/\(number)")
                close(master)
                throw failure
            }
            var size = winsize(ws_row: rows, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        }

        /// Runs `words` with the terminal as its standard input, output and error.
        func spawn(_ words: [String]) throws -> pid_t {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, slave, descriptor) }
            var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let settings: [String] = ["TERM=xterm", "NO_COLOR=1", "HOME=/nonexistent"]
            var environment: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
            defer { environment.forEach { free($0) } }
            var pid: pid_t = 0
            let failed = posix_spawn(&pid, words[0], &actions, nil, &argv, &environment)
            guard failed == 0 else {
                errno = failed
                throw Failure("cannot start \(words[0])")
            }
            return pid
        }

        /// Reads what was drawn until it holds `text` (the screen so far), or 20 seconds pass.
        /// With `wholeFrame`, reads on until the frame holding `text` has ended (its closing
        /// "clear to the end of the screen"): a frame can come in more than one read, and a check
        /// of its later rows must not see half of it.
        func read(until text: String, wholeFrame: Bool = false) -> String {
            let deadline = time(nil) + 20
            while time(nil) <= deadline {
                let drawn = String(decoding: screen, as: UTF8.self)
                if let found = drawn.ranges(of: text).last,
                   !wholeFrame || drawn[found.upperBound...].contains("\u{1B}[J") {
                    return drawn
                }
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 200) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = Glibc.read(master, &buffer, buffer.count)
                if count > 0 { screen += buffer[..<count] }
            }
            return String(decoding: screen, as: UTF8.self)
        }

        /// Forgets what was drawn so far.
        func clear() { screen.removeAll() }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
        }

        /// Whether the terminal reads lines and echoes them, as a shell leaves it.
        var isInLineMode: Bool {
            var settings = termios()
            guard tcgetattr(slave, &settings) == 0 else { return false }
            return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
        }

        deinit {
            close(master)
            close(slave)
        }
    }

    func exitStatus(_ pid: pid_t) -> Int32? {
        for _ in 0..<2000 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        return nil
    }

    @Test(.enabled(if: EndToEndTests.binary != nil))
    func keysScrollTheListAndQQuitsLeavingTheTerminalAsItWas() throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300")
        for day in 1...9 { sandbox.succeed("add", "\(day)", "Food", "Shop \(day)", "--date", "2026-11-0\(day)") }
        let terminal = try PseudoTerminal(rows: 8)
        #expect(terminal.isInLineMode)
        let pid = try terminal.spawn([EndToEndTests.binary!, "--db", sandbox.database, "watch"])
        // 8 rows: a title, a blank line, the column titles and 5 rows, the newest.
        var drawn = terminal.read(until: "Shop 9", wholeFrame: true)
        #expect(drawn.contains("9 transactions, 5-9 shown, newest as they come"))
        #expect(!drawn.contains("Shop 4"))
        terminal.clear()
        terminal.type("\u{1B}[H")  // Home
        drawn = terminal.read(until: "1-5 shown", wholeFrame: true)
        #expect(drawn.contains("Shop 1") && !drawn.contains("Shop 9"))
        terminal.clear()
        terminal.type("j")
        drawn = terminal.read(until: "2-6 shown", wholeFrame: true)
        #expect(drawn.contains("Shop 6"))
        terminal.type("q")
        #expect(exitStatus(pid) == 0)
        #expect(terminal.isInLineMode)
        #expect(terminal.read(until: "\u{1B}[?1049l").hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    }

    /// `watch report --account` titles the table with the account's name, and with its new
    /// name after another process renames it.
    @Test(.enabled(if: EndToEndTests.binary != nil))
    func anAccountsReportFollowsItsAccountsRename() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let terminal = try PseudoTerminal(rows: 24)
        let pid = try terminal.spawn([EndToEndTests.binary!, "--db", sandbox.database, "watch", "report", "--account", "visa", "--month", "2026-11"])
        #expect(terminal.read(until: "Report for 2026-11, account Visa only", wholeFrame: true).contains("Food"))
        terminal.clear()
        sandbox.succeed("rename-account", "Visa", "Card")
        #expect(terminal.read(until: "Report for 2026-11, account Card only", wholeFrame: true).contains("Food"))
        terminal.type("q")
        #expect(exitStatus(pid) == 0)
    }

    /// Ctrl-\ (SIGQUIT) and a closed terminal (SIGHUP) end `watch` as SIGINT does, the terminal
    /// given back as it was: their default actions left it raw, its cursor hidden, on the other screen.
    @Test(.enabled(if: EndToEndTests.binary != nil), arguments: [SIGQUIT, SIGHUP])
    func quitAndHangUpLeaveTheTerminalAsItWas(_ signal: Int32) throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300")
        sandbox.succeed("add", "1", "Food", "Shop 1", "--date", "2026-11-01")
        let terminal = try PseudoTerminal(rows: 8)
        let pid = try terminal.spawn([EndToEndTests.binary!, "--db", sandbox.database, "watch"])
        _ = terminal.read(until: "Shop 1")
        kill(pid, signal)
        #expect(exitStatus(pid) == 128 + signal)
        #expect(terminal.isInLineMode)
        #expect(terminal.read(until: "\u{1B}[?1049l").hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    }
}
