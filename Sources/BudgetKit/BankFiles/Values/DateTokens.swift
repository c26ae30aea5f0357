/// Splits a date as banks write it into its fields (numbers and month names), the separator
/// between the first two, and what follows the date, which must look like a time.
struct DateTokens {
    enum Field: Equatable {
        case number(Int, digits: Int)
        case month(Int)
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private(set) var fields: [Field] = []
    /// The punctuation between the first two fields (` ` when only spaces).
    private(set) var separator: Unicode.Scalar = " "
    /// Whether an apostrophe comes before the last field (Quicken's `1/5'26`).
    private(set) var apostrophe = false

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { BankAmount.isSpace(scalar) }

    /// Reads up to three fields; `false` when the text is not shaped like a date.
    mutating func parse() -> Bool {
        while index < scalars.count && Self.isSpace(scalars[index]) { index += 1 }
        while fields.count < 3 {
            if fields.count > 0 {
                // A separator: spaces around at most one punctuation mark.
                let start = index
                var mark: Unicode.Scalar? = nil
                while index < scalars.count {
                    let scalar = scalars[index]
                    if Self.isSpace(scalar) { index += 1; continue }
                    guard mark == nil, ".,/-'".unicodeScalars.contains(scalar) else { break }
                    mark = scalar
                    index += 1
                }
                // A month name's own point (`Mrz.2026`) may be all that separates it.
                if index == start && !wordEndedWithPoint { return false }
                if fields.count == 1 { separator = mark ?? (wordEndedWithPoint ? "." : " ") }
                if mark == "'" { apostrophe = fields.count == 2 }
            }
            guard index < scalars.count else { return false }
            let start = index
            if Self.isDigit(scalars[index]) {
                var value = 0
                while index < scalars.count && Self.isDigit(scalars[index]) {
                    guard index - start < 14 else { return false }
                    value = value * 10 + Int(scalars[index].value - 0x30)
                    index += 1
                }
                fields.append(.number(value, digits: index - start))
                wordEndedWithPoint = false
                if fields.count == 1 && isCompact { return true }
            } else if Self.isLetter(scalars[index]) {
                while index < scalars.count && Self.isLetter(scalars[index]) { index += 1 }
                var word = String(String.UnicodeScalarView(scalars[start..<index]))
                wordEndedWithPoint = index < scalars.count && scalars[index] == "."
                if wordEndedWithPoint { index += 1; word += "." }
                guard let month = MonthNames.month(word) else { return false }
                fields.append(.month(month))
            } else {
                return false
            }
        }
        return true
    }

    /// Whether the first field is six or more digits (`20261103`, `261103`, `20261103120000`).
    private var isCompact: Bool {
        if case .number(_, let digits) = fields.first { return digits >= 6 }
        return false
    }

    /// Whether the last field read was a word ending with a point (`Nov.`).
    private var wordEndedWithPoint = false

    /// Whether what follows the date is nothing, or a time with an optional zone: `T12:00`,
    /// ` 12:00:00.123`, ` 9:15 PM`, `Z`, `+01:00`, ` CET`, or, after compact digits, OFX's
    /// `.000[-5:EST]`.
    var restIsTime: Bool {
        var rest = scalars[index...]
        while let last = rest.last, Self.isSpace(last) { rest.removeLast() }
        if rest.isEmpty { return true }
        if isCompact {
            return rest.count <= 40 && rest.allSatisfy { Self.isDigit($0) || ($0.isASCII && Self.isLetter($0)) || "+-.:[] ".unicodeScalars.contains($0) }
        }
        var at = rest.startIndex
        func skipSpaces() { while at < rest.endIndex && Self.isSpace(rest[at]) { at += 1 } }
        func digits(_ range: ClosedRange<Int>, atMost maximum: Int = .max) -> Bool {
            let start = at
            var value = 0
            while at < rest.endIndex && Self.isDigit(rest[at]) && at - start < range.upperBound {
                value = value * 10 + Int(rest[at].value - 0x30)
                at += 1
            }
            return range.contains(at - start) && value <= maximum
        }
        if rest[at] == "T" || Self.isSpace(rest[at]) {
            at += 1
            skipSpaces()
            guard digits(1...2, atMost: 24) else { return false }
            for _ in 0..<2 where at < rest.endIndex && rest[at] == ":" {
                at += 1
                guard digits(2...2, atMost: 60) else { return false }
            }
            if at < rest.endIndex && (rest[at] == "." || rest[at] == ",") {
                at += 1
                guard digits(1...9) else { return false }
            }
            skipSpaces()
        }
        // AM/PM and a zone: letters (Z, UTC, CET, PM) or a signed offset, in any order.
        while at < rest.endIndex {
            if rest[at].isASCII && Self.isLetter(rest[at]) {
                let start = at
                while at < rest.endIndex && rest[at].isASCII && Self.isLetter(rest[at]) { at += 1 }
                guard at - start <= 5 else { return false }
            } else if rest[at] == "+" || rest[at] == "-" {
                at += 1
                guard digits(1...4) else { return false }
                if at < rest.endIndex && rest[at] == ":" { at += 1; guard digits(2...2) else { return false } }
            } else {
                return false
            }
            skipSpaces()
        }
        return true
    }
}
