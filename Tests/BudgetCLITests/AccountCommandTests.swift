import BudgetKit
import Testing
@testable import BudgetCLI

/// Issue 10 from the shell: accounts with their balances, transfers listed once per account they
/// touch, splits, net worth, and `--account` on every command that takes it.
@Suite struct AccountCommandTests {
    @Test func accountsListsEachBalanceOnADayInEveryFormat() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        #expect(sandbox.succeed("accounts", "--date", "2026-11-30") == """
            NAME      TYPE      NUMBER     BALANCE  STATUS
            Checking  checking             2405.10  default
            Savings   savings              1500.00
            Visa      credit    DE12 3456     0.00
            --------  --------  ---------  -------  -------
            Total                          3905.10

            """)
        // Before the transfers and the split: the opening balance counts from its day on.
        #expect(sandbox.succeed("accounts", "--date", "2026-11-04", "--format", "csv") == """
            name,type,number,balance,date,default,closed_on
            Checking,checking,,2987.50,2026-11-04,on,
            Savings,savings,,1000.00,2026-11-04,off,
            Visa,credit,DE12 3456,0.00,2026-11-04,off,

            """)
        #expect(sandbox.succeed("accounts", "--date", "2025-12-31", "--format", "json") == """
            [
              {"name": "Checking", "type": "checking", "number": "", "balance": 0.00, "date": "2025-12-31", "default": true, "closed_on": ""},
              {"name": "Savings", "type": "savings", "number": "", "balance": 0.00, "date": "2025-12-31", "default": false, "closed_on": ""},
              {"name": "Visa", "type": "credit", "number": "DE12 3456", "balance": 0.00, "date": "2025-12-31", "default": false, "closed_on": ""}
            ]

            """)
    }

    @Test func aClosedAccountIsHiddenUnlessAllAndKeepsItsHistory() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        #expect(sandbox.run("add-account", "Cash", "--type", "cash").stderr == "Added cash account Cash.\n")
        sandbox.succeed("add", "5", "Food", "Kiosk", "--date", "2026-11-10", "--account", "cash")
        #expect(sandbox.run("close-account", "Cash", "--on", "2026-11-21").stderr == "Closed account Cash on 2026-11-21 with a balance of -5.00.\n")
        // Left out, its money is named: the total alone would understate what is held.
        let listed = sandbox.run("accounts", "--date", "2026-11-30")
        #expect(listed.status == 0 && !listed.stdout.contains("Cash") && listed.stdout.hasSuffix("Total                          3905.10\n"))
        #expect(listed.stderr == "budget: warning: closed account Cash holds -5.00 on 2026-11-30; it is not listed, nor in the total; --all lists it\n")
        #expect(sandbox.run("accounts", "--date", "2026-11-30", "--format", "csv").stderr == listed.stderr)
        #expect(sandbox.run("accounts", "--date", "2026-11-09").stderr == "")   // it held nothing yet
        // Before the day it closed it was open: listed, and in the total, with no warning.
        let open = sandbox.run("accounts", "--date", "2026-11-20")
        #expect(open.stderr == "")
        #expect(open.stdout == """
            NAME      TYPE      NUMBER     BALANCE  STATUS
            Cash      cash                   -5.00  closed 2026-11-21
            Checking  checking             2405.10  default
            Savings   savings              1500.00
            Visa      credit    DE12 3456     0.00
            --------  --------  ---------  -------  -----------------
            Total                          3900.10

            """)
        #expect(sandbox.run("accounts", "--date", "2026-11-30", "--all").stderr == "")
        #expect(sandbox.succeed("__complete", "accounts") == "Checking\nSavings\nVisa\n")   // completion leaves it out too
        #expect(sandbox.succeed("accounts", "--date", "2026-11-30", "--all") == """
            NAME      TYPE      NUMBER     BALANCE  STATUS
            Cash      cash                   -5.00  closed 2026-11-21
            Checking  checking             2405.10  default
            Savings   savings              1500.00
            Visa      credit    DE12 3456     0.00
            --------  --------  ---------  -------  -----------------
            Total                          3900.10

