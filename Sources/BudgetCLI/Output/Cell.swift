import BudgetKit

/// One value of a record, typed so each format can write it its own way: an amount is `12.50` in
/// CSV and a table and the number literal `12.50` in JSON; a missing percent is an empty field in
/// CSV and `null` in JSON.
enum Cell: Equatable {
    /// Free text: a name, a payee, a note, a kind.
    case text(String)
    /// An amount.
    case money(Money)
    /// A whole number: an id.
    case integer(Int64)
    /// A day or a month, as ISO text (a string in JSON).
    case date(String)
    /// A percentage with one decimal, or `nil` when there is none (no budget).
    case percent(PercentTenths?)
    /// On or off: rollover (`on`/`off` as text, `true`/`false` in JSON).
    case flag(Bool)
    /// A value as SQLite holds it (`log`'s before and after), or `nil` for none (a row's value
    /// before it was added): `NULL` in CSV, TSV and tables, `null` in JSON, as is none (an
    /// empty field elsewhere); an integer is a number in JSON, so the text `7` and the number 7,
    /// or the text `NULL` and SQL's NULL, are told apart there.
    case sql(HistoryValue?)

    /// The plain text form used by CSV, TSV and tables.
    var plainText: String {
        switch self {
        case .text(let text), .date(let text): return text
        case .money(let money): return money.description
        case .integer(let number): return String(number)
        case .percent(let percent): return percent?.description ?? ""
        case .flag(let on): return on ? "on" : "off"
        case .sql(let value): return value?.description ?? ""
        }
    }

    /// Whether tables align it to the right.
    var isNumeric: Bool {
        switch self {
        case .money, .integer, .percent: return true
        case .text, .date, .flag: return false
        case .sql(let value):
            switch value {
            case .integer, .real: return true
            default: return false
            }
        }
    }

    /// The field handed to the CSV writer: text is guarded by `--excel-safe`, numbers never.
    var csvField: DelimitedRowWriter.Field {
        switch self {
        case .text(let text): return .text(text)
        case .flag: return .text(plainText)
        case .money, .integer, .date, .percent: return .number(plainText)
        case .sql(let value):
            switch value {
            case .text(let text): return .text(text)
            default: return .number(plainText)
            }
        }
    }
}
