#if canImport(Glibc)
import Glibc
#endif

// `make bench`: every figure beside a baseline measured in the same run.
// Usage: budget-bench PATH-TO-RELEASE-BUDGET

guard CommandLine.arguments.count >= 2 else {
    say("usage: budget-bench PATH-TO-BUDGET")
    exit(64)
}
var template = Array("/tmp/budget-bench-XXXXXX".utf8CString)
guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { fatalError("mkdtemp") }
let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
defer { _ = system("rm -rf '\(folder)'") }
let fixtures = Fixtures(budget: CommandLine.arguments[1], sqlite3: Processes.which("sqlite3"), folder: folder)

say("budget benchmarks (\(folder))")
CoreBenchmarks(fixtures: fixtures).run()
ScriptingBenchmarks(fixtures: fixtures).run()
system("rm -rf '\(folder)'")
