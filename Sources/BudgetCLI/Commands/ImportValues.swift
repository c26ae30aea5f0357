import BudgetKit

/// `--delimiter`: one ASCII character other than a quote or a line break; `tab` (or `\t`) for a tab.
struct Delimiter: ArgumentValue {
    let scalar: Unicode.Scalar

    init(argument word: String) throws(ValueProblem) {
        if word == "tab" || word == "\\t" {
            scalar = "\t"
            return
        }
        let scalars = word.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII, !"\"\r\n".unicodeScalars.contains(scalar) else {
            throw .reason("expected one ASCII character other than a quote or a line break, or tab",
                          hint: "write --delimiter ';' or --delimiter tab")
        }
        self.scalar = scalar
    }
}

/// A column of an imported file: header text, or a number from 1.
extension ImportColumn: ArgumentValue {
    init(argument word: String) throws(ValueProblem) {
        let column = ImportColumn(word)
        let digits = word.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        if word.isEmpty || (digits && column == .named(word)) {
            throw .reason("expected a header's text or a column number from 1",
                          hint: "name the column as the file's header writes it, or count from 1 at the left")
        }
        self = column
    }
}

/// `--date-format`: `YYYY`, `MM` and `DD` once each, with punctuation or spaces between.
extension ImportDateFormat: ArgumentValue {
    init(argument word: String) throws(ValueProblem) {
        guard let format = ImportDateFormat(pattern: word) else {
            throw .reason("expected YYYY, MM and DD once each, with punctuation or spaces between",
                          hint: "write the pattern of the file's dates, like DD.MM.YYYY, MM/DD/YYYY or YYYYMMDD")
        }
        self = format
    }
}

/// `--source`: the account a file comes from, scoping its import keys; never empty.
struct SourceName: ArgumentValue {
    let name: String

    init() { name = "default" }

    init(argument word: String) throws(ValueProblem) {
        guard !word.isEmpty else {
            throw .reason("a source name cannot be empty", hint: "name the account the statement comes from, like visa or giro")
        }
        name = word
    }
}

/// `--file-format`: `csv`, `tsv`, `ofx`, `qfx`, `qif`, `camt.052`, `camt.053` (or `camt`),
/// `camt.054`, `mt940`.
extension BankFileFormat: ArgumentValue {
    static let names = ["csv", "tsv", "ofx", "qfx", "qif", "camt.052", "camt.053", "camt.054", "mt940"]

    init(argument word: String) throws(ValueProblem) {
        guard let format = BankFileFormat(name: word) else { throw .notAChoice(Self.names) }
        self = format
    }

    static var completion: Completion { .choices(names) }
}

/// `--encoding`: `utf-8`, `utf-16le`, `utf-16be`, `latin1`, `windows-1252` (and their usual spellings).
extension TextEncoding: ArgumentValue {
    init(argument word: String) throws(ValueProblem) {
        guard let encoding = TextEncoding(name: word) else { throw .notAChoice(TextEncoding.allCases.map(\.rawValue)) }
        self = encoding
    }

    static var completion: Completion { .choices(TextEncoding.allCases.map(\.rawValue)) }
}

/// `--date-order`: `dmy`, `mdy` or `ymd`.
extension DateOrder: ArgumentValue {
    static let names: [(String, DateOrder)] = [("dmy", .dayMonthYear), ("mdy", .monthDayYear), ("ymd", .yearMonthDay)]

    init(argument word: String) throws(ValueProblem) {
        guard let order = Self.names.first(where: { $0.0 == word.lowercased() })?.1 else { throw .notAChoice(Self.names.map(\.0)) }
        self = order
    }

    static var completion: Completion { .choices(names.map(\.0)) }
}
