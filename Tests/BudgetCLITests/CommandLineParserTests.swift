import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct CommandLineParserTests {
    let parser = CommandLineParser(tree: Commands.tree)

    /// The command a line parses to, typed.
    func command<C: BudgetCommand>(_ words: [String], as _: C.Type = C.self) throws -> (C, GlobalOptions) {
        guard case .run(let parsed, _, let globals) = try parser.parse(words), let command = parsed as? C else {
            Issue.record("expected \(C.self) to run")
            throw UsageError(message: "not a run")
        }
        return (command, globals)
    }

    func usageError(_ words: [String]) -> String? {
        do {
            _ = try parser.parse(words)
            return nil
        } catch {
            return error.message
        }
    }

    func helpTarget(_ words: [String]) throws -> String? {
        guard case .help(let info) = try parser.parse(words) else {
            Issue.record("expected help")
            return "(not help)"
        }
        return info?.path
    }

    @Test func aNegativeAmountIsTheAmountArgument() throws {
        let (add, _) = try command(["add", "-2.25", "Food", "Refund"], as: Add.self)
        #expect(add.amount == Money(minorUnits: -225))
        #expect(add.category?.name == "Food")
        #expect(add.payee == "Refund")
    }

    @Test func negativeOptionValuesNeedNoEqualsSign() throws {
        let (list, _) = try command(["list", "--min", "-10", "--max=-1"], as: List.self)
        #expect(list.filters.min == Money(minorUnits: -1000))
        #expect(list.filters.max == Money(minorUnits: -100))
    }

    @Test(arguments: [["--note", "-x"], ["--note", "--date"], ["--note", "--"], ["--note", "-"], ["--note=-x"], ["--note", "--help"]])
    func anOptionTakesTheNextWordWhateverItLooksLike(words: [String]) throws {
        let (add, _) = try command(["add", "5", "Food"] + words, as: Add.self)
        let expected = words.count == 1 ? String(words[0].dropFirst("--note=".count)) : words[1]
        #expect(add.note == expected)
        #expect(add.date == nil)
    }

    @Test func aShortOptionTakesTheNextWordOrTheRestOfItsCluster() throws {
        #expect(try command(["add", "5", "Food", "-q"], as: Add.self).1.quiet)
        #expect(try command(["--db", "-odd-name", "list"], as: List.self).1.database == "-odd-name")
    }

    @Test(arguments: [
        ["--db", "/tmp/x.sqlite3", "list"], ["list", "--db", "/tmp/x.sqlite3"], ["list", "--db=/tmp/x.sqlite3"],
    ])
    func theDatabaseOptionGoesBeforeOrAfterTheCommand(words: [String]) throws {
        #expect(try command(words, as: List.self).1.database == "/tmp/x.sqlite3")
    }

    @Test func aDoubleDashEndsOptions() throws {
        let (add, _) = try command(["add", "5", "Food", "--", "--date"], as: Add.self)
        #expect(add.payee == "--date")
        #expect(add.date == nil)
    }

    @Test func shortFlagsCluster() throws {
        #expect(try command(["categories", "-q"], as: Categories.self).1.quiet)
        #expect(try helpTarget(["categories", "-qh"]) == "categories")
    }

    @Test func choicesIgnoreCase() throws {
        #expect(try command(["list", "--format", "CSV"], as: List.self).0.format == .csv)
        #expect(try command(["report", "--from", "2026-01", "--to", "2026-02", "--by", "Payee"], as: Report.self).0.grouping == .payee)
    }

    @Test func helpAnywhereWinsOverOtherMistakes() throws {
        #expect(try helpTarget(["add", "12.345", "--bogus", "--help"]) == "add")
    }

    @Test(arguments: [[], ["--help"], ["-h"]])
    func withoutACommandHelpIsForBudgetItself(words: [String]) throws {
        #expect(try helpTarget(words) == nil)
    }

    @Test func versionIsAskedBeforeTheCommand() throws {
        guard case .version = try parser.parse(["--version"]) else { Issue.record("expected the version"); return }
    }

    @Test func variadicArgumentsKeepEveryValueInOrder() throws {
        #expect(try command(["delete", "3", "1", "2"], as: Delete.self).0.ids.map(\.value) == [3, 1, 2])
    }

    @Test func optionsThatExcludeEachOtherSetOneEnum() throws {
        guard case .move(let other) = try command(["delete-category", "A", "--move-to", "B"], as: DeleteCategory.self).0.disposal else {
            Issue.record("expected a move")
            return
        }
        #expect(other == "B")
        guard case .delete = try command(["delete-category", "A", "--force"], as: DeleteCategory.self).0.disposal else {
            Issue.record("expected a delete")
            return
        }
    }

    @Test(arguments: [
        (["lst"], "unknown command 'lst'; did you mean 'list'?"),
        (["lsit"], "unknown command 'lsit'; did you mean 'list'?"),
        (["categry"], "unknown command 'categry'; did you mean 'categories'?"),
        (["rep"], "unknown command 'rep'; did you mean 'report'?"),
        (["set"], "unknown command 'set'; did you mean 'set-budget', 'set-rollover' or 'set-default-account'?"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["list", "--mnth", "2026-11"], "unknown option '--mnth'; did you mean '--month'?"),
        (["list", "--zzzzzzzz"], "unknown option '--zzzzzzzz'"),
        (["list", "-x"], "unknown option '-x'"),
        (["delete-account", "-Cash"], "unknown option '-C' (in '-Cash')"),
        (["add"], "missing argument '<amount>'"),
        (["add", "5"], "missing argument '<category>'"),
        (["reconcile", "Main", "--on", "2026-11-01"], "missing option '--statement-balance <amount>'"),
        (["sync", ""], "the value '' is invalid for '<dir>': it is empty"),
        (["import", ""], "the value '' is invalid for '<file>': it is empty"),
        (["backup", ""], "the value '' is invalid for '<path>': it is empty"),
        (["reconcile", "Main", "--statement-balance", "5"], "missing option '--on <day>'"),
        (["add", "5", "Food", "a", "b"], "unexpected argument 'b'"),
        (["add", "5", "Food", "a", "b", "c"], "2 unexpected arguments: 'b', 'c'"),
        (["add", "5", "Food", "--date"], "missing value for '--date <day>'"),
        (["add", "5", "Food", "--date", "2026-11-01", "--date", "2026-11-02"], "'--date <day>' was given more than once"),
        (["list", "--format", "csv", "--format", "json"], "'--format <format>' was given more than once"),
        (["--db", "a", "list", "--db", "b"], "'--db <path>' was given more than once"),
        (["delete-category", "A", "--move-to", "B", "--force"], "'--move-to <other>' cannot be used with '--force'"),
        (["set-budget", "A", "5", "--month", "2026-01", "--from", "2026-02"], "'--month <month>' cannot be used with '--from <month>'"),
        (["list", "--month", "2026-11", "--from", "2026-11-01"], "'--month <month>' cannot be used with '--from <day>'"),
        (["add-category", "X", "5", "--income=yes"], "the option '--income' does not take a value, but 'yes' was given"),
        (["list", "--limit", "abc"], "the value 'abc' is invalid for '--limit <n>': expected a whole number, 0 or more"),
        (["list", "--format", "xml"], "the value 'xml' is invalid for '--format <format>': expected 'table', 'csv', 'tsv' or 'json'"),
        (["list", "--format", "jsno"], "the value 'jsno' is invalid for '--format <format>': expected 'table', 'csv', 'tsv' or 'json'; did you mean 'json'?"),
        (["add", "12.345", "Food"], "the value '12.345' is invalid for '<amount>': it has more than two decimals"),
        (["add", "5", "Food", "--date", "2026-02-30"], "the value '2026-02-30' is invalid for '--date <day>': there is no such day"),
        (["add", "5", "Food", "--date", "30/02/2026"], "the value '30/02/2026' is invalid for '--date <day>': expected YYYY-MM-DD, today or yesterday"),
        (["report", "--month", "2026-13"], "the value '2026-13' is invalid for '--month <month>': expected YYYY-MM, this or last"),
        (["delete", "0"], "the value '0' is invalid for '<id>': expected a transaction id (a whole number, 1 or more)"),
        (["delete", "1", "x"], "the value 'x' is invalid for '<id>': expected a transaction id (a whole number, 1 or more)"),
        (["rule", "list", "x"], "unexpected argument 'x'"),
        (["rule", "ad"], "unknown command 'ad'; did you mean 'add'?"),
        (["list", "--version"], "unknown option '--version'"),
    ])
    func mistakesAreNamedInOneStyle(words: [String], message: String) {
        #expect(usageError(words) == message)
    }

    /// Top-level commands delete, subcommands remove: the other word (or rm, del, ls) names the
    /// command that exists, first, instead of a merely similar one or nothing.
    @Test(arguments: [
        (["rule", "delete", "1"], "unknown command 'delete'; did you mean 'remove'?"),
        (["import-profile", "delete", "giro"], "unknown command 'delete'; did you mean 'remove'?"),
        (["rule", "rm", "1"], "unknown command 'rm'; did you mean 'remove'?"),
        (["rule", "ls"], "unknown command 'ls'; did you mean 'list'?"),
        (["remove", "5"], "unknown command 'remove'; did you mean 'delete' or 'remove-budget'?"),
        (["rm", "5"], "unknown command 'rm'; did you mean 'delete'?"),
    ])
    func aWordAnotherToolUsesNamesTheCommandThatExists(words: [String], message: String) {
        #expect(usageError(words) == message)
    }

    @Test func aGroupsNextWordSelectsItsSubcommand() throws {
        guard case .run(let parsed, let info, let globals) = try parser.parse(["--db", "/tmp/x.sqlite3", "rule", "add", "-q", "coffee", "Eating out"]),
              let rule = parsed as? RuleAdd else {
            Issue.record("expected rule add")
            return
        }
        #expect(info.path == "rule add")
        #expect(rule.pattern == "coffee")
        #expect(rule.category?.name == "Eating out")
        #expect(globals == GlobalOptions(database: "/tmp/x.sqlite3", quiet: true))
        #expect(try helpTarget(["rule"]) == "rule")
    }

    @Test func everyCommandHasUniqueNamesAndOptionalArgumentsLast() {
        for command in Commands.info.flatMap(\.tree) {
            // A positional may share its name with the option that gives the same value another
            // way (add's <payee> and --payee, for a split); options and positionals are each unique.
            let names = command.options.map(\.name) + GlobalOptions.info.map(\.name)
            #expect(Set(names).count == names.count, "\(command.path) reuses a name")
            let positionalNames = command.positionals.map(\.name)
            #expect(Set(positionalNames).count == positionalNames.count, "\(command.path) reuses a name")
            let shorts = (command.options + GlobalOptions.info).compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "\(command.path) reuses a short name")
            let positionals = command.positionals
            let firstOptional = positionals.firstIndex { $0.isOptional || $0.isRepeatable } ?? positionals.count
            #expect(positionals[firstOptional...].allSatisfy { $0.isOptional || $0.isRepeatable }, "\(command.path)")
            #expect(positionals.dropLast().allSatisfy { !$0.isRepeatable }, "\(command.path)")
            #expect(Set(command.subcommands.map(\.name)).count == command.subcommands.count, "\(command.path)")
        }
        #expect(Set(Commands.info.map(\.name)).count == Commands.info.count)
    }
}

@Suite struct SuggestionTests {
    @Test(arguments: [("kitten", "sitting", 3), ("", "abc", 3), ("month", "month", 0), ("café", "cafe", 1), ("lsit", "list", 1),
                      ("ab", "ba", 1), ("ca", "abc", 3)])
    func editDistanceCountsASwapOfNeighboursAsOneEdit(a: String, b: String, distance: Int) {
        #expect(Suggestion.editDistance(a, b) == distance)
    }

    @Test(arguments: [
        ("--mont", ["--month", "--min"], ["--month"]),
        ("--xyzzy", ["--month"], []),
        ("lsit", ["edit", "list"], ["list"]),
        ("del", ["delete", "delete-category", "add"], ["delete", "delete-category"]),
        ("ad", ["add", "edit"], ["add"]),
        ("x", ["add"], []),
    ])
    func onlyCloseNamesAreSuggested(written: String, candidates: [String], expected: [String]) {
        #expect(Suggestion.closest(to: written, among: candidates) == expected)
    }
}
