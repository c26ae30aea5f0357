import BudgetKit

/// JSON written by hand (Foundation's `JSONEncoder` would cost megabytes and start-up time):
/// strings escaped per RFC 8259, amounts as number literals from integer cents.
///
/// Everything is written as UTF-8 bytes into a buffer the caller owns (a listing reuses one for
/// every record); the `String` forms wrap the byte forms, so the escaping lives in one place.
enum JSON {
    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped
    /// (`\n`, `\r`, `\t`, `\b`, `\f`, others as `\u00XX`); everything else, DEL and non-ASCII
    /// included, as it is.
    ///
    /// - Complexity: O(n) in the text's bytes; runs with nothing to escape are copied whole.
    static func appendString(_ text: String, to output: inout [UInt8]) {
        // A native string (every one read from SQLite) lends its bytes as they are.
        if text.utf8.withContiguousStorageIfAvailable({ appendString(utf8: $0, to: &output) }) != nil { return }
        var text = text
        text.withUTF8 { appendString(utf8: $0, to: &output) }
    }

    /// Appends `text` as a JSON string (see ``appendString(_:to:)-([UInt8])``).
    static func appendString(_ text: String, to output: inout String) {
        var bytes: [UInt8] = []
        appendString(text, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// The escaping itself, on valid UTF-8. Every byte escaped is ASCII, so the runs between
    /// them start and end on scalar boundaries.
    private static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var start = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            default:
                // `\u00XX`, lowercase hex: a byte under 0x20 has two digits, the first 0 or 1.
                output.append(contentsOf: "u00".utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            }
            start = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a cell as a JSON value: amounts and percents as number literals (`12.50`, `104.2`),
    /// a missing percent as `null`, flags as `true`/`false`, an SQL value as `null`, a number
    /// or a string, everything else as a string.
    static func appendValue(_ cell: Cell, to output: inout [UInt8]) {
        switch cell {
        case .text(let text), .date(let text): appendString(text, to: &output)
        case .money(let money): money.appendDescription(to: &output)
        case .integer(let number): appendInteger(number, to: &output)
        case .percent(let percent): output.append(contentsOf: (percent?.description ?? "null").utf8)
        case .flag(let on): output.append(contentsOf: (on ? "true" : "false").utf8)
        case .sql(let value):
            switch value {
            case nil, .null?: output.append(contentsOf: "null".utf8)
            case .integer(let number)?: appendInteger(number, to: &output)
            // Text, bytes as `x'0A1B'`, and a REAL as SQLite prints it (no column of budget's holds
            // one; its print is not always JSON): strings.
            case let other?: appendString(other.description, to: &output)
            }
        }
    }

    /// Appends a whole number's decimal digits (`-42`), as `String(number)` writes them.
    static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        // Int64.min has no positive counterpart: work in UInt64 magnitude, digits right to left.
        var magnitude = number.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// A record's keys written once as the bytes that come before each value (`"id": `, then
    /// `, "date": `...), so writing an object per row costs only its values.
    struct ObjectKeys {
        /// Every key's prefix, one after the other, and where each ends.
        private let prefixes: [UInt8], ends: [Int]

        init(_ keys: [String]) {
            var prefixes: [UInt8] = [], ends: [Int] = []
            for index in keys.indices {
                if index > 0 { prefixes.append(contentsOf: ", ".utf8) }
                JSON.appendString(keys[index], to: &prefixes)
                prefixes.append(contentsOf: ": ".utf8)
                ends.append(prefixes.count)
            }
            self.prefixes = prefixes
            self.ends = ends
        }

        /// Appends `{"key": value, ...}`: one record's cells under their keys, in order.
        func appendObject(_ cells: [Cell], to output: inout [UInt8]) {
            output.append(UInt8(ascii: "{"))
            prefixes.withUnsafeBufferPointer { prefixes in
                var start = 0
                for index in cells.indices {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: prefixes[start..<ends[index]]))
                    start = ends[index]
                    JSON.appendValue(cells[index], to: &output)
                }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `{"key": value, ...}`: one record's cells under their keys.
    static func appendObject(keys: [String], cells: [Cell], to output: inout String) {
        var bytes: [UInt8] = []
        ObjectKeys(keys).appendObject(cells, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }
}
