import Testing
@testable import BudgetKit

@Suite struct CAMTEntryBuilderTests {
    /// Plain amounts are read directly; each gives what BankAmount gives, anything else goes to it.
    @Test(arguments: ["0.01", "12", "12.5", "12.50", "0012.30", "99999999999.99", "1"])
    func aPlainAmountReadsAsBankAmountReadsIt(text: String) throws {
        #expect(CAMTEntryBuilder.plainMoney(text) == (try BankAmount.parse(text, decimalSeparator: .point, grouping: false)))
        #expect(try CAMTEntryBuilder.money(text) == BankAmount.parse(text, decimalSeparator: .point, grouping: false))
    }

    @Test(arguments: ["12.", "12.500", ".5", "1,00", "12.5-", "9999999999999", "99999999999999", "100000000000.00", "", "1.2.3", "1 000"])
    func anyOtherAmountGoesThroughBankAmount(text: String) {
        #expect(CAMTEntryBuilder.plainMoney(text) == nil)
    }

    @Test func unstructuredLinesJoinWithSpacesUpToAHundred() {
        var builder = CAMTEntryBuilder(line: 1)
        builder.details.append(CAMTEntryBuilder.Detail(line: 2))
        for index in 0..<105 { builder.addUnstructured("L\(index)") }
        #expect(builder.details[0].unstructuredCount == 100)
        #expect(builder.details[0].unstructured == (0..<100).map { "L\($0)" }.joined(separator: " "))
        builder.reset(line: 9)
        #expect(builder.details.isEmpty && builder.line == 9 && builder.amount == nil)
    }
}
