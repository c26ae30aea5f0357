import BudgetKit
import Testing
@testable import BudgetCLI

/// Issue 10's bad input: each its exact message on stderr, its exit status, nothing on stdout,
/// and the book (every table, change log included) exactly as it was.
@Suite struct AccountBadInputTests {
    static let usage = Int32(64), failure = Int32(1)
    static let unknownAccount = """
        budget: error: no account named 'Nope'
        hint: see the accounts with 'budget accounts --all', or add one with 'budget add-account NAME'

        """
    static let twoDecimals = "hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)\n"
    static let reconciled2 = """
        budget: error: transaction 2 is covered by the reconciliation of Checking on 2026-11-20 (statement balance 2405.10)
        hint: add --force to change it anyway; the reconciliation will no longer hold

        """

    /// delete-account has no --force: moving into a reconciled account hints at what does work.
    /// A closed account is still one a typo may be of (a report of last year names it); a
    /// name near none of the book's gets no suggestion.
    @Test func aTypoOfAClosedAccountIsOfferedItAndAFarNameNothing() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("close-account", "Visa")
        let typo = sandbox.run("report", "--account", "Vsia")
        #expect(typo.status == 1)
        #expect(typo.stderr.hasPrefix("budget: error: no account named 'Vsia'; did you mean 'Visa'?\n"))
        let far = sandbox.run("report", "--account", "Brokerage")
        #expect(far.stderr.hasPrefix("budget: error: no account named 'Brokerage'\nhint: "))
    }

    @Test func aMoveIntoAReconciledPeriodHintsAtEditNotForce() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        sandbox.succeed("-q", "add-account", "Petty Cash", "--type", "cash")
        sandbox.succeed("-q", "add", "5", "Food", "--account", "Petty Cash", "--date", "2026-11-02")
        let before = sandbox.dump()
        let result = sandbox.run("delete-account", "Petty Cash", "--move-to", "Checking")
        #expect(result.status == Self.failure)
        #expect(result.stderr == """
        budget: error: 2026-11-02 is on or before the reconciliation of Checking on 2026-11-20 (statement balance 2405.10)
        hint: delete-account never breaks a reconciliation: move those transactions with 'budget edit ID --account Checking --force' first (see 'budget list --account 'Petty Cash' --to 2026-11-20'), then delete Petty Cash; or move them to another account

        """)
        #expect(result.stdout == "")
        #expect(sandbox.dump() == before)
    }

    @Test(arguments: [
        // Transfers
        (["transfer", "5", "Checking", "checking"], usage, """
        budget: error: a transfer from 'Checking' to itself moves nothing
        hint: name two different accounts: FROM and TO of 'budget transfer', --account (where it comes from) and --transfer-to (where it goes) of 'budget edit'

        """),
        (["transfer", "5", "Checking", "Nope"], failure, unknownAccount),
        (["transfer", "5", "Nope", "Savings"], failure, unknownAccount),
        // A typo of one of the book's accounts: the closest is offered.
        (["transfer", "5", "Chekcing", "Savings"], failure, """
        budget: error: no account named 'Chekcing'; did you mean 'Checking'?
        hint: see the accounts with 'budget accounts --all', or add one with 'budget add-account NAME'

        """),
        (["list", "--account", "savngs"], failure, """
        budget: error: no account named 'savngs'; did you mean 'Savings'?
        hint: see the accounts with 'budget accounts --all', or add one with 'budget add-account NAME'

        """),
        (["transfer", "0", "Checking", "Savings"], usage, """
        budget: error: the value '0' is invalid for '<amount>': a transfer moves more than zero
        hint: write the amount that moves, like 500 or 12.50; FROM and TO say which way

        """),
        (["transfer", "-5", "Checking", "Savings"], usage, """
        budget: error: the value '-5' is invalid for '<amount>': a transfer moves more than zero
        hint: write the amount that moves, like 500 or 12.50; FROM and TO say which way

        """),
        (["transfer", "12.345", "Checking", "Savings"], usage,
         "budget: error: the value '12.345' is invalid for '<amount>': it has more than two decimals\n" + twoDecimals),
        // Unknown account or category
        (["add", "5", "Food", "--account", "Nope"], failure, unknownAccount),
        (["add", "5", "Fuel", "--account", "Visa"], failure, """
        budget: error: no category named 'Fuel'
        hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'

        """),
        (["list", "--account", "Nope"], failure, unknownAccount),
        (["report", "--account", "Nope"], failure, unknownAccount),
        (["export", "--account", "Nope"], failure, unknownAccount),
        (["edit", "2", "--account", "Nope", "--force"], failure, unknownAccount),
        (["set-default-account", "Nope"], failure, unknownAccount),
        // Splits
        (["add", "82.40", "--split", "Food=60", "--split", "Household=22.39", "--date", "2026-11-22"], usage, """
        budget: error: the parts sum to 82.39, not 82.40: 0.01 missing
        hint: make the parts add up to the amount exactly

        """),
        (["add", "82.40", "--split", "Food=60", "--split", "Household=30", "--date", "2026-11-22"], usage, """
        budget: error: the parts sum to 90.00, not 82.40: 7.60 too much
        hint: make the parts add up to the amount exactly

        """),
        (["add", "10", "--split", "Food=4", "--split", "Salary=6", "--date", "2026-11-22"], failure, """
        budget: error: a split cannot mix expense category 'Food' with income category 'Salary'
        hint: split money spent across expense categories, or money received across income categories

        """),
        // Parts of the other kind flip what the amount means, as a category of it would.
        (["edit", "4", "--split", "Salary=82.40"], failure, """
        budget: error: moving transaction 4 from expense category 'Food, Household' to income category 'Salary' would turn 82.40 spent into 82.40 received
        hint: say what the amount becomes: --kind-change negate records -82.40 (the money still went the same way), --kind-change keep records 82.40 received; or give --amount

        """),
        (["add", "10", "--split", "Fuel=10", "--date", "2026-11-22"], failure, """
        budget: error: no category named 'Fuel'
        hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'

        """),
        (["add", "10", "--split", "Food", "--date", "2026-11-22"], usage, """
        budget: error: the value 'Food' is invalid for '--split <category=amount>': expected CATEGORY=AMOUNT
        hint: give each part as CATEGORY=AMOUNT, like --split Food=60.00 --split Household=22.40

        """),
        (["add", "10", "--split", "=10", "--date", "2026-11-22"], usage, """
        budget: error: the value '=10' is invalid for '--split <category=amount>': the category is empty
        hint: give each part as CATEGORY=AMOUNT, like --split Food=60.00 --split Household=22.40

        """),
        (["add", "10", "--split", "Food=1.005", "--date", "2026-11-22"], usage,
         "budget: error: the value 'Food=1.005' is invalid for '--split <category=amount>': invalid amount '1.005': it has more than two decimals\n"
            + twoDecimals),
        (["add", "10", "Food", "--split", "Food=10"], usage, """
        budget: error: '--split <category=amount>' cannot be used with a category ('Food')
        hint: a split has its categories in its parts; give the payee with --payee

        """),
        (["edit", "4", "--split", "Food=80"], usage, """
        budget: error: the parts sum to 80.00, not 82.40: 2.40 missing
        hint: make the parts add up to the amount exactly

        """),
        (["edit", "3", "--split", "Food=500"], failure, """
        budget: error: transaction 3 is a transfer: it has no category and no parts
        hint: change its accounts with --account and --transfer-to, or delete it and add a transaction

        """),
        // Reconciliation
        (["reconcile", "Nope", "--statement-balance", "1", "--on", "2026-11-01"], failure, unknownAccount),
        (["reconcile", "Checking", "--statement-balance", "1", "--on", "2099-01-01"], usage, """
        budget: error: cannot reconcile on 2099-01-01: it is after today (\(Day.today()))
        hint: give the statement's day, today or earlier, with --on

        """),
        (["reconcile", "Checking", "--statement-balance", "1.001", "--on", "2026-11-01"], usage,
         "budget: error: the value '1.001' is invalid for '--statement-balance <amount>': it has more than two decimals\n" + twoDecimals),
        (["edit", "2", "--amount", "13"], failure, reconciled2),
        (["edit", "2", "--date", "2026-11-21"], failure, reconciled2),
        (["edit", "2", "--account", "Visa"], failure, reconciled2),
        (["delete", "2"], failure, reconciled2),
        (["add", "5", "Food", "--date", "2026-11-19"], failure, """
        budget: error: 2026-11-19 is on or before the reconciliation of Checking on 2026-11-20 (statement balance 2405.10)
        hint: add --force to add it anyway; the reconciliation will no longer hold

        """),
        (["transfer", "5", "Savings", "Checking", "--date", "2026-11-20"], failure, """
        budget: error: 2026-11-20 is on or before the reconciliation of Checking on 2026-11-20 (statement balance 2405.10)
        hint: add --force to add it anyway; the reconciliation will no longer hold

        """),
        // Accounts
        (["delete-account", "Visa"], failure, """
        budget: error: account 'Visa' has 2 transactions
        hint: use --move-to OTHER to keep them in another account, or close it with 'budget close-account Visa'

        """),
        (["delete-account", "Checking"], failure, """
        budget: error: 'Checking' is the default account
        hint: make another account the default with 'budget set-default-account NAME' first

        """),
        (["delete-account", "Nope"], failure, unknownAccount),
        // These have no --force (or one that deletes): the hint names what does work.
        (["delete-category", "Food", "--force"], failure, """
        budget: error: transaction 2 is covered by the reconciliation of Checking on 2026-11-20 (statement balance 2405.10)
        hint: delete-category never breaks a reconciliation: delete the covered transactions first with 'budget delete ID... --force' (see 'budget list --category Food --to 2026-11-20'), then the category

        """),
        (["delete-category", "Salary", "--move-to", "Food", "--kind-change", "keep"], failure, """
        budget: error: transaction 1 is covered by the reconciliation of Checking on 2026-11-20 (statement balance 2405.10)
        hint: delete-category never breaks a reconciliation: --kind-change negate keeps every balance, or move the covered transactions first with 'budget edit ID --category OTHER --kind-change keep --force' (see 'budget list --category Salary --to 2026-11-20')

        """),
        (["set-opening-balance", "Nope", "5"], failure, unknownAccount),
        (["set-opening-balance", "Checking", "5"], failure, """
        budget: error: the opening balance of Checking counts in the reconciliation of Checking on 2026-11-20 (statement balance 2405.10)
        hint: add --force to change it anyway; the reconciliation will no longer hold

        """),
        (["set-opening-balance", "Checking", "5.001"], usage,
         "budget: error: the value '5.001' is invalid for '<amount>': it has more than two decimals\n" + twoDecimals),
        (["delete-account", "Savings", "--move-to", "Visa"], failure, """
        budget: error: account 'Savings' has an opening balance of 1000.00: deleting it would take that money out of the net worth
        hint: close it instead with 'budget close-account Savings': a closed account keeps its history and its balance

        """),
        (["delete-account", "Visa", "--move-to", "visa"], failure, """
        budget: error: cannot move the transactions of account 'Visa' into itself
        hint: name a different account with --move-to

        """),
        (["close-account", "Checking"], failure, """
        budget: error: 'Checking' is the default account
        hint: make another account the default with 'budget set-default-account NAME' first

        """),
        // Closed before its last transactions: a closed account takes none from its closing day.
        (["close-account", "Visa", "--on", "2026-11-14"], failure, """
        budget: error: account 'Visa' has 2 transactions dated on or after 2026-11-14, the last on 2026-11-20: a closed account takes none from the day it closed
        hint: close it after them ('budget close-account Visa --on 2026-11-21'), or move them to an open account with 'budget edit ID --account NAME' (see 'budget list --account Visa --from 2026-11-14')

        """),
        (["close-account", "savings", "--on", "2026-11-05"], failure, """
        budget: error: account 'Savings' has 1 transaction dated on or after 2026-11-05, the last on 2026-11-05: a closed account takes none from the day it closed
        hint: close it after them ('budget close-account Savings --on 2026-11-06'), or move them to an open account with 'budget edit ID --account NAME' (see 'budget list --account Savings --from 2026-11-05')

        """),
        (["add-account", "checking"], failure, """
        budget: error: an account named 'checking' already exists
        hint: names are unique ignoring case; choose another name

        """),
        (["add-account", "Card", "--number", "de123456"], failure, """
        budget: error: account 'Visa' already has the number 'de123456'
        hint: numbers are unique ignoring spaces, dashes and case; check the number

        """),
        (["add-account", "  "], usage, """
        budget: error: invalid account name '  ': it must be non-empty text without control characters
        hint: choose a name such as Checking or "Credit card"

        """),
        (["add-account", "X", "--type", "bank"], usage, """
        budget: error: the value 'bank' is invalid for '--type <type>': expected 'checking', 'savings', 'credit', 'cash' or 'investment'
        usage: budget add-account <name> [--type <type>] [--opening <amount>] [--on <day>] [--number <text>]
          see 'budget add-account --help' for more information

        """),
        (["add-account", "X", "--opening", "1.001"], usage,
         "budget: error: the value '1.001' is invalid for '--opening <amount>': it has more than two decimals\n" + twoDecimals),
        (["rename-account", "Savings", "visa"], failure, """
        budget: error: an account named 'visa' already exists
        hint: names are unique ignoring case; choose another name

        """),
        (["accounts", "--date", "2026-13-01"], usage, """
        budget: error: the value '2026-13-01' is invalid for '--date <day>': there is no such day
        hint: write dates like 2026-11-21, or use today or yesterday

        """),
    ] as [([String], Int32, String)])
    func badInputIsRefusedWithItsMessageAndChangesNothing(arguments: [String], status: Int32, stderr: String) throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        let before = sandbox.dump()
        let result = sandbox.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == stderr)
        #expect(result.stdout == "")
        #expect(sandbox.dump() == before)
    }
}
