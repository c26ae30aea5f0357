import Testing
@testable import BudgetCLI

/// Every bad row and bad option of `budget import`: its exact message, its exit status, nothing
/// on stdout, and a book left exactly as it was (the good rows before a bad one included).
@Suite struct ImportBadInputTests {
    static let hint = "hint: fix that row and run the command again; nothing was imported\n"
    static let usageLines = "usage: budget import [<options>] <file>\n  see 'budget import --help' for more information\n"

    /// A good row on line 2, then `row` on line 3.
    static func file(_ row: String, header: String = "date,amount,category,payee") -> String {
        header + "\n2026-11-20,1.00,Food,Good\n" + row + "\n"
    }

    @Test(arguments: [
        (file("2026-11-31,3.20,Food,Coffee"), [], "3:1: invalid date '2026-11-31' (expected YYYY-MM-DD)"),
        (file("2026-11-31,3.20,Food,Coffee"), [], "3:1: invalid date '2026-11-31' (expected YYYY-MM-DD)"),
        (file(" ,3.20,Food,Coffee"), [], "3:1: empty date"),
        (file("2026-11-21,,Food,Coffee"), [], "3:2: empty amount"),
        (file("2026-11-21,12.3456,Food,Coffee"), [], "3:2: invalid amount '12.3456': it has more than two decimals"),
        ("date;amount;category;payee\n2026-11-20;1,00;Food;Good\n2026-11-21;3.20;Food;Coffee\n", ["--delimiter", ";", "--decimal-comma"],
         "3:2: invalid amount '3.20': a '.' separates thousands: write 3,20 for decimals"),
        (file("2026-11-21"), [], "3:2: missing amount: the row has 1 field"),
        (file("2026-11-21,3.20,Food,Bob\"s"), [],
         "3:4: a quote inside an unquoted field (quote the whole field and double the quotes inside it)"),
        (file("2026-11-21,3.20,Food,\"Bob\"s"), [], "3:4: unexpected text after the closing quote of a quoted field"),
        (file("2026-11-21,3.20,Food,\"Bob,\n2026-11-22,1.00,Food,Ann"), [],
         "3:4: a quoted field is not closed before the end of the file"),
        (file("", header: "date,value"), [], "1:1: no column named 'amount' in the header (it has 'date', 'value')"),
        (file("", header: "date,amount,category,payee"), ["--payee-column", "9"], "1:1: no column 9: the header has 4 columns"),
        ("date,out,in,category\n2026-11-20,1.00,,Food\n2026-11-21,,,Food\n", ["--debit-column", "out", "--credit-column", "in"],
         "3:2: empty amount: both the debit and the credit are empty"),
        // A thousands separator that lost its quotes shifts the row: never read as 1.00 paid to '234.56'.
        (file("2026-11-21,1,234.56,Food,Big purchase"), [], "3:5: 5 fields, but the header has 4: a value holding ',' must be quoted, or the header lacks a column's name"),
        ("Date\tAmount\tPayee\n2026-11-20\t-1.00\tGood\n2026-11-21\t-3.20\tCoffee\tx\n", ["--default-category", "Food"],
         "3:4: 4 fields, but the header has 3: a value holding a tab must be quoted, or the header lacks a column's name"),
    ] as [(String, [String], String)])
    func aBadRowStopsTheImportAndChangesNothing(text: String, options: [String], message: String) throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("bank.csv", text)
        let before = try sandbox.snapshot()
        let result = sandbox.run(["import", file] + options)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(file):\(message)\n" + Self.hint)
        #expect(try sandbox.snapshot() == before)
    }

    /// A row left without a category, or naming an account the book lacks: the hint names what
    /// fixes it (it said "fix that row" alone). A short row lacks its category as an empty cell does.
    @Test(arguments: [
        (file("2026-11-21,3.20,,Coffee"), "3:1: no category for payee 'Coffee': the row names none, no rule matches and there is no default category\n"
            + "hint: give the row a category, add a rule for its payee ('budget rule add'), or import with --default-category NAME; nothing was imported\n"),
        (file("2026-11-21,3.20"), "3:1: no category for the row: it names none and has no payee, and there is no default category\n"
            + "hint: give the row a category, or import with --default-category NAME; nothing was imported\n"),
        ("date,amount,category,account\n2026-11-20,1.00,Food,Main\n2026-11-21,3.20,Food,Sav ings\n",
         "3:4: no account named 'Sav ings'\nhint: add it with: budget add-account 'Sav ings', or correct the row; nothing was imported\n"),
    ] as [(String, String)])
    func aRowWithoutCategoryOrAccountSaysWhatFixesIt(text: String, message: String) throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("bank.csv", text)
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(file):\(message)")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func everyMissingCategoryIsNamedAtOnceAndNothingIsImported() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("card.csv", """
            date,amount,category,payee
            2026-11-20,1.00,Food,Good
            2026-11-21,3.20,Fod,Coffee
            2026-11-22,3.20,Travel,Train
            2026-11-23,3.20,fod,Tea

            """)
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file)
        #expect(result.status == 65)
        #expect(result.stderr == """
            budget: error: \(file):3:3: no category named 'Fod'; did you mean 'Food'?
            budget: error: \(file):4:3: no category named 'Travel'
            hint: these names are from the file's column 'category': add them with 'budget add-category', import with \
            --create-categories to create them from the file, or import with --ignore-category-column to leave their rows to rules \
            and --default-category; nothing was imported

            """)
        #expect(try sandbox.snapshot() == before)
        let one = sandbox.write("one.csv", "date,amount,category\n2026-11-21,3.20,Fod\n")
        #expect(sandbox.run("import", one).stderr == """
            budget: error: \(one):2:3: no category named 'Fod'; did you mean 'Food'?
            hint: this name is from the file's column 'category': add it with 'budget add-category', import with \
            --create-categories to create it from the file, or import with --ignore-category-column to leave its rows to rules \
            and --default-category; nothing was imported

            """)
        // A column named by --category-column is the user's choice: no other is offered.
        #expect(sandbox.run("import", one, "--category-column", "category").stderr == """
            budget: error: \(one):2:3: no category named 'Fod'; did you mean 'Food'?
            hint: add it with 'budget add-category', or import with --create-categories to create it from the file; nothing was imported

            """)
    }

    @Test func aNULByteIsABadRowNeverACutField() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("nul.csv", bytes: Array("date,amount,category,payee\n2026-11-21,3.20,Food,Cof".utf8) + [0]
                                 + Array("fee A\n2026-11-21,3.20,Food,Cof".utf8) + [0] + Array("fee B\n".utf8))
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file)
        #expect(result.status == 65)
        // The transcoder finds it first (issue 11 item 2), and names UTF-16 without a byte order mark.
        #expect(result.stderr == "budget: error: \(file):2: a NUL character at byte 51: the file is binary, or UTF-16 without a byte order mark\n"
            + "hint: for UTF-16 text, name it with --encoding utf-16le or utf-16be\n")
        #expect(try sandbox.snapshot() == before)
    }

    /// Issue 11 item 2: a Latin-1 file is decoded (detected as Windows-1252), not refused.
    @Test func aLatin1FileIsDecodedNotRefused() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("latin1.csv", bytes: Array("date,amount,category,payee\n2026-11-21,3.20,Food,Caf".utf8) + [0xE9, 0x0A])
        let result = sandbox.run("import", file)
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 1 transaction from \(file).\n")
        #expect(sandbox.run("list", "--format", "csv").stdout.contains("Café"))
    }

    /// Issue 11 item 2: bytes the encoding given does not define name their offset and the option.
    @Test func textThatIsNotInTheEncodingGivenIsABadFile() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("latin1.csv", bytes: Array("date,amount,category,payee\n2026-11-21,3.20,Food,Caf".utf8) + [0xE9, 0x0A])
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--encoding", "utf-8")
        #expect(result.status == 65)
        #expect(result.stderr == "budget: error: \(file):2: bytes that are not utf-8 text at byte 51\n"
            + "hint: \(ErrorText.encodingHint)\n")
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aBadRowInADryRunIsReportedTheSameWay() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("bank.csv", Self.file("2026-11-21,x,Food,Coffee"))
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--dry-run")
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: \(file):3:2: invalid amount 'x': it is not a number like 12.50\n" + Self.hint)
        #expect(try sandbox.snapshot() == before)
    }

    @Test(arguments: [
        (["--negate", "--debit-column", "Out", "--credit-column", "In"], "'--negate' cannot be used with '--debit-column <column>'\n" + usageLines),
        (["--amount-column", "3", "--debit-column", "Out", "--credit-column", "In"],
         "'--amount-column <column>' cannot be used with '--debit-column <column>'\n" + usageLines),
        (["--amount-column", "3", "--credit-column", "In"], "'--amount-column <column>' cannot be used with '--credit-column <column>'\n" + usageLines),
        (["--debit-column", "Out"], "'--debit-column <column>' needs '--credit-column <column>' too\n" + usageLines),
        (["--credit-column", "In"], "'--credit-column <column>' needs '--debit-column <column>' too\n" + usageLines),
        (["--format", "csv"], "'--format <format>' needs '--dry-run' too\n" + usageLines),
        (["--delimiter", ";;"], """
         the value ';;' is invalid for '--delimiter <char>': expected one ASCII character other than a quote or a line break, or tab
         hint: write --delimiter ';' or --delimiter tab

         """),
        (["--delimiter", "\""], """
         the value '"' is invalid for '--delimiter <char>': expected one ASCII character other than a quote or a line break, or tab
         hint: write --delimiter ';' or --delimiter tab

         """),
        (["--date-format", "DD.MM.YY"], """
         the value 'DD.MM.YY' is invalid for '--date-format <pattern>': expected YYYY, MM and DD once each, with punctuation or spaces between
         hint: write the pattern of the file's dates, like DD.MM.YYYY, MM/DD/YYYY or YYYYMMDD

         """),
        (["--date-column", ""], """
         the value '' is invalid for '--date-column <column>': expected a header's text or a column number from 1
         hint: name the column as the file's header writes it, or count from 1 at the left

         """),
        (["--payee-column", "0"], """
         the value '0' is invalid for '--payee-column <column>': expected a header's text or a column number from 1
         hint: name the column as the file's header writes it, or count from 1 at the left

         """),
        (["--source", ""], """
         the value '' is invalid for '--source <name>': a source name cannot be empty
         hint: name the account the statement comes from, like visa or giro

         """),
        (["--skip-lines", "-1"], "the value '-1' is invalid for '--skip-lines <n>': expected a whole number, 0 or more\n" + usageLines),
        (["--negate=yes"], "the option '--negate' does not take a value, but 'yes' was given\n" + usageLines),
    ] as [([String], String)])
    func badOptionsAreUsageErrors(options: [String], message: String) throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("bank.csv", Self.file("2026-11-21,3.20,Food,Coffee"))
        let before = try sandbox.snapshot()
        let result = sandbox.run(["import", file] + options)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "budget: error: " + message)
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aMissingFileArgumentIsAUsageError() {
        let result = Sandbox().run("import")
        #expect(result.status == 64)
        #expect(result.stderr == "budget: error: missing argument '<file>'\n" + Self.usageLines)
    }

    @Test func aFileThatCannotBeReadIsAFailureAndCreatesNoBook() throws {
        let sandbox = Sandbox()
        let missing = sandbox.run("import", sandbox.directory + "/nope.csv")
        #expect(missing.status == 1)
        #expect(missing.stderr == "budget: error: cannot read \(sandbox.directory)/nope.csv: No such file or directory\n")
        #expect(try sandbox.snapshot() == "(no database)")
        sandbox.seed()
        let directory = sandbox.run("import", sandbox.directory)
        #expect(directory.status == 1)
        #expect(directory.stderr == "budget: error: cannot read \(sandbox.directory): Is a directory\n")
    }

    @Test func anUnknownDefaultCategoryIsAFailure() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("bank.csv", "date,amount,payee\n2026-11-21,3.20,Coffee\n")
        let before = try sandbox.snapshot()
        let result = sandbox.run("import", file, "--default-category", "Fod")
        #expect(result.status == 1)
        #expect(result.stderr == """
        budget: error: no category named 'Fod'; did you mean 'Food'?
        hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'

        """)
        #expect(try sandbox.snapshot() == before)
    }
}
