import BudgetKit

extension ErrorText {
    static let encodingHint = "name the file's encoding with --encoding utf-8, utf-16le, utf-16be, latin1 or windows-1252"
    static let formatsHint = "budget reads CSV, OFX, QFX, QIF, CAMT.052/053/054 and MT940; name the format with --file-format if it is one"
    static let bankAmountHint = "amounts like 12.50, -2.25, $4.75, (3.00), 4.75- or 1.234,56 are read; "
        + "--decimal-comma or --decimal-point says which separator is the decimal one"
    static let bankDateHint = "dates like 2026-11-03, 03.11.2026, 11/3/26 or 3 Nov 2026 are read; "
        + "--date-order dmy, mdy or ymd says the order of their numbers"

    /// The words for a bank file (or a CSV file's text, amount or date) that cannot be read:
    /// `FILE:LINE:COLUMN: what`, or `FILE:LINE (Element/Path): what`, and the option that fixes it.
    init(bankFile error: BankFileError) {
        let (what, hint) = Self.words(error.problem)
        self.init(message: "\(error.location): \(what)", hint: hint)
    }

    /// The words for an account number no account has.
    init(unknownAccountNumber number: String, location: BankFileLocation) {
        self.init(message: "\(location): the file is a statement of account '\(number)', and no account has that number",
                  hint: "give an account that number with: \(ShellWords.command(["budget", "set-account-number"], arguments: ["NAME", number])) "
                      + "(or add one with --number), or import into an account with --account NAME; nothing was imported")
    }

    /// The words for a QIF section naming an account the book lacks.
    init(unknownAccountName name: String, location: BankFileLocation) {
        self.init(message: "\(location): the file's !Account section names account '\(name)', and the book has no account of that name",
                  hint: "add it with: \(ShellWords.command(["budget", "add-account"], arguments: [name])), then import the whole file again "
                      + "(its transfers between accounts are paired within one file); nothing was imported")
    }

    /// What a file of another kind is, and how to get a file budget reads instead.
    private static func otherKind(_ kind: FileKindSignature) -> (String, String) {
        let download = "download the statement from the bank as CSV, OFX, QFX, QIF, CAMT or MT940"
        let spreadsheet = "open it in a spreadsheet and save it as CSV, then import the CSV; or " + download
        switch kind {
        case .pdf: return ("a PDF document, not a bank file", "a PDF statement is for reading: " + download)
        case .zip: return ("a ZIP archive (an Excel .xlsx or OpenDocument .ods workbook is one), not a bank file",
                           "save a workbook as CSV from the spreadsheet and import that; unpack an archive and import the file inside")
        case .legacyOffice: return ("an Excel 97-2003 workbook (or another old Office file), not a bank file", spreadsheet)
        case .gzip: return ("gzip-compressed data, not a bank file", "unpack it first (gunzip -k), then import the file it gives")
        case .png, .jpeg: return ("a picture (\(kind == .png ? "PNG" : "JPEG")), not a bank file", download)
        case .sqlite: return ("an SQLite database (a budget book or backup?), not a bank file",
                              "'budget restore FILE' puts a backup in the book's place; --db FILE reads another book")
        }
    }

