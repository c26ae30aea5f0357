import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// Issue 13 item 3: a live list of two sort keys, by category and then largest amount first.
///
/// - Opening it: time to the first row (median of 3) beside the sqlite3 shell reading its ids in
///   that order from a plain table with the indexes the order needs (categories by their unique
///   name key, transactions by category and amount: SQLite then walks both in order, no sort).
/// - What a list holds, each opened in a process of its own (`budget-bench --open-live`), so
///   that one list's freed memory cannot hide another's: resident memory above the open store,
///   and the process's peak, by date, by payee and by the two keys; then once a change between
///   its ends made it read every key.
func runTwoKeyLiveOpen(store: BudgetStore, fixtures: Fixtures, path: String, rows: Int) throws {
    let request = TransactionRequest(sort: TransactionSort([.ascending(.category), .descending(.amount)]))
    var opens = Samples()
    for _ in 0..<3 {
        let start = Processes.now()
        let live = try LiveTransactions(store: store, request: request)
        _ = live.first
        opens.add(Processes.now() - start)
    }
    let plain = fixtures.plainBook(named: "live-two-keys.sqlite3", copying: path,
                                   indexes: ["CREATE UNIQUE INDEX by_name_key ON categories (name_key)",
                                             "CREATE INDEX by_category_amount ON transactions (category_id, amount DESC)"])
    var shell = Samples()
    for _ in 0..<3 {
        shell.add(Processes.run([fixtures.sqlite3, plain, """
            SELECT t.id FROM transactions AS t JOIN categories AS c ON c.id = t.category_id ORDER BY c.name_key, t.category_id, t.amount DESC, t.id
            """]).seconds)
    }
    say("live open by category, then amount descending (\(rows / 1000)k rows): first row \(milliseconds(opens.median)) median of 3"
        + "   baseline sqlite3 shell reading its ids in that order: \(milliseconds(shell.median))")
    let held = ["date", "payee", "category,-amount"].map { openedAlone(path: path, keys: $0, folder: fixtures.folder) }
    say("live list memory (\(rows / 1000)k rows, each opened in a process of its own; resident above the open store at the first row, the peak,"
        + " then resident once it read every key, as a sync with a change between its first and last keys does): "
        + "by date \(held[0]), by payee \(held[1]), by category then amount descending \(held[2])")
}

/// `12.3 MB (peak 45.6 MB), 20.1 MB` for a list opened by `budget-bench --open-live`.
private func openedAlone(path: String, keys: String, folder: String) -> String {
    let report = folder + "/open-live.txt"
    Processes.mustRun([selfExecutable(), "--open-live", path, keys], stdoutPath: report)
    guard let file = fopen(report, "r") else { return "?" }
    defer { fclose(file) }
    var above = 0, peak = 0, all = 0
    _ = withVaList([withUnsafeMutablePointer(to: &above) { $0 }, withUnsafeMutablePointer(to: &peak) { $0 },
                    withUnsafeMutablePointer(to: &all) { $0 }]) { vfscanf(file, "%ld %ld %ld", $0) }
    return "\(megabytes(above)) (peak \(megabytes(peak * 1024))), \(megabytes(all))"
}

/// `budget-bench --open-live PATH KEYS`: opens the book, then a live list sorted by `KEYS`
/// (`category,-amount`), reads its first row, and prints the resident bytes the list added and
/// the process's peak in KiB; then has it read every key (what a sync with a change between its
/// first and last keys does: a list without sections holds only those when it opens) and prints
/// the resident bytes it added by then.
func openLiveAlone(path: String, keys: String) -> Never {
    do {
        let store = try BudgetStore(path: path)
        let floor = residentBytes()
        let criteria = keys.split(separator: ",").map { key in
            TransactionSort.Criterion(TransactionSort.Key(rawValue: String(key.drop { $0 == "-" }))!, ascending: !key.hasPrefix("-"))
        }
        let live = try LiveTransactions(store: store, request: TransactionRequest(sort: TransactionSort(criteria)))
        _ = live.first
        let first = residentBytes() - floor, peak = peakKilobytes()
        // A list without sections reads every key before a sync with a change between its
        // first and last keys: one written by a second connection (between in each order
        // measured: mid-history, among the middle payees, Food's smallest amount), taken back after.
        let writer = try BudgetStore(path: path)
        let written = try writer.addTransaction(amount: Money(minorUnits: 1), category: "Food", payee: "Payee 250 between",
                                                date: Day(year: 2024, month: 6, day: 15)!)
        _ = try live.processPendingChanges()
        try writer.deleteTransactions(ids: [written.id])
        say("\(first) \(peak) \(residentBytes() - floor)")
        withExtendedLifetime(live) {}
        exit(0)
    } catch {
        say("0 0 0")
        exit(1)
    }
}

/// This executable's path.
private func selfExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    return String(decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
