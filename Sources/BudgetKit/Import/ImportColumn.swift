/// A column of an imported file, named by its header text or by its 1-based number.
///
/// ```swift
/// ImportColumn("Amount")   // .named("Amount")
/// ImportColumn("3")        // .number(3)
/// ```
public enum ImportColumn: Hashable, Sendable, CustomStringConvertible {
    /// The column whose header is this text: an exact match first, else the only one equal
    /// ignoring case and surrounding spaces.
    case named(String)
    /// The column at this 1-based position.
    case number(Int)

    /// Reads a column as a user writes it: digits are a number (from 1), anything else a name.
    public init(_ text: String) {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
           text.utf8.count <= 9, let number = Int(text), number >= 1 {
            self = .number(number)
        } else {
            self = .named(text)
        }
    }

    /// `'Amount'` or `3`, as messages show it.
    public var description: String {
        switch self {
        case .named(let name): return "'\(name)'"
        case .number(let number): return String(number)
        }
    }
}
