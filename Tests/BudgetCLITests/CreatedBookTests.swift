import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// A command that may create a book and then fails takes back the book it created, with the
/// folders it made for it: a typo'd path never leaves an empty book behind. It says and exits
/// what it did before; a book that was there, or that holds anything, stays.
@Suite struct CreatedBookTests {
    /// A command that creates its book and then fails.
    enum Failing: String, CaseIterable, Sendable {
        case deviceNameWithATab, importWithABadRow, importOfAnEmptyFile, importIntoAnAccountTheBookLacks, syncToAMissingFolder,
             accountNamedLikeTheDefaultOne

        /// Its words after `--db PATH`, its status and its stderr; its input files in `sandbox`.
        func run(in sandbox: Sandbox) -> (words: [String], status: Int32, stderr: String) {
            let rows = sandbox.directory + "/rows.csv"
            switch self {
            case .deviceNameWithATab:
                return (["device", "a\tb"], 64, """
                    budget: error: invalid device name 'a\\tb': it must be 1 to 64 characters without control characters
                    hint: choose a name such as laptop or "Anna's phone"

                    """)
            case .importWithABadRow:
                sandbox.write("rows.csv", "date,amount,category,payee\n2026-11-02,abc,Food,Lunch\n")
                return (["import", rows, "--create-categories"], 65, """
                    budget: error: \(rows):2:2: invalid amount 'abc': it is not a number like 12.50
                    hint: fix that row and run the command again; nothing was imported

                    """)
            case .importOfAnEmptyFile:
                sandbox.write("rows.csv", "date,amount,category,payee\n")
                return (["import", rows, "--create-categories"], 65, """
                    budget: error: \(rows):1: no rows after the header
                    hint: check the file, or the --skip-lines count

                    """)
            case .importIntoAnAccountTheBookLacks:
                sandbox.write("rows.csv", "date,amount,category,payee\n2026-11-02,12.50,Food,Lunch\n")
                return (["import", rows, "--create-categories", "--account", "Savings"], 1, """
                    budget: error: no account named 'Savings'
                    hint: see the accounts with 'budget accounts --all', or add one with 'budget add-account NAME'

                    """)
            case .syncToAMissingFolder:
                return (["sync", "--join", "/nonexistent"], 1, """
                    budget: error: cannot open the sync folder /nonexistent: no such file or directory
                    hint: check the path: every device syncs through the same folder

                    """)
            case .accountNamedLikeTheDefaultOne:
                return (["add-account", "main"], 1, """
                    budget: error: an account named 'main' already exists
                    hint: names are unique ignoring case; choose another name

                    """)
            }
        }
    }

    /// The names in the sandbox but its input file.
    static func left(_ sandbox: Sandbox) -> [String] {
        Sandbox.names(in: sandbox.directory).filter { $0 != "rows.csv" }
    }

    @Test(arguments: Failing.allCases)
    func aCreatingCommandThatFailsTakesBackTheBookAndTheFolderItMade(command: Failing) {
        let sandbox = Sandbox()
        let path = sandbox.directory + "/new/new.db"
        let expected = command.run(in: sandbox)
        let run = sandbox.run(["--db", path] + expected.words)
        #expect(run.status == expected.status)
        #expect(run.stdout == "")
        #expect(run.stderr == expected.stderr)
        #expect(Self.left(sandbox) == [])
        // A later read names the book that is not there, instead of showing an empty one.
        let list = sandbox.run("--db", path, "list")
        #expect(list.status == 1)
        #expect(list.stderr == MissingBookTests.notFound(path))
    }

    @Test(arguments: Failing.allCases)
    func onABookThatWasThereAndIsEmptyAFailingCommandLeavesIt(command: Failing) throws {
        let sandbox = Sandbox()
        let path = sandbox.directory + "/new.db"
        _ = try BudgetStore(path: path)
        let expected = command.run(in: sandbox)
        let run = sandbox.run(["--db", path] + expected.words)
        #expect(run.status == expected.status)
        #expect(run.stderr == expected.stderr)
        #expect(Self.left(sandbox).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") } == ["new.db"])
        #expect(sandbox.run("--db", path, "list").status == 0)
    }

