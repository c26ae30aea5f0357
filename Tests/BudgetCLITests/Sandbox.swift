import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary directory holding the test's database, removed when the sandbox goes away;
/// runs the whole CLI in process with an injected environment and captured output.
final class Sandbox {
    /// The temporary directory.
    let directory: String
    /// The database file, given to the CLI through `BUDGET_DB`.
    let database: String
    /// The environment every run gets (plus what a run adds).
    var environment: [String: String]

    /// What one run did.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output's bytes, exactly (a binary backup).
        var stdoutBytes: [UInt8] = []
    }

    init() {
        var template = Array("/tmp/budget-cli-test-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        directory = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        database = directory + "/budget.sqlite3"
        environment = ["BUDGET_DB": database, "HOME": directory + "/home"]
    }

    deinit {
        Sandbox.removeTree(directory)
    }

    /// Runs `budget` with these words; `tableBufferedRows` streams tables longer than it
    /// (``TableWriter``).
    @discardableResult
    func run(_ arguments: String..., environment extra: [String: String] = [:], terminal: Bool = false,
             stderrTerminal: Bool = false, stdin: String = "", tableBufferedRows: Int = TableWriter.bufferedRows) -> Run {
        run(arguments, environment: extra, terminal: terminal, stderrTerminal: stderrTerminal, stdin: stdin,
            tableBufferedRows: tableBufferedRows)
    }

    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], terminal: Bool = false,
             stderrTerminal: Bool = false, stdin: String = "", tableBufferedRows: Int = TableWriter.bufferedRows) -> Run {
        let stdout = Output(capturingAsTerminal: terminal)
        let stderr = Output(capturingAsTerminal: stderrTerminal)
        let status = BudgetCLI.run(arguments, environment: environment.merging(extra) { $1 },
                                   stdin: Input(bytes: Array(stdin.utf8)), stdout: stdout, stderr: stderr,
                                   tableBufferedRows: tableBufferedRows)
        return Run(status: status, stdout: stdout.text, stderr: stderr.text, stdoutBytes: stdout.captured)
    }

    /// Writes a file in the sandbox and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        write(name, bytes: Array(text.utf8))
    }

    /// Writes bytes to a file in the sandbox and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) -> String {
        let path = directory + "/" + name
        guard let file = fopen(path, "wb") else { preconditionFailure("cannot write \(path)") }
        precondition(fwrite(bytes, 1, bytes.count, file) == bytes.count, "cannot write \(path)")
        fclose(file)
        return path
    }

    /// The bytes of a file (a path, or a name in the sandbox); empty when it cannot be read.
    func bytes(_ path: String) -> [UInt8] {
        guard let input = try? Input.open(path: path.hasPrefix("/") ? path : directory + "/" + path) else { return [] }
        var result: [UInt8] = []
        while let chunk = try? input.read() { result += chunk }
        return result
    }

    /// The text of a file (a path, or a name in the sandbox).
    func read(_ path: String) -> String { String(decoding: bytes(path), as: UTF8.self) }

    /// Runs words that must succeed, returning stdout.
    @discardableResult
    func succeed(_ arguments: String...) -> String {
        succeed(arguments)
    }

    @discardableResult
    func succeed(_ arguments: [String]) -> String {
        let result = run(arguments)
        if result.status != 0 {
            Issue.record("budget \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    /// Runs `words`, then `words` with `--dry-run`: each must exit `status` with nothing on
    /// stdout and exactly `stderr`, and leave the book as it was (an import refused whole).
    func expectRefusedWithItsDryRun(_ words: [String], status: Int32, stderr: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try snapshot()
        for dryRun in [[], ["--dry-run"]] {
            let result = run(words + dryRun)
            #expect(result.status == status, sourceLocation: sourceLocation)
            #expect(result.stdout == "", sourceLocation: sourceLocation)
            #expect(result.stderr == stderr, sourceLocation: sourceLocation)
        }
        #expect(try snapshot() == before, sourceLocation: sourceLocation)
    }

    /// Everything in the book, as text: to assert that a failed command changed nothing.
    func snapshot() throws -> String {
        guard access(database, F_OK) == 0 else { return "(no database)" }
        let store = try BudgetStore(path: database)
        var text = ""
        for category in try store.categories(in: Month(year: 2026, month: 11)!) {
            text += "\(category)\n"
            for change in try store.budgetHistory(forCategory: category.name) { text += "  \(change)\n" }
        }
        for transaction in try store.transactions() { text += "\(transaction)\n" }
        return text
    }

    /// A small book: Food (300 from 2026-01, rollover), Rent (1000), Salary (income, 3000), and
    /// four transactions in 2026-11.
    func seed() {
        succeed("add-category", "Food", "300", "--from", "2026-01")
        succeed("add-category", "Rent", "1000", "--from", "2026-01")
        succeed("add-category", "Salary", "3000", "--income", "--from", "2026-01")
        succeed("add", "12.50", "Food", "Lunch", "--date", "2026-11-02")
        succeed("add", "-2.25", "Food", "Refund", "--date", "2026-11-03")
        succeed("add", "1000", "Rent", "Landlord", "--date", "2026-11-01", "--note", "November")
        succeed("add", "3000", "Salary", "ACME", "--date", "2026-11-25")
    }

    private static func removeTree(_ path: String) {
        if let stream = opendir(path) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var info = stat()
                if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    removeTree(child)
                } else {
                    unlink(child)
                }
            }
            closedir(stream)
        }
        rmdir(path)
    }
}

extension Sandbox {
    /// The names in a folder, sorted, without `.` and `..`.
    static func names(in path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
