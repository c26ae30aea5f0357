#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A civil date (`YYYY-MM-DD`) with no time and no time zone: the day a transaction happened.
///
/// Days are stored as text in the database and sort correctly as text. Impossible dates
/// (`2026-02-30`) are rejected when parsed. `today` and `yesterday` are the local dates from the
/// C library (`localtime_r`), which honours `TZ`.
///
/// ```swift
/// let day = try Day(parsing: "2026-11-21")
/// day.month        // 2026-11
/// day.adding(days: 10).description   // "2026-12-01"
/// ```
public struct Day: Hashable, Sendable, Comparable, ISOTextCodable {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month of the year, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 28...31.
    public let day: Int

    /// Creates a day, or `nil` when the date does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= Month.daysIn(year: year, month: month) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, `today` or `yesterday`.
    ///
    /// - Throws: ``BudgetError/invalidDay(_:)`` naming the text, for any other form or a date
    ///   that does not exist.
    public init(parsing text: String) throws(BudgetError) {
        switch text {
        case "today": self = Day.today()
        case "yesterday": self = Day.today().adding(days: -1)
        default:
            guard let day = Day(iso: text) else { throw .invalidDay(text) }
            self = day
        }
    }

    /// Parses exactly `YYYY-MM-DD`, as stored in the database; `nil` for anything else.
    public init?(iso text: String) {
        guard let day = Day.parseISO(Array(text.utf8)[...]) else { return nil }
        self = day
    }

    static func parseISO<C: Collection>(_ bytes: C) -> Day? where C.Element == UInt8, C.Index == Int {
        guard bytes.count == 10 else { return nil }
        let base = bytes.startIndex
        guard bytes[base + 4] == UInt8(ascii: "-"), bytes[base + 7] == UInt8(ascii: "-") else { return nil }
        func number(_ from: Int, _ length: Int) -> Int? {
            var value = 0
            for index in (base + from)..<(base + from + length) {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2) else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// Today's local date, from the C library's `localtime_r` (honours `TZ`).
    public static func today() -> Day {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

    /// The month this day falls in.
    public var monthOfYear: Month { Month(year: year, month: month)! }

    /// The day `days` later (or earlier, when negative), clamped to 0001-01-01...9999-12-31:
    /// any `days`, even `Int.max`, is safe. `Day(daysSinceEpoch:)` says `nil` instead at the edges.
    public func adding(days: Int) -> Day {
        let (target, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        if !overflow, let day = Day(daysSinceEpoch: target) { return day }
        return (overflow ? days < 0 : target < Day.first.daysSinceEpoch) ? Day.first : Day.last
    }

    /// The earliest day there is: 0001-01-01.
    static let first = Day(year: 1, month: 1, day: 1)!
    /// The latest day there is: 9999-12-31.
    static let last = Day(year: 9999, month: 12, day: 31)!

    /// A number that orders days as they order, without calendar arithmetic: `year << 9 |
    /// month << 5 | day`. Cheaper than ``daysSinceEpoch`` where only the order matters (a million
    /// sort keys).
    var ordinal: Int { Day.ordinal(year: year, month: month, day: day) }

    @inline(__always)
    static func ordinal(year: Int, month: Int, day: Int) -> Int { year << 9 | month << 5 | day }

    /// The day with this ``ordinal``.
    init?(ordinal: Int) {
        self.init(year: ordinal >> 9, month: (ordinal >> 5) & 15, day: ordinal & 31)
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int { Day.daysSinceEpoch(year: year, month: month, day: day) }

    /// Days since 1970-01-01 of a valid civil date, without making a `Day`.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`), or `nil` outside
    /// 0001-01-01...9999-12-31.
    public init?(daysSinceEpoch days: Int) {
        // The bounds come first, so the arithmetic below never overflows.
        guard days >= Day.daysSinceEpoch(year: 1, month: 1, day: 1), days <= Day.daysSinceEpoch(year: 9999, month: 12, day: 31) else {
            return nil
        }
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Ten ASCII bytes written in place: this runs once per row on import and export.
        String(unsafeUninitializedCapacity: 10) { buffer in
            func put(_ value: Int, at offset: Int, digits: Int) {
                var value = value
                for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, at: 0, digits: 4)
            buffer[4] = UInt8(ascii: "-")
            put(month, at: 5, digits: 2)
            buffer[7] = UInt8(ascii: "-")
            put(day, at: 8, digits: 2)
            return 10
        }
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// What the text looks like, for decoding errors.
    public static let isoShape = "YYYY-MM-DD date"
}
