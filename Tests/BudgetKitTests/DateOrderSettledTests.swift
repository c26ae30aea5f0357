import Testing
@testable import BudgetKit

/// ``ImportReader/dateOrderSettled(file:options:chunks:)``: the one order every date of a CSV
/// file fits, found when a date could be read two ways, with the date that settles it.
@Suite struct DateOrderSettledTests {
    func settled(_ text: String, _ options: ImportOptions = ImportOptions()) -> (order: DateOrder, text: String, line: Int, column: Int)? {
        ImportReader.dateOrderSettled(file: "f", options: options) {
            var pending: [UInt8]? = Array(text.utf8)
            return {
                defer { pending = nil }
                return pending
            }
        }
    }

    @Test func theFirstDateThatFitsOneOrderSettlesIt() throws {
        let found = try #require(settled("payee,date,amount\nA,03/04/2026,1\nB,2026-04-09,1\nC,5 Apr 2026,1\nD,15/04/2026,1\nE,16/04/2026,1\n"))
        #expect(found.order == .dayMonthYear && found.text == "15/04/2026" && found.line == 5 && found.column == 2)
        #expect(settled("date,amount,payee\n03/04/2026,1,A\n04/13/2026,1,B\n")?.order == .monthDayYear)
    }

    /// A QIF file is read in each order: the one that reads it to its end, named by the date
    /// that stopped the order that read furthest otherwise.
    @Test func aQIFFilesDatesSettleItsOrderToo() throws {
        let found = try #require(settled("!Type:Bank\nD03/04/2026\nT-1.00\n^\nD04/13'26\nT-1.00\n^\nD04/14/2026\nT-2.00\n^\n"))
        #expect(found.order == .monthDayYear && found.text == "04/13'26" && found.line == 5 && found.column == 2)
    }

    /// A year read first only where ``DateOrder/detect`` would read it so (between dashes):
    /// `25/03/26` is 2026-03-25, never 2025-03-26, so it settles day first as `25/03/2026` does.
    @Test func aTwoDigitYearLastSettlesTheOrderAsAFourDigitOneDoes() throws {
        let found = try #require(settled("date,amount,payee\n11/03/26,1,A\n25/03/26,1,B\n"))
        #expect(found.order == .dayMonthYear && found.text == "25/03/26" && found.line == 3)
        let qif = try #require(settled("!Type:Bank\nD11/03'26\nT-1.00\n^\nD25/03'26\nT-1.00\n^\n"))
        #expect(qif.order == .dayMonthYear && qif.text == "25/03'26" && qif.line == 5)
    }

    @Test(arguments: [
        // No date read two ways: nothing to settle.
        "date,amount,payee\n15/04/2026,1,A\n2026-04-03,1,B\n",
        // Two orders fit every date.
        "date,amount,payee\n03/04/2026,1,A\n05/06/2026,1,B\n",
        // No order fits every date.
        "date,amount,payee\n03/04/2026,1,A\n15/04/2026,1,B\n04/13/2026,1,C\n",
        // A row the first reading would refuse anyway.
        "date,amount,payee\n03/04/2026,1,A\n15/04/2026,x,B\n",
        // QIF whose dates two orders still read.
        "!Type:Bank\nD03/04/2026\nT-1.00\n^\nD05/04/2026\nT-1.00\n^\n",
        // QIF that stops at something else than a date in every order.
        "!Type:Bank\nD03/04/2026\nT-1.00\n^\nD15/04/2026\nTx\n^\n",
    ])
    func nothingIsSettledWhenTheDatesDoNotSettleIt(text: String) {
        #expect(settled(text) == nil)
    }

    @Test func anOrderOrFormatGivenIsNeverSecondGuessed() {
        let text = "date,amount,payee\n03/04/2026,1,A\n15/04/2026,1,B\n"
        var ordered = ImportOptions()
        ordered.dateOrder = .monthDayYear
        #expect(settled(text, ordered) == nil)
        var formatted = ImportOptions()
        formatted.dateFormat = ImportDateFormat(pattern: "DD/MM/YYYY")!
        #expect(settled(text, formatted) == nil)
    }
}
