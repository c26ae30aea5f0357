/// One command-line word, classified without knowing any command: the first, raw step of parsing.
///
/// A word starting with `-` followed by a digit or a point (`-12.50`, `-3`, `-.5`) is a value,
/// not an option, so refunds and negative bounds need no `--`. A lone `-` is a value too (by
/// convention: standard input). Every word after `--` is a value.
enum Token: Equatable {
    /// `--name` or `--name=value`.
    case long(String, inlineValue: String?)
    /// `-x`, or `-xyz` (a cluster: flags, possibly ending in an option with its value attached).
    case short(String)
    /// A value: an argument, a command name, or an option's value.
    case word(String)
    /// `--`: every later word is a value.
    case terminator

    /// Classifies each word; words after `--` are always `.word`.
    ///
    /// - Complexity: O(n) in the total length of the words.
    static func tokenize(_ words: [String]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(words.count)
        var ended = false
        for word in words {
            if ended {
                tokens.append(.word(word))
            } else if word == "--" {
                tokens.append(.terminator)
                ended = true
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(.long(String(body[..<equals]), inlineValue: String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.long(String(body), inlineValue: nil))
                }
            } else if word.hasPrefix("-"), word.count > 1, !looksNumeric(word.utf8.dropFirst()) {
                tokens.append(.short(String(word.dropFirst())))
            } else {
                tokens.append(.word(word))
            }
        }
        return tokens
    }

    /// Whether the text after a leading `-` starts like a number: a digit or a point.
    private static func looksNumeric(_ rest: Substring.UTF8View) -> Bool {
        guard let first = rest.first else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: ".")
    }
}
