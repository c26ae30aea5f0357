/// JSON written by hand (Foundation's `JSONEncoder` would cost megabytes and start-up time):
/// strings escaped per RFC 8259, amounts as number literals from integer cents.
enum JSON {
    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped
    /// (`\n`, `\r`, `\t`, `\b`, `\f`, others as `\u00XX`).
    static func appendString(_ text: String, to output: inout String) {
        output += "\""
        var start = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            let scalar = scalars[index]
            let escape: String
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: continue
            }
            output.unicodeScalars.append(contentsOf: scalars[start..<index])
            output += escape
            start = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[start...])
        output += "\""
    }

    /// Appends a cell as a JSON value: amounts and percents as number literals (`12.50`, `104.2`),
    /// a missing percent as `null`, flags as `true`/`false`, everything else as a string.
    static func appendValue(_ cell: Cell, to output: inout String) {
        switch cell {
        case .text(let text), .date(let text): appendString(text, to: &output)
        case .money(let money): output += money.description
        case .integer(let number): output += String(number)
        case .percent(let percent): output += percent?.description ?? "null"
        case .flag(let on): output += on ? "true" : "false"
        }
    }

    /// Appends `{"key": value, ...}`: one record's cells under their keys.
    static func appendObject(keys: [String], cells: [Cell], to output: inout String) {
        output += "{"
        for (index, cell) in cells.enumerated() {
            if index > 0 { output += ", " }
            appendString(keys[index], to: &output)
            output += ": "
            appendValue(cell, to: &output)
        }
        output += "}"
    }
}
