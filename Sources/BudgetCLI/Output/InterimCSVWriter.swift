/// A stand-in for BudgetKit's `CSVWriter` (being written on the `csv` branch) with the same
/// shape, so switching to it is the one line in ``DelimitedRowWriter``.
///
/// RFC 4180: a field is quoted when it holds a comma, a quote, CR or LF; quotes are doubled.
/// TSV escapes `\\`, tab, LF and CR with backslashes. `excelSafe` puts `'` before text starting
/// with `=`, `+`, `-`, `@`, a tab or CR.
struct InterimCSVWriter {
    enum Format { case csv, tsv }

    var format: Format = .csv
    var excelSafe = false

    init(format: Format = .csv, excelSafe: Bool = false) {
        self.format = format
        self.excelSafe = excelSafe
    }

    func writeRow(_ fields: [InterimCSVField], to output: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(format == .csv ? UInt8(ascii: ",") : UInt8(ascii: "\t")) }
            var bytes: [UInt8] = []
            if case .text(let text) = field, excelSafe, let first = text.utf8.first, "=+-@\t\r".utf8.contains(first) {
                bytes.append(UInt8(ascii: "'"))
            }
            bytes.append(contentsOf: field.value.utf8)
            switch format {
            case .csv:
                if bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) {
                    output.append(UInt8(ascii: "\""))
                    for byte in bytes {
                        if byte == UInt8(ascii: "\"") { output.append(byte) }
                        output.append(byte)
                    }
                    output.append(UInt8(ascii: "\""))
                } else {
                    output.append(contentsOf: bytes)
                }
            case .tsv:
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                    case 9: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                    case 10: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                    case 13: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                    default: output.append(byte)
                    }
                }
            }
        }
        output.append(10)
    }
}

/// A stand-in for BudgetKit's `CSVField`: text (guarded by `excelSafe`) or a number written as is.
enum InterimCSVField {
    case text(String)
    case number(String)

    var value: String {
        switch self {
        case .text(let value), .number(let value): return value
        }
    }
}