    @Test func aBookCreatedByACommandThatSucceedsStays() {
        let sandbox = Sandbox()
        let food = sandbox.directory + "/food.db", device = sandbox.directory + "/device.db", empty = sandbox.directory + "/empty.db"
        #expect(sandbox.run("--db", food, "-q", "add-category", "Food", "300").status == 0)
        #expect(sandbox.run("--db", device, "-q", "device", "ben").status == 0)
        // An import that succeeds: the book made for it stays.
        let imported = sandbox.run(["--db", empty, "import", "-", "--create-categories"], stdin: "date,amount,category\n2026-11-02,4.20,Food\n")
        #expect(imported.status == 0)
        #expect(imported.stderr == "Imported 1 transaction from standard input; created 1 category.\n")
        #expect(Self.left(sandbox).filter { $0.hasSuffix(".db") } == ["device.db", "empty.db", "food.db"])
        #expect(sandbox.succeed("--db", food, "categories", "--format", "csv") == "name,kind,budget,rollover\nFood,expense,300.00,off\n")
        #expect(sandbox.succeed("--db", device, "device").hasPrefix("ben\t"))
    }

    /// A new book that joined a sync folder, applied the founding device's changes and then met
    /// a damaged file fails (65) holding them: it stays.
    @Test func aCreatingCommandThatFailsAfterItWroteKeepsTheBook() {
        let sandbox = Sandbox()
        let shared = sandbox.foundSyncFolder()
        let damaged = sandbox.write("shared/zzzzzzzz-000000000001.changeset", "not a changeset at all, just text")
        let path = sandbox.directory + "/new.db"
        let run = sandbox.run("--db", path, "-q", "sync", "--join", shared)
        #expect(run.status == 65)
        #expect(run.stderr.hasPrefix("budget: error: \(damaged): "))
        #expect(sandbox.succeed("--db", path, "categories", "--format", "csv") == "name,kind,budget,rollover\nFood,expense,300.00,off\n")
    }

    /// At the default place a failing command takes back the book and every folder it made
    /// for it, down from the first that was there; a folder that was there (made by an earlier
    /// first use) stays.
    @Test(arguments: [
        (["HOME": "home"], "", "home/.local/share/budget"),
        (["HOME": "home"], "home/.local/share/budget", "home/.local/share/budget"),
        (["XDG_DATA_HOME": "data", "HOME": "/nonexistent"], "data", "data/budget"),
    ])
    func atTheDefaultPlaceOnlyTheFoldersMadeForTheBookGo(environment: [String: String], existing: String, folder: String) {
        let sandbox = Sandbox()
        sandbox.environment = environment.mapValues { $0.hasPrefix("/") ? $0 : sandbox.directory + "/" + $0 }
        if !existing.isEmpty { #expect(system("mkdir -p '\(sandbox.directory)/\(existing)'") == 0) }
        let run = sandbox.run("device", "a\tb")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("budget: error: invalid device name 'a\\tb'"))
        #expect(Sandbox.names(in: sandbox.directory) == (existing.isEmpty ? [] : [String(existing.prefix { $0 != "/" })]))
        if !existing.isEmpty { #expect(Sandbox.names(in: sandbox.directory + "/" + existing) == []) }
        // Where the book goes, a command that adds something makes it.
        #expect(sandbox.run("-q", "add-category", "Food", "300").status == 0)
        #expect(Sandbox.names(in: sandbox.directory + "/" + folder) == ["budget.sqlite3"])
    }

    /// A dangling link was there: the book made where it points is taken back, the link stays.
    @Test func aBookMadeThroughADanglingLinkIsTakenBackAndTheLinkStays() {
        let sandbox = Sandbox()
        let link = sandbox.directory + "/new.db"
        #expect(symlink(sandbox.directory + "/target.db", link) == 0)
        #expect(sandbox.run("--db", link, "device", "a\tb").status == 64)
        #expect(Sandbox.names(in: sandbox.directory) == ["new.db"])
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    }
}
