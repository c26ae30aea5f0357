import BudgetKit
import Testing
@testable import BudgetCLI

/// `budget import`'s hint for a statement that opens where the book does not: the command it
/// prints, run exactly as printed, makes the next import of the same file agree.
///
/// Story: an account added with `--opening 1500 --on 2026-11-15`, then the bank's statement
/// opening at 1500.00 on 2026-10-31. The opening dated inside the statement is not counted
/// where the statement opens, and the hint said `set-opening-balance Giro 3000.00` (the
/// account's 1500.00 plus the 1500.00 the book lacked): from the beginning, that made the book
/// 1500.00 too high, and the next import said so.
@Suite struct ImportOpeningHintTests {
    /// Rows on 2026-11-03 and 2026-11-20: the opening is compared at the end of 2026-11-02.
    static let statement = """
        :20:STARTUMSE
        :25:37040044/0532013000
        :28C:00330/001
        :60F:C261031EUR1500,00
        :61:2611031103DR89,90NDDTINV-2026-4711//2611030001
        :86:105?20Abschlag Strom?32Stadtwerke
        :61:2611201120CR2500,00NTRFNONREF//2611200002
        :86:166?20Gehalt November?32Arbeitgeber GmbH
        :62F:C261130EUR3910,10
        -

        """

    /// What `add-account NAME --number ...` adds, the hint's command after `budget`, what it
    /// says when run, and the account's opening balance after it (as stored).
    static let cases: [([String], String, String, String)] = [
        // The newcomer's case: the opening dated after the day the statement opens.
        (["--opening", "1500", "--on", "2026-11-15"], "set-opening-balance Giro 1500.00 --on 2026-10-31",
         "Set the opening balance of Giro to 1500.00 from 2026-10-31 (was 1500.00 from 2026-11-15).", "150000|2026-10-31"),
        // No opening balance yet: from the beginning, as before.
        ([], "set-opening-balance Giro 1500.00",
         "Set the opening balance of Giro to 1500.00 (was 0.00).", "150000|"),
        // An opening that counts but is not the bank's: its day stays as the person gave it.
        (["--opening", "1000", "--on", "2026-10-01"], "set-opening-balance Giro 1500.00 --on 2026-10-01",
         "Set the opening balance of Giro to 1500.00 from 2026-10-01 (was 1000.00 from 2026-10-01).", "150000|2026-10-01"),
        // The account's name needs quoting: the command is still one the shell runs as printed.
        (["--opening", "1500", "--on", "2026-11-15"], "set-opening-balance 'Giro Konto' 1500.00 --on 2026-10-31",
         "Set the opening balance of Giro Konto to 1500.00 from 2026-10-31 (was 1500.00 from 2026-11-15).", "150000|2026-10-31"),
    ]

    @Test(arguments: cases)
    func theHintedCommandMakesTheNextImportOfTheFileAgree(adding: [String], command: String, said: String, stored: String) throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let name = command.contains("Konto") ? "Giro Konto" : "Giro"
        sandbox.succeed(["-q", "add-account", name, "--number", "DE89 3704 0044 0532 0130 00"] + adding)
        let file = sandbox.write("giro.sta", Self.statement)
        let first = sandbox.run("import", file, "--default-category", "Food")
        let opening = adding.isEmpty ? "0.00" : adding[1] == "1000" ? "1000.00" : "0.00"
        let shortBy = adding.isEmpty ? "1500.00" : adding[1] == "1000" ? "500.00" : "1500.00"
        let hint = try #require(first.stderr.split(separator: "\n").first { $0.hasPrefix("hint: import the statements before") })
        let printed = try #require(hint.split(separator: ": budget ", maxSplits: 1).last.map(String.init))
        #expect(printed == command)
        let closing = adding == ["--opening", "1000", "--on", "2026-10-01"] ? "3410.10" : adding.isEmpty ? "2410.10" : "3910.10"
        #expect(first.stderr.hasPrefix("""
            Imported 2 transactions from \(file).
            budget: warning: \(file):1:1: the statement opens \(name) at 1500.00, the book at \(opening) (\(shortBy) below the statement): \
            an earlier statement is missing
            hint: import the statements before this one, then this one again (it adds nothing twice); if the book starts with \
            this statement, give the account its opening balance: budget \(command)

            """))
        #expect(first.status == (closing == "3910.10" ? 0 : 3))
        // Run exactly what was printed.
        let run = sandbox.run(try Self.shellWords(printed))
        #expect(run.status == 0)
        #expect(run.stderr == said + "\n")
        #expect(try sandbox.query("SELECT opening_balance || '|' || coalesce(opening_date, '') FROM accounts WHERE name = '\(name)'")
            == [stored])
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.status == 0)
        #expect(again.stderr == """
            Imported 0 transactions from \(file); skipped 2 already imported.
            \(name) on 2026-11-30: 3910.10, as the statement says.

