/// Where money is: a checking account, a savings account, a credit card, cash, investments.
///
/// Every transaction belongs to one account; a transfer moves money from one to another. An
/// account's balance on a day (``AccountBalance``) is its opening balance (once its opening day
/// has come) plus what its transactions did: spending lowers it, income raises it, a transfer
/// lowers the account it leaves and raises the one it reaches. A credit card's balance is
/// negative while money is owed on it.
///
/// Names are unique ignoring case, as category names are (``nameKey(_:)``); account numbers
/// (an IBAN) are unique ignoring spaces, dashes and case (``numberKey(_:)``). One account is
/// the default: `budget add` without an account, and every transaction of a book made before
/// accounts, goes there. A book starts with one, `Main`.
public struct Account: Hashable, Sendable, Codable, Identifiable {
    /// What kind of account it is; it changes nothing in the arithmetic.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case checking, savings, credit, cash, investment
    }

    /// The database id.
    public let id: Int64
    /// The name as the user wrote it.
    public var name: String
    /// What kind of account it is (the `type` column).
    public var kind: Kind
    /// The bank's account number or IBAN, as written; `nil` when none was given.
    public var number: String?
    /// The money in the account on ``openingDate`` (negative for a debt).
    public var openingBalance: Money
    /// The day the opening balance counts from; `nil`: from the beginning.
    public var openingDate: Day?
    /// The day it was closed: it keeps its history and is listed only when asked for.
    public var closedOn: Day?
    /// Whether transactions go here when no account is named.
    public var isDefault: Bool

    /// Whether it was closed.
    public var isClosed: Bool { closedOn != nil }

    /// Whether it was closed by `day`: on or after the day it closed. Before that day it was
    /// open, and a listing of that day's balances shows it.
    public func isClosed(on day: Day) -> Bool { closedOn.map { $0 <= day } ?? false }

    /// Creates an account value.
    public init(id: Int64, name: String, kind: Kind = .checking, number: String? = nil, openingBalance: Money = .zero,
                openingDate: Day? = nil, closedOn: Day? = nil, isDefault: Bool = false) {
        self.id = id
        self.name = name
        self.kind = kind
        self.number = number
        self.openingBalance = openingBalance
        self.openingDate = openingDate
        self.closedOn = closedOn
        self.isDefault = isDefault
    }

    /// The key that makes names unique: the same as ``BudgetCategory/nameKey(_:)``.
    public static func nameKey(_ name: String) -> String {
        name.caseFolded()
    }

    /// The key that makes account numbers unique: without spaces and dashes, upper-cased, so
    /// `DE12 3456 7890` and `de1234567890` are one account.
    public static func numberKey(_ number: String) -> String {
        String(number.unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "\t" }.map(Character.init)).uppercased()
    }
}

/// An account with its balance at the end of a day.
public struct AccountBalance: Hashable, Sendable {
    /// The account.
    public let account: Account
    /// Its balance at the end of ``day``.
    public let balance: Money
    /// The day the balance is for.
    public let day: Day

    /// Creates a balance value.
    public init(account: Account, balance: Money, day: Day) {
        self.account = account
        self.balance = balance
        self.day = day
    }
}
