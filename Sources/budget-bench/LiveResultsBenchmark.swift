import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// Live results (issue 3), each figure beside a baseline measured in the same run:
///
/// - opening a live list of 1,000,000 rows: time to the first row, and resident memory above an
///   empty store's (from /proc/self/statm), beside a full refetch of every row;
/// - the same with two sort keys (``runTwoKeyLiveOpen(store:fixtures:path:rows:)``);
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
        try runTwoKeyLiveOpen(store: store, fixtures: fixtures, path: path, rows: rows)

        // One insert, written by another connection, delivered by the live list. A list by date
        // reads only its first and last keys when it opens. Inserts dated after every row (as a
        // new transaction usually is) land among its last keys and leave the rest unread; the
        // first insert dated between reads every key, and is reported apart from the others.
        let writer = try BudgetStore(path: path)
        var newest = Samples()
        for index in 0..<5 {
            try writer.addTransaction(amount: Money(minorUnits: 100 + Int64(index)), category: "Food", payee: "Bench",
                                      date: Day(year: 2027, month: 1, day: 1 + index)!)
            let started = Processes.now()
            let changeSet = try live.processPendingChanges()
            newest.add(Processes.now() - started)
            precondition(changeSet?.insertions.first?.index == live.count - 1)
        }
        var delivery = Samples()
        var firstSync = 0.0
        var random = UInt64(0x5EED)
        for index in 0..<inserts {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            let day = Day(year: 2022, month: 1, day: 1)!.adding(days: Int((random >> 33) % 1826))
            try writer.addTransaction(amount: Money(minorUnits: 100 + Int64(index)), category: "Food", payee: "Bench", date: day)
            let started = Processes.now()
            let changeSet = try live.processPendingChanges()
            if index == 0 { firstSync = Processes.now() - started } else { delivery.add(Processes.now() - started) }
            precondition(changeSet?.insertions.count == 1)
        }
        say("live insert (\(rows / 1000)k rows): dated after every row, into a list just opened: \(milliseconds(newest.median)) median of 5;"
            + " dated between: \(milliseconds(delivery.median)) median of \(inserts - 1) after the first, which reads every key the"
            + " open left unread: \(milliseconds(firstSync))   baseline full refetch: \(milliseconds(refetch.median))")

        try importAndRename(live: live, writer: writer, path: path, folder: fixtures.folder, sqlite3: fixtures.sqlite3,
                            refetch: refetch.median)
        try crossProcessLatency(live: live, store: store, sqlite3: fixtures.sqlite3, commits: commits)
        withExtendedLifetime(emptyStore) {}
    } catch {
        say("live results benchmark failed: \(error)")
    }
}

/// Issue 13: an import of 2,000 rows by another connection reaching the list (insertions, not a
/// reload), and renaming a category of a twelfth of the book's rows (~83k in a million)
/// reaching a list by date (its rows only change in place) and a list sectioned by category (they move as a block). The
/// baseline is the sqlite3 shell reading that category's ids in order from a plain table with
/// only the index it needs.
private func importAndRename(live: LiveTransactions, writer: BudgetStore, path: String, folder: String, sqlite3: String,
                             refetch: Double) throws {
    var text = "date,amount,category,payee\n"
    for index in 0..<2_000 { text += "2024-0\(1 + index % 9)-1\(index % 10),\(index).25,Food,Imported \(index % 37)\n" }
    var reader = ImportReader(file: "bench.csv", options: ImportOptions(), text: text)
    let added = try writer.importTransactions(from: &reader).added
    precondition(added == 2_000)
    let started = Processes.now()
    let imported = try live.processPendingChanges()
    let importTime = Processes.now() - started
    say("live import of 2,000 rows: \(milliseconds(importTime)) to the change set (\(imported?.isReload == true ? "a reload" : "\(imported?.insertions.count ?? 0) insertions"))"
        + "   baseline full refetch: \(milliseconds(refetch))")

    let bySection = try LiveTransactions(store: live.store, request: TransactionRequest(sectioning: .category))
    var inPlace = Samples(), asBlock = Samples()
    let names = ["Food", "Zz Food", "Food"]
    for (old, new) in zip(names, names.dropFirst()) {
        try writer.renameCategory(named: old, to: new)
        var start = Processes.now()
        let renamed = try live.processPendingChanges()
        inPlace.add(Processes.now() - start)
        precondition(renamed != nil)
        start = Processes.now()
        let moved = try bySection.processPendingChanges()
        asBlock.add(Processes.now() - start)
        precondition(moved != nil)
    }
    let plain = folder + "/live-plain.sqlite3"
    Processes.mustRun([sqlite3, plain, "ATTACH '\(path)' AS book; CREATE TABLE t AS SELECT id, date, category_id FROM book.transactions;"
                       + " CREATE INDEX t_category ON t (category_id, date, id);"])
    var shell = Samples()
    for _ in 0..<3 { shell.add(Processes.run([sqlite3, plain, "SELECT id FROM t WHERE category_id = 5 ORDER BY date, id"]).seconds) }
    say("live rename of a category of ~\(live.count / 12_000)k rows: \(milliseconds(inPlace.median)) by date, \(milliseconds(asBlock.median)) sectioned by category"
        + " (median of 2)   baseline sqlite3 shell reading its ids in order: \(milliseconds(shell.median))")
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
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withVaList([withUnsafeMutablePointer(to: &size) { $0 }, withUnsafeMutablePointer(to: &resident) { $0 }],
                     { vfscanf(file, "%ld %ld", $0) }) == 2 else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}
