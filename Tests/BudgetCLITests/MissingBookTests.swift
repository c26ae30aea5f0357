import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// Only commands that add something create a book. One that reads, changes or removes what a
/// book holds names a book that does not exist, exits 1 and leaves no file behind: a typo'd
/// `--db` never becomes an empty book that later reads look at.
@Suite struct MissingBookTests {
    /// Every command that changes or removes what is already in a book, with words it accepts.
    static let changing: [[String]] = [
        ["reconcile", "Main", "--statement-balance", "0", "--on", "today"], ["device"],
        ["log", "--prune-before", "2026-01-01"], ["undo"], ["undo", "1"], ["redo"], ["delete", "1"],
        ["edit", "1", "--note", "x"], ["set-budget", "Food", "300"], ["remove-budget", "Food", "--month", "2026-11"],
        ["set-rollover", "Food", "on"], ["rename-category", "Food", "Groceries"], ["delete-category", "Food"],
        ["rename-account", "Main", "Checking"], ["close-account", "Main"], ["delete-account", "Main"],
        ["set-default-account", "Main"], ["set-opening-balance", "Main", "100"], ["merge-payees", "A", "--into", "B"],
        ["rule", "edit", "1", "--pattern", "x"], ["rule", "move", "1", "--to", "1"], ["rule", "remove", "1"],
        ["rule", "apply"], ["rule", "apply", "--dry-run"], ["import-profile", "remove", "bank"], ["check", "--repair"],
        // They need a category or a second account, which a new book never has.
        ["add", "12.50", "Food", "Lunch"], ["add", "82.40", "--split", "Food=82.40"], ["transfer", "5", "Main", "Savings"],
        ["import", "/dev/null", "--profile", "giro"],
        // They serve the imports of the book they are kept in.
        ["rule", "add", "coffee", "Food"], ["rule", "add", "coffee", "--set-payee", "Coffee"],
        ["import-profile", "save", "giro", "--delimiter", ";", "--decimal-comma"],
    ]

    static func notFound(_ path: String) -> String {
        """
        budget: error: '\(path)' does not exist
        hint: check the path, or create a book there with a write command such as 'budget add-category Food 300'

        """
    }

