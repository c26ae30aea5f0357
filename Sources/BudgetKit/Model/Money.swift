/// An exact amount of money in minor units (cents), never a floating-point number.
///
/// `Money` parses the forms people type (`12`, `12.5`, `12.50`, `-3`, `+3`, `1,234.56`) and
/// formats as plain text (`-12.50`: no symbol, no grouping), so amounts survive a round trip
/// through CSV, JSON and the database exactly.
///
/// ```swift
/// let lunch = try Money(parsing: "12.50")   // 1250 minor units
/// print(lunch)                              // "12.50"
/// ```
///
/// It deliberately knows nothing of currencies or exchange rates: a book is in one currency.
public struct Money: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The amount in minor units: 1250 is 12.50.
    public var minorUnits: Int64

    /// Creates an amount from minor units (cents).
    public init(minorUnits: Int64) {
        self.minorUnits = minorUnits
    }

    /// Zero.
    public static let zero = Money(minorUnits: 0)

    /// The largest amount a user can enter: 99,999,999,999.99 (just under 10^13 minor units).
    ///
    /// Far beyond any household budget, and small enough that sums over a million rows, and a
    /// century of monthly budgets, stay exact in 64 bits.
    public static let largestEntry = Money(minorUnits: 9_999_999_999_999)

    /// Parses an amount as a person writes it.
    ///
    /// Accepts an optional sign, digits with optional thousands separators (`1,234`), and at most
    /// two decimals after a point. Rejects exponents, `NaN`, empty text, more than two decimals and
    /// amounts beyond ``largestEntry`` either way.
    ///
    /// - Parameter text: the amount, such as `"-12.50"` or `"1,234.56"`.
    /// - Throws: ``BudgetError/invalidAmount(_:reason:)`` naming the text.
    public init(parsing text: String) throws(BudgetError) {
        self = try MoneyParser.parse(text, decimalSeparator: UInt8(ascii: "."), groupSeparator: UInt8(ascii: ","))
    }

    /// Parses an amount whose decimal separator is a comma (`1.234,56`), as many banks write it.
    ///
    /// - Throws: ``BudgetError/invalidAmount(_:reason:)`` naming the text.
    public init(parsingDecimalComma text: String) throws(BudgetError) {
        self = try MoneyParser.parse(text, decimalSeparator: UInt8(ascii: ","), groupSeparator: UInt8(ascii: "."))
    }

    /// The plain form: optional minus, digits, a point and two decimals (`-12.50`).
    public var description: String {
        String(unsafeUninitializedCapacity: Self.longestDescription) { writeDescription(into: $0) }
    }

    /// Appends ``description``'s UTF-8 bytes to `bytes` (a JSON or CSV writer's buffer),
    /// without making a `String`.
    ///
    /// ```swift
    /// var line: [UInt8] = []
    /// Money(minorUnits: -1250).appendDescription(to: &line)   // "-12.50"
    /// ```
    ///
    /// - Complexity: O(1): at most 21 bytes.
    public func appendDescription(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestDescription) { buffer in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<writeDescription(into: buffer)]))
        }
    }

    /// The length of the longest ``description``: `-92233720368547758.08`.
    private static let longestDescription = 21

    /// Writes ``description`` at the start of `buffer` (``longestDescription`` bytes at least) by
    /// integer arithmetic, and returns its length.
    private func writeDescription(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        // Int64.min has no positive counterpart: work in UInt64 magnitude.
        let magnitude = minorUnits.magnitude
        let cents = magnitude % 100
        var whole = magnitude / 100, digits = 1
        while whole >= 10 {
            whole /= 10
            digits += 1
        }
        var end = minorUnits < 0 ? 1 : 0
        if end == 1 { buffer[0] = UInt8(ascii: "-") }
        end += digits
        whole = magnitude / 100
        for index in stride(from: end - 1, through: end - digits, by: -1) {
            buffer[index] = UInt8(ascii: "0") + UInt8(whole % 10)
            whole /= 10
        }
        buffer[end] = UInt8(ascii: ".")
        buffer[end + 1] = UInt8(ascii: "0") + UInt8(cents / 10)
        buffer[end + 2] = UInt8(ascii: "0") + UInt8(cents % 10)
        return end + 3
    }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

    /// The sum; traps on overflow, which no real book reaches (92 quadrillion).
    public static func + (lhs: Money, rhs: Money) -> Money { Money(minorUnits: lhs.minorUnits + rhs.minorUnits) }
    /// The difference; traps on overflow.
    public static func - (lhs: Money, rhs: Money) -> Money { Money(minorUnits: lhs.minorUnits - rhs.minorUnits) }
    /// The negation.
    public static prefix func - (value: Money) -> Money { Money(minorUnits: -value.minorUnits) }
    /// Adds in place; traps on overflow.
    public static func += (lhs: inout Money, rhs: Money) { lhs.minorUnits += rhs.minorUnits }
    /// Subtracts in place; traps on overflow.
    public static func -= (lhs: inout Money, rhs: Money) { lhs.minorUnits -= rhs.minorUnits }

    /// The sum, or ``BudgetError/totalTooLarge`` when it does not fit in 64 bits (only reachable
    /// by adding up about a million amounts of ``largestEntry``).
    public func adding(_ other: Money) throws(BudgetError) -> Money {
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        if overflow { throw .totalTooLarge }
        return Money(minorUnits: sum)
    }

    /// The difference, or ``BudgetError/totalTooLarge`` when it does not fit in 64 bits.
    public func subtracting(_ other: Money) throws(BudgetError) -> Money {
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        if overflow { throw .totalTooLarge }
        return Money(minorUnits: difference)
    }

    /// The sum, clamped to the 64-bit range instead of trapping: for report lines and totals,
    /// whose inputs SQLite has already summed without overflow.
    public func clampedAdding(_ other: Money) -> Money {
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard overflow else { return Money(minorUnits: sum) }
        return Money(minorUnits: other.minorUnits > 0 ? .max : .min)
    }

    /// The difference, clamped to the 64-bit range instead of trapping.
    public func clampedSubtracting(_ other: Money) -> Money {
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard overflow else { return Money(minorUnits: difference) }
        return Money(minorUnits: other.minorUnits < 0 ? .max : .min)
    }

    public init(from decoder: any Decoder) throws {
        minorUnits = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(minorUnits)
    }
}

