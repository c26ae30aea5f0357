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

    /// The columns' SQL is spelled out case by case (printing a case, `"\(self)"`, goes through
    /// reflection, about half a millisecond of every `budget` process): the lists it spells.
    @Test func everyFixedColumnSetSelectsTheColumnsItsCasesName() {
        #expect(BudgetStore.CategoryRow.columns == "id, name, kind, rollover, name_key")
        #expect(BudgetRows.Column.selectList == "category_id, month, amount, scope")
        #expect(BudgetStore.AccountColumn.list("a")
            == "a.id, a.name, a.type, a.number, a.opening_balance, a.opening_date, a.closed_on, a.is_default")
        #expect(RuleColumn.selectList == "r.id, r.pattern, c.name, r.field, r.mode, r.direction, r.set_payee, r.category_id, c.kind")
        #expect(MissingColumn.selectList == "name, line, field, kind, kind_line")
        #expect(TransactionQuery.PartColumn.selectList == "coalesce(c.name, ''), p.amount, p.note")
        #expect(LogColumn.selectList == "seq, entity, row_id, last_row_id")
        #expect(ImportStaging.StagedColumn.list(through: .pending) == "s.line, s.date, s.amount, s.bank, s.payee, s.note, "
            + "s.import_key, s.category, s.category_field, s.kind, s.kind_field, s.account, s.account_field, "
            + "s.transfer_account, s.transfer_field, s.split_position, s.split_count, s.split_field, s.split_note, s.pending")
    }
}
