#if canImport(Glibc)
import Glibc
#endif

// `make bench`: every figure beside a baseline measured in the same run.
// Usage: budget-bench PATH-TO-RELEASE-BUDGET [live] [core] [scripting] [listing] [import] [accounts] [bankfiles] [history] [totals]   (all groups by default;
// `sync` and `history-import` run one part of `history`, `transfers` one part of `bankfiles`;
// BUDGET_BENCH_SIZE: the rows of the live and totals groups, a million by default)

if CommandLine.arguments.count >= 4 && CommandLine.arguments[1] == Processes.peakLauncherFlag {
    Processes.launch(resultPath: CommandLine.arguments[2], Array(CommandLine.arguments.dropFirst(3)))
}

// `budget-bench --read-bank-file PATH csv|bank`: one reader as a process of its own, for its peak memory.
if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "--read-bank-file" {
    let path = CommandLine.arguments[2]
    let count = CommandLine.arguments[3] == "csv" ? readCSV(path) : readBankFile(path)
    say("\(peakKilobytes())")
    exit(count > 0 ? 0 : 1)
}
// `budget-bench --open-live PATH KEYS`: one live list's memory, as a process of its own.
if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "--open-live" {
    openLiveAlone(path: CommandLine.arguments[2], keys: CommandLine.arguments[3])
}
guard CommandLine.arguments.count >= 2 else {
    say("usage: budget-bench PATH-TO-BUDGET")
    exit(64)
}
var template = Array("/tmp/budget-bench-XXXXXX".utf8CString)
guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { fatalError("mkdtemp") }
let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
defer { _ = system("rm -rf '\(folder)'") }
let fixtures = Fixtures(budget: CommandLine.arguments[1], sqlite3: Processes.which("sqlite3"), folder: folder)

let groups = Set(CommandLine.arguments.dropFirst(2))
func wanted(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }

say("budget benchmarks (\(folder))")
// Live results first: they measure this process's resident memory, which only grows.
if wanted("live") { runLiveResultsBenchmarks(fixtures: fixtures, rows: TotalsBenchmarks.sizeFromEnvironment) }
if wanted("core") { CoreBenchmarks(fixtures: fixtures).run() }
if wanted("scripting") { ScriptingBenchmarks(fixtures: fixtures).run() }
if wanted("listing") { ListingBenchmarks(fixtures: fixtures).run() }
if wanted("import") { ImportBenchmarks(fixtures: fixtures).run() }
if wanted("accounts") { AccountBenchmarks(fixtures: fixtures).run() }
if wanted("bankfiles") {
    BankFileBenchmarks(folder: folder).run()
    BankFileImportBenchmarks(fixtures: fixtures).run()
}
if wanted("bankfiles") || groups.contains("transfers") { TransferImportBenchmarks(fixtures: fixtures).run() }
if wanted("history") { HistoryBenchmarks(fixtures: fixtures).run() }
if groups.contains("history-import") { HistoryBenchmarks(fixtures: fixtures).importAndUndo() }
if groups.contains("sync") { HistoryBenchmarks(fixtures: fixtures).applyingSyncedRows() }
if wanted("totals") { TotalsBenchmarks(fixtures: fixtures, size: TotalsBenchmarks.sizeFromEnvironment).run() }
system("rm -rf '\(folder)'")
