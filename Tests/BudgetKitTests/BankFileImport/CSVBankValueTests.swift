import Testing
@testable import BudgetKit

/// Issue 11 item 3: a CSV file's amounts and dates as banks write them.
@Suite struct CSVBankValueTests {
    func amount(_ cell: String, _ separator: DecimalSeparator = .detect) throws -> Money {
        var options = ImportOptions()
        options.decimalSeparator = separator
        var reader = ImportReader(file: "bank.csv", options: options, text: "date,amount\n2026-11-03,\"\(cell)\"\n")
        return try #require(try reader.next()).amount
    }

    func day(_ cell: String, _ order: DateOrder = .detect) throws -> Day {
        var options = ImportOptions()
        options.dateOrder = order
        var reader = ImportReader(file: "bank.csv", options: options, text: "date,amount\n\"\(cell)\",1.00\n")
        return try #require(try reader.next()).date
    }

    @Test(arguments: [
        ("$4.75", 475), ("€ 4,75", 475), ("£4.75", 475), ("(3.00)", -300), ("4.75-", -475), ("+4.75", 475), ("1.234,56", 123_456),
        ("1'234.56", 123_456), ("1 234,56", 123_456), ("-$40.00", -4000), ("4,75 EUR", 475), ("12.50", 1250), ("-2.25", -225),
    ] as [(String, Int64)])
    func amountsAsBanksWriteThem(_ cell: String, _ cents: Int64) throws {
        #expect(try amount(cell) == Money(minorUnits: cents))
    }

    @Test func anAmbiguousAmountIsAnErrorSettledByTheSeparator() throws {
        #expect(throws: BudgetError.bankFile(BankFileError(BankFileLocation(file: "bank.csv", line: 2, column: 2),
                                                           .ambiguousAmount("1,234", readings: ["1234", "1.234"])))) {
            try amount("1,234")
        }
        #expect(try amount("1,234", .point) == Money(minorUnits: 123_400))
        #expect(try amount("1,23", .comma) == Money(minorUnits: 123))
    }

    @Test(arguments: [
        ("03.11.2026", "2026-11-03"), ("03.11.26", "2026-11-03"), ("3 Nov 2026", "2026-11-03"), ("Nov 3, 2026", "2026-11-03"),
        ("3. März 2026", "2026-03-03"), ("2026-11-03T23:30:00-05:00", "2026-11-03"), ("03.11.2026 12:00", "2026-11-03"),
        ("31/12/69", "1969-12-31"), ("31/12/68", "2068-12-31"), ("20261103", "2026-11-03"),
    ])
    func datesAsBanksWriteThemTakenAsTheirDay(_ cell: String, _ expected: String) throws {
        #expect(try day(cell).description == expected)
    }

    @Test func anAmbiguousDateIsAnErrorSettledByTheOrder() throws {
        #expect(throws: BudgetError.self) { try day("03/04/2026") }
        #expect(try day("03/04/2026", .monthDayYear).description == "2026-03-04")
        #expect(try day("03/04/2026", .dayMonthYear).description == "2026-04-03")
        #expect(try day("11/3/2026 9:15 PM", .monthDayYear).description == "2026-11-03")
    }

    @Test func anExplicitDateFormatIsUsedExactly() throws {
        var options = ImportOptions()
        options.dateFormat = ImportDateFormat(pattern: "DD.MM.YYYY")!
        var reader = ImportReader(file: "bank.csv", options: options, text: "date,amount\n3 Nov 2026,1.00\n")
        #expect(throws: BudgetError.badInput(file: "bank.csv", line: 2, column: 1, message: "invalid date '3 Nov 2026' (expected DD.MM.YYYY)")) {
            try reader.next()
        }
    }
}
