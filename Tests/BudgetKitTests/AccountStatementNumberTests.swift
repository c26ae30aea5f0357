import Testing
@testable import BudgetKit

/// Which account a bank file's account number names: a German MT940 file writes `BLZ/KONTO`
/// in `:25:` where the account was added with its IBAN (or the other way round with CAMT), and
/// the import said no account had that number.
@Suite struct AccountStatementNumberTests {
    static let giro = Account(id: 2, name: "Giro", number: "DE89 3704 0044 0532 0130 00")

    @Test(arguments: [
        ("DE89 3704 0044 0532 0130 00", "DE89370400440532013000", true),
        ("DE89 3704 0044 0532 0130 00", "de89-3704-0044-0532-0130-00", true),
        ("DE89 3704 0044 0532 0130 00", "37040044/0532013000", true),
        ("DE89 3704 0044 0532 0130 00", "37040044/532013000", true),     // without the leading zero
        ("37040044/0532013000", "DE89370400440532013000", true),          // a CAMT file's IBAN
        ("37040044/532013000", "37040044/0532013000", true),             // both short, one zero-padded
        ("37040044/0532013000", "37040044/532013000", true),
        ("37040044/532013000", "37040044/5320130", false),               // another account
        ("DE89 3704 0044 0532 0130 00", "37040044/0532013001", false),   // another account
        ("DE89 3704 0044 0532 0130 00", "37040045/0532013000", false),   // another bank
        ("DE89 3704 0044 0532 0130 00", "0532013000", false),            // no bank code: not enough
        ("AT61 1904 3002 3457 3201", "19043/00234573201", false),        // only German IBANs
        ("DE89 3704 0044 0532 0130 00", "", false),
    ])
    func aStatementNumberNamesTheAccountWrittenEitherWay(_ number: String, _ given: String, _ named: Bool) {
        #expect(Account(id: 1, name: "A", number: number).isNamed(byStatementNumber: given) == named)
    }

    /// An account whose number is the file's as written wins over one that is the same German
    /// account written the other way.
    @Test func theAccountWithTheNumberAsWrittenComesFirst() {
        let short = Account(id: 3, name: "Giro (old)", number: "37040044/0532013000")
        #expect(Account.named(byStatementNumber: "37040044/0532013000", in: [Self.giro, short]) == short)
        #expect(Account.named(byStatementNumber: "37040044/0532013000", in: [Self.giro]) == Self.giro)
        #expect(Account.named(byStatementNumber: "DE89370400440532013000", in: [short, Self.giro]) == Self.giro)
        #expect(Account.named(byStatementNumber: "", in: [Self.giro]) == nil)
    }

    /// Two `BLZ/KONTO` forms differing in leading zeros name the same account only when no
    /// account holds the IBAN form: an account that matched before keeps matching, whatever the
    /// accounts' order.
    @Test func anIBANComesBeforeANumberWrittenWithoutItsLeadingZeros() {
        let unpadded = Account(id: 3, name: "A giro (old)", number: "37040044/532013000")
        #expect(Account.named(byStatementNumber: "37040044/0532013000", in: [unpadded, Self.giro]) == Self.giro)
        #expect(Account.named(byStatementNumber: "37040044/0532013000", in: [unpadded]) == unpadded)
    }
}
