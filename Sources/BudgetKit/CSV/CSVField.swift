/// One cell handed to ``CSVWriter``: free text, or a value written exactly as given.
///
/// The difference matters only with ``CSVWriter/excelSafe``: text that a spreadsheet would read
/// as a formula (`=SUM(A1)`, `@cmd`, `-2+3`) is prefixed with `'`, while numbers, dates and ids
/// (`-12.50`, `2026-11-21`) are never changed, so amount columns stay exact.
///
/// ```swift
/// let row: [CSVField] = [.number("7"), .number("2026-11-21"), .money(amount), .text(payee)]
/// ```
public enum CSVField: Hashable, Sendable, ExpressibleByStringLiteral {
    /// Free text (a payee, a note, a category name): guarded by ``CSVWriter/excelSafe``.
    case text(String)
    /// A number, date or id: always written as given (still quoted when it needs quotes).
    case number(String)

    /// An amount in its plain form (`-12.50`), never guarded.
    public static func money(_ amount: Money) -> CSVField { .number(amount.description) }

    /// A string literal is text.
    public init(stringLiteral value: String) { self = .text(value) }

    /// The value, whatever its kind.
    public var value: String {
        switch self {
        case .text(let value), .number(let value): return value
        }
    }
}
