/// A mistake in the command line itself: exit 64 (EX_USAGE), reported before the book is opened.
///
/// Messages follow the one style of every `budget` error: lower case, no final period, the
/// offending word in single quotes (`unknown option '--mnth'; did you mean '--month'?`).
/// ``Failure`` prints them after `budget: error:`, then the hint or the command's usage.
struct UsageError: Error {
    /// The message, without the `budget: error:` prefix.
    var message: String
    /// A line saying how to fix it; when `nil`, the command's usage line is shown instead.
    var hint: String?
    /// The command whose usage line is shown; `nil` for `budget` itself.
    var command: CommandInfo?

    init(message: String, hint: String? = nil, command: CommandInfo? = nil) {
        self.message = message
        self.hint = hint
        self.command = command
    }

    /// `unknown command 'delete'; did you mean 'remove'?`: a word that means a command here
    /// (``Suggestion/synonyms``) first, then the names a typo is close to.
    static func unknownCommand(_ name: String, among names: [String]) -> UsageError {
        let meant = (Suggestion.synonyms[name.lowercased()] ?? []).filter(names.contains)
        return UsageError(message: "unknown command '\(name)'" + Suggestion.phrase(for: name, among: names, meaning: meant))
    }

    static func unknownOption(_ written: String, among names: [String]) -> UsageError {
        UsageError(message: "unknown option '\(written)'" + Suggestion.phrase(for: written, among: names))
    }

    /// A letter of the word `word` (`-Cash`, read as the options -C -a -s -h) that names no
    /// option: the word may be a value that starts with `-`, a name or a payee.
    static func unknownOption(_ letter: Character, inWord word: Substring) -> UsageError {
        guard word.count > 2 else { return unknownOption("-\(letter)", among: []) }
        return UsageError(message: "unknown option '-\(letter)' (in '\(word)')",
                          hint: "if '\(word)' is a value, not options, put it after '--', after which every word is an argument: -- \(ShellWords.quoted(String(word)))")
    }

    static func missingValue(for option: ArgumentInfo) -> UsageError {
        UsageError(message: "missing value for '\(option.label)'")
    }

    static func flagGivenValue(_ option: ArgumentInfo, value: String) -> UsageError {
        UsageError(message: "the option '--\(option.name)' does not take a value, but '\(value)' was given")
    }

    static func missingArgument(_ argument: ArgumentInfo) -> UsageError {
        UsageError(message: "missing argument '<\(argument.name)>'")
    }

    static func missingOption(_ option: ArgumentInfo) -> UsageError {
        UsageError(message: "missing option '\(option.label)'")
    }

    static func unexpectedArguments(_ words: [String]) -> UsageError {
        if words.count == 1 { return UsageError(message: "unexpected argument '\(words[0])'") }
        return UsageError(message: "\(words.count) unexpected arguments: '\(words.joined(separator: "', '"))'")
    }

    static func givenTwice(_ option: ArgumentInfo) -> UsageError {
        UsageError(message: "'\(option.label)' was given more than once", hint: "give it once")
    }

    static func conflict(_ first: ArgumentInfo, _ second: ArgumentInfo) -> UsageError {
        conflict("'\(first.label)' cannot be used with '\(second.label)'")
    }

    /// One option needs another: `'--to <month>' needs '--from <month>' too`.
    static func needs(_ option: String, _ other: String) -> UsageError {
        conflict("'\(option)' needs '\(other)' too")
    }

    /// Options that cannot be used together, or one that needs another.
    static func conflict(_ message: String) -> UsageError {
        UsageError(message: message)
    }

    /// `the value 'x' is invalid for '--limit <n>': reason`, or the list of valid choices.
    static func invalidValue(_ value: String, for argument: ArgumentInfo, _ problem: ValueProblem) -> UsageError {
        let label = argument.kind == .positional ? "<\(argument.name)>" : argument.label
        switch problem {
        case .reason(let reason, let hint):
            return UsageError(message: "the value '\(value)' is invalid for '\(label)': \(reason)", hint: hint)
        case .notAChoice(let choices):
            return UsageError(message: "the value '\(value)' is invalid for '\(label)': expected \(Suggestion.list(choices))"
                + Suggestion.phrase(for: value, among: choices))
        }
    }
}

/// "Did you mean" suggestions, ranked by an edit distance that counts a transposition as one
/// edit (`lsit` is one edit from `list`), with prefixes (`rep`, `categry`) counted as close.
enum Suggestion {
    /// Words for a command that budget names otherwise: its top-level commands delete
    /// (`delete`, `delete-category`), its groups' subcommands remove (`rule remove`), and other
    /// tools say rm, del or ls. Only the names that exist where the word was typed are offered.
    static let synonyms: [String: [String]] = [
        "delete": ["remove"], "remove": ["delete"], "rm": ["delete", "remove"], "del": ["delete", "remove"], "ls": ["list"],
    ]

    /// `; did you mean 'list'?`, `; did you mean 'add' or 'edit'?`, or nothing; the candidates
    /// `meaning` the same as `written` come first.
    static func phrase(for written: String, among candidates: [String], meaning: [String] = []) -> String {
        let best = Array((meaning + closest(to: written, among: candidates).filter { !meaning.contains($0) }).prefix(3))
        guard !best.isEmpty else { return "" }
        return "; did you mean \(list(best))?"
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    static func list(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    /// The candidates closest to `written`, when close enough: the best distance's ties, at most three.
    static func closest(to written: String, among candidates: [String]) -> [String] {
        // Surrounding spaces are not part of a name (lookups trim them): ' Fod ' is a typo of Food.
        let key = Array(written.lowercased().unicodeScalars.drop { $0.properties.isWhitespace }.reversed()
            .drop { $0.properties.isWhitespace }.reversed())
        guard !key.isEmpty else { return [] }
        var scored: [(name: String, distance: Int)] = []
        for candidate in candidates where candidate != written {
            let name = Array(candidate.lowercased().unicodeScalars)
            var distance = editDistance(key, name)
            // A shortened or misspelled start of a longer name: `rep`, `categry`.
            if key.count >= 3 && name.count > key.count {
                let start = Array(name.prefix(key.count + 1))
                distance = Swift.min(distance, editDistance(key, Array(start.dropLast())), editDistance(key, start))
            }
            if distance <= allowance(key.count, name.count) { scored.append((candidate, distance)) }
        }
        guard let best = scored.map(\.distance).min() else { return [] }
        return Array(scored.filter { $0.distance == best }.map(\.name).prefix(3))
    }

    /// How many edits still count as a typo: about one in three letters, at least one.
    private static func allowance(_ written: Int, _ candidate: Int) -> Int {
        Swift.max(1, Swift.min(written, candidate) / 3)
    }

    /// The optimal string alignment distance (Damerau-Levenshtein without repeated edits of one
    /// substring): insertions, deletions, substitutions and swaps of two neighbours cost one.
    ///
    /// - Complexity: O(m × n) time and memory.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = Swift.min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
}
