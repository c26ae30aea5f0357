/// One entry of a bank statement, as the bank wrote it: neutral values, not yet a
/// ``Transaction`` (no category, no account of the book).
///
/// The amount is the money flow of the account: money in positive, money out negative,
/// whatever the format's own convention (CAMT's `CdtDbtInd`, MT940's `C`/`D`/`RC`/`RD`).
public struct BankEntry: Hashable, Sendable {
    /// Whether the bank has booked the entry.
    public enum Status: String, Hashable, Sendable {
        /// Booked (posted): OFX, QIF, MT940, CAMT `BOOK`.
        case booked
        /// Not booked yet: CAMT `PDNG`. It may be booked later with another day, amount or id.
        case pending
        /// For information only, never booked as it stands: CAMT `INFO`.
        case information
    }

    /// One part of a split entry (QIF's `S`, `E` and `$` lines).
    public struct Split: Hashable, Sendable {
        /// The category text as written (`Food:Groceries`), or `nil` for a transfer or none.
        public var category: String?
        /// The account a transfer part goes to (`[Savings]` is `Savings`).
        public var transferAccount: String?
        /// The part's money flow, signed like the entry's.
        public var amount: Money
        /// The part's memo; empty when none.
        public var memo: String
        /// The kind the file's category list (`!Type:Cat`) gives ``category``, when it does.
        public var categoryKind: BudgetCategory.Kind?
        /// The line naming the part's category or account (its `S` line), when it has one.
        public var line: Int?

        /// Creates a split part.
        public init(category: String?, transferAccount: String? = nil, amount: Money, memo: String = "",
                    categoryKind: BudgetCategory.Kind? = nil, line: Int? = nil) {
            self.categoryKind = categoryKind
            self.line = line
            self.category = category
            self.transferAccount = transferAccount
            self.amount = amount
            self.memo = memo
        }
    }

    /// The day the bank booked it (OFX `DTPOSTED`, CAMT `BookgDt`, MT940's entry date or else
    /// its value date, QIF `D`).
    public var bookingDay: Day
    /// The value day, when the format states one apart (OFX `DTAVAIL`, CAMT `ValDt`, MT940's
    /// value date).
    public var valueDay: Day?
    /// The money flow: money in positive, money out negative.
    public var amount: Money
    /// The currency the file states for the amount (`EUR`), when it does.
    public var currency: String?
    /// The other party: OFX `NAME` (or `PAYEE/NAME`), CAMT's creditor for money out and
    /// debtor for money in, MT940 `:86:`'s `?32`/`?33`, QIF `P`; empty when none.
    public var payee: String
    /// What the bank says about it: OFX `MEMO`, CAMT remittance information (else additional
    /// information), MT940 `:86:`'s text, QIF `M`; empty when none.
    public var memo: String
    /// The bank's own id for the entry, when it gives one (OFX `FITID`; CAMT `AcctSvcrRef`;
    /// MT940's bank reference after `//`). Never a reference the customer or the payer wrote
    /// (CAMT `EndToEndId` and `TxId`, MT940's reference before `//`): those come back every
    /// month. Unique within the account as far as the bank keeps its word.
    public var bankReference: String?
    /// Booked, pending or information.
    public var status: Status
    /// The bank's code for the kind of entry (OFX `TRNTYPE`, CAMT's bank transaction code,
    /// MT940's `NTRF`-style code, QIF's cleared flag is not one); `nil` when none.
    public var typeCode: String?
    /// A check or reference number (OFX `CHECKNUM`, QIF `N`).
    public var checkNumber: String?
    /// QIF: the category (`L` line) when it is not a transfer.
    public var category: String?
    /// QIF: the kind the file's category list (`!Type:Cat`: `I` income, `E` expense) gives
    /// ``category``, when it does.
    public var categoryKind: BudgetCategory.Kind?
    /// QIF: the line naming the category or the transfer's account (the `L` line), when there is one.
    public var categoryLine: Int?
    /// QIF: the account of a transfer (`L[Savings]` is `Savings`).
    public var transferAccount: String?
    /// QIF: the split parts, in order; empty when the entry is not split.
    public var splits: [Split]
    /// Where the entry is in the file.
    public var location: BankFileLocation

    /// Creates an entry.
    public init(bookingDay: Day, valueDay: Day? = nil, amount: Money, currency: String? = nil, payee: String = "",
                memo: String = "", bankReference: String? = nil, status: Status = .booked, typeCode: String? = nil,
                checkNumber: String? = nil, category: String? = nil, transferAccount: String? = nil, splits: [Split] = [],
                location: BankFileLocation) {
        self.bookingDay = bookingDay
        self.valueDay = valueDay
        self.amount = amount
        self.currency = currency
        self.payee = payee
        self.memo = memo
        self.bankReference = bankReference
        self.status = status
        self.typeCode = typeCode
        self.checkNumber = checkNumber
        self.category = category
        self.transferAccount = transferAccount
        self.splits = splits
        self.location = location
    }
}
