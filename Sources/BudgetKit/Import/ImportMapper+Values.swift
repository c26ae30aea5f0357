/// Amounts and dates as banks write them.
extension ImportMapper {
    /// The amount with the direction a sign column gives it: `S`, `Soll`, `D`, `DR` or `Debit`
    /// is money out, `H`, `Haben`, `C`, `CR` or `Credit` money in (ignoring case), whether the
    /// amount was written without a sign (`54,37` and `S` is `-54.37`) or with the same one.
    ///
    /// An empty cell leaves the amount as written, and so does any other word in a column with
    /// no name (a line's trailing `;` makes one); a named column refuses it, and so is a
    /// negative amount beside a word saying money in.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` naming the sign's cell.
    func applyingSign(_ amount: Money, word: String, column: Int, named: Bool,
                      fail: (Int, String) -> BudgetError) throws(BudgetError) -> Money {
        let moneyIn: Bool
        switch Self.trimmed(word).lowercased() {
        case "h", "haben", "c", "cr", "credit", "crédit": moneyIn = true
        case "s", "soll", "d", "dr", "debit", "débit": moneyIn = false
        case "": return amount
        default:
            guard named else { return amount }
            throw fail(column, "invalid sign '\(word)': expected S or H (Soll, Haben), D or C, DR or CR")
        }
        if moneyIn && amount < .zero {
            throw fail(column, "the amount is negative, but its sign '\(word)' says money in")
        }
        return Money(minorUnits: moneyIn ? Int64(amount.minorUnits.magnitude) : -Int64(amount.minorUnits.magnitude))
    }

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
    ///
    /// While ``dateOrders`` is set (``ImportReader/dateOrderSettled(file:options:chunks:)``), a
    /// date two orders read is not an error: its first reading is returned.
    func day(_ text: String, line: Int, column: Int, fail: (Int, String) -> BudgetError) throws(BudgetError) -> Day {
        if let day = options.dateFormat.day(from: text) { return day }
        let invalid = fail(column, "invalid date '\(text)' (expected \(options.dateFormat))")
        guard options.dateFormat == .iso else { throw invalid }
        if dateOrders != nil {
            guard let day = DateOrderEvidence.orders.lazy.compactMap({ try? BankDate.parse(text, order: $0) }).first else { throw invalid }
            return day
        }
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
