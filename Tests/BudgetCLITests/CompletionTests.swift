import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// The completion scripts and the man page, drawn from the command tree: each shell accepts its
/// script, bash and fish complete real partial command lines (category names read from the book
/// by the built binary), zsh's functions are golden, and `man -l` renders the page.
@Suite(.serialized) struct CompletionTests {
    /// A book with three categories, one name with a space, and the binary's folder for PATH.
    func book() throws -> (Sandbox, String) {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        for (name, flags) in [("Food", []), ("Eating out", []), ("Salary", ["--income"])] {
            sandbox.succeed(["-q", "add-category", name, "100"] + flags)
        }
        return (sandbox, String(binary[..<binary.lastIndex(of: "/")!]))
    }

    func shell(_ command: String) -> (output: String, status: Int32) {
        EndToEndTests().shell(command)
    }

    func script(_ shell: String) -> String {
        Sandbox().run("completions", shell).stdout
    }

    @Test(arguments: [("bash", "bash -n"), ("zsh", "zsh -n"), ("fish", "fish --no-execute")])
    func eachShellAcceptsItsScript(name: String, check: String) throws {
        let sandbox = Sandbox()
        let path = sandbox.write("script", script(name))
        #expect(shell("\(check) '\(path)' 2>&1") == ("", 0))
    }

    @Test(arguments: [
        (["budget", "re"], ["remove-budget", "rename-category", "rename-account", "reconcile", "report", "restore", "redo"]),
        (["budget", "rule", ""], ["add", "edit", "move", "list", "remove", "apply"]),
        (["budget", "add", "5", ""], ["Eating\\ out", "Food", "Salary"]),
        (["budget", "add", "-3", "F"], ["Food"]),
        (["budget", "add", "--date", "today", "5", "E"], ["Eating\\ out"]),
        (["budget", "list", "--format", ""], ["table", "csv", "tsv", "json"]),
        (["budget", "list", "--for"], ["--format"]),
        (["budget", "rule", "add", "coffee", ""], ["Eating\\ out", "Food", "Salary"]),
        (["budget", "delete-category", "Food", "--move-to", "S"], ["Salary"]),
        (["budget", "report", "--by", ""], ["category", "payee"]),
        (["budget", "completions", ""], ["bash", "zsh", "fish"]),
        (["budget", "import", "gir"], ["giro.csv"]),
        (["budget", "list", "--sort", ""], ["date", "amount", "payee", "category"]),
        (["budget", "list", "--sort", "-"], ["-date", "-amount", "-payee", "-category"]),
        (["budget", "export", "--sort", "category,-am"], ["category,-amount"]),
        (["budget", "watch", "--sort", "amount,"], ["amount,date", "amount,payee", "amount,category"]),
        (["budget", "list", "--category", "Food", "--category", "E"], ["Eating\\ out"]),
        // A command after help, and the words a month or a day may be besides its digits.
        (["budget", "help", "rep"], ["report"]),
        (["budget", "help", "report", ""], []),
        (["budget", "report", "--month", ""], ["this", "last"]),
        (["budget", "list", "--from", "t"], ["today"]),
        (["budget", "add", "--date", "y"], ["yesterday"]),
    ])
    func bashCompletesAPartialCommandLine(words: [String], expected: [String]) throws {
        let (sandbox, folder) = try book()
        sandbox.write("giro.csv", "date,amount\n")
        let path = sandbox.write("budget.bash", script("bash"))
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let result = shell("""
            cd '\(sandbox.directory)' && PATH='\(folder)':$PATH BUDGET_DB='\(sandbox.database)' bash -c \
            'source \(path); COMP_WORDS=(\(quoted.replacingQuotes)); COMP_CWORD=\(words.count - 1); _budget; printf "%s\\n" "${COMPREPLY[@]}"'
            """)
        #expect(result.output.split(separator: "\n").map(String.init) == expected)
    }

