/// A percentage with one decimal, kept as an integer number of tenths: `125` is `12.5`.
///
/// Computed from integer cents with rounding half away from zero, so no floating point is involved.
public struct PercentTenths: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// Tenths of a percent.
    public let tenths: Int64

    /// Creates a percentage from tenths of a percent.
    public init(tenths: Int64) { self.tenths = tenths }

    /// `part` as a percentage of `whole`, or `nil` when `whole` is zero or negative (no budget to use).
    public init?(_ part: Money, of whole: Money) {
        guard whole.minorUnits > 0 else { return nil }
        // A ratio beyond a trillion (a cent of budget, billions spent) is shown clamped.
        let limit: Int64 = 1_000_000_000_000
        let ratio = part.minorUnits / whole.minorUnits
        if ratio >= limit || ratio <= -limit {
            tenths = ratio > 0 ? limit * 1000 : -limit * 1000
            return
        }
        // round(part * 1000 / whole), half away from zero: (2000 part / whole + sign) / 2, in 128
        // bits so no amount overflows; the quotient is below 2000 trillion.
        let doubled = whole.minorUnits.dividingFullWidth(part.minorUnits.multipliedFullWidth(by: 2000)).quotient
        tenths = (doubled + (doubled >= 0 ? 1 : -1)) / 2
    }

    /// `12.5`, `-3.0`, `100.0`.
    public var description: String {
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    public static func < (lhs: PercentTenths, rhs: PercentTenths) -> Bool { lhs.tenths < rhs.tenths }
}