            """)
    }

    /// A dry run prints the same command before anything is imported; run, it makes the
    /// import agree at once.
    @Test func aDryRunHintsTheSameCommand() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-account", "Giro", "--number", "DE89 3704 0044 0532 0130 00", "--opening", "1500", "--on", "2026-11-15")
        let file = sandbox.write("giro.sta", Self.statement)
        let before = try sandbox.snapshot()
        let dry = sandbox.run("import", file, "--default-category", "Food", "--dry-run")
        #expect(try sandbox.snapshot() == before)
        #expect(dry.stderr.contains("give the account its opening balance: budget set-opening-balance Giro 1500.00 --on 2026-10-31\n"))
        sandbox.succeed("-q", "set-opening-balance", "Giro", "1500.00", "--on", "2026-10-31")
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 2 transactions from \(file).\nGiro on 2026-11-30: 3910.10, as the statement says.\n")
    }

    /// When the book does not start with the statement, or `set-opening-balance` would refuse
    /// the figure, the hint names only the earlier statements: it printed
    /// `budget set-opening-balance Giro 1510.00`, which then failed (`the opening balance of
    /// Giro counts in the reconciliation of Giro on 2026-09-30`, exit 1).
    @Test(arguments: [
        // A row before the statement, reconciled: the book does not start with the statement.
        (["add", "10", "Food", "Shop", "--date", "2026-09-10", "--account", "Giro"], "-10.00", "1510.00", "2400.10"),
        // No row, but a reconciliation from the beginning that an opening balance would break.
        ([], "0.00", "1500.00", "2410.10"),
    ])
    func aHintOffersNoOpeningTheToolWouldRefuse(row: [String], bookOpening: String, shortBy: String, bookClosing: String) throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-account", "Giro", "--number", "DE89 3704 0044 0532 0130 00")
        if !row.isEmpty { sandbox.succeed(["-q"] + row) }
        sandbox.succeed("-q", "reconcile", "Giro", "--statement-balance", bookOpening, "--on", "2026-09-30")
        let file = sandbox.write("giro.sta", Self.statement)
        func expected(dryRun: Bool) -> String {
            let book = dryRun ? "the book would be" : "the book"
            return """
                \(dryRun ? "Dry run: would import" : "Imported") 2 transactions from \(file).
                budget: warning: \(file):1:1: the statement opens Giro at 1500.00, \(book) at \(bookOpening) (\(shortBy) below the statement): \
                an earlier statement is missing
                hint: import the statements before this one, then this one again (it adds nothing twice)
                budget: error: \(file):1:1: the statement closes Giro on 2026-11-30 at 3910.10, \(book) at \(bookClosing) as the bank sees it \
                (\(shortBy) below the statement)
                hint: \(dryRun ? "nothing was imported (dry run)" : "the 2 rows were imported"); look for rows deleted, edited or missing \
                in Giro up to 2026-11-30 (see 'budget list --account Giro'), and for an earlier statement not imported

                """
        }
        let before = try sandbox.snapshot()
        let dry = sandbox.run("import", file, "--default-category", "Food", "--dry-run")
        #expect(dry.status == 3)
        #expect(dry.stderr == "Read as mt940 (utf-8).\n" + expected(dryRun: true))
        #expect(try sandbox.snapshot() == before)
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 3)
        #expect(result.stderr == expected(dryRun: false))
    }

    /// An account named like an option (`-Giro`): the printed command puts it after `--`, and
    /// runs as printed (it said `budget set-opening-balance -Giro 1500.00`: `unknown option
    /// '-G'`, exit 64).
    @Test func aNameStartingWithADashComesAfterDoubleDashInTheHintedCommand() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-account", "--number", "DE89 3704 0044 0532 0130 00", "--", "-Giro")
        let file = sandbox.write("giro.sta", Self.statement)
        let first = sandbox.run("import", file, "--default-category", "Food")
        #expect(first.status == 3)
        let hint = try #require(first.stderr.split(separator: "\n").first { $0.hasPrefix("hint: import the statements before") })
        let printed = try #require(hint.split(separator: ": budget ", maxSplits: 1).last.map(String.init))
        #expect(printed == "set-opening-balance -- -Giro 1500.00")
        let run = sandbox.run(try Self.shellWords(printed))
        #expect(run.status == 0)
        #expect(run.stderr == "Set the opening balance of -Giro to 1500.00 (was 0.00).\n")
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.status == 0)
        #expect(again.stderr == "Imported 0 transactions from \(file); skipped 2 already imported.\n-Giro on 2026-11-30: 3910.10, as the statement says.\n")
    }

    /// A hint's command keeps its usual order, and puts the options first and the arguments
    /// after `--` when one would be read as options or as `--`.
    @Test(arguments: [
        (["Giro", "1500.00"], "budget set-opening-balance Giro 1500.00 --on 2026-10-31"),
        (["-Giro", "1500.00"], "budget set-opening-balance --on 2026-10-31 -- -Giro 1500.00"),
        (["--", "1500.00"], "budget set-opening-balance --on 2026-10-31 -- -- 1500.00"),
        (["Giro", "-12.50"], "budget set-opening-balance Giro -12.50 --on 2026-10-31"),
        (["-Giro Konto", "1500.00"], "budget set-opening-balance --on 2026-10-31 -- '-Giro Konto' 1500.00"),
    ])
    func aHintedCommandEndsOptionsBeforeANameLikeAnOption(arguments: [String], printed: String) {
        #expect(ShellWords.command(["budget", "set-opening-balance"], arguments: arguments, options: ["--on", "2026-10-31"]) == printed)
    }

    /// The words of a command as a POSIX shell reads them: plain words and `'...'` quoting
    /// (what ``ShellWords`` writes for a printable name).
    static func shellWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in line {
            if quoted {
                if character == "'" { quoted = false } else { word!.append(character) }
            } else if character == "'" {
                quoted = true
                word = word ?? ""
            } else if character == " " {
                if let done = word { words.append(done) }
                word = nil
            } else {
                try #require(!"\\\"$`".contains(character), "a character this reader does not handle: \(line)")
                word = (word ?? "") + String(character)
            }
        }
        try #require(!quoted, "an unclosed quote: \(line)")
        if let done = word { words.append(done) }
        return words
    }
}
