import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `budget backup PATH`, `budget backup -` and `budget restore` killed with SIGKILL at random
/// moments: the book is as it was, a name holds a whole backup or nothing, and what the kills
/// left (`….partial-…` files, as large as the book, and their -journal) is removed by the next
/// run once a minute old: they were left for good.
@Suite(.serialized) struct BackupKillTests {
    /// Runs the binary with `words` and `environment`, its output to /dev/null, and kills it
    /// with SIGKILL after `delay` µs.
    func runKilled(_ binary: String, _ words: [String], environment: [String], after delay: useconds_t) {
        let pid = spawnBudget(binary, words, environment: environment)
        usleep(delay)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Runs the binary with `words` and kills it with SIGKILL as soon as a new temporary file of
    /// its is in `folder`: caught part-way whatever the machine's load (a fixed delay can end
    /// before a slow start, or after a quick run). Gives up when it ends first, or after 20 s.
    func runKilledWhileWriting(_ binary: String, _ words: [String], environment: [String], in folder: String) {
        let before = Set(leftovers(in: folder))
        let pid = spawnBudget(binary, words, environment: environment)
        var status: Int32 = 0
        let deadline = time(nil) + 20
        while time(nil) <= deadline && Set(leftovers(in: folder)).subtracting(before).isEmpty {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(200)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    /// Whether process `pid` holds a `flock` on the file at `path`, as /proc/locks lists it:
    /// read without taking the lock (a test that took it, even shared, for a moment could make
    /// the writer's own `LOCK_NB` attempt fail, and its file stay unlocked).
    func holdsFlock(_ pid: pid_t, _ path: String, _ sandbox: Sandbox) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        // `1: FLOCK  ADVISORY  WRITE 4814 fe:00:16270176 0 EOF`: the pid, then device:inode.
        return sandbox.read("/proc/locks").split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count >= 6 && fields[1] == "FLOCK" && fields[4] == "\(pid)" && fields[5].hasSuffix(":\(info.st_ino)")
        }
    }

    func leftovers(in folder: String) -> [String] {
        Sandbox.names(in: folder).filter { $0.contains(".partial-") }
    }

    /// Sets the modification time of every leftover in `folder` to `seconds` ago (two minutes
    /// unless told).
    func age(_ folder: String, seconds: Int = 120) {
        for name in leftovers(in: folder) {
            var times = [timeval(tv_sec: time(nil) - seconds, tv_usec: 0), timeval(tv_sec: time(nil) - seconds, tv_usec: 0)]
            #expect(lutimes(folder + "/" + name, &times) == 0)
        }
    }

    /// The count and sum of the book's transactions, as the sqlite3 shell reads them.
    func totals(_ path: String) -> String {
        guard let pipe = popen("sqlite3 '\(path)' 'SELECT count(*), sum(amount) FROM transactions'", "r") else { return "" }
        var buffer = [CChar](repeating: 0, count: 256)
        let line = fgets(&buffer, Int32(buffer.count), pipe).map { String(cString: $0) } ?? ""
        pclose(pipe)
        return line
    }

    /// A book of 150,000 transactions (about 20 MB).
    func bigBook() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        #expect(system("""
            sqlite3 '\(sandbox.database)' "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150000) \
            INSERT INTO transactions (date, amount, category_id, payee) \
            SELECT '2026-01-01', i, 1, 'payee ' || i || ' with a long name to take some room on the disk' FROM n"
            """) == 0)
        return sandbox
    }

    @Test func whatKilledBackupsAndRestoresLeaveIsRemovedByTheNextRun() throws {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let sandbox = bigBook()
        let backups = sandbox.directory + "/backups", tmp = sandbox.directory + "/tmp"
        #expect(mkdir(backups, 0o700) == 0 && mkdir(tmp, 0o700) == 0)
        let from = backups + "/from.sqlite3"
        sandbox.succeed("-q", "backup", from)
        let book = totals(sandbox.database)
        #expect(book == "150000|11250075000\n")
        let environment = ["BUDGET_DB=\(sandbox.database)", "TMPDIR=\(tmp)"]

        var killed: Set<String> = []
        for (index, delay) in ([10_000, 40_000, 100_000, 250_000] as [useconds_t]).enumerated() {
            runKilled(binary, ["backup", backups + "/b\(index).sqlite3"], environment: environment, after: delay)
            if !leftovers(in: backups).isEmpty { killed.insert("backup PATH") }
            runKilled(binary, ["backup", "-"], environment: environment, after: delay)
            if !leftovers(in: tmp).isEmpty { killed.insert("backup -") }
            runKilled(binary, ["restore", from], environment: environment, after: delay * 3)
            if !leftovers(in: sandbox.directory).isEmpty { killed.insert("restore") }
            // A name holds a whole backup or nothing; the book is as it was (its backup's content).
            if access(backups + "/b\(index).sqlite3", F_OK) == 0 { #expect(totals(backups + "/b\(index).sqlite3") == book) }
            #expect(totals(sandbox.database) == book)
        }
        // On a loaded machine no delay may have caught a kind part-way: then once more, killed
        // as soon as its file is there.
        let kinds = [("backup PATH", ["backup", backups + "/b4.sqlite3"], backups), ("backup -", ["backup", "-"], tmp),
                     ("restore", ["restore", from], sandbox.directory)]
        for (kind, words, folder) in kinds where !killed.contains(kind) {
            runKilledWhileWriting(binary, words, environment: environment, in: folder)
            if !leftovers(in: folder).isEmpty { killed.insert(kind) }
            #expect(totals(sandbox.database) == book)
        }
        if access(backups + "/b4.sqlite3", F_OK) == 0 { #expect(totals(backups + "/b4.sqlite3") == book) }
        // Each kind of run was caught part-way at least once: the kills did leave files.
        #expect(killed == ["backup PATH", "backup -", "restore"])

        // Right after, they are younger than a minute: a run leaves them (they could be a run's
        // that has not locked its file yet). A minute later, the next runs remove them. (Made
        // young here: on a loaded machine the kills above can take more than a minute.)
        age(backups, seconds: 0)
        sandbox.succeed("-q", "backup", backups + "/now.sqlite3")
        #expect(!leftovers(in: backups).isEmpty || !killed.contains("backup PATH"))
        for folder in [backups, tmp, sandbox.directory] { age(folder) }
        sandbox.succeed("-q", "backup", backups + "/later.sqlite3")
        #expect(leftovers(in: backups) == [])
        let streamed = sandbox.run(["backup", "-"], environment: ["TMPDIR": tmp])
        #expect(streamed.status == 0)
        #expect(leftovers(in: tmp) == [])
        sandbox.succeed("-q", "restore", from)
        #expect(leftovers(in: sandbox.directory) == [])
        #expect(totals(sandbox.database) == book)
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// A restore of the same book runs in another process, stopped (SIGSTOP) while its copy
    /// beside the book looks hours old: a backup beside removes nothing of it, and the restore
    /// then finishes.
    @Test func aFileAnotherLiveProcessIsWritingIsNeverRemoved() throws {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let sandbox = bigBook()
        let from = sandbox.directory + "/from.sqlite3"
        sandbox.succeed("-q", "backup", from)
        sandbox.succeed("-q", "add", "1", "Food", "After the backup")
        let pid = spawnBudget(binary, ["restore", from], environment: ["BUDGET_DB=\(sandbox.database)"])
        // Until its copy is there and locked: on a loaded machine a debug build can take seconds
        // to start, and a process stopped between making the file and locking it (a moment in
        // which no sweep could take the file, which is minutes younger than a leftover) would
        // leave an unlocked file that this test then ages by hand. (It once failed so in CI.)
        var live: [String] = []
        let deadline = time(nil) + 20
        while time(nil) <= deadline {
            live = leftovers(in: sandbox.directory)
            if !live.isEmpty && live.allSatisfy({ holdsFlock(pid, sandbox.directory + "/" + $0, sandbox) }) { break }
            usleep(1_000)
        }
        kill(pid, SIGSTOP)
        live = leftovers(in: sandbox.directory)
        #expect(!live.isEmpty)
        #expect(live.allSatisfy { holdsFlock(pid, sandbox.directory + "/" + $0, sandbox) })
        for name in live {
            var times = [timeval(tv_sec: time(nil) - 7200, tv_usec: 0), timeval(tv_sec: time(nil) - 7200, tv_usec: 0)]
            #expect(lutimes(sandbox.directory + "/" + name, &times) == 0)
        }
        sandbox.succeed("-q", "backup", sandbox.directory + "/beside.sqlite3")
        #expect(live.allSatisfy(leftovers(in: sandbox.directory).contains))
        kill(pid, SIGCONT)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect((status & 0x7F) == 0 && (status >> 8) & 0xFF == 0, "the restore ended with status \(status)")
        #expect(totals(sandbox.database) == totals(from))
        #expect(leftovers(in: sandbox.directory) == [])
    }
}
