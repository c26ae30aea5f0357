/// Writes rows as RFC 4180 CSV (or TSV) into a buffer the caller owns: no file I/O of its own.
///
/// CSV: a field is quoted when it holds the delimiter, a quote, CR or LF, or begins or ends with
/// a space or tab (so readers that trim cannot change it); quotes inside are doubled. A row made of
/// one empty field is written as `""`, so it does not read back as a blank line. Rows end with LF,
/// or CR LF when asked.
///
/// TSV (``Format/tsv``) cannot hold a tab or a line break in a field and has no quoting, so,
/// as IANA's `text/tab-separated-values` readers and Miller (`mlr --tsv`) do, the writer escapes a
/// backslash as `\\`, a tab as `\t`, LF as `\n` and CR as `\r`; nothing else is changed.
///
/// ```swift
/// let writer = CSVWriter()
/// var output: [UInt8] = []
/// writer.writeRow(["id", "date", "amount", "payee"], to: &output)
/// writer.writeRow([.number("1"), .number("2026-11-21"), .money(lunch), .text("Café, \"Chez Paul\"")], to: &output)
/// // id,date,amount,payee
/// // 1,2026-11-21,12.50,"Café, ""Chez Paul"""
/// ```
///
/// A writer is a small value: cheap to copy and `Sendable`. Writing a row costs O(its bytes);
/// fields that need no quoting are copied in one block.
public struct CSVWriter: Hashable, Sendable {
    /// How fields are separated and protected.
    public enum Format: Hashable, Sendable {
        /// RFC 4180 quoting with this delimiter (an ASCII character other than a quote, CR or LF).
        case delimited(Unicode.Scalar)
        /// Tab-separated, with backslash escapes instead of quotes.
        case tsv

        /// RFC 4180 CSV with commas.
        public static let csv = Format.delimited(",")
    }

    /// How rows end.
    public enum LineEnding: Hashable, Sendable {
        /// `\n`, what Unix tools expect (the default).
        case lf
        /// `\r\n`, as RFC 4180 writes it.
        case crlf
    }

    /// The field separator and quoting style.
    public var format: Format
    /// How rows end.
    public var lineEnding: LineEnding
    /// Whether ``CSVField/text(_:)`` cells that a spreadsheet could run as a formula get a `'`
    /// in front, so it shows them as text (OWASP's "CSV injection" advice). Off by default, so
    /// output stays exact.
    ///
    /// The rule: a text cell is guarded when its leading whitespace (Unicode `White_Space`:
    /// spaces, tabs, line breaks, no-break and other spaces, which spreadsheets may trim) holds
    /// a tab or CR, or when its first character that is not whitespace is one of `=` `+` `-`
    /// `@` `|` or their full-width forms `＝` `＋` `－` `＠` `｜` (which some spreadsheets fold
    /// to ASCII). So `=1`, ` =1`, `\u{A0}+1`, `＝1`, `|cmd` and `\tx` are guarded; `a=b`,
    /// ` x` and `Lunch` are not. Numbers (``CSVField/number(_:)``) are never guarded.
    public var excelSafe: Bool

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - format: ``Format/csv`` (the default), ``Format/delimited(_:)`` or ``Format/tsv``.
    ///   - lineEnding: ``LineEnding/lf`` (the default) or ``LineEnding/crlf``.
    ///   - excelSafe: guard text cells against formula injection (see ``excelSafe``).
    public init(format: Format = .csv, lineEnding: LineEnding = .lf, excelSafe: Bool = false) {
        if case .delimited(let delimiter) = format {
            precondition(delimiter.isASCII && !"\"\r\n".unicodeScalars.contains(delimiter),
                         "a CSV delimiter is an ASCII character other than a quote, CR or LF")
        }
        self.format = format
        self.lineEnding = lineEnding
        self.excelSafe = excelSafe
    }

    /// Appends one row, line ending included, to `output` as UTF-8.
    ///
    /// - Complexity: O(n) in the row's bytes.
    public func writeRow(_ fields: [CSVField], to output: inout [UInt8]) {
        let delimiter: UInt8
        switch format {
        case .delimited(let scalar): delimiter = UInt8(scalar.value)
        case .tsv: delimiter = UInt8(ascii: "\t")
        }
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(delimiter) }
            var value: String
            let isText: Bool
            switch field {
            case .text(let text): value = text; isText = true
            case .number(let number): value = number; isText = false
            }
            let guarded = isText && excelSafe && Self.looksLikeFormula(value)
            value.withUTF8 { bytes in
                switch format {
                case .delimited: appendQuoted(bytes, guarded: guarded, delimiter: delimiter, to: &output)
                case .tsv: appendEscaped(bytes, guarded: guarded, to: &output)
                }
            }
        }
        if fields.count == 1, fields[0].value.isEmpty, case .delimited = format {
            output.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "\"")])
        }
        if lineEnding == .crlf { output.append(UInt8(ascii: "\r")) }
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends one row, line ending included, to `output`.
    ///
    /// - Complexity: O(n) in the row's bytes.
    public func writeRow(_ fields: [CSVField], to output: inout String) {
        var bytes: [UInt8] = []
        writeRow(fields, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// One row as text, line ending included.
    public func row(_ fields: [CSVField]) -> String {
        var text = ""
        writeRow(fields, to: &text)
        return text
    }

    /// Whether ``excelSafe`` guards this text (see there).
    ///
    /// - Complexity: O(leading whitespace); O(1) for text starting with a letter or digit.
    static func looksLikeFormula(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "=", "+", "-", "@", "|", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}", "\u{FF5C}":
                return true
            case "\t", "\r":
                return true
            default:
                if !scalar.properties.isWhitespace { return false }
            }
        }
        return false
    }

    private func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, guarded: Bool, delimiter: UInt8,
                              to output: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        var needsQuotes = false
        for byte in bytes where byte == delimiter || byte == quote || byte == 0x0A || byte == 0x0D {
            needsQuotes = true
            break
        }
        if !needsQuotes, let first = bytes.first, let last = bytes.last {
            needsQuotes = first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
        }
        if needsQuotes { output.append(quote) }
        if guarded { output.append(UInt8(ascii: "'")) }
        if needsQuotes {
            var start = 0
            for index in bytes.indices where bytes[index] == quote {
                output.append(contentsOf: bytes[start...index])
                output.append(quote)
                start = index + 1
            }
            output.append(contentsOf: bytes[start...])
            output.append(quote)
        } else {
            output.append(contentsOf: bytes)
        }
    }

    private func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, guarded: Bool, to output: inout [UInt8]) {
        if guarded { output.append(UInt8(ascii: "'")) }
        var start = 0
        for index in bytes.indices {
            let escape: UInt8
            switch bytes[index] {
            case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
            case 0x09: escape = UInt8(ascii: "t")
            case 0x0A: escape = UInt8(ascii: "n")
            case 0x0D: escape = UInt8(ascii: "r")
            default: continue
            }
            output.append(contentsOf: bytes[start..<index])
            output.append(UInt8(ascii: "\\"))
            output.append(escape)
            start = index + 1
        }
        output.append(contentsOf: bytes[start...])
    }
}
