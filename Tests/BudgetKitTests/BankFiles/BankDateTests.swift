import Testing
@testable import BudgetKit

@Suite struct BankDateTests {
    @Test(arguments: [
        ("2026-11-03", "2026-11-03"), ("2026/11/03", "2026-11-03"), ("20261103", "2026-11-03"), ("03.11.2026", "2026-11-03"),
        ("3.11.26", "2026-11-03"), ("13/11/2026", "2026-11-13"), ("11/13/2026", "2026-11-13"), ("11/13/26", "2026-11-13"),
        ("12/31'26", "2026-12-31"), ("12/31'99", "2099-12-31"), ("12/31/99", "1999-12-31"), ("1/31/69", "1969-01-31"),
        ("1/31/68", "2068-01-31"), ("3 Nov 2026", "2026-11-03"), ("Nov 3, 2026", "2026-11-03"), ("03-Nov-26", "2026-11-03"),
        ("3. März 2026", "2026-03-03"), ("3 Maerz 2026", "2026-03-03"), ("3 Mär 2026", "2026-03-03"), ("03.Mrz.2026", "2026-03-03"),
        ("3. MÄRZ 2026", "2026-03-03"), ("1. Okt. 2026", "2026-10-01"), ("24 Dez 2026", "2026-12-24"), ("5 janv. 2026", "2026-01-05"),
        ("5 déc 2026", "2026-12-05"), ("2026 Nov 3", "2026-11-03"), ("December 31 1999", "1999-12-31"), ("Sept. 9, 2026", "2026-09-09"),
        ("2026-11-03T23:30:00-05:00", "2026-11-03"), ("2026-11-03T12:00:00Z", "2026-11-03"), ("2026-11-03+01:00", "2026-11-03"),
        ("03.11.2026 12:00", "2026-11-03"), ("11/13/2026 9:15 PM", "2026-11-13"), ("2026-11-03 12:00:00.123456", "2026-11-03"),
        ("20261103120000.000[-5:EST]", "2026-11-03"), ("202611031200", "2026-11-03"), (" 2026-11-03 ", "2026-11-03"),
        ("31/12/2026", "2026-12-31"), ("5/5/2026", "2026-05-05"), ("03 Nov 2026 10:00 CET", "2026-11-03"),
        ("98-01-15", "1998-01-15"), ("15.01.26", "2026-01-15"), ("15/01/26", "2026-01-15"), ("31/12/26", "2026-12-31"),
    ])
    func readsDatesAsBanksWriteThem(text: String, iso: String) throws {
        #expect(try BankDate.parse(text).description == iso)
    }

    @Test(arguments: [
        ("03/04/2026", ["2026-04-03", "2026-03-04"]), ("1/2/26", ["2026-02-01", "2026-01-02"]),
        ("1/ 5'26", ["2026-05-01", "2026-01-05"]), ("050607", ["2005-06-07", "2007-06-05", "2007-05-06"]),
        // Two digits first and last: the year may come first too (points still mean day first).
        ("26-01-15", ["2015-01-26", "2026-01-15"]), ("31-12-26", ["2026-12-31", "2031-12-26"]),
        ("01-02-03", ["2003-02-01", "2003-01-02", "2001-02-03"]),
    ])
    func refusesToGuessADateThatReadsTwoWays(text: String, readings: [String]) {
        #expect(throws: BankFileProblem.ambiguousDate(text, readings: readings.map { Day(iso: $0)! })) { try BankDate.parse(text) }
    }

    @Test(arguments: [
        ("03/04/2026", DateOrder.dayMonthYear, "2026-04-03"), ("03/04/2026", .monthDayYear, "2026-03-04"),
        ("03.04.2026", .monthDayYear, "2026-03-04"), ("261103", .yearMonthDay, "2026-11-03"), ("031126", .dayMonthYear, "2026-11-03"),
        ("110326", .monthDayYear, "2026-11-03"), ("03112026", .dayMonthYear, "2026-11-03"), ("1/ 5'26", .monthDayYear, "2026-01-05"),
        ("26-01-15", .yearMonthDay, "2026-01-15"), ("31-12-26", .dayMonthYear, "2026-12-31"), ("12-31-26", .monthDayYear, "2026-12-31"),
    ])
    func aDateOrderSettlesIt(text: String, order: DateOrder, iso: String) throws {
        #expect(try BankDate.parse(text, order: order).description == iso)
    }

    @Test(arguments: ["", "2026-02-30", "2026-13-01", "31/31/2026", "Nov 2026", "3 Foo 2026", "2026-11-03 lunch", "2026-11-03T25",
                      "12/31/2026 12:3", "1 2 3 4", "2026-11", "13/13/2026", "3.11.", "11/13/2026", ])
    func refusesWhatIsNotADate(text: String) {
        if text == "11/13/2026" {
            #expect(throws: BankFileProblem.invalidDate(text)) { try BankDate.parse(text, order: .dayMonthYear) }
        } else {
            #expect(throws: BankFileProblem.invalidDate(text)) { try BankDate.parse(text) }
        }
    }

    @Test(arguments: [("20261103", "2026-11-03"), ("20261103120000", "2026-11-03"), ("20261103120000.000", "2026-11-03"),
                      ("20261103120000.000[-5:EST]", "2026-11-03"), ("20261103235959[+1:CET]", "2026-11-03"), ("202611031200", "2026-11-03"),
                      ("20261103000000[0:GMT]", "2026-11-03"), ("20261103120000.000[-3.30:NST]", "2026-11-03")])
    func readsOFXDateTimesAsTheBanksDay(text: String, iso: String) throws {
        #expect(try BankDate.parseOFX(text).description == iso)
    }

    @Test(arguments: ["2026110", "20261131", "20261103x", "2026110312", "20261103120000.", "20261103[-5:EST", "202611031200001"])
    func refusesMalformedOFXDates(text: String) {
        #expect(throws: BankFileProblem.invalidDate(text)) { try BankDate.parseOFX(text) }
    }

    @Test func thePivotIsPOSIXs() {
        #expect(BankDate.twoDigitYearPivot == 69)
        #expect(BankDate.year(68, digits: 2) == 2068)
        #expect(BankDate.year(69, digits: 2) == 1969)
        #expect(BankDate.year(0, digits: 2) == 2000)
        #expect(BankDate.year(70, digits: 2, apostrophe: true) == 2070)
    }
}

extension BankDateTests {
    /// `YYYY-MM-DD` is read without the general tokens: what they would give, with every order
    /// (a four-digit year first is read one way whatever the order; a date-time too).
    @Test(arguments: ["2026-11-03", "2024-02-29", "2026-02-29", "2026-13-01", "0000-01-01", "2026-00-10", "9999-12-31"])
    func anISODateReadsTheSameWithEveryOrder(text: String) throws {
        let valid = Day(iso: text)
        for order in [DateOrder.detect, .yearMonthDay, .dayMonthYear, .monthDayYear] {
            #expect(Result { () throws(BankFileProblem) in try BankDate.parse(text, order: order) }
                    == (valid.map { .success($0) } ?? .failure(.invalidDate(text))))
            if let valid {
                #expect(try BankDate.parse(text + "T10:00:00", order: order) == valid)
            }
        }
    }
}
