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
        let (scaled, overflow) = part.minorUnits.multipliedReportingOverflow(by: 2000)
        if overflow {
            // Only for amounts beyond 4.6 quadrillion: lose the rounding rather than trap.
            tenths = part.minorUnits / whole.minorUnits * 1000
            return
        }
        // round(part * 1000 / whole), half away from zero: (2x/w + sign) / 2.
        let doubled = scaled / whole.minorUnits
        tenths = (doubled + (doubled >= 0 ? 1 : -1)) / 2
    }

    /// `12.5`, `-3.0`, `100.0`.
    public var description: String {
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    public static func < (lhs: PercentTenths, rhs: PercentTenths) -> Bool { lhs.tenths < rhs.tenths }
}