/// The hand-written parser behind ``Money/init(parsing:)``: bytes in, minor units out.
enum MoneyParser {
    static func parse(_ text: String, decimalSeparator: UInt8, groupSeparator: UInt8) throws(BudgetError) -> Money {
        func fail(_ reason: String) -> BudgetError { .invalidAmount(text, reason: reason) }
        var bytes = Array(text.utf8)[...]
        if bytes.isEmpty { throw fail("it is empty") }
        // `12,50` typed where decimals follow a point (or `3.20` where they follow a comma):
        // say so, with the amount meant, rather than that its grouping is wrong.
        func grouping() -> BudgetError {
            let separators = bytes.indices.filter { bytes[$0] == groupSeparator }
            if separators.count == 1, let at = separators.first, at > bytes.startIndex,
               (1...2).contains(bytes.endIndex - at - 1),
               bytes.allSatisfy({ $0 == groupSeparator || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                var meant = Array(text.utf8)
                meant[at] = decimalSeparator
                return fail("a '\(Unicode.Scalar(groupSeparator))' separates thousands: write \(String(decoding: meant, as: UTF8.self)) for decimals")
            }
            return fail("its digit grouping is wrong")
        }
        var negative = false
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var whole: UInt64 = 0
        var fraction: UInt64 = 0
        var fractionDigits = 0
        var wholeDigits = 0
        var digitsSinceGroup = 0
        var sawGroup = false
        var sawPoint = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = UInt64(byte - UInt8(ascii: "0"))
                if sawPoint {
                    fractionDigits += 1
                    if fractionDigits > 2 { throw fail("it has more than two decimals") }
                    fraction = fraction * 10 + digit
                } else {
                    wholeDigits += 1
                    digitsSinceGroup += 1
                    let (times10, o1) = whole.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(digit)
                    if o1 || o2 { throw fail("it is too large (at most 99,999,999,999.99)") }
                    whole = sum
                }
            case groupSeparator where !sawPoint:
                // Thousands separators: 1-3 digits first, then groups of exactly three.
                if wholeDigits == 0 || (sawGroup ? digitsSinceGroup != 3 : digitsSinceGroup > 3) {
                    throw grouping()
                }
                sawGroup = true
                digitsSinceGroup = 0
            case decimalSeparator where !sawPoint:
                if sawGroup && digitsSinceGroup != 3 { throw grouping() }
                sawPoint = true
            default:
                throw fail("it is not a number like 12.50")
            }
        }
        if sawGroup && !sawPoint && digitsSinceGroup != 3 { throw grouping() }
        if wholeDigits == 0 && fractionDigits == 0 { throw fail("it is not a number like 12.50") }
        if sawPoint && fractionDigits == 0 { throw fail("it has no digits after the point") }
        if fractionDigits == 1 { fraction *= 10 }
        let (cents, o1) = whole.multipliedReportingOverflow(by: 100)
        let (total, o2) = cents.addingReportingOverflow(fraction)
        if o1 || o2 || total > UInt64(Money.largestEntry.minorUnits) {
            throw fail("it is too large (at most 99,999,999,999.99)")
        }
        return Money(minorUnits: negative ? -Int64(total) : Int64(total))
    }
}
