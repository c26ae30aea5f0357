import Testing
@testable import BudgetKit

@Suite struct MoneyTests {
    @Test(arguments: [
        ("12", 1200), ("12.5", 1250), ("12.50", 1250), ("-3", -300), ("+3", 300),
        ("1,234.56", 123456), ("0.01", 1), ("99,999,999,999.99", 9_999_999_999_999), ("-99999999999.99", -9_999_999_999_999), ("-0.5", -50), (".5", 50), ("1,000,000", 100_000_000),
    ])
    func parsesWhatPeopleType(text: String, minorUnits: Int64) throws {
        #expect(try Money(parsing: text).minorUnits == minorUnits)
    }

    @Test(arguments: [
        ("12.345", "invalid amount '12.345': it has more than two decimals"),
        ("1e3", "invalid amount '1e3': it is not a number like 12.50"),
        ("NaN", "invalid amount 'NaN': it is not a number like 12.50"),
        ("", "invalid amount '': it is empty"),
        ("-", "invalid amount '-': it is not a number like 12.50"),
        ("12.", "invalid amount '12.': it has no digits after the point"),
        ("1,23", "invalid amount '1,23': a ',' separates thousands: write 1.23 for decimals"),
        // A decimal comma typed out of habit: the amount meant is named.
        ("12,50", "invalid amount '12,50': a ',' separates thousands: write 12.50 for decimals"),
        ("-1234,5", "invalid amount '-1234,5': a ',' separates thousands: write -1234.5 for decimals"),
        ("1,234,50", "invalid amount '1,234,50': its digit grouping is wrong"),
        (",50", "invalid amount ',50': its digit grouping is wrong"),
        ("12,345,67", "invalid amount '12,345,67': its digit grouping is wrong"),
        (" 12", "invalid amount ' 12': it is not a number like 12.50"),
        ("92233720368547758.08", "invalid amount '92233720368547758.08': it is too large (at most 99,999,999,999.99)"),
        ("99999999999999999999", "invalid amount '99999999999999999999': it is too large (at most 99,999,999,999.99)"),
        ("100,000,000,000", "invalid amount '100,000,000,000': it is too large (at most 99,999,999,999.99)"),
        ("-100000000000.00", "invalid amount '-100000000000.00': it is too large (at most 99,999,999,999.99)"),
    ])
    func rejectsWithAMessageNamingTheInput(text: String, message: String) {
        #expect(throws: BudgetError.self) { try Money(parsing: text) }
        do { _ = try Money(parsing: text) } catch { #expect(error.description == message) }
    }

    @Test(arguments: [(1250, "12.50"), (-225, "-2.25"), (5, "0.05"), (-5, "-0.05"), (0, "0.00"), (10, "0.10"),
                      (100, "1.00"), (-1_000_000, "-10000.00"), (999_999_999_999, "9999999999.99"),
                      (Int64.max, "92233720368547758.07"), (Int64.min, "-92233720368547758.08")])
    func formatsWithoutFloatingPoint(minorUnits: Int64, text: String) {
        #expect(Money(minorUnits: minorUnits).description == text)
        var bytes: [UInt8] = Array("x".utf8)
        Money(minorUnits: minorUnits).appendDescription(to: &bytes)
        #expect(bytes == Array(("x" + text).utf8))
    }

    @Test func parsesDecimalCommaAsBanksWriteIt() throws {
        #expect(try Money(parsingDecimalComma: "1.234,56").minorUnits == 123456)
        #expect(try Money(parsingDecimalComma: "-12,5").minorUnits == -1250)
    }
}
