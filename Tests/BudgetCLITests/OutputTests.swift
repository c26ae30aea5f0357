import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite struct OutputTests {
    @Test func aFullDiskIsNeverSilent() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let stderr = Output()
        let status = BudgetCLI.run(["export"], environment: sandbox.environment, stdout: Output(fileDescriptor: full), stderr: stderr)
        #expect(status == 74)
        #expect(stderr.text == "budget: error: cannot write output: No space left on device\n")
    }

    @Test func aReaderThatGoesAwayEndsTheCommandQuietly() throws {
        signal(SIGPIPE, SIG_IGN)
        let sandbox = Sandbox()
        sandbox.seed()
        // Closed on exec: a process another test spawns does not keep the reader alive.
        let ends = ChildPipe()
        close(ends.readEnd)
        defer { close(ends.writeEnd) }
        let stderr = Output()
        let status = BudgetCLI.run(["export"], environment: sandbox.environment, stdout: Output(fileDescriptor: ends.writeEnd), stderr: stderr)
        #expect(status == 0)
        #expect(stderr.text == "")
    }

    @Test func largeOutputIsWrittenInFullThroughAFile() throws {
        let sandbox = Sandbox()
        let path = sandbox.directory + "/out.txt"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let output = Output(fileDescriptor: descriptor)
        let line = String(repeating: "x", count: 99) + "\n"
        for _ in 0..<2000 { try output.write(line) }
        try output.flush()
        close(descriptor)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_size == 200_000)
        #expect(!output.isTerminal)
    }

    @Test func aSpoolGivesBackItsRecordsExactlyEachTimeItIsRead() throws {
        let sandbox = Sandbox()
        let spool = try RecordSpool(in: [sandbox.directory])
        let records = [["1", "2026-11-02", "payee", "Caf\u{e9}\n\"x\"", "", "7"], [], ["", "\u{0}\u{202e}"], ["\u{1F469}\u{200D}\u{1F4BB}"]]
        for record in records.prefix(2) { try spool.append(record) }
        var read: [[String]] = []
        try spool.forEach { (texts: [String]) throws(OutputError) in read.append(texts) }
        #expect(read == Array(records.prefix(2)))
        for record in records.dropFirst(2) { try spool.append(record) }   // after a read, appends go at the end
        read = []
        try spool.forEach { (texts: [String]) throws(OutputError) in read.append(texts) }
        #expect(read == records)
        #expect(spool.count == 4)
    }

    @Test func aSpoolsFileIsMadeInTheFirstFolderThatTakesItAndHasNoNameThere() throws {
        let sandbox = Sandbox()
        let folder = sandbox.directory + "/tmpdir"
        try #require(mkdir(folder, 0o700) == 0)
        let spool = try RecordSpool(in: [sandbox.directory + "/missing", folder, "/tmp"])
        try spool.append(["Caf\u{e9}"])
        // Its one open file is in `folder`, already unlinked; the folder holds no name.
        let files = Self.openFiles().filter { $0.hasPrefix(folder + "/") }
        #expect(files.count == 1)
        #expect(files.allSatisfy { $0.hasPrefix(folder + "/budget-spool-") && $0.hasSuffix(" (deleted)") })
        #expect(Sandbox.names(in: folder).isEmpty)
        var read: [[String]] = []
        try spool.forEach { (texts: [String]) throws(OutputError) in read.append(texts) }
        #expect(read == [["Caf\u{e9}"]])
    }

    @Test func aSpoolWithNoFolderToTakeItFailsWithTheFirstFoldersReason() {
        let sandbox = Sandbox()
        let file = sandbox.write("file", "")
        #expect(throws: OutputError.failed(errno: ENOENT)) { try RecordSpool(in: [sandbox.directory + "/missing", file]) }
        #expect(throws: OutputError.failed(errno: ENOTDIR)) { try RecordSpool(in: [file]) }
    }

    /// Where this process's open file descriptors lead (`/proc/self/fd`).
    static func openFiles() -> [String] {
        Sandbox.names(in: "/proc/self/fd").compactMap { name in
            var target = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/fd/" + name, &target, target.count - 1)
            return count > 0 ? String(decoding: target.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        }
    }

    @Test func onceFailedOutputStaysFailed() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let output = Output(fileDescriptor: full)
        try output.write("a")
        #expect(throws: OutputError.failed(errno: ENOSPC)) { try output.flush() }
        #expect(throws: OutputError.failed(errno: ENOSPC)) { try output.write("b") }
    }
}

@Suite struct DatabaseLocationTests {
    @Test(arguments: [
        (nil, ["BUDGET_DB": "/a.sqlite3", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/a.sqlite3"),
        ("/opt.sqlite3", ["BUDGET_DB": "/a.sqlite3"], "/opt.sqlite3"),
        (nil, ["XDG_DATA_HOME": "", "HOME": "/h"], "/h/.local/share/budget/budget.sqlite3"),
        (nil, ["HOME": "/h"], "/h/.local/share/budget/budget.sqlite3"),
        // Relative: ignored, as the XDG Base Directory spec says (it would name another book in
        // every folder a command runs from, cron's among them).
        (nil, ["XDG_DATA_HOME": "data", "HOME": "/h"], "/h/.local/share/budget/budget.sqlite3"),
        (nil, ["XDG_DATA_HOME": "./data", "HOME": "/h"], "/h/.local/share/budget/budget.sqlite3"),
    ] as [(String?, [String: String], String)])
    func followsDbThenBudgetDBThenXDG(option: String?, environment: [String: String], path: String) throws {
        #expect(try DatabaseLocation.path(option: option, environment: environment) == path)
    }

    @Test func anEmptyBudgetDBIsAUsageErrorNeverTheDefaultBook() throws {
        #expect(throws: EnvironmentError(message: "BUDGET_DB is set but empty",
                                         hint: "set it to the book's path, or unset it to use the default book", isUsage: true)) {
            try DatabaseLocation.path(option: nil, environment: ["BUDGET_DB": "", "XDG_DATA_HOME": "/x", "HOME": "/h"])
        }
    }

    @Test func theDbOptionReachesTheStore() throws {
        let sandbox = Sandbox()
        let other = sandbox.directory + "/other.sqlite3"
        #expect(sandbox.run("--db", other, "add-category", "Food", "5").status == 0)
        #expect(sandbox.run("categories", "--db", other, "--format", "csv").stdout == "name,kind,budget,rollover\nFood,expense,5.00,off\n")
        #expect(try sandbox.snapshot() == "(no database)")
    }

    @Test func xdgDataHomeIsUsedWhenNothingElseIsSet() throws {
        let sandbox = Sandbox()
        sandbox.environment = ["XDG_DATA_HOME": sandbox.directory + "/data", "HOME": "/nonexistent"]
        #expect(sandbox.run("add-category", "Food", "5").status == 0)
        #expect(access(sandbox.directory + "/data/budget/budget.sqlite3", F_OK) == 0)
    }
}