    @Test(arguments: [
        ("budget rep", ["report"]),
        ("budget rule ", ["add", "apply", "edit", "list", "move", "remove"]),
        ("budget add 5 ", ["Eating out", "Food", "Salary"]),
        ("budget add -3 F", ["Food"]),
        ("budget list --format ", ["csv", "json", "table", "tsv"]),
        ("budget rule add coffee E", ["Eating out"]),
        ("budget --db \(Sandbox.placeholder) add 5 S", ["Salary"]),
        ("budget list --sort category,-a", ["category,-amount"]),
        ("budget watch --sort payee,", ["payee,amount", "payee,category", "payee,date"]),
        ("budget list --sort -am", ["-amount"]),
        ("budget export --sort -category,-d", ["-category,-date"]),
        ("budget list --sort am", ["amount"]),
        ("budget help rep", ["report"]),
        ("budget help report ", []),
        ("budget report --month ", ["last", "this"]),
    ])
    func fishCompletesAPartialCommandLine(line: String, expected: [String]) throws {
        let (sandbox, folder) = try book()
        let path = sandbox.write("budget.fish", script("fish"))
        // With --db on the line, BUDGET_DB names another (empty) book: the completion must follow --db.
        let environment = line.contains(Sandbox.placeholder) ? sandbox.directory + "/other.sqlite3" : sandbox.database
        let line = line.replacingOccurrences(of: Sandbox.placeholder, with: sandbox.database)
        let result = shell("""
            cd '\(sandbox.directory)' && PATH='\(folder)':$PATH BUDGET_DB='\(environment)' fish -c \
            'source \(path); complete -C "\(line)"'
            """)
        #expect(result.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } == expected)
    }

    @Test func zshCompletesEachCommandWithItsOwnArgumentsAndOptions() {
        let script = script("zsh")
        #expect(script.hasPrefix("#compdef budget\n"))
        #expect(script.contains("""
        _budget_node_add() {
          _arguments -s \\
            '--date=[The day\\: YYYY-MM-DD, today or yesterday (default\\: today).]:day:(today yesterday)' \\
            '--note=[A free note.]:text: ' \\
            '*--split=[A part of a split (the last = separates); one per part.]:category=amount:_budget_categories' \\
            '--payee=[Who was paid, or who paid (with --split).]:payee: ' \\
            '--account=[The account (default\\: the default account).]:name:_budget_accounts' \\
            '--force[Add it even on or before the account'\\''s last reconciliation.]' \\
            '--db=[The database file (default\\: $BUDGET_DB, else in $XDG_DATA_HOME).]:path:_files' \\
            '(-q --quiet)'{-q,--quiet}'[Do not print confirmations on standard error.]' \\
            '(-h --help)'{-h,--help}'[Show help information.]' \\
            '1:amount: ' \\
            '2::category:_budget_categories' \\
            '3::payee: '
        }
        """))
        #expect(script.contains("        'add') _budget_node_rule_add ;;\n"))
        #expect(script.contains("'--format=[The output format.]:format:(table csv tsv json)'"))
        #expect(script.contains(":keys:_sequence -s , compadd - date -date amount -amount payee -payee category -category'"))
        #expect(script.contains("'*--category=[Only this category (and the parts of splits in it); repeated, any of them.]:name:_budget_categories'"))
        #expect(!script.contains("_budget_node___complete"))
    }

    @Test func theManPageRendersWithEverySection() throws {
        let sandbox = Sandbox()
        let page = sandbox.run("help", "--man")
        #expect(page.status == 0)
        let path = sandbox.write("budget.1", page.stdout)
        #expect(shell("groff -man -ww -z '\(path)' 2>&1") == ("", 0))
        let rendered = shell("MANPAGER=cat MANWIDTH=80 man -l '\(path)' 2>&1")
        #expect(rendered.status == 0)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(rendered.output.contains("\n\(section)\n"), "\(section)")
        }
        for command in Commands.info.flatMap(\.tree) where !command.isGroup && !command.configuration.isHidden {
            #expect(rendered.output.contains("\n   \(command.path)\n"), "\(command.path)")
        }
        #expect(rendered.output.contains("budget add-category Food 300"))
        #expect(sandbox.run("help", "add", "--man").status == 64)
    }
}

extension Sandbox {
    /// Stands for the sandbox's book in test arguments built before the sandbox exists.
    static let placeholder = "@BOOK@"
}

private extension String {
    /// Single-quoted words made safe inside a single-quoted `bash -c` script.
    var replacingQuotes: String { replacingOccurrences(of: "'", with: "'\\''") }

    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

private extension Substring {
    func range(of target: String) -> Range<Index>? {
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(target) { return start..<index(start, offsetBy: target.count) }
            start = index(after: start)
        }
        return nil
    }
}
