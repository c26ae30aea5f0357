/// What help, usage lines, completions and the man page know of one argument, option or flag:
/// the type-erased half of a ``CommandArgument``.
struct ArgumentInfo: Sendable {
    enum Kind: Sendable, Equatable {
        /// A positional argument: `<amount>`.
        case positional
        /// A named option with a value: `--date <day>`.
        case option
        /// A named flag: `--income`.
        case flag
    }

    var kind: Kind
    /// The positional's name or the option's long name, without dashes: `amount`, `date`.
    var name: String
    /// The option's short name, if any: `q` for `-q`.
    var short: Character? = nil
    /// The value's name in help: `day` in `--date <day>`.
    var valueName: String? = nil
    /// One line of help.
    var help: String
    /// The default shown in help, if any.
    var defaultText: String? = nil
    /// A positional that may be left out.
    var isOptional = false
    /// An option that must be given (usage shows it without brackets; the parser checks it).
    var isRequired = false
    /// A variadic positional, or an option that may be given several times.
    var isRepeatable = false
    /// What shells complete its value with.
    var completion: Completion = .none
    /// A variadic positional that takes every word after the positionals before it verbatim,
    /// options included (`import-profile save NAME --delimiter ';'`).
    var takesRestVerbatim = false

    /// `<amount>`, `<id> ...`: the form used in usage lines and errors.
    var label: String {
        switch kind {
        case .positional: return "<\(name)>" + (isRepeatable ? " ..." : "")
        case .option: return "--\(name) <\(valueName ?? "value")>"
        case .flag: return "--\(name)"
        }
    }

    /// `-h, --help`, `--date <day>`: the form used in help's OPTIONS section.
    var helpLabel: String {
        guard kind != .positional else { return label }
        return (short.map { "-\($0), " } ?? "") + label
    }
}

/// One argument, option or flag of the command `C`, declared once: its help, and how its words
/// set one of `C`'s properties through a key path. The parser, help, completions and the man page
/// all read these.
///
/// ```swift
/// static var arguments: [CommandArgument<Add>] {[
///     .argument(\.amount, "amount", help: "The amount, like 12.50 or -2.25."),
///     .option(\.date, "date", "day", default: "today", help: "The day: YYYY-MM-DD, today or yesterday."),
///     .flag(\.income, "income", help: "Make it an income category."),
/// ]}
/// ```
///
/// Options that exclude each other set the same property (an enum): giving two of them is a
/// usage error found by the parser, not by the command.
struct CommandArgument<C> {
    let info: ArgumentInfo
    /// The property it sets: options sharing one exclude each other.
    let target: AnyKeyPath
    /// Sets the property from one word (flags are given an empty word).
    let set: (inout C, String) throws(ValueProblem) -> Void

    // MARK: Positional arguments

    /// A required positional argument.
    static func argument<V: ArgumentValue>(_ keyPath: WritableKeyPath<C, V>, _ name: String, help: String) -> Self {
        Self(info: ArgumentInfo(kind: .positional, name: name, help: help, completion: V.completion), target: keyPath) {
            command, word throws(ValueProblem) in command[keyPath: keyPath] = try V(argument: word)
        }
    }

    /// A positional argument that may be left out.
    static func argument<V: ArgumentValue>(_ keyPath: WritableKeyPath<C, V?>, _ name: String, help: String) -> Self {
        Self(info: ArgumentInfo(kind: .positional, name: name, help: help, isOptional: true, completion: V.completion),
             target: keyPath) { command, word throws(ValueProblem) in command[keyPath: keyPath] = try V(argument: word) }
    }

    /// A positional argument taking every remaining word: one or more, or zero or more when optional.
    static func arguments<V: ArgumentValue>(_ keyPath: WritableKeyPath<C, [V]>, _ name: String, optional: Bool = false,
                                            help: String, completion: Completion? = nil) -> Self {
        Self(info: ArgumentInfo(kind: .positional, name: name, help: help, isOptional: optional, isRepeatable: true,
                                completion: completion ?? V.completion),
             target: keyPath) { command, word throws(ValueProblem) in command[keyPath: keyPath].append(try V(argument: word)) }
    }

