import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// Live results (issue 3), each figure beside a baseline measured in the same run:
///
/// - opening a live list of 1,000,000 rows: time to the first row, and resident memory above an
///   empty store's (from /proc/self/statm), beside a full refetch of every row;
/// - one insert into that list: median time to deliver the change set, beside the full refetch;
/// - another process's commit (the sqlite3 shell, fed through a pipe) to the delegate's
///   callback: the 95th percentile.
///
/// Run it first in a process: resident memory only grows, so later figures would blur it.
func runLiveResultsBenchmarks(fixtures: Fixtures, rows: Int = 1_000_000, inserts: Int = 41, commits: Int = 100) {
    let empty = fixtures.largeBook(named: "live-empty.sqlite3", rows: 0)
    let path = fixtures.largeBook(named: "live.sqlite3", rows: rows)
    do {
        // Memory and first row: an empty store with its (empty) live list is the floor.
        let emptyStore = try BudgetStore(path: empty)
        let emptyLive = try LiveTransactions(store: emptyStore)
        let floor = residentBytes()
        let store = try BudgetStore(path: path)
        var firstRows = Samples()
        var start = Processes.now()
        let live = try LiveTransactions(store: store)
        _ = live.first
        firstRows.add(Processes.now() - start)
        let above = residentBytes() - floor
        withExtendedLifetime(emptyLive) {}
        // Four more opens for a median: this machine's speed varies from one second to the next.
        for _ in 0..<4 {
            start = Processes.now()
            let again = try LiveTransactions(store: store)
            _ = again.first
            firstRows.add(Processes.now() - start)
        }
        let firstRow = firstRows.median

        var refetch = Samples()
        for _ in 0..<3 {
            let started = Processes.now()
            let all = try store.transactions()
            refetch.add(Processes.now() - started)
            precondition(all.count == live.count)
        }
        // The floor: the sqlite3 shell (C) reading the same sort keys, as a whole process, from a
        // plain table with the one index the order needs.
        let plain = fixtures.plainBook(named: "live-baseline.sqlite3", copying: path,
                                       indexes: ["CREATE INDEX by_date ON transactions (date)"])
        var shellKeys = Samples()
        for _ in 0..<3 {
            shellKeys.add(Processes.run([fixtures.sqlite3, plain, "SELECT id, date FROM transactions ORDER BY date, id"]).seconds)
        }
        say("live open (\(rows / 1000)k rows): first row \(milliseconds(firstRow)) median of 5, \(above / 1_048_576) MB resident above an empty store"
            + "   baseline full refetch: \(milliseconds(refetch.median)); sqlite3 shell reading the same keys: \(milliseconds(shellKeys.median))")

        // One insert, written by another connection, delivered by the live list.
        let writer = try BudgetStore(path: path)
        var delivery = Samples()
        var random = UInt64(0x5EED)
        for index in 0..<inserts {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            let day = Day(year: 2022, month: 1, day: 1)!.adding(days: Int((random >> 33) % 1826))
            try writer.addTransaction(amount: Money(minorUnits: 100 + Int64(index)), category: "Food", payee: "Bench", date: day)
            let started = Processes.now()
            let changeSet = try live.processPendingChanges()
            delivery.add(Processes.now() - started)
            precondition(changeSet?.insertions.count == 1)
        }
        say("live insert (\(rows / 1000)k rows): \(milliseconds(delivery.median)) median"
            + "   baseline full refetch: \(milliseconds(refetch.median))")

        try crossProcessLatency(live: live, store: store, sqlite3: fixtures.sqlite3, commits: commits)
        withExtendedLifetime(emptyStore) {}
    } catch {
        say("live results benchmark failed: \(error)")
    }
}

/// Feeds the sqlite3 shell one INSERT at a time through a pipe and times each commit's arrival.
private func crossProcessLatency(live: LiveTransactions, store: BudgetStore, sqlite3: String, commits: Int) throws {
    final class Clock: LiveTransactionsDelegate {
        var heard: Double?
        func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {
            heard = Processes.now()
        }
    }
    let clock = Clock()
    live.delegate = clock
    let watcher = try DatabaseWatcher(store: store)
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
    posix_spawn_file_actions_addclose(&actions, ends[1])
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup(sqlite3), strdup(store.path), nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    precondition(posix_spawn(&pid, sqlite3, &actions, nil, &argv, environ) == 0)
    close(ends[0])
    func send(_ sql: String) {
        _ = sql.utf8CString.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, $0.count - 1) }
    }
    send(".timeout 10000\n")
    var latency = Samples()
    for index in 0..<commits {
        clock.heard = nil
        let sent = Processes.now()
        send("INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-12-31', \(index), 1, 'Shell');\n")
        while clock.heard == nil && Processes.now() - sent < 2 { watcher.wait(milliseconds: 100) }
        latency.add((clock.heard ?? .infinity) - sent)
        var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
        nanosleep(&pause, nil)
    }
    close(ends[1])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    say("live cross-process commit to callback: \(milliseconds(latency.percentile(95))) p95, \(milliseconds(latency.median)) median"
        + "   (inotify on the folder, PRAGMA data_version; polling alone: \(DatabaseWatcher.pollInterval) ms)")
}

/// Resident memory of this process, in bytes (/proc/self/statm's second field, in pages).
private func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withVaList([withUnsafeMutablePointer(to: &size) { $0 }, withUnsafeMutablePointer(to: &resident) { $0 }],
                     { vfscanf(file, "%ld %ld", $0) }) == 2 else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}
