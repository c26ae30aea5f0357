/// A calendar month (`YYYY-MM`): the period budgets and reports are about.
///
/// Months sort as text and as values. `this` and `last` are resolved against the local date.
///
/// ```swift
/// let month = try Month(parsing: "2026-11")
/// month.next?.description       // "2026-12"
/// month.firstDay.description    // "2026-11-01"
/// ```
public struct Month: Hashable, Sendable, Comparable, ISOTextCodable, Strideable {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month of the year, 1 to 12.
    public let month: Int

    /// Creates a month, or `nil` when out of range.
    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM`, `this` (the current local month) or `last` (the one before).
    ///
    /// - Throws: ``BudgetError/invalidMonth(_:)`` naming the text.
    public init(parsing text: String) throws(BudgetError) {
        switch text {
        case "this": self = Month.current()
        case "last": self = Month.current().advanced(by: -1)   // the current month is never 0001-01
        default:
            guard let month = Month(iso: text) else { throw .invalidMonth(text) }
            self = month
        }
    }

    /// Parses exactly `YYYY-MM`; `nil` for anything else.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-") else { return nil }
        var year = 0, month = 0
        for (index, byte) in bytes.enumerated() where index != 4 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            if index < 4 { year = year * 10 + digit } else { month = month * 10 + digit }
        }
        self.init(year: year, month: month)
    }

    /// The month of today's local date.
    public static func current() -> Month { Day.today().monthOfYear }

    /// The first day of the month.
    public var firstDay: Day { Day(year: year, month: month, day: 1)! }
    /// The last day of the month.
    public var lastDay: Day { Day(year: year, month: month, day: Month.daysIn(year: year, month: month))! }
    /// The month after this one; `nil` after 9999-12.
    public var next: Month? { adding(months: 1) }
    /// The month before this one; `nil` before 0001-01.
    public var previous: Month? { adding(months: -1) }

    /// The month `n` months later (earlier when negative), or `nil` when that is outside
    /// 0001-01...9999-12 (any `n`, even `Int.max`, is safe).
    public func adding(months n: Int) -> Month? {
        let (target, overflow) = ordinal.addingReportingOverflow(n)
        guard !overflow, target >= Month.first.ordinal, target <= Month.last.ordinal else { return nil }
        return Month(year: target / 12, month: target % 12 + 1)
    }

    /// The earliest month there is: 0001-01.
    static let first = Month(year: 1, month: 1)!
    /// The latest month there is: 9999-12.
    static let last = Month(year: 9999, month: 12)!

    /// Months since January of year 0, for arithmetic.
    private var ordinal: Int { year * 12 + (month - 1) }

    /// The number of months from this one to `other` (negative when `other` is earlier).
    public func distance(to other: Month) -> Int { other.ordinal - ordinal }

    /// The month `n` months later (earlier when negative), clamped to 0001-01...9999-12: the
    /// `Strideable` conformance, which cannot fail. Use ``adding(months:)`` to learn of the edge.
    public func advanced(by n: Int) -> Month {
        adding(months: n) ?? (n < 0 ? Month.first : Month.last)
    }

    /// `YYYY-MM`.
    public var description: String { Month.pad(year, 4) + "-" + Month.pad(month, 2) }

    public static func < (lhs: Month, rhs: Month) -> Bool { lhs.ordinal < rhs.ordinal }

    static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// What the text looks like, for decoding errors.
    public static let isoShape = "YYYY-MM month"
}
