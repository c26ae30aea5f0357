import Testing
@testable import BudgetKit

@Suite struct DayTests {
    @Test(arguments: ["2026-02-30", "2026-13-01", "2026-00-10", "2025-02-29", "2026-1-01", "26-01-01", "2026/01/01", "", "tomorrow", "2026-01-01T00:00"])
    func impossibleOrMalformedDatesAreRejectedNamingTheInput(text: String) {
        #expect(throws: BudgetError.invalidDay(text)) { try Day(parsing: text) }
    }

    @Test(arguments: ["2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01", "9999-12-31"])
    func realDatesRoundTrip(text: String) throws {
        #expect(try Day(parsing: text).description == text)
    }

    @Test func todayAndYesterdayAreLocalDatesOneDayApart() throws {
        let today = try Day(parsing: "today")
        let yesterday = try Day(parsing: "yesterday")
        #expect(yesterday.adding(days: 1) == today)
        #expect(today == Day.today())
    }

    @Test func dayArithmeticCrossesMonthsYearsAndLeapDays() {
        #expect(Day(iso: "2024-02-28")!.adding(days: 1).description == "2024-02-29")
        #expect(Day(iso: "2026-12-31")!.adding(days: 1).description == "2027-01-01")
        #expect(Day(iso: "1970-01-01")!.daysSinceEpoch == 0)
        #expect(Day(iso: "2026-11-21")!.adding(days: -365).description == "2025-11-21")
    }

    @Test func monthsParseStepAndBound() throws {
        #expect(try Month(parsing: "2026-11").next?.description == "2026-12")
        #expect(try Month(parsing: "2026-12").next?.description == "2027-01")
        #expect(try Month(parsing: "2026-01").previous?.description == "2025-12")
        #expect(try Month(parsing: "2024-02").lastDay.description == "2024-02-29")
        #expect(try Month(parsing: "last") == Month.current().previous)
        #expect(throws: BudgetError.invalidMonth("2026-13")) { try Month(parsing: "2026-13") }
        #expect(throws: BudgetError.invalidMonth("2026-1")) { try Month(parsing: "2026-1") }
        #expect(BudgetError.invalidMonth("x").description == "invalid month 'x': expected YYYY-MM, this or last")
        #expect(BudgetError.invalidDay("2026-02-30").description == "invalid date '2026-02-30': expected YYYY-MM-DD (a real date), today or yesterday")
    }

    @Test func monthArithmeticSaysNilAtTheEdgesInsteadOfTrapping() {
        let last = Month(year: 9999, month: 12)!, first = Month(year: 1, month: 1)!
        #expect(last.next == nil)
        #expect(first.previous == nil)
        #expect(last.adding(months: Int.max) == nil)
        #expect(first.adding(months: Int.min) == nil)
        #expect(first.adding(months: 119_987) == last)
        // Strideable cannot fail: it clamps.
        #expect(last.advanced(by: 1) == last)
        #expect(last.advanced(by: Int.max) == last)
        #expect(first.advanced(by: Int.min) == first)
        #expect(Array(last...last) == [last])
    }

    @Test func dayArithmeticClampsAtTheEdgesInsteadOfTrapping() {
        let last = Day(iso: "9999-12-31")!, first = Day(iso: "0001-01-01")!
        #expect(last.adding(days: 1) == last)
        #expect(last.adding(days: Int.max) == last)
        #expect(first.adding(days: -1) == first)
        #expect(first.adding(days: Int.min) == first)
        #expect(first.adding(days: last.daysSinceEpoch - first.daysSinceEpoch) == last)
        #expect(Day(daysSinceEpoch: Int.max) == nil)
        #expect(Day(daysSinceEpoch: Int.min) == nil)
        #expect(Day(daysSinceEpoch: last.daysSinceEpoch + 1) == nil)
        #expect(Day(daysSinceEpoch: 0) == Day(iso: "1970-01-01"))
    }
}

