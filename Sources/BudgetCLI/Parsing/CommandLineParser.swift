/// What a command line asks for.
enum ParseResult {
    /// Show help: for a command, or for `budget` itself when `nil`.
    case help(CommandSpec?)
    /// Show the version.
    case version
    /// Run a command.
    case run(Invocation)
}

/// A parsed command line ready to run: the command, its typed values and the global options.
struct Invocation {
    var command: CommandSpec
    var arguments: ParsedArguments
    /// `--db PATH`, if given.
    var databasePath: String?
    /// `--quiet`: no confirmations on stderr.
    var quiet: Bool
}

/// The one parser every command goes through, in two steps (as ripgrep does):
///
/// 1. raw: words become tokens (``Token``), options are matched against the command's spec and
///    the global options (`--db` and `--quiet` before or after the command name), values are
///    collected as words;
/// 2. typed: positional words are assigned to the spec's arguments, then every word is converted
///    by its ``ValueKind``.
///
/// `--help` anywhere wins over any other mistake on the line. Supports `--opt=value`, `--`,
/// clusters of short flags, and negative numbers as values (`-12.50`).
struct CommandLineParser {
    /// Every command's spec.
    let commands: [CommandSpec]

    func parse(_ words: [String]) throws(UsageError) -> ParseResult {
        let tokens = Token.tokenize(words)
        var command: CommandSpec?
        var positionals: [String] = []
        var rawValues: [(option: OptionSpec, word: String)] = []
        var flags: Set<String> = []
        var firstError: UsageError?
        var index = 0

        func record(_ error: UsageError) { if firstError == nil { firstError = error } }
        func candidates() -> [OptionSpec] {
            command.map { $0.options + OptionSpec.global } ?? OptionSpec.rootOptions
        }
        func apply(_ option: OptionSpec, inlineValue: String?) {
            if option.isFlag {
                if let inlineValue { record(.flagGivenValue(option, value: inlineValue)) } else { flags.insert(option.long) }
                return
            }
            if let inlineValue {
                rawValues.append((option, inlineValue))
            } else if index < tokens.count, case .word(let next) = tokens[index] {
                index += 1
                rawValues.append((option, next))
            } else {
                record(.missingValue(for: option))
            }
        }

        scan: while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .terminator:
                continue
            case .word(let word):
                if let current = command, !current.isGroup {
                    positionals.append(word)
                } else if let spec = (command?.subcommands ?? commands).first(where: { $0.name == word }) {
                    command = spec
                } else {
                    record(.unknownCommand(word, among: (command?.subcommands ?? commands).map(\.name)))
                    break scan
                }
            case .long(let name, let inlineValue):
                guard let option = candidates().first(where: { $0.long == name }) else {
                    record(.unknownOption("--" + name, among: candidates()))
                    continue
                }
                apply(option, inlineValue: inlineValue)
            case .short(let cluster):
                var rest = Substring(cluster)
                while let letter = rest.popFirst() {
                    guard let option = candidates().first(where: { $0.short == letter }) else {
                        record(.unknownOption("-" + String(letter), among: candidates()))
                        break
                    }
                    if option.isFlag {
                        apply(option, inlineValue: nil)
                    } else {
                        apply(option, inlineValue: rest.isEmpty ? nil : String(rest))
                        break
                    }
                }
            }
        }

        if flags.contains("help") { return .help(command) }
        if var error = firstError {
            error.command = command
            throw error
        }
        guard let command else { return flags.contains("version") ? .version : .help(nil) }
        // A group alone (`budget rule`) is answered like `budget` alone: with its help.
        if command.isGroup { return .help(command) }
        if command.path == "help" { return try helpTarget(positionals, spec: command) }

        var parsed = ParsedArguments(spec: command)
        parsed.flags = flags.subtracting(["quiet"])
        var database: String?
        do throws(UsageError) {
            try assign(positionals, to: command.arguments, into: &parsed)
            for (option, word) in rawValues {
                if option.long == "db" { database = word; continue }
                do {
                    parsed.values[option.long, default: []].append(try option.kind.convert(word))
                } catch {
                    throw .invalidValue(word, for: option.label, error)
                }
            }
        } catch {
            var error = error
            error.command = command
            throw error
        }
        return .run(Invocation(command: command, arguments: parsed, databasePath: database, quiet: flags.contains("quiet")))
    }

    /// `budget help [COMMAND [SUBCOMMAND]]`.
    private func helpTarget(_ words: [String], spec: CommandSpec) throws(UsageError) -> ParseResult {
        var target: CommandSpec?
        for (index, word) in words.enumerated() {
            if let target, !target.isGroup {
                throw UsageError(message: UsageError.unexpectedArguments(Array(words[index...])).message, command: spec)
            }
            let choices = target?.subcommands ?? commands
            guard let next = choices.first(where: { $0.name == word }) else {
                var error = UsageError.unknownCommand(word, among: choices.map(\.name))
                error.command = target
                throw error
            }
            target = next
        }
        return .help(target)
    }

    /// Gives positional words to the spec's arguments in order, converting each.
    private func assign(_ words: [String], to arguments: [ArgumentSpec], into parsed: inout ParsedArguments) throws(UsageError) {
        var remaining = words[...]
        for argument in arguments {
            let taken: ArraySlice<String>
            if argument.isVariadic {
                taken = remaining
                remaining = []
            } else if let word = remaining.popFirst() {
                taken = [word]
            } else {
                taken = []
            }
            if taken.isEmpty {
                if argument.isOptional { continue }
                throw .missingArgument(argument)
            }
            for word in taken {
                do {
                    parsed.values[argument.name, default: []].append(try argument.kind.convert(word))
                } catch {
                    throw .invalidValue(word, for: "<\(argument.name)>", error)
                }
            }
        }
        if !remaining.isEmpty { throw .unexpectedArguments(Array(remaining)) }
    }
}
