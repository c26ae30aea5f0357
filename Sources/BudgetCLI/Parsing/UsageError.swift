/// A mistake in the command line itself: exit 64 (EX_USAGE), reported before the database is opened.
///
/// Messages follow swift-argument-parser's wording ("Unknown option '--foo'", "Missing expected
/// argument '<amount>'"); ``Failure`` prints them after `budget: error:` with the command's usage.
struct UsageError: Error {
    /// The message, without the `budget: error:` prefix.
    var message: String
    /// A line saying how to fix it; when `nil`, the command's usage line is shown instead.
    var hint: String?
    /// The command whose usage line is shown; `nil` for the top level. Set by the parser.
    var command: CommandSpec?

    init(message: String, hint: String? = nil, command: CommandSpec? = nil) {
        self.message = message
        self.hint = hint
        self.command = command
    }

    static func unknownCommand(_ name: String, among names: [String]) -> UsageError {
        var message = "Unknown command '\(name)'"
        if let suggestion = Suggestion.closest(to: name, among: names) { message += ". Did you mean '\(suggestion)'?" }
        return UsageError(message: message)
    }

    static func unknownOption(_ written: String, among candidates: [OptionSpec]) -> UsageError {
        var message = "Unknown option '\(written)'"
        // As swift-argument-parser: suggest long names only, and not for a short option.
        if written.hasPrefix("--"),
           let suggestion = Suggestion.closest(to: written, among: candidates.map { "--" + $0.long }) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message: message)
    }

    static func missingValue(for option: OptionSpec) -> UsageError {
        UsageError(message: "Missing value for '\(option.label)'")
    }

    static func flagGivenValue(_ option: OptionSpec, value: String) -> UsageError {
        UsageError(message: "The option '--\(option.long)' does not take any value, but '\(value)' was specified.")
    }

    static func missingArgument(_ argument: ArgumentSpec) -> UsageError {
        UsageError(message: "Missing expected argument '<\(argument.name)>'")
    }

    static func unexpectedArguments(_ words: [String]) -> UsageError {
        if words.count == 1 { return UsageError(message: "Unexpected argument '\(words[0])'") }
        return UsageError(message: "\(words.count) unexpected arguments: '\(words.joined(separator: "', '"))'")
    }

    /// `The value 'x' is invalid for '--limit <n>': reason`, or the list of valid choices.
    static func invalidValue(_ value: String, for label: String, _ problem: ValueProblem) -> UsageError {
        switch problem {
        case .reason(let reason, let hint):
            return UsageError(message: "The value '\(value)' is invalid for '\(label)': \(reason)", hint: hint)
        case .notAChoice(let choices):
            let quoted = choices.map { "'\($0)'" }
            let list = quoted.count <= 2 ? quoted.joined(separator: " and ")
                : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
            return UsageError(message: "The value '\(value)' is invalid for '\(label)'. Please provide one of \(list).")
        }
    }

    /// Options that cannot be used together, or one that needs another.
    static func conflict(_ message: String) -> UsageError {
        UsageError(message: message)
    }
}

/// Why a word is not a valid value of its kind.
enum ValueProblem: Error, Equatable {
    /// A reason (`it has more than two decimals`) and optionally a hint line.
    case reason(String, hint: String?)
    /// The word is not one of these.
    case notAChoice([String])
}

/// "Did you mean" suggestions: the closest name by Levenshtein distance, if close enough.
enum Suggestion {
    /// swift-argument-parser's empirically derived floor: suggest only when the distance is below it.
    static let similarityFloor = 4

    /// The candidate closest to `written`, when its edit distance is below ``similarityFloor``.
    static func closest(to written: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(written, candidate)
            if distance < similarityFloor, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Levenshtein distance between two strings, by Unicode scalars.
    ///
    /// - Complexity: O(m × n) time, O(n) memory.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
