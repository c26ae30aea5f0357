import BudgetKit

/// A type a command-line word converts to: what `@Option var month: Month` gives
/// swift-argument-parser, without its reflection.
///
/// A command declares each argument once, as a ``CommandArgument`` bound to one of its
/// properties; the parser converts the words with this protocol and stores typed values, so a
/// command reads `self.month`, never a string-keyed lookup.
protocol ArgumentValue {
    /// Converts one word, or says why it cannot be converted.
    init(argument word: String) throws(ValueProblem)
    /// What a shell completes for a value of this type.
    static var completion: Completion { get }
}

extension ArgumentValue {
    static var completion: Completion { .none }
}

/// What a shell completes a value with.
enum Completion: Equatable, Sendable {
    /// Nothing in particular.
    case none
    /// File names.
    case file
    /// The book's category names, read when completing.
    case category
    /// The book's open accounts' names, read when completing.
    case account
    /// One of these words.
    case choices([String])
    /// Some of these words, separated by commas, each as is or after `-` (`--sort category,-amount`).
    case sortKeys([String])
    /// These words, though others are valid too (`this` and `last` for a month, whose digits
    /// are typed); help lists no values for it.
    case suggestions([String])
    /// A command's name (`budget help rep` completes `report`).
    case commandName

    /// What a completion script offers: `.commandName` as every command's name, suggestions
    /// as choices; any other as it is.
    var resolved: Completion {
        switch self {
        case .commandName: return .choices(Commands.info.filter { !$0.configuration.isHidden }.map(\.name))
        case .suggestions(let words): return .choices(words)
        default: return self
        }
    }
}

/// Why a word is not a valid value of its type.
enum ValueProblem: Error, Equatable {
    /// A reason (`it has more than two decimals`) and optionally a hint line.
    case reason(String, hint: String?)
    /// The word is not one of these.
    case notAChoice([String])
}

extension String: ArgumentValue {
    init(argument word: String) { self = word }
}

extension Money: ArgumentValue {
    init(argument word: String) throws(ValueProblem) {
        do {
            self = try Money(parsing: word)
        } catch {
            guard case .invalidAmount(_, let reason) = error else { throw .reason("\(error)", hint: nil) }
            throw .reason(reason, hint: ErrorText.amountHint)
        }
    }
}

/// A monthly budget: an amount, zero or more.
struct Budget: ArgumentValue {
    let amount: Money

    /// A budget of `amount` (zero: the placeholder a required argument starts from).
    init(_ amount: Money = .zero) {
        self.amount = amount
    }

    init(argument word: String) throws(ValueProblem) {
        let amount = try Money(argument: word)
        guard amount >= .zero else {
            throw .reason("a budget cannot be negative", hint: "write the monthly budget as 0 or more, like 300 or 12.50")
        }
        self.amount = amount
    }
}

extension Day: ArgumentValue {
    /// `today` and `yesterday`: a day's digits are typed.
    static var completion: Completion { .suggestions(["today", "yesterday"]) }

    init(argument word: String) throws(ValueProblem) {
        do {
            self = try Day(parsing: word)
        } catch {
            // Tell a date that has the right shape but does not exist from one that is malformed.
            let bytes = Array(word.utf8)
            let shaped = bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
                && bytes.indices.allSatisfy { $0 == 4 || $0 == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
            throw .reason(shaped ? "there is no such day" : "expected YYYY-MM-DD, today or yesterday", hint: ErrorText.dayHint)
        }
    }
}

extension Month: ArgumentValue {
    /// `this` and `last`: a month's digits are typed.
    static var completion: Completion { .suggestions(["this", "last"]) }

