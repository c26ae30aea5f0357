import BudgetKit

/// Words written back as a POSIX shell would read them: what `budget log` shows as the command.
enum ShellWords {
    /// The words joined by spaces, each quoted only when it needs it: `budget add 12.50 'Eating out'`.
    /// A word with control characters, or with characters that draw nothing where they stand
    /// (``InvisibleCharacters``), is written in `$'...'` form with escapes (`$'a\nb'`,
    /// `$'Fo\u200bod'`), so the command is one line, nothing in it moves a terminal's cursor,
    /// and a name that looks like another shows how it differs.
    static func quoted(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// A command for a hint, run as printed: `words` (`budget`, the command's name), its
    /// `arguments`, then its `options` (option words with their values), each quoted as
    /// ``quoted(_:)`` quotes. When an argument would be read as options or as the end of them
    /// (a name such as `-Giro`: see ``OptionWord``), the options come first and the arguments
    /// after `--`, where every word is an argument:
    /// `budget set-opening-balance --on 2026-10-31 -- -Giro 1500.00`. An option's value needs
    /// nothing: the parser takes the word after an option whatever it is.
    static func command(_ words: [String], arguments: [String], options: [String] = []) -> String {
        let endsOptions = arguments.contains { $0 == "--" || OptionWord($0) != nil }
        return quoted(endsOptions ? words + options + ["--"] + arguments : words + arguments + options)
    }

    /// One word, quoted when it needs it.
    static func quoted(_ word: String) -> String {
        if word.isEmpty { return "''" }
        if word.unicodeScalars.contains(where: isControl) || InvisibleCharacters.contains(in: word) {
            var result = "$'"
            for (scalar, isInvisible) in InvisibleCharacters.Scan(word) {
                switch scalar {
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                case "\r": result += "\\r"
                case "\\": result += "\\\\"
                case "'": result += "\\'"
                default:
                    if isControl(scalar) || isInvisible {
                        result += escape(scalar)
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
            return result + "'"
        }
        guard word.unicodeScalars.contains(where: { !isPlain($0) }) else { return word }
        var result = "'"
        for character in word { result += character == "'" ? "'\\''" : String(character) }
        return result + "'"
    }

    /// `\x1b`, `\u200b`, `\U000e0001`: the escapes of `$'...'`.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        func padded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - hex.count)) + hex }
        switch scalar.value {
        case ..<0x100: return "\\x" + padded(2)
        case ..<0x10000: return "\\u" + padded(4)
        default: return "\\U" + padded(8)
        }
    }

    /// Characters a shell takes literally outside quotes.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ",", ":", "=", "+", "@", "%": return true
        default: return scalar.value >= 0x80 && !isControl(scalar)
        }
    }

    /// C0, DEL, C1, and the bidi and line-separator controls that reorder or break a line.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029 || value == 0x200E || value == 0x200F
    }
}
