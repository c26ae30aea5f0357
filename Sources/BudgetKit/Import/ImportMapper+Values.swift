/// Amounts and dates as banks write them.
extension ImportMapper {
    /// An amount as banks write it (see ``BankAmount``): plain decimals the quick way, the rest
    /// through ``BankAmount``. An ambiguous one is a ``BudgetError/bankFile(_:)`` naming it;
    /// other mistakes keep the plain reader's words.
    func parse(_ text: String, column: Int, line: Int, fail: (Int, String) -> BudgetError) throws(BudgetError) -> Money {
        let comma = options.decimalSeparator == .comma
        func plain() throws(BudgetError) -> Money {
            do {
                return comma ? try Money(parsingDecimalComma: text) : try Money(parsing: text)
            } catch {
                throw fail(column, error.description)
            }
        }
        if Self.isPlainDecimal(text, comma: comma) { return try plain() }
        do {
            return try BankAmount.parse(text, decimalSeparator: options.decimalSeparator)
        } catch .ambiguousAmount(let text, let readings) {
            throw .bankFile(BankFileError(BankFileLocation(file: file, line: line, column: column + 1),
                                          .ambiguousAmount(text, readings: readings)))
        } catch {
            return try plain()
        }
    }

    /// Whether `text` is `-?DIGITS` with at most one decimal separator followed by one or two
    /// digits: what `budget export` writes, read without ``BankAmount``'s generality.
    static func isPlainDecimal(_ text: String, comma: Bool) -> Bool {
        let separator = comma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        var digits = 0, decimals = -1
        for (index, byte) in text.utf8.enumerated() {
            if byte >= 0x30 && byte <= 0x39 {
                if decimals >= 0 { decimals += 1 } else { digits += 1 }
            } else if byte == UInt8(ascii: "-") && index == 0 {
                continue
            } else if byte == separator && decimals < 0 && digits > 0 {
                decimals = 0
            } else {
                return false
            }
        }
        return digits > 0 && decimals != 0 && decimals <= 2
    }

    /// A date: with an explicit ``ImportOptions/dateFormat``, exactly that; by default
    /// `YYYY-MM-DD` the quick way, else as banks write dates (``BankDate``, in
    /// ``ImportOptions/dateOrder``). An ambiguous one is a ``BudgetError/bankFile(_:)``.
    func day(_ text: String, line: Int, column: Int, fail: (Int, String) -> BudgetError) throws(BudgetError) -> Day {
        if let day = options.dateFormat.day(from: text) { return day }
        let invalid = fail(column, "invalid date '\(text)' (expected \(options.dateFormat))")
        guard options.dateFormat == .iso else { throw invalid }
        do {
            return try BankDate.parse(text, order: options.dateOrder)
        } catch .ambiguousDate(let text, let readings) {
            throw .bankFile(BankFileError(BankFileLocation(file: file, line: line, column: column + 1),
                                          .ambiguousDate(text, readings: readings)))
        } catch {
            throw invalid
        }
    }
}