    @Test(arguments: changing)
    func aCommandThatChangesABookOnATypodPathFailsNamingItAndCreatesNothing(words: [String]) {
        let sandbox = Sandbox()
        let typo = sandbox.directory + "/typo.db"
        let run = sandbox.run(["--db", typo] + words)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == Self.notFound(typo))
        #expect(Sandbox.names(in: sandbox.directory) == [])
        // A later read still says the book is not there, instead of showing an empty one.
        let list = sandbox.run("--db", typo, "list")
        #expect(list.status == 1)
        #expect(list.stderr == Self.notFound(typo))
    }

    @Test(arguments: [["undo"], ["delete", "1"], ["device"], ["rule", "add", "coffee", "--set-payee", "Coffee"],
                      ["import-profile", "save", "giro", "--delimiter", ";"]])
    func aMissingFolderInBudgetDBIsNotMadeEither(words: [String]) {
        let sandbox = Sandbox()
        let typo = sandbox.directory + "/bugdet/budget.sqlite3"
        let run = sandbox.run(words, environment: ["BUDGET_DB": typo])
        #expect(run.status == 1)
        #expect(run.stderr == Self.notFound(typo))
        #expect(Sandbox.names(in: sandbox.directory) == [])
    }

    @Test(arguments: [["undo"], ["delete", "1"], ["device"], ["reconcile", "Main", "--statement-balance", "0", "--on", "today"],
                      ["log", "--prune-before", "2026-01-01"], ["rule", "add", "coffee", "--set-payee", "Coffee"],
                      ["import-profile", "save", "giro", "--delimiter", ";"]])
    func atTheDefaultPlaceWithNoBookYetThereIsNothingToChangeAndNothingIsCreated(words: [String]) {
        let sandbox = Sandbox()
        sandbox.environment["BUDGET_DB"] = nil
        let run = sandbox.run(words)
        #expect(run.status == 1)
        #expect(run.stderr == Self.notFound(sandbox.directory + "/home/.local/share/budget/budget.sqlite3"))
        #expect(Sandbox.names(in: sandbox.directory) == [])
        // Reading on a terminal still shows a new user an empty book, and adding creates it.
        #expect(sandbox.run(["log"], terminal: true).status == 0)
        #expect(sandbox.run("-q", "add-category", "Food", "300").status == 0)
        #expect(Sandbox.names(in: sandbox.directory + "/home/.local/share/budget") == ["budget.sqlite3"])
    }

    @Test func onAnExistingBookTheyWorkAsBefore() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add", "12.50", "Food", "--date", "2026-01-02")
        let reconcile = sandbox.run("reconcile", "Main", "--statement-balance", "-12.50", "--on", "today")
        #expect(reconcile.status == 0)
        #expect(reconcile.stderr == "Reconciled Main on \(Day.today()): the book matches the statement (-12.50); marked 1 transaction reconciled.\n")
        #expect(sandbox.run("-q", "edit", "1", "--note", "x").status == 0)
        #expect(sandbox.run("-q", "undo").status == 0)
        #expect(sandbox.run("device").stdout.hasSuffix("\tnot synced\n"))
    }

    /// A rule and an import profile are kept in the book whose imports they serve: once it
    /// exists, they are added to it as before.
    @Test func onAnExistingBookRulesAndProfilesAreAddedAsBefore() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let rule = sandbox.run("rule", "add", "coffee", "Food")
        #expect(rule.status == 0)
        #expect(rule.stdout == "1\n")
        #expect(rule.stderr == "Added rule 1: payees containing 'coffee' go to Food.\n")
        let profile = sandbox.run("import-profile", "save", "giro", "--delimiter", ";")
        #expect(profile.status == 0)
        #expect(profile.stderr == "Saved import profile 'giro'.\n")
        #expect(sandbox.succeed("import-profile", "show", "giro") == "--delimiter ';'\n")
    }

    /// An import profile's options are checked before the book is looked for: a bad option is a
    /// usage error on a typo'd path too, and creates nothing.
    @Test func aProfileWithABadOptionIsAUsageErrorBeforeTheBookIsLookedFor() {
        let sandbox = Sandbox()
        let typo = sandbox.directory + "/typo.db"
        let run = sandbox.run("--db", typo, "import-profile", "save", "giro", "--delimter", ";")
        #expect(run.status == 64)
        #expect(run.stderr == """
            budget: error: import profile 'giro': unknown option '--delimter'; did you mean '--delimiter'?
            usage: budget import [<options>] <file>
              see 'budget import --help' for more information

            """)
        #expect(Sandbox.names(in: sandbox.directory) == [])
    }

    /// A command that may create a book refuses a bad name before it does: no empty book is
    /// left behind.
    @Test(arguments: [
        (["add-category", " ", "300"], """
        budget: error: invalid category name ' ': it must be non-empty text without control characters
        hint: choose a name such as Food or "Eating out"

        """),
        (["add-category", "Fo\u{200B}od", "300"], """
        budget: error: invalid category name 'Fo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible
        hint: type the name without it: an invisible character makes one name look like another

        """),
        (["add-account", ""], """
        budget: error: invalid account name '': it must be non-empty text without control characters
        hint: choose a name such as Checking or "Credit card"

        """),
        (["add-account", "\u{202E}Savings", "--opening", "100"], """
        budget: error: invalid account name '\\u{202e}Savings': it holds U+202E RIGHT-TO-LEFT OVERRIDE, which is invisible
        hint: type the name without it: an invisible character makes one name look like another

        """),
    ] as [([String], String)])
    func aBadNameOnANewPathIsRefusedBeforeABookIsCreated(words: [String], stderr: String) {
        let sandbox = Sandbox()
        let path = sandbox.directory + "/new.db"
        let run = sandbox.run(["--db", path] + words)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == stderr)
        #expect(Sandbox.names(in: sandbox.directory) == [])
    }

    /// An import without --create-categories cannot fill a new book: a typo'd path is named,
    /// with the option that makes a new book of an export.
    @Test func anImportOnATypodPathNamesItAndCreatesNothing() {
        let sandbox = Sandbox()
        let file = sandbox.write("bank.csv", "date,amount,payee\n2026-11-02,12.50,Lunch\n")
        let typo = sandbox.directory + "/typo.db"
        let run = sandbox.run("--db", typo, "import", file, "--default-category", "Food")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            budget: error: '\(typo)' does not exist
            hint: check the path; to make a new book of a file 'budget export' wrote, import it with --create-categories

            """)
        #expect(Sandbox.names(in: sandbox.directory) == ["bank.csv"])
    }

    /// An export imported with --create-categories makes a new book: the way to move a book.
    @Test func anImportThatCreatesItsCategoriesMayCreateTheBook() {
        let sandbox = Sandbox()
        let file = sandbox.write("export.csv", "date,amount,category,payee,kind\n2026-11-02,12.50,Food,Lunch,expense\n")
        let path = sandbox.directory + "/new.db"
        #expect(sandbox.run("--db", path, "import", file, "--create-categories").status == 0)
        #expect(sandbox.succeed("--db", path, "list", "--format", "csv", "--from", "2026-11-01").contains("2026-11-02,12.50,Food,Lunch"))
    }

    @Test func namingADeviceCreatesItsBookAsANewDeviceDoesBeforeJoiningAFolder() {
        let sandbox = Sandbox()
        let run = sandbox.run("device", "ben")
        #expect(run.status == 0)
        #expect(run.stderr == "This device is now named ben.\n")
        #expect(sandbox.succeed("device").hasPrefix("ben\t"))
    }

    /// `device` creates a book only with a NAME (without, it shows the device), `sync` only with
    /// --join (``SyncCommandTests``); `import --dry-run` creates none either.
    @Test func onlyCommandsThatAddSomethingMayCreateABook() {
        let creating = Commands.info.flatMap(\.tree).filter { !$0.isGroup && $0.configuration.access == .write }.map(\.path)
        #expect(creating == ["add-category", "add-account", "import", "sync", "device"])
    }
}
