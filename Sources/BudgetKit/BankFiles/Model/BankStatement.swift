/// A statement of one account in a bank file: which account, in which currency, and the
/// balances the bank states for it.
///
/// ``BankFileReader`` gives it twice: when it starts (``BankFileItem/statementStart(_:)``,
/// with what came before its entries), and when it ends (``BankFileItem/statementEnd(_:)``,
/// complete: the balances some formats write after the entries, and the entry count).
public struct BankStatement: Hashable, Sendable {
    /// The format the statement came in.
    public var format: BankFileFormat
    /// The account, as far as the file names it.
    public var account: BankAccountIdentification
    /// The account's currency (OFX `CURDEF`, CAMT `Acct/Ccy` or the balances', MT940's
    /// opening balance's), when the file says.
    public var currency: String?
    /// The opening balance: CAMT `OPBD` (else `PRCD`), MT940 `:60F:` or `:60M:`, QIF's
    /// opening balance entry is an entry, not this.
    public var opening: BankBalance?
    /// The closing booked balance: OFX `LEDGERBAL`, CAMT `CLBD` (else `ITBD`), MT940 `:62F:` or
    /// `:62M:`.
    public var closing: BankBalance?
    /// The closing available balance: OFX `AVAILBAL`, CAMT `CLAV`, MT940 `:64:`.
    public var available: BankBalance?
    /// The period the statement covers, when it says (OFX `DTSTART`/`DTEND`, CAMT `FrToDt`).
    public var period: ClosedRange<Day>?
    /// Entries given so far (all of them in ``BankFileItem/statementEnd(_:)``).
    public var entryCount: Int
    /// Where the statement starts.
    public var location: BankFileLocation
    /// Where the file names the account by its name, when that is apart from the statement's
    /// start: QIF `!Account`'s `N` line (column 2, where the name starts).
    public var accountLocation: BankFileLocation?

    /// Creates a statement.
    public init(format: BankFileFormat, account: BankAccountIdentification = BankAccountIdentification(),
                currency: String? = nil, opening: BankBalance? = nil, closing: BankBalance? = nil,
                available: BankBalance? = nil, period: ClosedRange<Day>? = nil, entryCount: Int = 0,
                location: BankFileLocation, accountLocation: BankFileLocation? = nil) {
        self.accountLocation = accountLocation
        self.format = format
        self.account = account
        self.currency = currency
        self.opening = opening
        self.closing = closing
        self.available = available
        self.period = period
        self.entryCount = entryCount
        self.location = location
    }
}

/// A balance a statement states.
public struct BankBalance: Hashable, Sendable {
    /// The balance: positive in credit, negative overdrawn (MT940 `D`, CAMT `DBIT`).
    public var amount: Money
    /// The day it is taken at (OFX `DTASOF`, CAMT `Dt`, MT940's date).
    public var day: Day?
    /// Whether it is an intermediate balance of a statement split over several messages
    /// (MT940 `:60M:`/`:62M:`, CAMT `ITBD`) rather than a final one.
    public var isIntermediate: Bool

    /// Creates a balance.
    public init(amount: Money, day: Day?, isIntermediate: Bool = false) {
        self.amount = amount
        self.day = day
        self.isIntermediate = isIntermediate
    }
}

/// How a bank file identifies an account. Every part is optional: each format names some.
public struct BankAccountIdentification: Hashable, Sendable {
    /// The account number: OFX `ACCTID`, CAMT `IBAN` (else `Othr/Id`), MT940 `:25:` as written
    /// (`DE89370400440532013000`, or `37040044/0532013000`).
    public var number: String?
    /// The bank: OFX `BANKID` (a routing number), CAMT's servicer `BIC`/`BICFI`.
    public var bank: String?
    /// A name: QIF `!Account`'s `N`, CAMT `Acct/Nm`.
    public var name: String?
    /// A kind: OFX `ACCTTYPE` (`CHECKING`, `SAVINGS`...; `CREDITCARD` for a card statement),
    /// QIF's `!Type:` (`Bank`, `CCard`, `Cash`...).
    public var kind: String?

    /// Creates an identification.
    public init(number: String? = nil, bank: String? = nil, name: String? = nil, kind: String? = nil) {
        self.number = number
        self.bank = bank
        self.name = name
        self.kind = kind
    }
}
