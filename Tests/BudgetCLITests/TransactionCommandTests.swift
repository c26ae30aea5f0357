import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct TransactionCommandTests {
    @Test func addPrintsTheNewIdAloneAndConfirmsOnStderr() {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01")
        let result = sandbox.run("add", "12.50", "Food", "Lunch", "--date", "2026-11-02")
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        #expect(result.stderr == "Added transaction 1: 12.50 in Food on 2026-11-02 (Lunch).\n")
    }

    @Test func aNegativeAmountIsARefund() throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300")
        let result = sandbox.run("add", "-2.25", "Food", "Refund")
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        let transaction = try BudgetStore(path: sandbox.database).transaction(id: 1)
        #expect(transaction.amount == Money(minorUnits: -225))
        #expect(transaction.payee == "Refund")
        #expect(transaction.date == Day.today())
    }

    @Test func quietKeepsStderrEmpty() {
        let sandbox = Sandbox()
        #expect(sandbox.run("-q", "add-category", "Food", "300").stderr == "")
        #expect(sandbox.run("add", "5", "Food", "--quiet").stderr == "")
    }

    @Test func editChangesOnlyTheFieldsGiven() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let result = sandbox.run("edit", "1", "--amount", "13", "--payee", "Dinner", "--note", "with Ann")
        #expect(result.status == 0)
        #expect(result.stderr == "Updated transaction 1: 13.00 in Food on 2026-11-02 (Dinner).\n")
        let transaction = try BudgetStore(path: sandbox.database).transaction(id: 1)
        #expect(transaction == Transaction(id: 1, date: Day(year: 2026, month: 11, day: 2)!, amount: Money(minorUnits: 1300),
                                           category: "Food", payee: "Dinner", note: "with Ann", account: "Main"))
        sandbox.succeed("edit", "1", "--category", "rent", "--date", "2026-10-31", "--note", "")
        #expect(try BudgetStore(path: sandbox.database).transaction(id: 1).category == "Rent")
        #expect(try BudgetStore(path: sandbox.database).transaction(id: 1).note == "")
    }

    /// --category on a split makes it one transaction: the confirmation names the parts that
    /// went (it said only "82.40 in Household"), and undo puts them back.
    @Test func aCategoryOnASplitSaysWhichPartsWentAndUndoPutsThemBack() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let rows = "SELECT * FROM transactions ORDER BY id; SELECT * FROM transaction_splits ORDER BY transaction_id, position"
        let before = try sandbox.query(rows)
        let result = sandbox.run("edit", "4", "--category", "household")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            Updated transaction 4: 82.40 in Household on 2026-11-14 (Market). It is no longer split: its parts were Food 60.00, Household 22.40 ('budget undo' puts them back).

            """)
        #expect(try sandbox.query("SELECT category_id IS NOT NULL, (SELECT count(*) FROM transaction_splits) FROM transactions WHERE id = 4")
                == ["1|0"])
        sandbox.succeed("-q", "undo")
        #expect(try sandbox.query(rows) == before)
        // A plain transaction moved to another category has no parts to name.
        #expect(sandbox.run("edit", "2", "--category", "Household").stderr == "Updated transaction 2: 12.50 in Household on 2026-11-03 (Lunch).\n")
    }

    @Test func deleteTakesSeveralIds() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let result = sandbox.run("delete", "1", "3")
        #expect(result.stderr == "Deleted 2 transactions.\n")
        #expect(try BudgetStore(path: sandbox.database).transactions().map(\.id) == [2, 4])
        #expect(sandbox.run("delete", "2").stderr == "Deleted transaction 2.\n")
    }

    @Test func listShowsATableWithWhatWasSpentEarnedAndTheNet() {
        let sandbox = Sandbox()
        sandbox.seed()
        #expect(sandbox.succeed("list") == """
        ID  DATE         AMOUNT  CATEGORY  PAYEE     NOTE
         3  2026-11-01  1000.00  Rent      Landlord  November
         1  2026-11-02    12.50  Food      Lunch
         2  2026-11-03    -2.25  Food      Refund
         4  2026-11-25  3000.00  Salary    ACME
        --  ----------  -------  --------  --------  --------
            Spent       1010.25
            Earned      3000.00
            Net         1989.75

        """)
    }

    @Test func aListLongerThanATableHoldsIsStreamedWithItsTotalsAtTheFinalWidths() {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("add", "12345.67", "Rent", "Landlord and sons", "--date", "2026-11-30")
        // Tables hold 2 rows here: AMOUNT has 4 characters of room for the totals, which line up
        // with every row; the last row widens PAYEE.
        let list = sandbox.run(["list"], tableBufferedRows: 2)
        #expect(list.status == 0)
        #expect(list.stdout == """
        ID  DATE             AMOUNT  CATEGORY  PAYEE     NOTE
         3  2026-11-01      1000.00  Rent      Landlord  November
         1  2026-11-02        12.50  Food      Lunch
         2  2026-11-03        -2.25  Food      Refund
         4  2026-11-25      3000.00  Salary    ACME
         5  2026-11-30     12345.67  Rent      Landlord and sons
        --  ----------  -----------  --------  -----------------  --------
            Spent          13355.92
            Earned          3000.00
            Net           -10355.92

        """)
    }

    @Test(arguments: [
        (["--category", "food"], [1, 2]),
        (["--month", "2026-11", "--min", "0", "--max", "1000"], [3, 1]),
        (["--from", "2026-11-02", "--to", "2026-11-03"], [1, 2]),
        (["--payee", "LAND"], [3]),
        (["--limit", "2"], [2, 4]),
        (["--month", "2026-10"], []),
        (["--max", "-1"], [2]),
    ] as [([String], [Int])])
    func listFilters(filters: [String], ids: [Int]) {
        let sandbox = Sandbox()
        sandbox.seed()
        let csv = sandbox.run(["list", "--format", "csv"] + filters).stdout
        let listed = csv.split(separator: "\n").dropFirst().map { Int($0.prefix { $0 != "," })! }
        #expect(listed == ids)
    }

    @Test func listWritesEveryMachineFormatWithoutTotals() {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Café", "300", "--from", "2026-01")
        sandbox.succeed("add", "1,234.5", "café", "Chez \"Paul\", Paris", "--date", "2026-11-02", "--note", "two\nlines")
        sandbox.succeed("add", "-3", "Café", "--date", "2026-11-03")
        #expect(sandbox.succeed("list", "--format", "csv") == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
        1,2026-11-02,1234.50,Café,"Chez ""Paul"", Paris","two
        lines",expense,Main,,,,,
        2,2026-11-03,-3.00,Café,,,expense,Main,,,,,

        """)
        #expect(sandbox.succeed("list", "--format", "tsv") == """
        id\tdate\tamount\tcategory\tpayee\tnote\tkind\taccount\ttransfer_account\tsplit\tsplit_note\treconciled\ttransfer_reconciled
        1\t2026-11-02\t1234.50\tCafé\tChez "Paul", Paris\ttwo\\nlines\texpense\tMain\t\t\t\t\t
        2\t2026-11-03\t-3.00\tCafé\t\t\texpense\tMain\t\t\t\t\t

        """)
        #expect(sandbox.succeed("list", "--format", "json") == """
        [
          {"id": 1, "date": "2026-11-02", "amount": 1234.50, "category": "Café", "payee": "Chez \\"Paul\\", Paris", "note": "two\\nlines", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "transfer_reconciled": ""},
          {"id": 2, "date": "2026-11-03", "amount": -3.00, "category": "Café", "payee": "", "note": "", "kind": "expense", "account": "Main", "transfer_account": "", "split": "", "split_note": "", "reconciled": "", "transfer_reconciled": ""}
        ]

        """)
    }

    @Test func exportDefaultsToCSVAndCanGuardAgainstFormulas() {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("add", "-5", "Food", "=HYPERLINK(\"x\")", "--date", "2026-11-02", "--note", "@home")
        sandbox.succeed("add", "7", "Food", "--date", "2026-11-03", "--note", "+plus", "--", "-minus")
        #expect(sandbox.succeed("export") == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
        1,2026-11-02,-5.00,Food,"=HYPERLINK(""x"")",@home,expense,Main,,,,,
        2,2026-11-03,7.00,Food,-minus,+plus,expense,Main,,,,,

        """)
        #expect(sandbox.succeed("export", "--excel-safe") == """
        id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
        1,2026-11-02,-5.00,Food,"'=HYPERLINK(""x"")",'@home,expense,Main,,,,,
        2,2026-11-03,7.00,Food,'-minus,'+plus,expense,Main,,,,,

        """)
        #expect(sandbox.succeed("export", "--format", "json", "--category", "Food", "--limit", "1").contains("\"payee\": \"-minus\""))
    }
}
