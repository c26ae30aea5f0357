/// A bank file (OFX, QFX, QIF, CAMT, MT940, or its text encoding) that cannot be read: where,
/// and what is wrong there. Every bank file reader throws only this (and whatever its chunk
/// source throws).
///
/// It is its own type, not a case of ``BudgetError``, while the CLI's exhaustive error texts
/// do not know it yet: folding it in is `case bankFile(BankFileError)` and one line of text.
public struct BankFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var location: BankFileLocation
    /// What the problem is.
    public var problem: BankFileProblem

    /// Creates an error.
    public init(_ location: BankFileLocation, _ problem: BankFileProblem) {
        self.location = location
        self.problem = problem
    }

    /// `FILE:LINE:COLUMN: problem` (developer-facing; the CLI writes its own sentences).
    public var description: String { "\(location): \(problem)" }
}
