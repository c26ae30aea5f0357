import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct CommandLineParserTests {
    let parser = CommandLineParser(commands: Commands.specs)

    func invocation(_ words: [String]) throws -> Invocation {
        guard case .run(let invocation) = try parser.parse(words) else {
            Issue.record("expected a command to run")
            throw UsageError(message: "not a run")
        }
        return invocation
    }

    func usageError(_ words: [String]) -> String? {
        do {
            _ = try parser.parse(words)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [["-12.50"], ["-3"], ["-.5"], ["--", "-x"]])
    func wordsStartingWithAMinusAndADigitAreValues(words: [String]) {
        #expect(Token.tokenize(words).last == .word(words.last!))
    }

    @Test func aNegativeAmountIsTheAmountArgument() throws {
        let parsed = try invocation(["add", "-2.25", "Food", "Refund"]).arguments
        #expect(parsed.money("amount") == Money(minorUnits: -225))
        #expect(parsed.text("category") == "Food")
        #expect(parsed.text("payee") == "Refund")
    }

    @Test func negativeOptionValuesNeedNoEqualsSign() throws {
        let parsed = try invocation(["list", "--min", "-10", "--max=-1"]).arguments
        #expect(parsed.money("min") == Money(minorUnits: -1000))
        #expect(parsed.money("max") == Money(minorUnits: -100))
    }

    @Test(arguments: [
        ["--db", "/tmp/x.sqlite3", "list"], ["list", "--db", "/tmp/x.sqlite3"], ["list", "--db=/tmp/x.sqlite3"],
    ])
    func theDatabaseOptionGoesBeforeOrAfterTheCommand(words: [String]) throws {
        #expect(try invocation(words).databasePath == "/tmp/x.sqlite3")
    }

    @Test func aDoubleDashEndsOptions() throws {
        let parsed = try invocation(["add", "5", "Food", "--", "--date"]).arguments
        #expect(parsed.text("payee") == "--date")
        #expect(parsed.day("date") == nil)
    }

    @Test func shortFlagsCluster() throws {
        let invocation = try invocation(["categories", "-q"])
        #expect(invocation.quiet)
        guard case .help(let spec) = try parser.parse(["categories", "-qh"]) else { Issue.record("expected help"); return }
        #expect(spec?.name == "categories")
    }

    @Test func helpAnywhereWinsOverOtherMistakes() throws {
        guard case .help(let spec) = try parser.parse(["add", "12.345", "--bogus", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(spec?.name == "add")
    }

    @Test(arguments: [[], ["help"], ["--help"], ["-h"]])
    func withoutACommandHelpIsForBudgetItself(words: [String]) throws {
        guard case .help(let spec) = try parser.parse(words) else { Issue.record("expected help"); return }
        #expect(spec == nil)
    }

    @Test func helpNamesACommand() throws {
        guard case .help(let spec) = try parser.parse(["help", "report"]) else { Issue.record("expected help"); return }
        #expect(spec?.name == "report")
    }

    @Test func versionIsAskedBeforeTheCommand() throws {
        guard case .version = try parser.parse(["--version"]) else { Issue.record("expected the version"); return }
    }

    @Test func repeatedVariadicArgumentsKeepEveryValue() throws {
        #expect(try invocation(["delete", "3", "1", "2"]).arguments.integers("id") == [3, 1, 2])
    }

    @Test(arguments: [
        (["lst"], "Unknown command 'lst'. Did you mean 'list'?"),
        (["frobnicate"], "Unknown command 'frobnicate'"),
        (["list", "--mnth", "2026-11"], "Unknown option '--mnth'. Did you mean '--month'?"),
        (["list", "--zzzzzzzz"], "Unknown option '--zzzzzzzz'"),
        (["list", "-x"], "Unknown option '-x'"),
        (["add"], "Missing expected argument '<amount>'"),
        (["add", "5"], "Missing expected argument '<category>'"),
        (["add", "5", "Food", "a", "b"], "Unexpected argument 'b'"),
        (["add", "5", "Food", "a", "b", "c"], "2 unexpected arguments: 'b', 'c'"),
        (["add", "5", "Food", "--date"], "Missing value for '--date <day>'"),
        (["add", "5", "Food", "--note", "--date", "today"], "Missing value for '--note <text>'"),
        (["add-category", "X", "5", "--income=yes"], "The option '--income' does not take any value, but 'yes' was specified."),
        (["list", "--limit", "abc"], "The value 'abc' is invalid for '--limit <n>': expected a whole number, 0 or more"),
        (["list", "--format", "xml"], "The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'csv', 'tsv' or 'json'."),
        (["add", "12.345", "Food"], "The value '12.345' is invalid for '<amount>': it has more than two decimals"),
        (["add", "5", "Food", "--date", "2026-02-30"], "The value '2026-02-30' is invalid for '--date <day>': there is no such day"),
        (["add", "5", "Food", "--date", "30/02/2026"], "The value '30/02/2026' is invalid for '--date <day>': expected YYYY-MM-DD, today or yesterday"),
        (["report", "--month", "2026-13"], "The value '2026-13' is invalid for '--month <month>': expected YYYY-MM, this or last"),
        (["delete", "0"], "The value '0' is invalid for '<id>': expected a transaction id (a whole number, 1 or more)"),
        (["help", "xyzzy"], "Unknown command 'xyzzy'"),
        (["help", "rule", "ad"], "Unknown command 'ad'. Did you mean 'add'?"),
        (["help", "rule", "add", "x"], "Unexpected argument 'x'"),
        (["help", "add", "x", "y"], "2 unexpected arguments: 'x', 'y'"),
        (["rule", "list", "x"], "Unexpected argument 'x'"),
        (["list", "--version"], "Unknown option '--version'"),
    ])
    func mistakesAreNamedAsSwiftArgumentParserNamesThem(words: [String], message: String) {
        #expect(usageError(words) == message)
    }

    @Test func aGroupsNextWordSelectsItsSubcommand() throws {
        let invocation = try invocation(["--db", "/tmp/x.sqlite3", "rule", "add", "-q", "coffee", "Eating out"])
        #expect(invocation.command.path == "rule add")
        #expect(invocation.arguments.text("pattern") == "coffee")
        #expect(invocation.arguments.text("category") == "Eating out")
        #expect(invocation.quiet)
        #expect(Commands.command(for: invocation.command)?.spec.path == "rule add")
        guard case .help(let spec) = try parser.parse(["rule"]) else { Issue.record("expected help"); return }
        #expect(spec?.path == "rule")
        #expect(spec?.subcommands.map(\.path) == ["rule add", "rule list", "rule remove"])
    }

    @Test func everySpecHasUniqueNamesAndOptionalArgumentsLast() {
        for spec in Commands.specs.flatMap(\.tree) {
            let names = spec.arguments.map(\.name) + (spec.options + OptionSpec.global).map(\.long)
            #expect(Set(names).count == names.count, "\(spec.name) reuses a name")
            let firstOptional = spec.arguments.firstIndex { $0.isOptional || $0.isVariadic } ?? spec.arguments.count
            #expect(spec.arguments[firstOptional...].allSatisfy { $0.isOptional || $0.isVariadic }, "\(spec.name)")
            #expect(spec.arguments.dropLast().allSatisfy { !$0.isVariadic }, "\(spec.name)")
        }
        #expect(Set(Commands.specs.map(\.name)).count == Commands.specs.count)
        for group in Commands.specs.flatMap(\.tree) where group.isGroup {
            #expect(Set(group.subcommands.map(\.name)).count == group.subcommands.count, "\(group.path)")
            #expect(group.arguments.isEmpty && group.options.isEmpty, "\(group.path)")
        }
    }
}

extension CommandSpec {
    /// This spec and every spec nested in it.
    var tree: [CommandSpec] { [self] + subcommands.flatMap(\.tree) }
}

@Suite struct SuggestionTests {
    @Test(arguments: [("kitten", "sitting", 3), ("", "abc", 3), ("month", "month", 0), ("café", "cafe", 1)])
    func editDistanceIsLevenshtein(a: String, b: String, distance: Int) {
        #expect(Suggestion.editDistance(a, b) == distance)
    }

    @Test func onlyCloseNamesAreSuggested() {
        #expect(Suggestion.closest(to: "--mont", among: ["--month", "--min"]) == "--month")
        #expect(Suggestion.closest(to: "--xyzzy", among: ["--month"]) == nil)
    }
}