    private static func words(_ problem: BankFileProblem) -> (String, String) {
        switch problem {
        case .notText:
            return ("binary data, not a bank file or CSV text", formatsHint)
        case .unsupportedXML(let root, let namespace):
            return ("an XML document <\(root)> in '\(namespace)', not OFX or CAMT.052/053/054", formatsHint)
        case .invalidText(let encoding, let offset):
            return ("bytes that are not \(encoding) text at byte \(offset)", encodingHint)
        case .nulCharacter(let offset):
            return ("a NUL character at byte \(offset): the file is binary, or UTF-16 without a byte order mark",
                    "for UTF-16 text, name it with --encoding utf-16le or utf-16be")
        case .tooLong(let limit):
            return ("a line or text longer than \(limit) bytes", "check the file: bank files have no lines that long")
        case .tooMany(let limit):
            return ("more than \(limit) nested XML elements, split lines or listed categories", "check the file: bank files are not that deep")
        case .doctypeNotAllowed:
            return ("a DOCTYPE declaration, which bank files never need (and which can expand without end)",
                    "remove the <!DOCTYPE ...> declaration if you trust the file")
        case .xml(let message):
            return ("malformed XML: \(message)", "the file may be cut short or damaged: download it again")
        case .unexpectedEnd(let expected):
            return ("the file ends before \(expected)", "the file is cut short: download it again")
        case .missingField(let field):
            return ("no \(field) in this entry", "the bank should always write \(field): check the file, or name its format with --file-format")
        case .malformedField(let field, let text):
            return ("malformed \(field) '\(text)'", "check the file, or name its format with --file-format")
        case .invalidAmount(let text):
            return ("invalid amount '\(text)'", bankAmountHint)
        case .amountOutOfRange(let text):
            return ("amount '\(text)' is beyond 99,999,999,999.99", bankAmountHint)
        case .ambiguousAmount(let text, let readings):
            // The readings: the separator grouping thousands, then the separator a decimal one.
            let grouping = readings.first ?? "", decimal = readings.dropFirst().first ?? ""
            let comma = text.unicodeScalars.last { $0 == "," || $0 == "." } == ","
            let groupingOption = comma ? "--decimal-point" : "--decimal-comma", decimalOption = comma ? "--decimal-comma" : "--decimal-point"
            // A third decimal that is not zero: read as a decimal separator, the amount would
            // fail (budget keeps cents), so only the other option is offered.
            if decimal.split(separator: ".").last.map({ $0.count > 2 && $0.dropFirst(2).contains { $0 != "0" } }) == true {
                return ("amount '\(text)' has three decimals, or is \(grouping) with a thousands separator",
                        "\(groupingOption) reads \(grouping); amounts with more than two decimals are not kept")
            }
            return ("ambiguous amount '\(text)': \(readings.joined(separator: " or "))",
                    "say which separator is the decimal one: \(groupingOption) reads \(grouping), \(decimalOption) reads \(decimal)")
        case .invalidDate(let text):
            return ("invalid date '\(text)'", bankDateHint)
        case .ambiguousDate(let text, let readings):
            let orders: [(String, DateOrder)] = [("mdy", .monthDayYear), ("dmy", .dayMonthYear), ("ymd", .yearMonthDay)]
            let settled = orders.compactMap { name, order in
                (try? BankDate.parse(text, order: order)).map { "--date-order \(name) reads \($0)" }
            }
            return ("ambiguous date '\(text)': \(readings.map(\.description).joined(separator: " or "))",
                    "say the order of its numbers: " + settled.joined(separator: ", "))
        case .otherKindOfFile(let kind):
            return otherKind(kind)
        case .htmlPage:
            return ("an HTML web page, not a bank statement",
                    "the bank's web page (a login or an error page) was saved instead of the statement: download the statement again")
        case .foreignCurrency(let currency, let statement):
            return ("the amount of this entry is in \(currency), and its statement's account in \(statement)",
                    "budget keeps one currency and does not guess a rate: remove the entry from the file and add it with "
                        + "'budget add' in \(statement), as the account was charged")
        case .currencyWithoutStatementCurrency(let currency):
            return ("the amount of this entry is in \(currency), and its statement names no currency of its own (CURDEF)",
                    "check the file: an OFX statement names its account's currency in CURDEF, and budget does not guess it")
        case .tooManyUnpairedTransfers(let limit):
            return ("more than \(limit) transfers between the file's accounts waiting for their other side",
                    "check the file: a transfer between two of its accounts is written in both accounts' sections, "
                        + "and budget pairs them within one file")
        case .severalAccounts(let first, let line, let second):
            return ("the file names a second account, '\(second)', after '\(first)' on line \(line)",
                    "--account puts a file of one account into that account; leave it out to import each !Account section "
                        + "into the account it names")
        case .splitsDoNotAddUp(let total, let parts):
            return ("its split parts ($) add up to \(parts), but its total (T) is \(total)",
                    "correct the entry so that its parts add up to its total; nothing was imported")
        }
    }
}
