/// How an imported file writes dates: a pattern of `YYYY`, `MM` and `DD` with separators.
///
/// `YYYY-MM-DD` (the default, what `budget export` writes), `DD-MM-YYYY`, `MM/DD/YYYY`,
/// `DD.MM.YYYY`, `YYYYMMDD`... Each of `YYYY`, `MM`, `DD` appears once; separators are ASCII
/// punctuation or spaces. When the pattern has separators, `MM` and `DD` also accept one digit
/// (`1/5/2026`), as many banks write them; `YYYY` is always four digits. Impossible dates
/// (`31/02/2026`) are rejected.
///
/// ```swift
/// let format = ImportDateFormat(pattern: "DD.MM.YYYY")!
/// format.day(from: "21.11.2026")   // 2026-11-21
/// ```
public struct ImportDateFormat: Hashable, Sendable, CustomStringConvertible {
    private enum Part: Hashable, Sendable {
        case year, month, day
        case literal(UInt8)
    }

    /// The pattern as written (`DD/MM/YYYY`).
    public let pattern: String
    private let parts: [Part]
    private let hasSeparators: Bool

    /// ISO 8601, `YYYY-MM-DD`.
    public static let iso = ImportDateFormat(pattern: "YYYY-MM-DD")!

    /// Reads a pattern, or `nil` when it is not made of `YYYY`, `MM`, `DD` (each exactly once)
    /// and ASCII punctuation or spaces.
    public init?(pattern: String) {
        var parts: [Part] = []
        var rest = Substring(pattern)
        while let first = rest.utf8.first {
            if rest.hasPrefix("YYYY") {
                parts.append(.year); rest = rest.dropFirst(4)
            } else if rest.hasPrefix("MM") {
                parts.append(.month); rest = rest.dropFirst(2)
            } else if rest.hasPrefix("DD") {
                parts.append(.day); rest = rest.dropFirst(2)
            } else if Self.isSeparator(first) {
                parts.append(.literal(first)); rest = rest.dropFirst()
            } else {
                return nil
            }
        }
        guard parts.filter({ $0 == .year }).count == 1, parts.filter({ $0 == .month }).count == 1,
              parts.filter({ $0 == .day }).count == 1 else { return nil }
        self.pattern = pattern
        self.parts = parts
        self.hasSeparators = parts.count > 3
    }

    /// The day `text` writes in this format, or `nil` when it does not match or does not exist.
    public func day(from text: String) -> Day? {
        let bytes = Array(text.utf8)
        var index = 0
        var year = 0, month = 0, day = 0
        for part in parts {
            switch part {
            case .literal(let byte):
                guard index < bytes.count, bytes[index] == byte else { return nil }
                index += 1
            case .year, .month, .day:
                let width = part == .year ? 4 : 2
                let minimum = part == .year || !hasSeparators ? width : 1
                var value = 0, digits = 0
                while digits < width, index < bytes.count,
                      bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                guard digits >= minimum else { return nil }
                switch part {
                case .year: year = value
                case .month: month = value
                default: day = value
                }
            }
        }
        guard index == bytes.count else { return nil }
        return Day(year: year, month: month, day: day)
    }

    /// A space or ASCII punctuation: not a digit, not a letter, not a control character.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    /// The pattern.
    public var description: String { pattern }
}
