import Testing
@testable import BudgetKit

/// Issue "Trust" item 6: every budget history edit says exactly what it changed, later plans
/// survive, and a one-month override can be removed.
@Suite struct BudgetHistoryTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }
    func month(_ text: String) -> Month { Month(iso: text)! }
    func from(_ text: String, _ amount: String) -> BudgetChange { BudgetChange(month: month(text), amount: money(amount), scope: .from) }
    func only(_ text: String, _ amount: String) -> BudgetChange { BudgetChange(month: month(text), amount: money(amount), scope: .only) }

    /// Food: 100 from 2026-01, 300 planned from 2026-10, 50 in 2026-06 only.
    func book(_ dir: TemporaryDirectory, rollover: Bool = false) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("100"), from: month("2026-01"), rollover: rollover)
        try store.setBudget(money("300"), forCategory: "Food", from: month("2026-10"))
        try store.setBudget(money("50"), forCategory: "Food", onlyIn: month("2026-06"))
        return store
    }

    @Test func setBudgetFromAPastMonthKeepsLaterPlansAndSaysWhichMonthsChange() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let edit = try store.setBudget(money("200"), forCategory: "food", from: month("2026-03"))
        #expect(edit == BudgetHistoryEdit(category: "Food", changes: [.added(from("2026-03", "200"))],
                                          affectedMonths: .months(month("2026-03")...month("2026-09"))))
        #expect(edit.affectedMonths.first == month("2026-03"))
        #expect(!edit.affectedMonths.contains(month("2026-10")))
        #expect(try store.budgetHistory(forCategory: "Food")
                == [from("2026-01", "100"), from("2026-03", "200"), only("2026-06", "50"), from("2026-10", "300")])
        #expect(try store.category(named: "Food", in: month("2026-10")).monthlyBudget == money("300"))
    }

    @Test func replacingAnEntrySaysTheOldAmountAndTheSameAmountChangesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        #expect(try store.setBudget(money("350"), forCategory: "Food", from: month("2026-10"))
                == BudgetHistoryEdit(category: "Food", changes: [.replaced(from("2026-10", "300"), with: from("2026-10", "350"))],
                                     affectedMonths: .from(month("2026-10"))))
        #expect(try store.setBudget(money("60"), forCategory: "Food", onlyIn: month("2026-06"))
                == BudgetHistoryEdit(category: "Food", changes: [.replaced(only("2026-06", "50"), with: only("2026-06", "60"))],
                                     affectedMonths: .months(month("2026-06")...month("2026-06"))))
        #expect(try store.setBudget(money("60"), forCategory: "Food", onlyIn: month("2026-06"))
                == BudgetHistoryEdit(category: "Food", changes: [], affectedMonths: .none))
    }

    @Test func startingEarlierOrWithRolloverChangesEveryLaterMonth() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir, rollover: true)
        #expect(try store.setBudget(money("100"), forCategory: "Food", from: month("2025-11"))
                == BudgetHistoryEdit(category: "Food", changes: [.added(from("2025-11", "100"))], affectedMonths: .from(month("2025-11"))))
        #expect(try store.setBudget(money("70"), forCategory: "Food", onlyIn: month("2026-02")).affectedMonths == .from(month("2026-02")))
    }

    @Test func aOneMonthOverrideCanBeRemovedAndTheFromEntryAppliesAgain() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let edit = try store.removeBudget(forCategory: "FOOD", onlyIn: month("2026-06"))
        #expect(edit == BudgetHistoryEdit(category: "Food", changes: [.removed(only("2026-06", "50"))],
                                          affectedMonths: .months(month("2026-06")...month("2026-06"))))
        #expect(try store.category(named: "Food", in: month("2026-06")).monthlyBudget == money("100"))
    }

    @Test func removingAFromEntryLetsTheOneBeforeApplyAndTheFirstOneMovesTheStart() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        #expect(try store.removeBudget(forCategory: "Food", from: month("2026-10"))
                == BudgetHistoryEdit(category: "Food", changes: [.removed(from("2026-10", "300"))], affectedMonths: .from(month("2026-10"))))
        try store.setBudget(money("300"), forCategory: "Food", from: month("2026-10"))
        #expect(try store.removeBudget(forCategory: "Food", from: month("2026-01"))
                == BudgetHistoryEdit(category: "Food", changes: [.removed(from("2026-01", "100"))],
                                     affectedMonths: .months(month("2026-01")...month("2026-09"))))
        #expect(try store.budgetHistory(forCategory: "Food").firstMonth == month("2026-10"))
    }

    @Test func removingWhatIsNotThereOrTheOnlyFromEntryIsRefusedAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.removeBudget(forCategory: "Food", from: month("2026-10"))
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.noBudgetEntry(category: "Food", month: month("2026-07"), scope: .only)) {
            try store.removeBudget(forCategory: "food", onlyIn: month("2026-07"))
        }
        #expect(throws: BudgetError.noBudgetEntry(category: "Food", month: month("2026-06"), scope: .from)) {
            try store.removeBudget(forCategory: "Food", from: month("2026-06"))
        }
        #expect(throws: BudgetError.onlyBudgetEntry(category: "Food", month: month("2026-01"))) {
            try store.removeBudget(forCategory: "Food", from: month("2026-01"))
        }
        #expect(throws: BudgetError.unknownCategory("Fod")) { try store.removeBudget(forCategory: "Fod", onlyIn: month("2026-06")) }
        #expect(try dumpOfEveryTable(store) == before)
    }

    @Test func setRolloverSaysFromWhichMonthReportsChange() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        #expect(try store.setRollover(true, forCategory: "food")
                == RolloverEdit(category: "Food", wasOn: false, isOn: true, affectedMonths: .from(month("2026-02"))))
        #expect(try store.setRollover(true, forCategory: "Food")
                == RolloverEdit(category: "Food", wasOn: true, isOn: true, affectedMonths: AffectedMonths.none))
        #expect(try store.monthlyReport(for: month("2026-02")).expenses[0].rollover == money("100"))
    }
}