            """)
        #expect(sandbox.succeed("list", "--account", "Cash", "--format", "csv") == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            6,2026-11-10,5.00,Food,Kiosk,,expense,Cash,,,,,

            """)
        // Before its close it still takes transactions; on or after, not.
        sandbox.succeed("add", "1", "Food", "--date", "2026-11-20", "--account", "Cash")
        let late = sandbox.run("add", "1", "Food", "--date", "2026-11-21", "--account", "Cash")
        #expect(late.status == 1)
        #expect(late.stderr == """
            budget: error: account 'Cash' was closed on 2026-11-21: nothing can be added on 2026-11-21
            hint: choose an open account with --account, or a day before 2026-11-21

            """)
    }

    @Test func aTransferIsListedOncePerAccountItTouchesAndNeverSpent() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        #expect(sandbox.succeed("list") == """
            ID  DATE         AMOUNT  CATEGORY            PAYEE   NOTE       ACCOUNT
             1  2026-11-01  3000.00  Salary              ACME               Checking
             2  2026-11-03    12.50  Food                Lunch              Checking
             3  2026-11-05   500.00  Checking → Savings          monthly    Checking
             4  2026-11-14    82.40  split (2)           Market             Visa
             5  2026-11-20    82.40  Checking → Visa             card bill  Checking
            --  ----------  -------  ------------------  ------  ---------  --------
                Spent         94.90
                Earned      3000.00
                Net         2905.10

            """)
        #expect(sandbox.succeed("list", "--account", "checking") == """
            ID  DATE         AMOUNT  CATEGORY   PAYEE  NOTE
             1  2026-11-01  3000.00  Salary     ACME
             2  2026-11-03    12.50  Food       Lunch
             3  2026-11-05  -500.00  → Savings         monthly
             5  2026-11-20   -82.40  → Visa            card bill
            --  ----------  -------  ---------  -----  ---------
                Spent         12.50
                Earned      3000.00
                Net         2987.50
                Transfers   -582.40

            """)
        #expect(sandbox.succeed("list", "--account", "Savings") == """
            ID  DATE        AMOUNT  CATEGORY    PAYEE  NOTE
             3  2026-11-05  500.00  ← Checking         monthly
            --  ----------  ------  ----------  -----  -------
                Spent         0.00
                Earned        0.00
                Net           0.00
                Transfers   500.00

            """)
        // The month's report: the split's parts in their categories, no transfer anywhere.
        #expect(sandbox.succeed("report", "--month", "2026-11", "--format", "csv") == """
            month,category,kind,budget,rollover,actual,remaining,percent_used
            2026-11,Food,expense,300.00,0.00,72.50,227.50,24.2
            2026-11,Household,expense,100.00,0.00,22.40,77.60,22.4
            2026-11,Salary,income,3000.00,0.00,3000.00,0.00,100.0

            """)
    }

    @Test func editingEitherSideOfATransferChangesTheOneRecord() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        #expect(sandbox.run("edit", "3", "--amount", "250", "--transfer-to", "Visa").stderr
                == "Updated transfer 3: 250.00 from Checking to Visa on 2026-11-05.\n")
        #expect(sandbox.succeed("accounts", "--date", "2026-11-30", "--format", "csv") == """
            name,type,number,balance,date,default,closed_on
            Checking,checking,,2655.10,2026-11-30,on,
            Savings,savings,,1000.00,2026-11-30,off,
            Visa,credit,DE12 3456,250.00,2026-11-30,off,

            """)
        #expect(sandbox.run("delete", "3").stderr == "Deleted transaction 3.\n")
        #expect(sandbox.succeed("list", "--account", "Savings", "--format", "csv").split(separator: "\n").count == 1)
    }

    @Test func aSplitIsOneRowItsPartsWithSplitsAndEditReplacesThem() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        #expect(sandbox.run("add", "10", "--split", "Food=4", "--split", "Eating=out=6", "--date", "2026-11-22").stderr == """
            budget: error: no category named 'Eating=out'
            hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'

            """)
        sandbox.succeed("add-category", "Eating=out", "50")
        let added = sandbox.run("add", "10", "--split", "Food=4", "--split", "Eating=out=6", "--payee", "Fair", "--date", "2026-11-22")
        #expect(added.stdout == "6\n")
        #expect(added.stderr == "Added transaction 6: 10.00 in Food 4.00, Eating=out 6.00 on 2026-11-22 (Fair).\n")
        #expect(sandbox.run("edit", "4", "--split", "Food=50", "--split", "Household=32.40").stderr
                == "Updated transaction 4: 82.40 in Food 50.00, Household 32.40 on 2026-11-14 (Market).\n")
        #expect(sandbox.succeed("list", "--splits", "--account", "Visa") == """
            ID  DATE        AMOUNT  CATEGORY    PAYEE   NOTE
             4  2026-11-14   50.00  Food        Market
             4  2026-11-14   32.40  Household   Market
             5  2026-11-20   82.40  ← Checking          card bill
            --  ----------  ------  ----------  ------  ---------
                Spent        82.40
                Earned        0.00
                Net         -82.40
                Transfers    82.40

            """)
        // Machine formats list the parts as rows, as export writes them.
        #expect(sandbox.succeed("list", "--account", "Visa", "--format", "csv") == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            4,2026-11-14,50.00,Food,Market,,expense,Visa,,1/2,,,
            4,2026-11-14,32.40,Household,Market,,expense,Visa,,2/2,,,
            5,2026-11-20,82.40,,,card bill,transfer,Checking,Visa,,,,

            """)
    }

    @Test func exportAndImportRoundTripSplitsAndTransfers() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let exported = sandbox.succeed("export")
        #expect(exported == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            1,2026-11-01,3000.00,Salary,ACME,,income,Checking,,,,,
            2,2026-11-03,12.50,Food,Lunch,,expense,Checking,,,,,
            3,2026-11-05,500.00,,,monthly,transfer,Checking,Savings,,,,
            4,2026-11-14,60.00,Food,Market,,expense,Visa,,1/2,,,
            4,2026-11-14,22.40,Household,Market,,expense,Visa,,2/2,,,
            5,2026-11-20,82.40,,,card bill,transfer,Checking,Visa,,,,

            """)
        #expect(sandbox.succeed("export", "--account", "Savings") == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            3,2026-11-05,500.00,,,monthly,transfer,Checking,Savings,,,,

            """)
        // Into a book with the same categories and accounts and no transactions.
        let other = Sandbox()
        for words in [["add-category", "Food", "300", "--from", "2026-01"], ["add-category", "Household", "100", "--from", "2026-01"],
                      ["add-category", "Salary", "3000", "--income", "--from", "2026-01"], ["rename-account", "Main", "Checking"],
                      ["add-account", "Savings", "--type", "savings", "--opening", "1000", "--on", "2026-01-01"],
                      ["add-account", "Visa", "--type", "credit", "--number", "DE12 3456"]] {
            other.succeed(words)
        }
        let path = other.write("export.csv", exported)
        #expect(other.run("import", path).stderr == "Imported 5 transactions from \(path).\n")
        #expect(other.succeed("export") == exported)
        #expect(other.succeed("accounts", "--date", "2026-11-30") == sandbox.succeed("accounts", "--date", "2026-11-30"))
        #expect(other.run("import", path).stderr == "Imported 0 transactions from \(path); skipped 5 already imported.\n")
    }

    @Test func accountOptionOnAddEditListImportAndReport() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        #expect(sandbox.run("add", "7", "Food", "Kiosk", "--date", "2026-11-22", "--account", "de12-3456").stderr
                == "Added transaction 6: 7.00 in Food on 2026-11-22 (Kiosk), account Visa.\n")
        #expect(sandbox.run("edit", "6", "--account", "Savings").stderr
                == "Updated transaction 6: 7.00 in Food on 2026-11-22 (Kiosk), account Savings.\n")
        let bank = sandbox.write("bank.csv", "date,amount,payee,category\n2026-11-21,4.50,Bakery,Food\n")
        #expect(sandbox.run("import", bank, "--account", "Savings").stderr == "Imported 1 transaction from \(bank).\n")
        #expect(sandbox.succeed("list", "--account", "savings", "--format", "csv") == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            3,2026-11-05,500.00,,,monthly,transfer,Checking,Savings,,,,
            7,2026-11-21,4.50,Food,Bakery,,expense,Savings,,,,,
            6,2026-11-22,7.00,Food,Kiosk,,expense,Savings,,,,,

            """)
        #expect(sandbox.succeed("report", "--month", "2026-11", "--account", "Savings", "--format", "csv") == """
            month,category,kind,budget,rollover,actual,remaining,percent_used
            2026-11,Food,expense,300.00,0.00,11.50,288.50,3.8
            2026-11,Household,expense,100.00,0.00,0.00,100.00,0.0
            2026-11,Salary,income,3000.00,0.00,0.00,3000.00,0.0

            """)
        // The table says whose report it is, and what its rollover and remaining count.
        #expect(sandbox.succeed("report", "--month", "2026-11", "--account", "savings") == """
            Report for 2026-11, account Savings only

            CATEGORY         BUDGET  ROLLOVER  ACTUAL  REMAINING  USED
            Food             300.00      0.00   11.50     288.50  3.8%
            Household        100.00      0.00    0.00     100.00  0.0%
            --------------  -------  --------  ------  ---------  ----
            Total expenses   400.00      0.00   11.50     388.50  2.9%

            Salary          3000.00      0.00    0.00    3000.00  0.0%
            --------------  -------  --------  ------  ---------  ----
            Total income    3000.00      0.00    0.00    3000.00  0.0%

            Net                                -11.50

            Only Savings's transactions count (actual and rollover); the budgets are the whole book's.

            """)
    }

    @Test func renameDefaultAndDeleteWithMoveTo() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        #expect(sandbox.run("rename-account", "visa", "Credit card").stderr == "Renamed account Visa to Credit card.\n")
        #expect(sandbox.run("set-default-account", "savings").stderr == "Savings is now the default account.\n")
        #expect(sandbox.run("add", "1", "Food", "--date", "2026-11-22").stderr == "Added transaction 6: 1.00 in Food on 2026-11-22.\n")
        #expect(sandbox.run("add-account", "Old").stderr == "Added checking account Old.\n")
        #expect(sandbox.run("delete-account", "Old").stderr == "Deleted account Old.\n")
        #expect(sandbox.run("delete-account", "Credit card", "--move-to", "Checking").status == 1)   // its transfer would go to itself
        sandbox.succeed("delete", "5")
        #expect(sandbox.run("delete-account", "Credit card", "--move-to", "Checking").stderr
                == "Deleted account Credit card; moved 1 transaction to Checking.\n")
        #expect(sandbox.succeed("accounts", "--date", "2026-11-30", "--all", "--format", "csv") == """
            name,type,number,balance,date,default,closed_on
            Checking,checking,,2405.10,2026-11-30,off,
            Savings,savings,,1499.00,2026-11-30,on,

            """)
    }

    @Test func netWorthIsEachAccountsBalanceAtEachMonthsEnd() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("add", "40", "Food", "--date", "2026-12-02", "--account", "Visa")
        #expect(sandbox.succeed("report", "--net-worth", "--from", "2026-10", "--to", "2026-12") == """
            ACCOUNT   TYPE      2026-10  2026-11  2026-12
            Checking  checking     0.00  2405.10  2405.10
            Savings   savings   1000.00  1500.00  1500.00
            Visa      credit       0.00     0.00   -40.00
            --------  --------  -------  -------  -------
            Total               1000.00  3905.10  3865.10

            """)
        #expect(sandbox.succeed("report", "--net-worth", "--from", "2026-11", "--to", "2026-12", "--format", "csv") == """
            account,type,2026-11,2026-12
            Checking,checking,2405.10,2405.10
            Savings,savings,1500.00,1500.00
            Visa,credit,0.00,-40.00

            """)
        #expect(sandbox.succeed("report", "--net-worth", "--from", "2026-11", "--to", "2026-11", "--format", "json") == """
            [
              {"account": "Checking", "type": "checking", "2026-11": 2405.10},
              {"account": "Savings", "type": "savings", "2026-11": 1500.00},
              {"account": "Visa", "type": "credit", "2026-11": 0.00}
            ]

            """)
    }
}
