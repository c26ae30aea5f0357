// budget-live-example: BudgetKit's live results in a few lines of Swift concurrency.
//
// It opens a book, follows its transactions with `for await`, and prints each change set as
// it arrives: this process makes none, so they come from other processes (`budget add 12.50
// Food` in another terminal, the sqlite3 shell, a sync). It ends after COUNT change sets, or
// on SIGINT (Ctrl-C) or SIGTERM, saying how many it printed.
//
//     swift run budget-live-example ~/.local/share/budget/budget.sqlite3 [COUNT]
//
// Everything here runs on the main actor (top-level code): the store, the live list and the
// loop that reads its changes, so the compiler knows they never race.
import BudgetKit
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to standard error.
func complain(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let usage = "usage: budget-live-example BOOK [COUNT]   (or BUDGET_DB=BOOK budget-live-example)"
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    print(usage)
    exit(0)
}
// After `--`, a book may start with `-`; before it, such a word is an option we do not have.
if arguments.first == "--" {
    arguments.removeFirst()
} else if let option = arguments.first, option.hasPrefix("-") {
    complain("budget-live-example: unknown option '\(VisibleText.visible(option))' (a book named so goes after --)")
    complain(usage)
    exit(64)
}
guard let path = arguments.first ?? getenv("BUDGET_DB").map({ String(cString: $0) }), arguments.count <= 2 else {
    complain(usage)
    exit(64)
}
let limit = arguments.count == 2 ? Int(arguments[1]) : nil
if arguments.count == 2 && (limit ?? 0) < 1 {
    complain("budget-live-example: COUNT must be a whole number above 0, not '\(arguments[1])'")
    exit(64)
}

/// SIGINT and SIGTERM as a byte on a pipe, all a signal handler may safely do; the handlers are
/// in place from ``install()`` on, so no signal is lost, and the byte waits until it is read.
enum StopSignals {
    static let pipe: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { fatalError("no pipe for signals") }
        return (ends[0], ends[1])
    }()

    static func install() {
        _ = pipe   // made now: a signal handler must not be the first to use it
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(StopSignals.pipe.write, &byte, 1)
            }
        }
    }
}

/// Text from the book made safe to draw (``VisibleText``): a payee can neither move the cursor
/// nor reorder the line.
func visible(_ text: String) -> String { VisibleText.visible(text) }

func line(_ transaction: Transaction) -> String {
    "\(transaction.date)  \(visible(transaction.category))  \(transaction.amount)  \(visible(transaction.payee))"
}

/// "1 month", "2 months".
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// One line per change, then the list's new size.
func show(_ changeSet: TransactionChangeSet) {
    for change in changeSet.changes {
        switch change {
        case .sectionInsert(let index, let name): print("  section + \(index) \(visible(name))")
        case .sectionDelete(let index, let name): print("  section - \(index) \(visible(name))")
        case .insert(let index, let transaction): print("  + \(index)  \(line(transaction))")
        case .delete(let index, let id): print("  - \(index)  #\(id)")
        case .move(let from, let to, let transaction): print("  > \(from) -> \(to)  \(line(transaction))")
        case .update(let index, _, let transaction): print("  ~ \(index)  \(line(transaction))")
        case .reload: print("  reloaded")
        }
    }
    print("= \(counted(changeSet.count, "transaction")) in \(counted(changeSet.sections.count, "month"))")
    fflush(nil)
}

let store: BudgetStore
let live: LiveTransactions
do {
    store = try BudgetStore(path: path, access: .read)
    live = try LiveTransactions(store: store, request: TransactionRequest(sort: TransactionSort(.date, ascending: false),
                                                                          sectioning: .month))
} catch {
    complain("budget-live-example: \(error)")
    exit(1)
}

// Taken before anything is printed: every change from here on is queued until the loop reads it.
let changes = live.changes
let following = Task {
    var printed = 0
    for await result in changes {   // waits for other processes' commits, without a loop of ours
        switch result {
        case .success(let changeSet): show(changeSet)
        case .failure(let error): complain("budget-live-example: could not follow a commit: \(error)")
        }
        printed += 1
        if printed == limit { break }
    }
    return printed
}

// SIGINT and SIGTERM cancel the loop's task; a cancelled task's `for await` ends at once.
StopSignals.install()
let stopping = DispatchSource.makeReadSource(fileDescriptor: StopSignals.pipe.read, queue: .main)
stopping.setEventHandler {
    var byte: UInt8 = 0
    _ = read(StopSignals.pipe.read, &byte, 1)
    following.cancel()
}
stopping.resume()

print("following \(path): \(counted(live.count, "transaction")); Ctrl-C stops")
fflush(nil)
let printed = await following.value
stopping.cancel()
print("stopped after \(counted(printed, "change set"))")
