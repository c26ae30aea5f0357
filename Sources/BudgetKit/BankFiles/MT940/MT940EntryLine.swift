/// An MT940 `:61:` field: `YYMMDD[MMDD]` value and entry dates, the mark (`C`, `D`, `RC`,
/// `RD`; `EC`/`ED` expected, in MT942), an optional funds code letter, the amount (`1234,56`),
/// the transaction type (`NTRF`, `NMSC`, `S051`...), the account owner's reference (`NONREF`
/// when none), an optional `//` and the bank's reference, and an optional second line of
/// supplementary details.
struct MT940EntryLine {
    let field: MT940Field
    let file: String

    private var location: BankFileLocation { BankFileLocation(file: file, line: field.line, column: field.column) }

    /// The entry the field describes (its payee and memo come from the `:86:` after it).
    func entry(currency: String?) throws -> BankEntry {
        let text = field.lines.first ?? ""
        let fail = BankFileError(location, .malformedField(":61:", text: text))
        var scalars = Array(text.unicodeScalars)[...]
        func take(_ count: Int) -> String? {
            guard scalars.count >= count else { return nil }
            defer { scalars = scalars.dropFirst(count) }
            return String(String.UnicodeScalarView(scalars.prefix(count)))
        }
        func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { $0.value >= 0x30 && $0.value <= 0x39 } ?? false }
        func isLetter(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { $0.value >= 0x41 && $0.value <= 0x5A } ?? false }

        guard let valueText = take(6), valueText.unicodeScalars.allSatisfy({ isDigit($0) }) else { throw fail }
        var entryText: String? = nil
        if scalars.count >= 4, scalars.prefix(4).allSatisfy({ isDigit($0) }) { entryText = take(4) }
        var mark = ""
        if scalars.first == "R" || scalars.first == "E" { mark = take(1)! }
        guard scalars.first == "C" || scalars.first == "D" else { throw fail }
        mark += take(1)!
        if isLetter(scalars.first), !isDigit(scalars.first) && isDigit(scalars.dropFirst().first) { _ = take(1) }   // funds code
        var amountText = ""
        while let scalar = scalars.first, isDigit(scalar) || scalar == "," {
            amountText.unicodeScalars.append(scalar)
            scalars = scalars.dropFirst()
            guard amountText.unicodeScalars.count <= 15 else { throw fail }
        }
        if amountText.hasSuffix(",") { amountText += "00" }   // SWIFT writes `1000,` for 1000.00
        guard let type = take(4), let kind = type.unicodeScalars.first, "SNF".unicodeScalars.contains(kind) else { throw fail }
        let rest = String(String.UnicodeScalarView(scalars))
        var bankReference: String? = nil
        if let separator = rest.firstRange(of: "//") {
            bankReference = String(rest[separator.upperBound...]).strippingBlanks
        }

        let valueDay = try location.reading { () throws(BankFileProblem) in try BankDate.parse(valueText, order: .yearMonthDay) }
        let amount = try location.reading { () throws(BankFileProblem) in
            try BankAmount.parse(amountText, decimalSeparator: .comma, grouping: false)
        }
        guard amountText.first?.isNumber == true else { throw fail }
        var bookingDay = valueDay
        if let entryText, let number = Int(entryText) {
            let month = number / 100, day = number % 100
            var year = valueDay.year
            if month == 12 && valueDay.month == 1 { year -= 1 } else if month == 1 && valueDay.month == 12 { year += 1 }
            guard let entryDay = Day(year: year, month: month, day: day) else {
                throw BankFileError(location, .invalidDate(entryText))
            }
            bookingDay = entryDay
        }
        // C and RD bring money in; D and RC take it out.
        let moneyIn = mark.hasSuffix("C") != mark.hasPrefix("R")
        // Only the bank's own reference keys the entry: the account owner's (`NONREF`, an invoice
        // number, a standing order's name) is written by the customer and comes back every month.
        let reference = bankReference.flatMap { $0.isEmpty ? nil : $0 }
        let details = field.lines.dropFirst().joined(separator: " ").strippingBlanks
        return BankEntry(bookingDay: bookingDay, valueDay: valueDay, amount: moneyIn ? amount : -amount, currency: currency,
                         memo: details, bankReference: reference, status: mark.hasPrefix("E") ? .pending : .booked,
                         typeCode: type, location: BankFileLocation(file: file, line: field.line, column: 1))
    }
}
