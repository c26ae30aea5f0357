import Testing
@testable import BudgetKit

@Suite struct SelectedColumnsTests {
    /// A column set's cases must be numbered 0, 1, 2... in order: the SELECT list is built from
    /// the order and rows are read by the numbers.
    func numberedInOrder<C: SelectedColumns>(_: C.Type) -> Bool {
        C.allCases.enumerated().allSatisfy { Int32($0.offset) == $0.element.rawValue }
    }

    @Test func everyColumnSetIsNumberedInTheOrderItIsSelected() {
        #expect(numberedInOrder(TransactionQuery.Column.self))
        #expect(numberedInOrder(KeyColumn.self))
        #expect(numberedInOrder(BudgetStore.CategoryRow.Column.self))
        #expect(numberedInOrder(BudgetRows.Column.self))
        #expect(numberedInOrder(ReportQuery.MonthlyColumn.self))
        #expect(numberedInOrder(ReportQuery.TrendColumn.self))
        #expect(numberedInOrder(ImportStaging.StagedColumn.self))
        #expect(numberedInOrder(MissingColumn.self))
        #expect(numberedInOrder(RuleColumn.self))
        #expect(numberedInOrder(LogColumn.self))
    }
}