    init(argument word: String) throws(ValueProblem) {
        do {
            self = try Month(parsing: word)
        } catch {
            throw .reason("expected YYYY-MM, this or last", hint: ErrorText.monthHint)
        }
    }
}

/// A count: a whole number, zero or more.
extension Int: ArgumentValue {
    init(argument word: String) throws(ValueProblem) {
        guard let number = wholeNumber(word), let count = Int(exactly: number) else {
            throw .reason("expected a whole number, 0 or more", hint: nil)
        }
        self = count
    }
}

/// The id of a row a user types: a whole number, 1 or more, whose errors point to the command
/// that lists the ids.
protocol RowID: ArgumentValue {
    /// What the id names, for messages: `transaction`.
    static var thing: String { get }
    /// The command that lists the ids: `budget list`.
    static var listing: String { get }
    init(_ value: Int64)
    var value: Int64 { get }
}

extension RowID {
    init(argument word: String) throws(ValueProblem) {
        guard let number = wholeNumber(word), number > 0 else {
            throw .reason("expected a \(Self.thing) id (a whole number, 1 or more)", hint: "see the ids with '\(Self.listing)'")
        }
        self.init(number)
    }
}

/// A transaction's id, as `budget list` shows them.
struct TransactionID: RowID, Hashable {
    static let thing = "transaction", listing = "budget list"
    let value: Int64
    init(_ value: Int64) { self.value = value }
}

/// An import rule's id, as `budget rule list` shows them.
struct RuleID: RowID {
    static let thing = "rule", listing = "budget rule list"
    let value: Int64
    init(_ value: Int64) { self.value = value }
}

/// A word that names a category: completed from the book.
struct CategoryName: ArgumentValue {
    let name: String
    init(argument word: String) { name = word }
    static var completion: Completion { .category }
}

/// A word that names an account (or its number): completed from the book's open accounts.
struct AccountName: ArgumentValue {
    let name: String
    init(argument word: String) { name = word }
    static var completion: Completion { .account }
}

/// The amount of a transfer: more than zero.
struct TransferAmount: ArgumentValue {
    let amount: Money

    init(_ amount: Money = .zero) {
        self.amount = amount
    }

    init(argument word: String) throws(ValueProblem) {
        let amount = try Money(argument: word)
        guard amount > .zero else {
            throw .reason("a transfer moves more than zero", hint: "write the amount that moves, like 500 or 12.50; FROM and TO say which way")
        }
        self.amount = amount
    }
}

/// `--split CATEGORY=AMOUNT`: one part of a split. The last `=` separates, so a category name
/// may hold one (`--split "A=B=12.50"` is 12.50 in `A=B`).
struct SplitArgument: ArgumentValue {
    let part: SplitPart

    init(argument word: String) throws(ValueProblem) {
        guard let equals = word.lastIndex(of: "=") else {
            throw .reason("expected CATEGORY=AMOUNT", hint: Self.hint)
        }
        let category = String(word[..<equals]), amountText = String(word[word.index(after: equals)...])
        guard !category.allSatisfy({ $0 == " " || $0 == "\t" }) else { throw .reason("the category is empty", hint: Self.hint) }
        guard !amountText.isEmpty else { throw .reason("the amount is empty", hint: Self.hint) }
        do {
            part = SplitPart(category: category, amount: try Money(parsing: amountText))
        } catch {
            guard case .invalidAmount(_, let reason) = error else { throw .reason("\(error)", hint: Self.hint) }
            throw .reason("invalid amount '\(amountText)': \(reason)", hint: ErrorText.amountHint)
        }
    }

    static let hint = "give each part as CATEGORY=AMOUNT, like --split Food=60.00 --split Household=22.40"
    static var completion: Completion { .category }
}

/// A path to a file: completed as a file name. `-` means standard input or output, where the
/// command says so.
struct FilePath: ArgumentValue {
    let path: String
    /// A path as a property's default.
    init(_ path: String) { self.path = path }
    /// Refuses an empty word: it names no file (`budget import ""` is a slip, not a file).
    init(argument word: String) throws(ValueProblem) {
        guard !word.isEmpty else { throw .reason("it is empty", hint: "give the path of a file or folder") }
        path = word
    }
    static var completion: Completion { .file }
    /// Whether it is `-`.
    var isStandardStream: Bool { path == "-" }
}

/// One of a fixed set of words, matched ignoring case (`--format CSV`), listed in help and
/// completed by shells.
protocol ChoiceValue: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceValue {
    init(argument word: String) throws(ValueProblem) {
        let folded = word.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }) else {
            throw .notAChoice(Self.allCases.map(\.rawValue))
        }
        self = match
    }

    static var completion: Completion { .choices(allCases.map(\.rawValue)) }
}

extension TrendGrouping: ChoiceValue {}
extension Account.Kind: ChoiceValue {}
extension TransactionSort.Key: ChoiceValue {}
extension TransactionSectioning: ChoiceValue {}

/// `on` or `off`.
enum Switch: String, ChoiceValue {
    case on, off
}

/// Plain ASCII digits (no sign, no spaces) that fit in an Int64.
private func wholeNumber(_ word: String) -> Int64? {
    guard !word.isEmpty, word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
    return Int64(word)
}
