import Testing
@testable import BudgetKit

/// An MT940 `:86:` field read as ZKA subfields only when it has them; free text otherwise.
@Suite struct MT940InformationTests {
    func read(_ lines: [String]) -> (payee: String, memo: String) {
        var entry = BankEntry(bookingDay: Day(year: 2026, month: 11, day: 3)!, amount: Money(minorUnits: -100),
                                  location: BankFileLocation(file: "f.sta", line: 1))
        MT940Information(lines).apply(to: &entry)
        return (entry.payee, entry.memo)
    }

    /// Free text that starts with three digits and a punctuation mark keeps all its text.
    @Test(arguments: ["100% Cashback ACME Shop", "123-456 Rechnung Stadtwerke Koeln", "999-20 Euro Rabatt", "123/45 Miete",
                      "166.50 EUR erstattet"])
    func freeTextStartingWithDigitsIsKeptWhole(text: String) {
        #expect(read([text]) == ("", text))
    }

    @Test(arguments: [
        (["166?00GUTSCHRIFT?20Gehalt November?32Arbeitgeber GmbH"], "Arbeitgeber GmbH", "Gehalt November"),
        (["105?20Abschlag Strom?32Stadtwerke"], "Stadtwerke", "Abschlag Strom"),
        (["166/00GUTSCHRIFT/20Gehalt/32ACME"], "ACME", "Gehalt"),
        (["105?00LASTSCHRIFT?20SVWZ+Miete Dez", "ember?32Vermieter"], "Vermieter", "Miete Dezember"),
    ])
    func zkaSubfieldsGiveThePayeeAndTheRemittance(lines: [String], payee: String, memo: String) {
        #expect(read(lines) == (payee, memo))
    }
}
