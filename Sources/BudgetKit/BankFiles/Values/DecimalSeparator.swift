/// Which character separates the decimals of amounts in a bank file (`--decimal-point`,
/// `--decimal-comma`).
public enum DecimalSeparator: String, CaseIterable, Hashable, Sendable {
    /// `1,234.56`: a point; commas, spaces and apostrophes group thousands.
    case point
    /// `1.234,56`: a comma; points, spaces and apostrophes group thousands.
    case comma
    /// Each amount says which by itself: a point and a comma both (the last one is the decimal
    /// separator), one of them more than once (grouping), or once followed by other than three
    /// digits (`12,5`, `4.75`: decimal). One separator followed by exactly three digits (`1,234`,
    /// `1.234`) could be either, and is an error (``BankFileProblem/ambiguousAmount(_:readings:)``)
    /// rather than a guess.
    case detect
}
