/// A statement of an imported bank file, as the import needs it for the balance check: the
/// statement (its account, opening and closing balances) and what its booked entries add up to.
public struct ImportedStatement: Hashable, Sendable {
    /// The statement as the file gives it, complete.
    public var statement: BankStatement
    /// The sum of its booked entries' money flow (pending and information entries left out).
    public var bookedFlow: Money
    /// Whether the sum overflowed (then no balance is checked).
    public var overflowed: Bool
    /// The latest booking day of its booked entries: a bank may book an entry the day after the
    /// statement's closing balance is dated and count it in (MT940's entry date), so the balance
    /// is checked at the later of the two.
    public var lastBookingDay: Day?
    /// The earliest booking day of its booked entries: the opening balance is checked at the
    /// end of the day before.
    public var firstBookingDay: Day?

    /// Creates one.
    public init(statement: BankStatement, bookedFlow: Money = .zero, overflowed: Bool = false, lastBookingDay: Day? = nil,
                firstBookingDay: Day? = nil) {
        self.firstBookingDay = firstBookingDay
        self.statement = statement
        self.lastBookingDay = lastBookingDay
        self.bookedFlow = bookedFlow
        self.overflowed = overflowed
    }
}
