import BudgetKit

/// The typed values of one command line, by argument name or option long name.
///
/// Every value here has already been converted and validated by ``CommandLineParser``, so the
/// accessors cannot fail; asking for a name the command's spec does not declare is a programmer
/// mistake and traps. Options with a default in the spec return it when absent.
struct ParsedArguments {
    /// The command's spec.
    let spec: CommandSpec
    /// Values by name; an option given several times keeps every value, in order.
    var values: [String: [Value]] = [:]
    /// Flags given, by long name.
    var flags: Set<String> = []

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool {
        precondition(spec.option(long: name)?.isFlag == true, "no flag --\(name) in \(spec.name)")
        return flags.contains(name)
    }

    /// Whether the option or argument was given.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The last value given, else the spec's default, converted.
    private func value(_ name: String) -> Value? {
        if let value = values[name]?.last { return value }
        if let option = spec.options.first(where: { $0.long == name }) {
            guard let word = option.defaultValue else { return nil }
            return try? option.kind.convert(word)
        }
        precondition(spec.arguments.contains { $0.name == name }, "no argument or option '\(name)' in \(spec.name)")
        return nil
    }

    func text(_ name: String) -> String? {
        guard case .text(let text)? = value(name) else { return nil }
        return text
    }

    func money(_ name: String) -> Money? {
        guard case .money(let money)? = value(name) else { return nil }
        return money
    }

    func day(_ name: String) -> Day? {
        guard case .day(let day)? = value(name) else { return nil }
        return day
    }

    func month(_ name: String) -> Month? {
        guard case .month(let month)? = value(name) else { return nil }
        return month
    }

    func integer(_ name: String) -> Int64? {
        guard case .integer(let number)? = value(name) else { return nil }
        return number
    }

    /// Every integer given to a variadic argument or a repeated option.
    func integers(_ name: String) -> [Int64] {
        (values[name] ?? []).compactMap { if case .integer(let number) = $0 { number } else { nil } }
    }

    /// The output format: `--format`, else the spec's default.
    var format: OutputFormat {
        OutputFormat(rawValue: text("format") ?? "table") ?? .table
    }

    /// A usage error unless at most one of the named options was given.
    func requireAtMostOne(of names: String...) throws(UsageError) {
        let given = names.filter { has($0) || flags.contains($0) }
        if given.count > 1 {
            throw .conflict("'--\(given[0])' cannot be used with '--\(given[1])'")
        }
    }

    /// A usage error when the option or flag `name` was given without `other`.
    func require(_ other: String, with name: String) throws(UsageError) {
        if has(name) || flags.contains(name), !has(other), !flags.contains(other), let option = spec.option(long: other) {
            throw .conflict("'--\(name)' needs '\(option.label)' too")
        }
    }
}
