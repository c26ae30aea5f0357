/// Reads amounts as banks write them, into ``Money``, never through a floating-point number.
///
/// Around the number: a currency symbol or a three-letter code before or after it, with or
/// without a space (`$4.75`, `€ 4,75`, `4,75 EUR`, `CHF 1'234.50`); a sign before or after it
/// (`-4.75`, `+4.75`, `4.75-`, `−4.75` with U+2212), parentheses (`(3.00)`), or `CR`/`DR` after
/// it (`DR` is money out). In it: thousands grouped by commas, points, apostrophes (`'`, `’`) or
/// spaces (also no-break and thin spaces), in groups of three after the first; the decimal
/// separator as ``DecimalSeparator`` says. Decimals beyond the second must be zeros
/// (`12.500` is `12.50`; `12.505` is an error).
///
/// ```swift
/// try BankAmount.parse("(1.234,56 €)", decimalSeparator: .detect)   // -1234.56
/// try BankAmount.parse("1,234", decimalSeparator: .detect)          // throws ambiguousAmount
/// ```
public enum BankAmount {
    /// Currency symbols and words recognised around a number, longest first where one is
    /// another's prefix. Any three capital ASCII letters are a currency code too.
    static let symbols: [[Unicode.Scalar]] = ["US$", "C$", "A$", "R$", "kr.", "Fr.", "$", "€", "£", "¥", "₹", "₩", "₪",
                                              "₺", "₽", "¤", "kr", "zł", "Kč", "Ft"].map { Array($0.unicodeScalars) }

    /// Parses `text` as an amount.
    ///
    /// - Parameters:
    ///   - text: the amount as the file writes it; surrounding spaces are ignored.
    ///   - decimalSeparator: which separator is the decimal one.
    ///   - grouping: whether thousands separators may appear; without them (OFX, whose
    ///     specification allows a point or a comma and no grouping) one separator is always the
    ///     decimal one, so nothing is ambiguous.
    /// - Returns: the amount, negative for a minus sign, parentheses or `DR`.
    /// - Throws: ``BankFileProblem/invalidAmount(_:)``, ``BankFileProblem/amountOutOfRange(_:)``
    ///   or ``BankFileProblem/ambiguousAmount(_:readings:)``, naming `text`.
    /// - Complexity: O(n) in the text's length.
    public static func parse(_ text: String, decimalSeparator: DecimalSeparator = .detect,
                             grouping: Bool = true) throws(BankFileProblem) -> Money {
        let invalid = BankFileProblem.invalidAmount(text)
        var scalars = Array(text.unicodeScalars)[...]
        var negative = false
        var signs = 0
        var currencies = 0
        // Strip signs, parentheses, currencies and spaces from both ends.
        var openParenthesis = false
        while let first = scalars.first {
            if digitValue(first) != nil { break }
            if isSpace(first) { scalars = scalars.dropFirst() }
            else if first == "-" || first == "\u{2212}" { negative = true; signs += 1; scalars = scalars.dropFirst() }
            else if first == "+" { signs += 1; scalars = scalars.dropFirst() }
            else if first == "(" { openParenthesis = true; negative = true; signs += 1; scalars = scalars.dropFirst() }
            else if let length = currencyLength(scalars, atStart: true) { currencies += 1; scalars = scalars.dropFirst(length) }
            else { break }
        }
        while let last = scalars.last {
            if digitValue(last) != nil { break }
            if isSpace(last) { scalars = scalars.dropLast() }
            else if last == "-" || last == "\u{2212}" { negative = true; signs += 1; scalars = scalars.dropLast() }
            else if last == "+" { signs += 1; scalars = scalars.dropLast() }
            else if last == ")" {
                guard openParenthesis else { throw invalid }
                openParenthesis = false
                scalars = scalars.dropLast()
            } else if scalars.count > 2, scalars.last == "R", let mark = scalars.dropLast().last, mark == "C" || mark == "D",
                      !isLetter(scalars[scalars.endIndex - 3]) {
                negative = mark == "D"; signs += 1; scalars = scalars.dropLast(2)
            } else if let length = currencyLength(scalars, atStart: false) { currencies += 1; scalars = scalars.dropLast(length) }
            else { break }
        }
        guard signs <= 1, currencies <= 1, !openParenthesis, !scalars.isEmpty else { throw invalid }
        return try number(scalars, text: text, negative: negative, decimalSeparator: decimalSeparator, grouping: grouping)
    }

