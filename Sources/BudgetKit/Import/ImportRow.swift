/// One row of an imported file, mapped by ``ImportMapper`` and keyed by ``ImportKeyer``.
///
/// Its category is only what the file says; the store applies the rules and the default
/// category, and then the amount's sign (``storedAmount(in:)``).
public struct ImportRow: Hashable, Sendable {
    /// How the amount is signed.
    public enum AmountConvention: Hashable, Sendable {
        /// budget's own convention: positive in the category's direction, stored as is.
        case stored
        /// A bank's money flow: money in positive, money out negative.
        case bank
    }

    /// The 1-based line of the file where the row starts; for a QIF entry (or split part)
    /// naming a category or an account, the line naming it (`L`, `S`), which the errors about
    /// the row are about (its date and amount are checked as the file is read).
    public var line: Int
    /// The day.
    public var date: Day
    /// The amount as the file gives it, signed per ``convention``.
    public var amount: Money
    /// How ``amount`` is signed.
    public var convention: AmountConvention
    /// The payee; may be empty.
    public var payee: String
    /// The category the file names, or `nil` when it has no category column or the cell is empty.
    public var category: String?
    /// The 1-based field number of the category cell, for errors about it (`nil` with ``category``).
    public var categoryField: Int?
    /// The category's kind as the file states it (``ImportOptions/kindColumn``), or `nil`.
    public var kind: BudgetCategory.Kind?
    /// The 1-based field number of the kind cell, for errors about it (`nil` with ``kind``).
    public var kindField: Int?
    /// The note; may be empty.
    public var note: String
    /// The key that makes importing idempotent (see ``ImportKeyer``).
    public var importKey: String
    /// The account the file names for the row (the `account` column), or `nil`: the import's
    /// account then (``ImportOptions/account``, else the default).
    public var account: String?
    /// The 1-based field number of the account cell (`nil` with ``account``).
    public var accountField: Int?
    /// The account a transfer reaches (the `transfer_account` column), or `nil` for a row that
    /// is no transfer. A transfer has no category.
    public var transferAccount: String?
    /// The 1-based field number of the transfer account cell (`nil` with ``transferAccount``).
    public var transferAccountField: Int?
    /// Which part of a split the row is (the `split` column, `POSITION/COUNT`), or `nil`.
    public var split: SplitPosition?
    /// The 1-based field number of the split cell (`nil` with ``split``).
    public var splitField: Int?
    /// The part's own note (the `split_note` column).
    public var splitNote: String
    /// The account number a bank file names for the row's statement (OFX `ACCTID`, CAMT
    /// `IBAN`, MT940 `:25:`): the row goes to the account with that number, and a number no
    /// account has is an error. `nil` for CSV rows and when ``ImportOptions/account`` is set.
    public var accountNumber: String? = nil
    /// The account a QIF file's `!Account` section names for the row by its name: the row goes
    /// to the account of the book with that name (matched as ``ImportOptions/account`` is), a
    /// name no account has is an error at ``accountNameLine``. Its content key is the source's,
    /// as with ``ImportOptions/account``, so the file keys its rows alike either way (and as
    /// before sections were routed). `nil` for other rows and when ``ImportOptions/account`` is set.
    public var accountName: String? = nil
    /// The line naming ``accountName`` (the section's `N` line).
    public var accountNameLine: Int? = nil
    /// Whether the bank has not booked the row yet (CAMT `PDNG`, a CSV status column saying
    /// pending).
    public var pending = false

    /// Creates a row.
    public init(line: Int, date: Day, amount: Money, convention: AmountConvention, payee: String,
                category: String?, categoryField: Int?, note: String, importKey: String,
                kind: BudgetCategory.Kind? = nil, kindField: Int? = nil, account: String? = nil, accountField: Int? = nil,
                transferAccount: String? = nil, transferAccountField: Int? = nil, split: SplitPosition? = nil,
                splitField: Int? = nil, splitNote: String = "") {
        self.account = account
        self.accountField = accountField
        self.transferAccount = transferAccount
        self.transferAccountField = transferAccountField
        self.split = split
        self.splitField = splitField
        self.splitNote = splitNote
        self.line = line
        self.date = date
        self.amount = amount
        self.convention = convention
        self.payee = payee
        self.category = category
        self.categoryField = categoryField
        self.note = note
        self.importKey = importKey
        self.kind = kind
        self.kindField = kindField
    }

    /// The row, pending or not.
    func pending(_ pending: Bool) -> ImportRow {
        var row = self
        row.pending = pending
        return row
    }

    /// The amount to store once the row's category is known: positive in the category's
    /// direction.
    ///
    /// ``AmountConvention/stored`` amounts are kept; a ``AmountConvention/bank`` amount is
    /// negated in an expense category (money out is spending, money in a refund) and kept in an
    /// income category (money in is income). Parsed amounts never reach `Int64.min`, so negating
    /// cannot overflow.
    public func storedAmount(in kind: BudgetCategory.Kind) -> Money {
        switch (convention, kind) {
        case (.stored, _), (.bank, .income): return amount
        case (.bank, .expense): return -amount
        }
    }
}

/// Which part of a split a row is: `position` of `count`, from 1 (written `1/2`).
public struct SplitPosition: Hashable, Sendable, CustomStringConvertible {
    /// The part's place, from 1.
    public let position: Int
    /// How many parts the split has.
    public let count: Int

    /// The most parts one split may have in an imported file.
    public static let largestCount = 1_000

    /// Creates a position; `nil` unless 1 ≤ `position` ≤ `count` ≤ ``largestCount``.
    public init?(position: Int, count: Int) {
        guard position >= 1, position <= count, count <= SplitPosition.largestCount else { return nil }
        self.position = position
        self.count = count
    }

    /// Parses `POSITION/COUNT`, as `budget export` writes it.
    public init?(_ text: String) {
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, pieces.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } && $0.count <= 4 }),
              let position = Int(pieces[0]), let count = Int(pieces[1]) else { return nil }
        self.init(position: position, count: count)
    }

    /// `1/2`.
    public var description: String { "\(position)/\(count)" }
}
