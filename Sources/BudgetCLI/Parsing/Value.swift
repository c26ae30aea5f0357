import BudgetKit

/// A typed value: a word converted by its ``ValueKind`` in the second step of parsing.
enum Value: Equatable {
    case text(String)
    case money(Money)
    case day(Day)
    case month(Month)
    case integer(Int64)
}

extension ValueKind {
    /// Converts a word, or says why it cannot be converted.
    func convert(_ word: String) throws(ValueProblem) -> Value {
        switch self {
        case .text:
            return .text(word)
        case .money:
            do { return .money(try Money(parsing: word)) } catch { throw ValueKind.problem(error) }
        case .budget:
            let value = try ValueKind.money.convert(word)
            if case .money(let money) = value, money < .zero {
                throw .reason("a budget cannot be negative", hint: "write the monthly budget as 0 or more, like 300 or 12.50")
            }
            return value
        case .day:
            do { return .day(try Day(parsing: word)) } catch {
                // Tell a date that has the right shape but does not exist from one that is malformed.
                if word.utf8.count == 10, Month(iso: String(word.prefix(7))) != nil, word.dropFirst(7).first == "-",
                   word.suffix(2).allSatisfy(\.isASCIIDigit) {
                    throw .reason("there is no such day", hint: error.hint)
                }
                throw .reason("expected YYYY-MM-DD, today or yesterday", hint: error.hint)
            }
        case .month:
            do { return .month(try Month(parsing: word)) } catch {
                throw .reason("expected YYYY-MM, this or last", hint: error.hint)
            }
        case .count:
            guard let number = ValueKind.wholeNumber(word) else { throw .reason("expected a whole number, 0 or more", hint: nil) }
            return .integer(number)
        case .id(let thing, let listing):
            guard let number = ValueKind.wholeNumber(word), number > 0 else {
                throw .reason("expected a \(thing) id (a whole number, 1 or more)", hint: "see the ids with '\(listing)'")
            }
            return .integer(number)
        case .choice(let choices):
            guard choices.contains(word) else { throw .notAChoice(choices) }
            return .text(word)
        }
    }

    /// The reason and hint of a model's parse error.
    private static func problem(_ error: BudgetError) -> ValueProblem {
        if case .invalidAmount(_, let reason) = error { return .reason(reason, hint: error.hint) }
        return .reason(error.description, hint: error.hint)
    }

    /// Plain ASCII digits (no sign, no spaces) that fit in an Int64.
    private static func wholeNumber(_ word: String) -> Int64? {
        guard !word.isEmpty, word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int64(word)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