    /// Reads the digits and separators left once signs and currencies are gone.
    private static func number(_ scalars: ArraySlice<Unicode.Scalar>, text: String, negative: Bool,
                               decimalSeparator: DecimalSeparator, grouping: Bool) throws(BankFileProblem) -> Money {
        let invalid = BankFileProblem.invalidAmount(text)
        // Which of `.` and `,` is the decimal separator, if any appears.
        var points = 0, commas = 0, lastMark: Unicode.Scalar? = nil, lastMarkIndex = scalars.endIndex
        for index in scalars.indices {
            let scalar = scalars[index]
            if scalar == "." { points += 1 } else if scalar == "," { commas += 1 } else { continue }
            lastMark = scalar
            lastMarkIndex = index
        }
        var decimal: Unicode.Scalar? = nil
        if let lastMark {
            let lastCount = lastMark == "." ? points : commas
            let otherCount = lastMark == "." ? commas : points
            let after = scalars.endIndex - lastMarkIndex - 1
            switch decimalSeparator {
            case .point: decimal = points > 0 ? "." : nil
            case .comma: decimal = commas > 0 ? "," : nil
            case .detect:
                if !grouping || otherCount > 0 {
                    decimal = lastMark
                } else if lastCount > 1 {
                    decimal = nil
                } else if after != 3 || isZeroWhole(scalars[..<lastMarkIndex]) {
                    decimal = lastMark
                } else {
                    let whole = digitsOnly(scalars[..<lastMarkIndex])
                    let fraction = digitsOnly(scalars[(lastMarkIndex + 1)...])
                    let sign = negative ? "-" : ""
                    throw .ambiguousAmount(text, readings: [sign + whole + fraction, sign + whole + "." + fraction])
                }
            }
            if let decimal, (decimal == "." ? points : commas) > 1 { throw invalid }
            if let decimal, decimal != lastMark { throw invalid }   // a decimal separator before grouping
            if !grouping && (points + commas > 1 || decimalSeparator != .detect && decimal == nil) { throw invalid }
        }
        // Digits, grouping checked: 1-3 digits first, then groups of exactly three.
        var whole: UInt64 = 0, fraction: UInt64 = 0, fractionDigits = 0
        var wholeDigits = 0, sinceGroup = 0, grouped = false, inFraction = false
        var groupMark: Unicode.Scalar? = nil
        let tooLarge = BankFileProblem.amountOutOfRange(text)
        for scalar in scalars {
            if let digit = digitValue(scalar) {
                if inFraction {
                    fractionDigits += 1
                    if fractionDigits > 2 { if digit != 0 { throw invalid } } else { fraction = fraction * 10 + digit }
                } else {
                    wholeDigits += 1
                    sinceGroup += 1
                    if wholeDigits > 15 { throw tooLarge }
                    whole = whole * 10 + digit
                }
            } else if scalar == decimal {
                if grouped && sinceGroup != 3 { throw invalid }
                inFraction = true
            } else if !inFraction && grouping && (scalar == "." || scalar == "," || isGroupSpace(scalar)) {
                let mark: Unicode.Scalar = isGroupSpace(scalar) ? " " : scalar
                guard groupMark == nil || groupMark == mark else { throw invalid }
                if wholeDigits == 0 || (grouped ? sinceGroup != 3 : sinceGroup > 3) { throw invalid }
                groupMark = mark
                grouped = true
                sinceGroup = 0
            } else {
                throw invalid
            }
        }
        if grouped && !inFraction && sinceGroup != 3 { throw invalid }
        if wholeDigits == 0 && fractionDigits == 0 { throw invalid }
        if inFraction && fractionDigits == 0 { throw invalid }
        if fractionDigits == 1 { fraction *= 10 }
        let total = whole * 100 + fraction
        guard total <= UInt64(Money.largestEntry.minorUnits) else { throw tooLarge }
        return Money(minorUnits: negative ? -Int64(total) : Int64(total))
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> UInt64? {
        scalar.value >= 0x30 && scalar.value <= 0x39 ? UInt64(scalar.value - 0x30) : nil
    }

    private static func digitsOnly(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars.filter { digitValue($0) != nil }))
    }

    /// `0` or nothing before a separator: it cannot be grouping.
    private static func isZeroWhole(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.allSatisfy { $0 == "0" }
    }

    /// A space around a number: space, tab, no-break, narrow no-break and thin spaces.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{A0}" || scalar == "\u{202F}" || scalar == "\u{2009}"
    }

    /// A thousands separator other than `.` and `,`: spaces and apostrophes.
    private static func isGroupSpace(_ scalar: Unicode.Scalar) -> Bool {
        isSpace(scalar) || scalar == "'" || scalar == "\u{2019}"
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A
    }

    /// The length of a currency symbol or code at the start (or end) of `scalars`, if any: a
    /// code must not be part of a longer word.
    private static func currencyLength(_ scalars: ArraySlice<Unicode.Scalar>, atStart: Bool) -> Int? {
        for symbol in symbols where scalars.count >= symbol.count {
            let part = atStart ? scalars.prefix(symbol.count) : scalars.suffix(symbol.count)
            if part.elementsEqual(symbol) { return symbol.count }
        }
        guard scalars.count >= 3 else { return nil }
        let part = atStart ? scalars.prefix(3) : scalars.suffix(3)
        guard part.allSatisfy({ $0.value >= 0x41 && $0.value <= 0x5A }) else { return nil }
        if scalars.count > 3 {
            let neighbour = atStart ? scalars[scalars.startIndex + 3] : scalars[scalars.endIndex - 4]
            if isLetter(neighbour) { return nil }
        }
        return 3
    }
}