    /// A positional taking every remaining word verbatim, options included: the words of
    /// another command's options (checked by that command's own parser).
    static func verbatimRest(_ keyPath: WritableKeyPath<C, [String]>, _ name: String, help: String) -> Self {
        Self(info: ArgumentInfo(kind: .positional, name: name, help: help, isOptional: true, isRepeatable: true, takesRestVerbatim: true),
             target: keyPath) { command, word throws(ValueProblem) in command[keyPath: keyPath].append(word) }
    }

    // MARK: Options

    /// An option with a value, `nil` when not given; a `required` one is a usage error when
    /// missing (so the command finds it set once it runs).
    static func option<V: ArgumentValue>(_ keyPath: WritableKeyPath<C, V?>, _ long: String, short: Character? = nil,
                                         _ valueName: String, default defaultText: String? = nil, required: Bool = false,
                                         help: String) -> Self {
        Self(info: ArgumentInfo(kind: .option, name: long, short: short, valueName: valueName, help: help,
                                defaultText: defaultText, isRequired: required, completion: V.completion),
             target: keyPath) { command, word throws(ValueProblem) in command[keyPath: keyPath] = try V(argument: word) }
    }

    /// An option with a value whose property holds its default (shown in help as `defaultText`).
    static func option<V: ArgumentValue>(_ keyPath: WritableKeyPath<C, V>, _ long: String, short: Character? = nil,
                                         _ valueName: String, default defaultText: String, help: String) -> Self {
        Self(info: ArgumentInfo(kind: .option, name: long, short: short, valueName: valueName, help: help,
                                defaultText: defaultText, completion: V.completion),
             target: keyPath) { command, word throws(ValueProblem) in command[keyPath: keyPath] = try V(argument: word) }
    }

    /// An option whose value becomes one case of the property's enum: options that exclude each
    /// other set the same property (`--move-to NAME` or `--force`).
    static func option<V: ArgumentValue, T>(_ keyPath: WritableKeyPath<C, T>, _ long: String, _ valueName: String,
                                            as _: V.Type, help: String, _ make: @escaping (V) -> T) -> Self {
        Self(info: ArgumentInfo(kind: .option, name: long, valueName: valueName, help: help, completion: V.completion),
             target: keyPath) { command, word throws(ValueProblem) in command[keyPath: keyPath] = make(try V(argument: word)) }
    }

    /// An option that may be given several times, each value kept in order.
    static func options<V: ArgumentValue>(_ keyPath: WritableKeyPath<C, [V]>, _ long: String, _ valueName: String,
                                          help: String) -> Self {
        Self(info: ArgumentInfo(kind: .option, name: long, valueName: valueName, help: help, isRepeatable: true,
                                completion: V.completion),
             target: keyPath) { command, word throws(ValueProblem) in command[keyPath: keyPath].append(try V(argument: word)) }
    }

    // MARK: Flags

    /// A flag: `true` when given.
    static func flag(_ keyPath: WritableKeyPath<C, Bool>, _ long: String, short: Character? = nil, help: String) -> Self {
        Self(info: ArgumentInfo(kind: .flag, name: long, short: short, help: help), target: keyPath) { command, _ in
            command[keyPath: keyPath] = true
        }
    }

    /// A flag that sets the property to `value`: flags (and options) that exclude each other set
    /// the same property.
    static func flag<T>(_ keyPath: WritableKeyPath<C, T>, _ long: String, value: T, help: String) -> Self {
        Self(info: ArgumentInfo(kind: .flag, name: long, help: help), target: keyPath) { command, _ in
            command[keyPath: keyPath] = value
        }
    }
}
