/// Words written back as a POSIX shell would read them: what `budget log` shows as the command.
enum ShellWords {
    /// The words joined by spaces, each quoted only when it needs it: `budget add 12.50 'Eating out'`.
    /// A word with control characters is written in `$'...'` form with escapes (`$'a\nb'`), so
    /// the command is one line and nothing in it moves a terminal's cursor.
    static func quoted(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// One word, quoted when it needs it.
    static func quoted(_ word: String) -> String {
        if word.isEmpty { return "''" }
        if word.unicodeScalars.contains(where: isControl) {
            var result = "$'"
            for scalar in word.unicodeScalars {
                switch scalar {
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                case "\r": result += "\\r"
                case "\\": result += "\\\\"
                case "'": result += "\\'"
                default:
                    if isControl(scalar) {
                        let hex = String(scalar.value, radix: 16)
                        result += scalar.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
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
