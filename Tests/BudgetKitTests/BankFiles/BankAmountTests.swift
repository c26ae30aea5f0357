import Testing
@testable import BudgetKit

@Suite struct BankAmountTests {
    @Test(arguments: [
        ("$4.75", 475), ("€ 4,75", 475), ("£4.75", 475), ("(3.00)", -300), ("4.75-", -475), ("+4.75", 475),
        ("1.234,56", 123456), ("1'234.56", 123456), ("1 234,56", 123456), ("1\u{A0}234,56", 123456),
        ("1\u{202F}234,56", 123456), ("1’234.56", 123456), ("-$4.75", -475), ("$-4.75", -475), ("($3.00)", -300),
        ("-4,75 €", -475), ("4,75 EUR", 475), ("EUR -4,75", -475), ("CHF 1'234.50", 123450), ("USD 12", 1200),
        ("12.50 CR", 1250), ("12.50 DR", -1250), ("\u{2212}4.75", -475), ("1,234,567.89", 123456789),
        ("1.234.567", 123456700), ("1.234.567,8", 123456780), ("12,5", 1250), ("0,120", 12), ("0.5", 50),
        ("  7  ", 700), ("kr 100,00", 10000), ("100,00 kr.", 10000), (".5", 50), ("0.00", 0),
        ("99,999,999,999.99", 9_999_999_999_999), ("-99.999.999.999,99", -9_999_999_999_999),
    ])
    func readsAmountsAsBanksWriteThem(text: String, minorUnits: Int64) throws {
        #expect(try BankAmount.parse(text).minorUnits == minorUnits)
    }

    @Test(arguments: [
        ("1,234", ["1234", "1.234"]), ("1.234", ["1234", "1.234"]), ("-1.500", ["-1500", "-1.500"]),
        ("$ 999,999", ["999999", "999.999"]), ("12.500", ["12500", "12.500"]), ("12.505", ["12505", "12.505"]),
    ])
    func refusesToGuessAnAmountThatReadsTwoWays(text: String, readings: [String]) {
        #expect(throws: BankFileProblem.ambiguousAmount(text, readings: readings)) { try BankAmount.parse(text) }
    }

    @Test(arguments: [
        ("1,234", DecimalSeparator.point, 123400), ("1,234", .comma, nil), ("1.234", .comma, 123400),
        ("1.234", .point, nil), ("4.75", .point, 475), ("4,75", .comma, 475), ("4.75", .comma, nil),
        ("1.234,56", .point, nil), ("1,234.56", .point, 123456), ("1 234", .comma, 123400),
    ] as [(String, DecimalSeparator, Int64?)])
    func aDecimalSeparatorSettlesIt(text: String, separator: DecimalSeparator, minorUnits: Int64?) throws {
        if let minorUnits {
            #expect(try BankAmount.parse(text, decimalSeparator: separator).minorUnits == minorUnits)
        } else {
            #expect(throws: BankFileProblem.invalidAmount(text)) { try BankAmount.parse(text, decimalSeparator: separator) }
        }
    }

    @Test(arguments: ["", "-", "()", "(3.00", "3.00)", "--4", "-4.75-", "(4.75)-", "1e3", "NaN", "0,123", "1,23,456",
                      "12,345,67", "1.2.3,4,5", "12.", "4.75 4", "$$4", "ABCD 4", "4 EURO", "1,234.56.7", "1'23", "12 CR DR"])
    func refusesWhatIsNotAnAmount(text: String) {
        #expect(throws: BankFileProblem.invalidAmount(text)) { try BankAmount.parse(text) }
    }

    @Test(arguments: ["100000000000", "100,000,000,000.00", "-100.000.000.000,00", "9999999999999999999999"])
    func refusesAmountsBeyondTheLargestEntry(text: String) {
        #expect(throws: BankFileProblem.amountOutOfRange(text)) { try BankAmount.parse(text) }
    }

    @Test(arguments: [("-200,00", -20000), ("1234.5", 123450), ("-0.01", -1), ("12", 1200), ("12.500", 1250)] as [(String, Int64)])
    func withoutGroupingOneSeparatorIsAlwaysDecimal(text: String, minorUnits: Int64) throws {
        #expect(try BankAmount.parse(text, grouping: false).minorUnits == minorUnits)
    }

    @Test func withoutGroupingThousandsSeparatorsAreRefused() {
        #expect(throws: BankFileProblem.invalidAmount("1.234,56")) { try BankAmount.parse("1.234,56", grouping: false) }
        #expect(throws: BankFileProblem.invalidAmount("1 234")) { try BankAmount.parse("1 234", grouping: false) }
    }
}
