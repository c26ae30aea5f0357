import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct CategoryCommandTests {
    @Test func addCategoryConfirmsWhatItAdded() {
        let sandbox = Sandbox()
        #expect(sandbox.run("add-category", "Food", "300", "--from", "2026-01").stderr
            == "Added expense category Food: 300.00 a month from 2026-01.\n")
        #expect(sandbox.run("add-category", "Salary", "3,000", "--income", "--rollover", "--from", "2026-01").stderr
            == "Added income category Salary: 3000.00 a month from 2026-01, with rollover.\n")
    }

    @Test func categoriesShowTheBudgetOfTheMonthInEveryFormat() {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01", "--rollover")
        sandbox.succeed("add-category", "Salary", "3000", "--income", "--from", "2026-01")
        sandbox.succeed("set-budget", "Food", "350", "--from", "2026-06")
        sandbox.succeed("set-budget", "Food", "500", "--month", "2026-12")
        #expect(sandbox.succeed("categories", "--month", "2026-12") == """
        NAME    KIND      BUDGET  ROLLOVER
        Food    expense   500.00  on
        Salary  income   3000.00  off

        """)
        #expect(sandbox.succeed("categories", "--month", "2026-05", "--format", "csv") == """
        name,kind,budget,rollover
        Food,expense,300.00,on
        Salary,income,3000.00,off

        """)
        #expect(sandbox.succeed("categories", "--month", "2026-07", "--format", "json") == """
        [
          {"name": "Food", "kind": "expense", "budget": 350.00, "rollover": true},
          {"name": "Salary", "kind": "income", "budget": 3000.00, "rollover": false}
        ]

        """)
    }

    @Test func showCategoryListsTheBudgetHistory() {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("set-budget", "Food", "350", "--from", "2026-06")
        sandbox.succeed("set-budget", "food", "500", "--month", "2026-12")
        sandbox.succeed("set-rollover", "Food", "on")
        let table = sandbox.succeed("show-category", "food")
        #expect(table.hasPrefix("Name:      Food\nKind:      expense\nBudget:    "))
        #expect(table.hasSuffix("""
        Rollover:  on

        MONTH    BUDGET  SCOPE
        2026-01  300.00  from
        2026-06  350.00  from
        2026-12  500.00  only

        """))
        #expect(sandbox.succeed("show-category", "Food", "--format", "csv") == """
        category,kind,rollover,month,budget,scope
        Food,expense,on,2026-01,300.00,from
        Food,expense,on,2026-06,350.00,from
        Food,expense,on,2026-12,500.00,only

        """)
    }

    @Test func setBudgetSaysWhatChanged() {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01")
        #expect(sandbox.run("set-budget", "food", "350", "--from", "2026-06").stderr
                == "Food: budget 350.00 a month from 2026-06 on. Reports from 2026-06 on change.\n")
        #expect(sandbox.run("set-budget", "Food", "0", "--month", "2026-08").stderr
                == "Food: budget 0.00 in 2026-08 only. The report of 2026-08 changes.\n")
        #expect(sandbox.run("set-budget", "Food", "400").stderr
                == "Food: budget 400.00 a month from \(Month.current()) on. Reports from \(Month.current()) on change.\n")
        #expect(sandbox.run("set-rollover", "FOOD", "on").stderr == "Food: rollover on. Reports from 2026-02 on change.\n")
        #expect(sandbox.run("set-rollover", "Food", "on").stderr == "Food: rollover was already on; nothing changed.\n")
        #expect(sandbox.run("set-budget", "Food", "350", "--from", "2026-06").stderr == "Food: nothing changed.\n")
    }

    @Test func renameKeepsTransactions() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        #expect(sandbox.run("rename-category", "food", "Groceries").stderr == "Renamed category Food to Groceries.\n")
        #expect(try BudgetStore(path: sandbox.database).transaction(id: 1).category == "Groceries")
    }

    @Test func deleteCategorySaysHowManyTransactionsMovedOrWent() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("add-category", "Other", "0")
        #expect(sandbox.run("delete-category", "Food", "--move-to", "Other").stderr
            == "Deleted category Food; moved 2 transactions to Other.\n")
        #expect(sandbox.run("delete-category", "Rent", "--force").stderr == "Deleted category Rent and its 1 transaction.\n")
        #expect(sandbox.run("delete-category", "other", "--force").stderr == "Deleted category Other and its 2 transactions.\n")
        sandbox.succeed("add-category", "Empty", "0")
        #expect(sandbox.run("delete-category", "Empty").stderr == "Deleted category Empty.\n")
        #expect(try BudgetStore(path: sandbox.database).transactions().map(\.id) == [4])
    }

    /// A split with parts in other categories keeps them and drops by the deleted part: its
    /// account's balance changes without a transaction going, so the confirmation says so.
    @Test func forceSaysWhichSplitsLostTheCategorysPartAndTheirNewAmounts() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add-category", "Shop", "100")
        sandbox.succeed("-q", "add", "3.00", "Food", "Bakery", "--date", "2026-11-01")
        sandbox.succeed("-q", "add", "10.00", "--split", "Food=4", "--split", "Shop=6", "--payee", "Market", "--date", "2026-11-02")
        sandbox.succeed("-q", "add", "5.00", "--split", "Food=2", "--split", "Food=3", "--payee", "Deli", "--date", "2026-11-03")
        sandbox.succeed("-q", "add", "7.00", "Shop", "Kiosk", "--date", "2026-11-04")
        let result = sandbox.run("delete-category", "Food", "--force")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == """
        Deleted category Food and its 2 transactions.
        Removed Food from 1 split, which keeps its other parts: transaction 2 is now 6.00 (was 10.00).

        """)
        #expect(sandbox.succeed("list", "--format", "csv") == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
        2,2026-11-02,6.00,Shop,Market,,expense,Main,,1/1,,,
        4,2026-11-04,7.00,Shop,Kiosk,,expense,Main,,,,,

        """)
        #expect(sandbox.succeed("check") == "ok\n")
    }

    @Test func backupWritesACopyAndNeverOverwrites() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let copy = sandbox.directory + "/copy.sqlite3"
        let result = sandbox.run("backup", copy)
        #expect(result.status == 0)
        #expect(result.stderr == "Backed up \(sandbox.database) to \(copy).\n")
        #expect(try BudgetStore(path: copy).transactions().count == 4)
        let again = sandbox.run("backup", copy)
        #expect(again.status == 1)
        #expect(again.stderr == "budget: error: \(copy) already exists\nhint: choose a new file name; a backup never overwrites a file\n")
    }
}
