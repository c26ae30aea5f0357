import Testing
@testable import BudgetKit

@Suite struct ImportDateFormatTests {
    @Test(arguments: [
        ("YYYY-MM-DD", "2026-11-21"), ("DD-MM-YYYY", "21-11-2026"), ("MM/DD/YYYY", "11/21/2026"),
        ("DD.MM.YYYY", "21.11.2026"), ("DD/MM/YYYY", "21/11/2026"), ("YYYYMMDD", "20261121"),
        ("MM/DD/YYYY", "11/21/2026"), ("DD. MM. YYYY", "21. 11. 2026"),
    ])
    func readsDatesInTheGivenPattern(pattern: String, text: String) throws {
        let format = try #require(ImportDateFormat(pattern: pattern))
        #expect(format.day(from: text) == Day(year: 2026, month: 11, day: 21))
        #expect(format.description == pattern)
    }

    @Test func acceptsOneDigitMonthsAndDaysWhenThePatternHasSeparators() throws {
        let us = try #require(ImportDateFormat(pattern: "MM/DD/YYYY"))
        #expect(us.day(from: "1/5/2026") == Day(year: 2026, month: 1, day: 5))
        #expect(ImportDateFormat(pattern: "YYYYMMDD")!.day(from: "2026115") == nil)
    }

    @Test(arguments: [
        ("DD/MM/YYYY", "31/02/2026"), ("DD/MM/YYYY", "29/02/2025"), ("DD/MM/YYYY", "21/11/26"),
        ("DD/MM/YYYY", "21-11-2026"), ("DD/MM/YYYY", "21/11/2026 10:00"), ("DD/MM/YYYY", ""),
        ("DD/MM/YYYY", "121/11/2026"), ("YYYY-MM-DD", "2026-13-01"), ("YYYY-MM-DD", "2026-00-10"),
        ("YYYY-MM-DD", "today"), ("YYYY-MM-DD", "２０２６-11-21"),
    ])
    func rejectsTextThatDoesNotMatchOrDoesNotExist(pattern: String, text: String) {
        #expect(ImportDateFormat(pattern: pattern)!.day(from: text) == nil)
    }

    @Test func acceptsTheTwentyNinthOfFebruaryInALeapYear() {
        #expect(ImportDateFormat(pattern: "DD/MM/YYYY")!.day(from: "29/02/2028") == Day(year: 2028, month: 2, day: 29))
    }

    @Test(arguments: ["", "YYYY-MM", "YY-MM-DD", "DD-MM-YYYY-DD", "YYYY-MM-DDx", "yyyy-mm-dd", "DD1MM1YYYY", "DD\tMM\tYYYY"])
    func rejectsPatternsThatAreNotOneYearMonthAndDay(pattern: String) {
        #expect(ImportDateFormat(pattern: pattern) == nil)
    }
}
