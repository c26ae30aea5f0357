import Testing
@testable import BudgetKit

@Suite struct ImportKeyerTests {
    let day = Day(year: 2026, month: 11, day: 21)!
    let coffee = Money(minorUnits: -320)

    @Test func numbersIdenticalRowsInTheOrderTheyCome() {
        var keyer = ImportKeyer(source: "visa")
        #expect(keyer.key(date: day, amount: coffee, payee: "Coffee Bar") == "visa|2026-11-21|-3.20|Coffee Bar|1")
        #expect(keyer.key(date: day, amount: coffee, payee: "Tea Room") == "visa|2026-11-21|-3.20|Tea Room|1")
        #expect(keyer.key(date: day, amount: coffee, payee: "Coffee Bar") == "visa|2026-11-21|-3.20|Coffee Bar|2")
        #expect(keyer.key(date: day.adding(days: 1), amount: coffee, payee: "Coffee Bar") == "visa|2026-11-22|-3.20|Coffee Bar|1")
        #expect(keyer.key(date: day, amount: -coffee, payee: "Coffee Bar") == "visa|2026-11-21|3.20|Coffee Bar|1")
        #expect(keyer.key(date: day, amount: coffee, payee: "coffee bar") == "visa|2026-11-21|-3.20|coffee bar|1")
        #expect(keyer.key(date: day, amount: coffee, payee: "Coffee Bar") == "visa|2026-11-21|-3.20|Coffee Bar|3")
    }

    @Test func givesTheSameKeysOnEveryRun() {
        func keys() -> [String] {
            var keyer = ImportKeyer(source: "default")
            return (0..<50).map { keyer.key(date: day, amount: Money(minorUnits: Int64($0 % 7)), payee: "P\($0 % 3)") }
        }
        #expect(keys() == keys())
        #expect(Set(keys()).count == 50)
    }

    @Test func escapesTheSeparatorSoDistinctRowsNeverShareAKey() {
        var keyer = ImportKeyer(source: "a|b")
        let first = keyer.key(date: day, amount: coffee, payee: "x|1")
        #expect(first == #"a\|b|2026-11-21|-3.20|x\|1|1"#)
        var other = ImportKeyer(source: "a")
        #expect(other.key(date: day, amount: coffee, payee: #"back\slash"#) == #"a|2026-11-21|-3.20|back\\slash|1"#)
        var third = ImportKeyer(source: "a|b|2026-11-21|-3.20|x")
        #expect(third.key(date: day, amount: coffee, payee: "") != first)
    }

    @Test func scopesKeysBySource() {
        var visa = ImportKeyer(source: "visa"), giro = ImportKeyer(source: "giro")
        #expect(visa.key(date: day, amount: coffee, payee: "Coffee") != giro.key(date: day, amount: coffee, payee: "Coffee"))
    }

    /// The key is written byte by byte; it must stay, byte for byte, the text its definition
    /// gives (keys already in books are compared with it).
    @Test func writesTheKeyItsDefinitionGives() {
        func defined(_ source: String, _ date: Day, _ amount: Money, _ payee: String, _ occurrence: Int64) -> String {
            [ImportKeyer.escaped(source), date.description, amount.description, ImportKeyer.escaped(payee), String(occurrence)]
                .joined(separator: "|")
        }
        let amounts: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, -100, 101, 123_456, -320, Int64.max, Int64.min, Int64.min + 1]
        let payees = ["", "Coffee Bar", "a|b", #"back\slash"#, "|", #"\"#, "Café Zürich", "日本の店", "👩‍👩‍👧 x|y", String(repeating: "p", count: 500)]
        let days = [Day(year: 1, month: 1, day: 1)!, day, Day(year: 9999, month: 12, day: 31)!, Day(year: 987, month: 6, day: 5)!]
        let sources = ["", "visa", "a|b", #"c\d"#]
        let occurrences: [Int64] = [1, 2, 9, 10, 99, 1_000_000, Int64.max]
        var checked = 0
        for source in sources {
            let keyer = ImportKeyer(source: source)
            for date in days {
                for units in amounts {
                    for payee in payees {
                        for occurrence in occurrences {
                            let amount = Money(minorUnits: units)
                            #expect(keyer.key(date: date, amount: amount, payee: payee, occurrence: occurrence)
                                    == defined(source, date, amount, payee, occurrence))
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 4 * 4 * 15 * 10 * 7)
    }
}
