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
}
