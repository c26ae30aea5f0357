import BudgetKit
import Testing
@testable import BudgetCLI

/// Card files that write charges positive and payments negative (American Express, Discover),
/// read without column options as a bank's money flow: every charge is money in.
@Suite struct ImportCardSignTests {
    static let amex = """
        Date,Description,Amount,Category
        11/02/2026,WHOLEFDS MKT,54.37,Food
        11/05/2026,STARBUCKS,4.75,Food
        11/09/2026,AMAZON,23.99,Food
        11/20/2026,AUTOPAY PAYMENT - THANK YOU,-500.00,

        """

    /// They were imported as refunds, exit 0, with nothing said.
    @Test func mostlyMoneyInReadAsABanksMoneyFlowIsNamedWithTheColumnsThatReadItTheOtherWay() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("amex.csv", Self.amex)
        let dryRun = sandbox.run("import", file, "--date-order", "mdy", "--default-category", "Rent", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.contains(",2026-11-02,-54.37,Food,WHOLEFDS MKT,,expense,Main,"))
        #expect(dryRun.stderr == """
            Read as csv (utf-8, ','), header on line 1: date 'Date', amount 'Amount', payee 'Description', category 'Category'; \
            signs as the bank's (money out negative).
            Dry run: would import 4 transactions from \(file).
            budget: warning: 3 of 4 rows have a positive amount, which a bank's file means as money in (a refund, or income)
            hint: if the file is a card's that writes charges positive (American Express, Discover), name its columns, without \
            --negate: --date-column Date --amount-column Amount --payee-column Description --category-column Category

            """)
        let result = sandbox.run("import", file, "--date-order", "mdy", "--default-category", "Rent")
        #expect(result.status == 0)
        #expect(result.stderr == """
            Imported 4 transactions from \(file).
            budget: warning: 3 of 4 rows have a positive amount, which a bank's file means as money in (a refund, or income)
            hint: if the file is a card's that writes charges positive (American Express, Discover), run 'budget undo' and import \
            it again with its columns named, without --negate: --date-column Date --amount-column Amount --payee-column Description \
            --category-column Category

            """)
        sandbox.succeed("-q", "undo")
        let again = sandbox.run("import", file, "--date-order", "mdy", "--default-category", "Rent", "--date-column", "Date",
                                "--amount-column", "Amount", "--payee-column", "Description", "--category-column", "Category")
        #expect(again.stderr == "Imported 4 transactions from \(file).\n")
        let listed = sandbox.succeed("list", "--from", "2026-11-02", "--to", "2026-11-20", "--format", "csv")
        #expect(listed.contains(",2026-11-02,54.37,Food,WHOLEFDS MKT,,expense,Main,"))
        #expect(listed.contains(",2026-11-20,-500.00,Rent,AUTOPAY PAYMENT - THANK YOU,,expense,Main,"))
    }

    /// A checking account's month (money out mostly) and files whose signs something says
    /// (debit and credit columns, a sign column, --negate) say nothing.
    @Test(arguments: [
        ("Date,Description,Amount\n2026-11-02,A,-1.00\n2026-11-03,B,-2.00\n2026-11-04,C,3.00\n", [String]()),
        ("Date,Description,Debit,Credit\n2026-11-02,A,,1.00\n2026-11-03,B,,2.00\n2026-11-04,C,,3.00\n", []),
        ("Date,Description,Amount,D/C\n2026-11-02,A,1.00,C\n2026-11-03,B,2.00,C\n2026-11-04,C,3.00,C\n", []),
        ("Date,Description,Amount\n2026-11-02,A,1.00\n2026-11-03,B,2.00\n2026-11-04,C,3.00\n", ["--negate"]),
    ])
    func filesWhoseSignsAreSaidSayNothing(text: String, options: [String]) throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let file = sandbox.write("bank.csv", text)
        let result = sandbox.run(["import", file, "--default-category", "Food"] + options)
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 3 transactions from \(file).\n")
    }
}
