import BudgetKit

extension ImportOptions {
    /// The options of `budget import`, read from its command line.
    ///
    /// Everything is checked here, before the file or the database is opened: a bad delimiter,
    /// date pattern, column or source, and options that conflict (`--negate` or
    /// `--amount-column` with debit and credit columns, one of those without the other).
    ///
    /// - Throws: ``UsageError`` (exit 64).
    init(_ arguments: ParsedArguments) throws(UsageError) {
        self.init()
        for other in ["amount-column", "negate"] {
            try arguments.requireAtMostOne(of: other, "debit-column")
            try arguments.requireAtMostOne(of: other, "credit-column")
        }
        try arguments.requireAtMostOne(of: "category-column", "ignore-category-column")
        try arguments.require("credit-column", with: "debit-column")
        try arguments.require("debit-column", with: "credit-column")

        if let word = arguments.text("delimiter") { delimiter = try Self.delimiter(word, arguments) }
        skipLines = Int(clamping: arguments.integer("skip-lines") ?? 0)
        dateColumn = try Self.column("date-column", arguments)!
        let pattern = arguments.text("date-format")!
        guard let format = ImportDateFormat(pattern: pattern) else {
            throw Self.invalid(pattern, "date-format", arguments,
                               reason: "expected YYYY, MM and DD once each, with punctuation or spaces between",
                               hint: "write the pattern of the file's dates, like DD.MM.YYYY, MM/DD/YYYY or YYYYMMDD")
        }
        dateFormat = format
        if let debit = try Self.column("debit-column", arguments), let credit = try Self.column("credit-column", arguments) {
            amount = .debitCredit(debit: debit, credit: credit)
        } else {
            amount = .signed(try Self.column("amount-column", arguments)!)
        }
        payeeColumn = try Self.column("payee-column", arguments)
        categoryColumn = try Self.column("category-column", arguments)
        ignoresCategoryColumn = arguments.flag("ignore-category-column")
        noteColumn = try Self.column("note-column", arguments)
        defaultCategory = arguments.text("default-category")
        decimalComma = arguments.flag("decimal-comma")
        negate = arguments.flag("negate")
        source = arguments.text("source")!
        if source.isEmpty {
            throw Self.invalid(source, "source", arguments, reason: "a source name cannot be empty",
                               hint: "name the account the statement comes from, like visa or giro")
        }
    }

    /// One ASCII character other than a quote or a line break; `tab` (or `\t`) for a tab.
    private static func delimiter(_ word: String, _ arguments: ParsedArguments) throws(UsageError) -> Unicode.Scalar {
        if word == "tab" || word == "\\t" { return "\t" }
        let scalars = word.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII, !"\"\r\n".unicodeScalars.contains(scalar) else {
            throw invalid(word, "delimiter", arguments,
                          reason: "expected one ASCII character other than a quote or a line break, or tab",
                          hint: "write --delimiter ';' or --delimiter tab")
        }
        return scalar
    }

    /// The column an option names (or its default), or `nil` when neither is there.
    private static func column(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> ImportColumn? {
        guard let word = arguments.text(name) else { return nil }
        let column = ImportColumn(word)
        let digits = word.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        if word.isEmpty || (digits && column == .named(word)) {
            throw invalid(word, name, arguments, reason: "expected a header's text or a column number from 1",
                          hint: "name the column as the file's header writes it, or count from 1 at the left")
        }
        return column
    }

    private static func invalid(_ word: String, _ name: String, _ arguments: ParsedArguments,
                                reason: String, hint: String?) -> UsageError {
        .invalidValue(word, for: arguments.spec.option(long: name)!.label, .reason(reason, hint: hint))
    }
}
