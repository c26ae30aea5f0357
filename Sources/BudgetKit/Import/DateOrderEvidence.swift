/// The orders (day, month and year) a file's dates may be written in, narrowed by each date
/// read: what settles a date that two orders read (`03/04/2026`) when another date of the same
/// file can be read one way only (`15/04/2026`, day first).
///
/// ```swift
/// var evidence = DateOrderEvidence()
/// evidence.narrow(by: "03/04/2026", line: 2, column: 1)
/// evidence.narrow(by: "15/04/2026", line: 3, column: 1)
/// evidence.settled?.order     // .dayMonthYear, by line 3's date
/// ```
struct DateOrderEvidence: Sendable {
    /// The orders a date can be written in.
    static let orders: [DateOrder] = [.dayMonthYear, .monthDayYear, .yearMonthDay]

    /// The orders every date read so far can be read in.
    private(set) var possible = Set(DateOrderEvidence.orders)
    /// Whether a date read so far could be read in more than one order (with different days).
    private(set) var sawAmbiguity = false
    /// The first date that left one order possible, and where it is.
    private(set) var witness: (text: String, line: Int, column: Int)?

    /// The orders that read `text` as a real day, with that day, leaving out a reading
    /// ``DateOrder/detect`` never gives (a year first with slashes or points, a month first with
    /// points): else `15/04/26` would fit year first too, as 2015-04-26, and a file with years
    /// 2000 to 2031 written short would never settle. Every order's reading when `detect` reads
    /// none (eight digits, day first).
    static func readings(of text: String) -> [(order: DateOrder, day: Day)] {
        let detected: [Day]?
        do {
            detected = [try BankDate.parse(text)]
        } catch .ambiguousDate(_, let readings) {
            detected = readings
        } catch {
            detected = nil
        }
        return orders.compactMap { order in
            guard let day = try? BankDate.parse(text, order: order), detected?.contains(day) ?? true else { return nil }
            return (order, day)
        }
    }

    /// Narrows the orders by one date: the orders that read it as a real day stay.
    mutating func narrow(by text: String, line: Int, column: Int) {
        let readings = Self.readings(of: text)
        if Set(readings.map(\.1)).count > 1 { sawAmbiguity = true }
        // A date every order reads the same (ISO, a month name) says nothing.
        guard Set(readings.map(\.1)).count > 1 || readings.count < Self.orders.count else { return }
        let before = possible.count
        possible.formIntersection(readings.map(\.0))
        if possible.count == 1 && before > 1 && witness == nil { witness = (text, line, column) }
    }

    /// The one order every date can be read in, with the date that settled it, when some date
    /// could be read two ways; `nil` when none could, when two orders still read every date,
    /// or when no order reads them all.
    var settled: (order: DateOrder, text: String, line: Int, column: Int)? {
        guard sawAmbiguity, possible.count == 1, let order = possible.first, let witness else { return nil }
        return (order, witness.text, witness.line, witness.column)
    }

}
