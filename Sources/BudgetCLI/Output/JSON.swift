/// JSON written by hand (Foundation's `JSONEncoder` would cost megabytes and start-up time):
/// strings escaped per RFC 8259, amounts as number literals from integer cents.
enum JSON {
    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped
    /// (`\n`, `\r`, `\t`, `\b`, `\f`, others as `\u00XX`).
    static func appendString(_ text: String, to output: inout String) {
        output += "\""
        // Every character that is escaped is ASCII: the runs between them start and end on
        // scalar boundaries, and are appended whole.
        let utf8 = text.utf8
        var start = utf8.startIndex, index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                index = utf8.index(after: index)
                continue
            }
            output += text[start..<index]
            switch byte {
            case UInt8(ascii: "\""): output += "\\\""
            case UInt8(ascii: "\\"): output += "\\\\"
            case UInt8(ascii: "\n"): output += "\\n"
            case UInt8(ascii: "\r"): output += "\\r"
            case UInt8(ascii: "\t"): output += "\\t"
            case 0x08: output += "\\b"
            case 0x0C: output += "\\f"
            default:
                let hex = String(byte, radix: 16, uppercase: false)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            index = utf8.index(after: index)
            start = index
        }
        output += text[start..<utf8.endIndex]
        output += "\""
    }

    /// Appends a cell as a JSON value: amounts and percents as number literals (`12.50`, `104.2`),
    /// a missing percent as `null`, flags as `true`/`false`, an SQL value as `null`, a number
    /// or a string, everything else as a string.
    static func appendValue(_ cell: Cell, to output: inout String) {
        switch cell {
        case .text(let text), .date(let text): appendString(text, to: &output)
        case .money(let money): output += money.description
        case .integer(let number): output += String(number)
        case .percent(let percent): output += percent?.description ?? "null"
        case .flag(let on): output += on ? "true" : "false"
        case .sql(let value):
            switch value {
            case nil, .null?: output += "null"
            case .integer(let number)?: output += String(number)
            // Text, bytes as `x'0A1B'`, and a REAL as SQLite prints it (no column of budget's holds
            // one; its print is not always JSON): strings.
            case let other?: appendString(other.description, to: &output)
            }
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
