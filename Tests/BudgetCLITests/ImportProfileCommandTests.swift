import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// `budget import-profile save|list|show|remove` and `budget import --profile`.
@Suite struct ImportProfileCommandTests {
    static let giro = ["--delimiter", ";", "--date-column", "Buchungstag", "--date-format", "DD.MM.YYYY", "--decimal-comma",
                       "--amount-column", "Betrag", "--negate", "--payee-column", "Empfänger Name", "--default-category", "Food"]

    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Shopping", "100", "--from", "2026-01")
        return sandbox
    }

    @Test func aSavedProfileIsListedShownAndUsedWithTheCommandLineWinning() throws {
        let sandbox = book()
        let saved = sandbox.run(["import-profile", "save", "Giro"] + Self.giro)
        #expect(saved.status == 0 && saved.stdout == "")
        #expect(saved.stderr == "Saved import profile 'Giro'.\n")
        #expect(sandbox.succeed("import-profile", "show", "giro") == """
        --delimiter ';' --date-column Buchungstag --date-format DD.MM.YYYY --decimal-comma --amount-column Betrag --negate \
        --payee-column 'Empfänger Name' --default-category Food

        """)
        #expect(sandbox.succeed("import-profile", "list", "--format", "csv").hasPrefix("name,options\nGiro,--delimiter ';' "))
        let file = sandbox.write("giro.csv", "Buchungstag;Betrag;Empfänger Name\n02.11.2026;-12,50;REWE Markt\n")
        let dry = sandbox.run("import", "--profile", "GIRO", file, "--dry-run", "--format", "csv", "--default-category", "Shopping")
        #expect(dry.status == 0)
        #expect(dry.stdout == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled,status
        1,2026-11-02,12.50,Shopping,REWE Markt,,expense,Main,,,,,,new

        """)
        #expect(sandbox.run("import", "--profile", "giro", file).stderr == "Imported 1 transaction from \(file).\n")
        let replaced = sandbox.run("import-profile", "save", "GIRO", "--negate")
        #expect(replaced.stderr == "Replaced import profile 'GIRO'.\n")
        let removed = sandbox.run("import-profile", "remove", "giro")
        #expect(removed.stderr == "Removed import profile 'GIRO'.\n")
        #expect(sandbox.succeed("import-profile", "list", "--format", "csv") == "name,options\n")
    }

    /// `show` and `list` print one line a shell reads back as the saved words: a tab, a line
    /// break or an invisible character as a `$'...'` escape, never raw (a line broken in two, a
    /// tab a terminal turns to spaces) nor escaped inside plain quotes (`'\t'` is a backslash
    /// and a t to a shell).
    @Test func wordsWithControlOrInvisibleCharactersAreShownAsOneLineAShellReadsBack() throws {
        let sandbox = book()
        sandbox.succeed("-q", "import-profile", "save", "tabs", "--delimiter", "\t", "--payee-column", "Emp\u{200B}fänger\nName")
        let line = "--delimiter $'\\t' --payee-column $'Emp\\u200bfänger\\nName'\n"
        #expect(sandbox.succeed("import-profile", "show", "tabs") == line)
        #expect(sandbox.run("import-profile", "show", "tabs", terminal: true).stdout == line)
        #expect(sandbox.run("import-profile", "list", terminal: true).stdout == "NAME  OPTIONS\ntabs  " + line)
        #expect(try BudgetStore(path: sandbox.database).importProfile(named: "tabs").options
                == ["--delimiter", "\t", "--payee-column", "Emp\u{200B}fänger\nName"])
    }

    @Test(arguments: [
        (["import-profile", "save", "bad", "--delimter", ";"], 64, """
        budget: error: import profile 'bad': unknown option '--delimter'; did you mean '--delimiter'?
        usage: budget import [<options>] <file>
          see 'budget import --help' for more information

        """),
        (["import-profile", "save", "bad", "--negate", "statement.csv"], 64, """
        budget: error: import profile 'bad' cannot hold a FILE argument
        hint: a profile holds 'budget import' options only; see 'budget help import'

        """),
        (["import-profile", "save", "bad", "--profile", "giro"], 64, """
        budget: error: import profile 'bad' cannot hold '--profile'
        hint: a profile holds 'budget import' options only; see 'budget help import'

        """),
        // Saved, it would make every import with the profile a dry run.
        (["import-profile", "save", "bad", "--negate", "--dry-run"], 64, """
        budget: error: import profile 'bad' cannot hold '--dry-run'
        hint: save the profile without it, and give --dry-run to an import: budget import --profile NAME FILE --dry-run

        """),
        // Saved, it would import into reconciled periods, or bring back deleted rows, unseen.
        (["import-profile", "save", "bad", "--negate", "--force"], 64, """
        budget: error: import profile 'bad' cannot hold '--force'
        hint: save the profile without it, and give --force to an import: budget import --profile NAME FILE --force

        """),
        (["import-profile", "save", "bad", "--force", "--include-deleted"], 64, """
        budget: error: import profile 'bad' cannot hold '--include-deleted' or '--force'
        hint: save the profile without them, and give --include-deleted --force to an import: budget import --profile NAME FILE --include-deleted --force

        """),
        // Messages name only words the user typed.
        (["import-profile", "save", "bad", "--delimiter"], 64, """
        budget: error: import profile 'bad': missing value for '--delimiter <char>'
        usage: budget import [<options>] <file>
          see 'budget import --help' for more information

        """),
        (["import-profile", "save", "bad", "--", "--negate"], 64, """
        budget: error: import profile 'bad' cannot hold a FILE argument
        hint: a profile holds 'budget import' options only; see 'budget help import'

        """),
        (["import-profile", "save", "bad", "a.csv", "b.csv"], 64, """
        budget: error: import profile 'bad' cannot hold a FILE argument
        hint: a profile holds 'budget import' options only; see 'budget help import'

        """),
        (["import-profile", "save", "bad", "--db", "/tmp/x"], 64, """
        budget: error: import profile 'bad' cannot hold '--db' or '--quiet'
        hint: a profile holds 'budget import' options only; see 'budget help import'

        """),
        (["import-profile", "save", "bad", "--negate", "--debit-column", "2"], 64, """
        budget: error: import profile 'bad': '--negate' cannot be used with '--debit-column <column>'
        usage: budget import [<options>] <file>
          see 'budget import --help' for more information

        """),
        (["import-profile", "save", "\u{7}", "--negate"], 64, """
        budget: error: invalid import profile name '\\u{7}': it must be non-empty text without control characters
        hint: choose a name such as giro or "credit card"

        """),
        // A name an invisible character makes look like another is refused, as a category's is.
        (["import-profile", "save", "gi\u{200B}ro", "--negate"], 64, """
        budget: error: invalid import profile name 'gi\\u{200b}ro': it holds U+200B ZERO WIDTH SPACE, which is invisible
        hint: type the name without it: an invisible character makes one name look like another

        """),
        (["import-profile", "save", "\u{202E}giro", "--negate"], 64, """
        budget: error: invalid import profile name '\\u{202e}giro': it holds U+202E RIGHT-TO-LEFT OVERRIDE, which is invisible
        hint: type the name without it: an invisible character makes one name look like another

        """),
        (["import-profile", "show", "nope"], 1, """
        budget: error: no import profile named 'nope'
        hint: see the profiles with 'budget import-profile list', or save one with 'budget import-profile save NAME OPTIONS...'

        """),
        (["import-profile", "remove", "nope"], 1, """
        budget: error: no import profile named 'nope'
        hint: see the profiles with 'budget import-profile list', or save one with 'budget import-profile save NAME OPTIONS...'

        """),
        (["import", "--profile", "nope", "x.csv"], 1, """
        budget: error: no import profile named 'nope'
        hint: see the profiles with 'budget import-profile list', or save one with 'budget import-profile save NAME OPTIONS...'

        """),
    ] as [([String], Int32, String)])
    func mistakesAreNamedAndChangeNothing(words: [String], status: Int32, message: String) throws {
        let sandbox = book()
        sandbox.succeed(["-q", "import-profile", "save", "giro"] + Self.giro)
        let before = try sandbox.snapshot()
        let result = sandbox.run(words)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(try sandbox.snapshot() == before)
    }

    /// An option's opposite on the command line replaces the profile's; options that cannot be
    /// used together conflict, as the help says.
    @Test func theCommandLinesOppositeReplacesTheProfilesAndExclusiveOptionsConflict() throws {
        let sandbox = book()
        sandbox.succeed("-q", "import-profile", "save", "giro", "--delimiter", ";", "--decimal-comma", "--default-category", "Food")
        let file = sandbox.write("p.csv", "date;amount;payee\n2026-11-05;1.50;x\n")
        let read = sandbox.run("import", "--profile", "giro", "--decimal-point", file, "--dry-run", "--format", "csv")
        #expect(read.status == 0)
        #expect(read.stdout.contains(",2026-11-05,1.50,Food,x,"))
        sandbox.succeed("-q", "import-profile", "save", "card", "--debit-column", "out", "--credit-column", "in")
        let conflict = sandbox.run("import", "--profile", "card", "--amount-column", "amount", file, "--dry-run")
        #expect(conflict.status == 64)
        #expect(conflict.stderr.hasPrefix("budget: error: import profile 'card': '--amount-column <column>' cannot be used with '--debit-column <column>'\n"))
    }

    /// An earlier version saved `--force` (or `--include-deleted`) in profiles: such a profile is
    /// refused when used, saying how to save it again, rather than importing into a reconciled
    /// period unseen.
    @Test(arguments: ["--force", "--include-deleted"])
    func aStoredProfileHoldingAOneImportFlagIsRefusedWhenUsedAndImportsNothing(flag: String) throws {
        let sandbox = book()
        sandbox.succeed("-q", "add", "5.00", "Food", "--date", "2026-11-01")
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-5.00", "--on", "2026-11-01")
        sandbox.succeed("-q", "import-profile", "save", "bank", "--default-category", "Food")
        #expect(system("sqlite3 '\(sandbox.database)' \"INSERT INTO import_profile_options SELECT profile_id, 3, '\(flag)' FROM import_profile_options LIMIT 1\"") == 0)
        #expect(sandbox.succeed("import-profile", "show", "bank") == "--default-category Food \(flag)\n")
        let file = sandbox.write("old.csv", "date,amount,payee\n2026-10-30,1.00,Kiosk\n")
        let before = try sandbox.snapshot()
        for words in [["import", "--profile", "bank", file], ["import", "--profile", "bank", file, flag], ["import", "--profile", "bank", file, "--dry-run"]] {
            let result = sandbox.run(words)
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(result.stderr == """
            budget: error: import profile 'bank' cannot hold '\(flag)'
            hint: save the profile again without it with 'budget import-profile save NAME OPTIONS...' ('budget import-profile show NAME' prints its options), and give \(flag) to the import itself

            """)
        }
        #expect(try sandbox.snapshot() == before)
        // Saved again without it, the profile is used; a reconciled period still needs --force.
        sandbox.succeed("-q", "import-profile", "save", "bank", "--default-category", "Food")
        let saved = try sandbox.snapshot()
        let refused = sandbox.run("import", "--profile", "bank", file)
        #expect(refused.status == 1)
        #expect(refused.stderr == """
        budget: error: \(file) has a row of 2026-10-30, on or before the reconciliation of Main on 2026-11-01 (statement balance -5.00); nothing was imported
        hint: an import never matches rows typed in by hand: if the book holds the file's rows up to 2026-11-01 already, leave them out of the file; to import them anyway, add --force (the reconciliation will no longer hold)

        """)
        #expect(try sandbox.snapshot() == saved)
        #expect(sandbox.run("import", "--profile", "bank", file, "--force").stderr == """
        Imported 1 transaction from \(file).
        budget: warning: this breaks the reconciliation of Main on 2026-11-01 (statement balance -5.00); reconcile again when the book matches the bank

        """)
    }

    @Test func aProfileEditedByHandIntoNonsenseIsAUsageErrorNamingIt() throws {
        let sandbox = book()
        sandbox.succeed("-q", "import-profile", "save", "giro", "--negate")
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE import_profile_options SET word = '--bogus'\"") == 0)
        let file = sandbox.write("a.csv", "date,amount\n2026-11-02,1.00\n")
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", "--profile", "giro", file)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("budget: error: import profile 'giro': unknown option '--bogus'\n"))
        #expect(try sandbox.snapshot() == before)
    }
}
