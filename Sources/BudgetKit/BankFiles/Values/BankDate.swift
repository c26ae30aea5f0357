/// Reads dates as banks write them, into the ``Day`` the bank booked the entry on.
///
/// Forms: ISO (`2026-11-03`, `2026/11/03`, `20261103`); numeric with the day and month in
/// either order (`03.11.2026`, `11/3/2026`, `3-11-26`, Quicken's `11/ 3'26`); month names in
/// English, German or French (`3 Nov 2026`, `Nov 3, 2026`, `03-Nov-26`, `3. März 2026`); six
/// compact digits (`261103`, with a ``DateOrder``); any of these followed by a time and a zone
/// (`2026-11-03T23:30:00-05:00`, `03.11.2026 12:00`, `11/3/2026 9:15 PM`), and OFX's
/// `20261103120000.000[-5:EST]` (see ``parseOFX(_:)``).
///
/// **The booking day is the date as written.** A time and a zone are checked for shape and
/// dropped, never applied: `2026-11-03T23:30:00-05:00` is 2026-11-03, as the bank's own
/// statement shows it, although it is already 2026-11-04 in UTC. Shifting would move entries
/// across month ends in a budget for no gain.
///
/// **Two-digit years** follow the C library's `strptime("%y")` (POSIX): `69`–`99` are
/// 1969–1999 and `00`–`68` are 2000–2068 (``twoDigitYearPivot``). Quicken's apostrophe
/// (`1/5'26`) always means 2000 and later. A fixed pivot, not a window around today, so the
/// same file gives the same days on every machine and in every year.
///
/// Ambiguity: see ``DateOrder/detect``.
public enum BankDate {
    /// Two-digit years from this one up are 19YY; below it, 20YY.
    public static let twoDigitYearPivot = 69

    /// Parses `text` as a date.
    ///
    /// - Parameters:
    ///   - text: the date as the file writes it; surrounding spaces are ignored.
    ///   - order: the order of numeric dates' parts.
    /// - Throws: ``BankFileProblem/invalidDate(_:)`` or ``BankFileProblem/ambiguousDate(_:readings:)``.
    /// - Complexity: O(n) in the text's length.
    public static func parse(_ text: String, order: DateOrder = .detect) throws(BankFileProblem) -> Day {
        if let (year, month, day) = isoParts(text) {
            // What the general reading below gives for these ten characters, without its tokens.
            guard let value = Day(year: year, month: month, day: day) else { throw .invalidDate(text) }
            return value
        }
        var tokens = DateTokens(text)
        guard tokens.parse(), tokens.restIsTime else { throw .invalidDate(text) }
        let fields = tokens.fields
        var readings: [Day] = []
        func add(_ year: Int, _ month: Int, _ day: Int) {
            if let value = Day(year: year, month: month, day: day), !readings.contains(value) { readings.append(value) }
        }
        if fields.count == 1, case .number(let value, let digits) = fields[0] {
            // Compact digits: YYYYMMDD (with a time after it: YYYYMMDDHHMM[SS]), or six digits.
            if digits == 8 && (order == .detect || order == .yearMonthDay) || (10...14).contains(digits) && order == .detect {
                var date = value
                for _ in 8..<digits { date /= 10 }
                add(date / 10000, date / 100 % 100, date % 100)
            } else if digits == 8 {
                let (a, b, c) = (value / 1_000_000, value / 10000 % 100, value % 10000)
                order == .dayMonthYear ? add(c, b, a) : add(c, a, b)
            } else if digits == 6 {
                let (a, b, c) = (value / 10000, value / 100 % 100, value % 100)
                if order == .detect || order == .yearMonthDay { add(year(a, digits: 2), b, c) }
                if order == .detect || order == .dayMonthYear { add(year(c, digits: 2), b, a) }
                if order == .detect || order == .monthDayYear { add(year(c, digits: 2), a, b) }
            }
        } else if fields.count == 3 {
            if let monthIndex = fields.firstIndex(where: { if case .month = $0 { return true } else { return false } }) {
                guard case .month(let month) = fields[monthIndex] else { throw .invalidDate(text) }
                let numbers = fields.compactMap { field -> (Int, Int)? in
                    if case .number(let value, let digits) = field { return (value, digits) } else { return nil }
                }
                guard numbers.count == 2 else { throw .invalidDate(text) }
                // The day comes before the year, unless the first number is a four-digit year.
                let (day, year) = numbers[0].1 >= 3 ? (numbers[1], numbers[0]) : (numbers[0], numbers[1])
                guard day.1 <= 2, year.1 == 2 || year.1 == 4 else { throw .invalidDate(text) }
                add(self.year(year.0, digits: year.1, apostrophe: tokens.apostrophe), month, day.0)
            } else {
                guard case .number(let a, let aDigits) = fields[0], case .number(let b, let bDigits) = fields[1],
                      case .number(let c, let cDigits) = fields[2], aDigits <= 4, bDigits <= 2, cDigits <= 4 else {
                    throw .invalidDate(text)
                }
                if aDigits == 4 {
                    // A four-digit year first is read one way whatever the order says (no
                    // convention puts the day between year and month): ISO's date-times too.
                    guard cDigits <= 2 else { throw .invalidDate(text) }
                    add(a, b, c)
                } else if cDigits == 2 || cDigits == 4, aDigits <= 2 {
                    let y = year(c, digits: cDigits, apostrophe: tokens.apostrophe)
                    switch order {
                    case .dayMonthYear: add(y, b, a)
                    case .monthDayYear: add(y, a, b)
                    case .yearMonthDay: add(year(a, digits: aDigits), b, c)
                    case .detect:
                        add(y, b, a)
                        if tokens.separator != "." { add(y, a, b) }
                        // `26-01-15` may be year first, as ISO writes it with a short year. (Not with
                        // slashes: `15/01/26` is a day first, and a year 26 would fit every month.)
                        if aDigits == 2, cDigits == 2, tokens.separator == "-", !tokens.apostrophe { add(year(a, digits: 2), b, c) }
                    }
                }
            }
        }
        guard let first = readings.first else { throw .invalidDate(text) }
        guard readings.count == 1 else { throw .ambiguousDate(text, readings: readings) }
        return first
    }

    /// Parses OFX's date-time, `YYYYMMDD[HHMMSS[.XXX]][[gmt offset[:tz name]]]`
    /// (`20261103`, `20261103120000.000[-5:EST]`): its first eight digits, as the bank's
    /// booking day (the time and the zone are checked for shape and dropped; see the type).
    ///
    /// - Throws: ``BankFileProblem/invalidDate(_:)``.
    public static func parseOFX(_ text: String) throws(BankFileProblem) -> Day {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(max: Int) -> Int {
            var count = 0
            while count < max, index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; count += 1 }
            return count
        }
        guard digits(max: 8) == 8 else { throw .invalidDate(text) }
        let time = digits(max: 6)
        guard time == 0 || time == 4 || time == 6 else { throw .invalidDate(text) }
        if time == 6, index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(max: 3) > 0 else { throw .invalidDate(text) }
        }
        if index < bytes.count {
            // [gmt offset[:tz name]]: a bracket, a signed number (possibly with decimals), a name.
            guard bytes[index] == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]"), bytes.count - index <= 32 else {
                throw .invalidDate(text)
            }
            let zone = bytes[(index + 1)..<(bytes.count - 1)]
            guard zone.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A)
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }) else {
                throw .invalidDate(text)
            }
        }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } }
        guard let day = Day(year: number(0..<4), month: number(4..<6), day: number(6..<8)) else { throw .invalidDate(text) }
        return day
    }

    /// The numbers of exactly `YYYY-MM-DD`, or `nil` for any other text.
    private static func isoParts(_ text: String) -> (Int, Int, Int)? {
        let bytes = text.utf8
        guard bytes.count == 10 else { return nil }
        var numbers = (0, 0, 0)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            let digit = Int(byte - 0x30)
            if index < 4 { numbers.0 = numbers.0 * 10 + digit }
            else if index < 7 { numbers.1 = numbers.1 * 10 + digit }
            else { numbers.2 = numbers.2 * 10 + digit }
        }
        return numbers
    }

    /// A year from `digits` digits: two-digit years through the pivot, or 2000+ after `'`.
    static func year(_ value: Int, digits: Int, apostrophe: Bool = false) -> Int {
        guard digits <= 2 else { return value }
        if apostrophe { return 2000 + value }
        return value < twoDigitYearPivot ? 2000 + value : 1900 + value
    }
}
