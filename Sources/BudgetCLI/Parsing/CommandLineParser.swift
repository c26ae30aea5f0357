/// What a command line asks for.
enum ParseResult {
    /// Show help: for a command or group, or for `budget` itself when `nil`.
    case help(CommandInfo?)
    /// Show the version.
    case version
    /// Run a command, its properties set from the words.
    case run(any BudgetCommand, CommandInfo, GlobalOptions)
}

/// The one parser every command goes through, in two steps (as ripgrep does): words are matched
/// against the options the command declares, then each value is converted to its property's type.
///
/// - `--name value`, `--name=value`, `-x value`, `-xvalue`, clusters of short flags (`-qh`).
/// - An option that takes a value takes the next word, whatever it looks like (`--note -x`,
///   `--payee --`), as getopt_long does.
/// - A word starting with `-` and a digit or a point (`-12.50`) is a value, never an option; so
///   is a lone `-`; after `--` every word is a value.
/// - `--db` and `--quiet` go before or after the command name; `--help` anywhere wins over any
///   other mistake on the line.
/// - A single-value option given twice, and two options that set the same property (they
///   exclude each other), are usage errors, never a silent "last one wins".
struct CommandLineParser {
    let tree: [CommandTree]

    func parse(_ words: [String]) throws(UsageError) -> ParseResult {
        var scan = Scan(words: words[...])
        var level = tree
        var parents: [String] = []
        // The group named so far, described only when help or an error needs it: a command
        // runs without the rest of the tree ever being described.
        var groupNode: (node: CommandTree, parents: [String])?
        var group: CommandInfo? { groupNode.map { $0.node.info(parents: $0.parents) } }
        while let word = scan.next() {
            if let option = OptionWord(word) {
                let table = NamedOptions(declared: [], globals: groupNode == nil ? GlobalOptions.rootInfo : GlobalOptions.info)
                scan.take(option, from: table, declared: { _, _ in })
                continue
            }
            guard let node = level.first(where: { $0.name == word }) else {
                let visible = level.filter { !$0.configuration.isHidden }
                scan.record(.unknownCommand(word, among: visible.map(\.name)))
                break
            }
            switch node {
            case .group(let configuration, let children):
                groupNode = (node, parents)
                parents.append(configuration.name)
                level = children
            case .command(let type):
                return try parse(type, parents: parents, scan: scan)
            }
        }
        if scan.wantsHelp { return .help(group) }
        if var error = scan.firstError {
            error.command = error.command ?? group
            throw error
        }
        if scan.wantsVersion && groupNode == nil { return .version }
        // `budget` alone, or a group alone (`budget rule`), is answered with its help.
        return .help(group)
    }

    /// Parses the rest of the words into a new value of the command's type.
    private func parse<C: BudgetCommand>(_ type: C.Type, parents: [String], scan: Scan) throws(UsageError) -> ParseResult {
        var scan = scan
        // Declared once per run: each declaration makes its key paths.
        let declared = C.arguments
        var info = C.info(declaring: declared)
        info.parents = parents
        var positional: [CommandArgument<C>] = [], named: [CommandArgument<C>] = []
        for argument in declared {
            if argument.info.kind == .positional { positional.append(argument) } else { named.append(argument) }
        }
        let table = NamedOptions(declared: named.map(\.info), globals: GlobalOptions.info)
        var given: [(argument: CommandArgument<C>, word: String)] = []
        var words: [String] = []
        let verbatimFrom = positional.firstIndex { $0.info.takesRestVerbatim }
        while let word = scan.next() {
            if let verbatimFrom, words.count >= verbatimFrom { scan.optionsEnded = true }
            if scan.optionsEnded {
                words.append(word)
            } else if word == "--" {
                scan.optionsEnded = true
            } else if let option = OptionWord(word) {
                scan.take(option, from: table) { index, value in given.append((named[index], value)) }
            } else {
                words.append(word)
            }
        }
        if scan.wantsHelp { return .help(info) }
        do throws(UsageError) {
            if let error = scan.firstError { throw error }
            try Self.checkRepeats(given.map(\.argument.info), targets: given.map(\.argument.target))
            var command = C()
            for (argument, word) in given {
                try Self.set(argument, word, on: &command)
                command.noteGiven(argument.info, target: argument.target, word: word)
            }
            try Self.assign(words, to: positional, on: &command)
            for argument in named where argument.info.isRequired && !given.contains(where: { $0.argument.info.name == argument.info.name }) {
                throw .missingOption(argument.info)
            }
            try command.validate()
            return .run(command, info, scan.globals)
        } catch {
            var error = error
            error.command = error.command ?? info
            throw error
        }
    }

    /// Refuses a single-value option given twice, and two options that set the same property.
    private static func checkRepeats(_ infos: [ArgumentInfo], targets: [AnyKeyPath]) throws(UsageError) {
        var seen: [AnyKeyPath: ArgumentInfo] = [:]
        for (info, target) in zip(infos, targets) {
            guard let earlier = seen[target] else {
                seen[target] = info
                continue
            }
            if earlier.name != info.name { throw .conflict(earlier, info) }
            if info.kind == .option && !info.isRepeatable { throw .givenTwice(info) }
        }
    }

    private static func set<C>(_ argument: CommandArgument<C>, _ word: String, on command: inout C) throws(UsageError) {
        do {
            try argument.set(&command, word)
        } catch {
            throw .invalidValue(word, for: argument.info, error)
        }
    }

    /// Gives positional words to the declared positionals in order, converting each.
    private static func assign<C>(_ words: [String], to arguments: [CommandArgument<C>], on command: inout C) throws(UsageError) {
        var remaining = words[...]
        for argument in arguments {
            var taken: ArraySlice<String> = []
            if argument.info.isRepeatable {
                swap(&taken, &remaining)
            } else if let word = remaining.popFirst() {
                taken = [word]
            }
            if taken.isEmpty && !argument.info.isOptional { throw .missingArgument(argument.info) }
            for word in taken { try set(argument, word, on: &command) }
        }
        if !remaining.isEmpty { throw .unexpectedArguments(Array(remaining)) }
    }
}

/// The words left to read, the global options met so far, and the first mistake (kept while
/// reading on, since `--help` anywhere wins).
private struct Scan {
    var words: ArraySlice<String>
    var globals = GlobalOptions()
    var wantsHelp = false
    var wantsVersion = false
    var optionsEnded = false
    var firstError: UsageError?

    mutating func next() -> String? { words.popFirst() }

    mutating func record(_ error: UsageError) {
        if firstError == nil { firstError = error }
    }

    /// Matches an option word and takes its value (attached, or the next word whatever it is);
    /// global options are applied here, the command's own are handed to `declared` by index.
    mutating func take(_ option: OptionWord, from table: NamedOptions, declared: (Int, String) -> Void) {
        let matches: [(NamedOptions.Slot, ArgumentInfo, String?)]
        do {
            matches = try option.match(in: table)
        } catch {
            record(error)
            return
        }
        for (slot, info, inline) in matches {
            var value = inline
            if info.kind == .option && value == nil {
                guard let word = next() else {
                    record(.missingValue(for: info))
                    continue
                }
                value = word
            }
            switch slot {
            case .declared(let index): declared(index, value ?? "")
            case .global("help"): wantsHelp = true
            case .global("version"): wantsVersion = true
            case .global("quiet"): globals.quiet = true
            case .global:
                if globals.database != nil { record(.givenTwice(info)) }
                globals.database = value
            }
        }
    }
}

/// The options a word can name at one point of the line: the command's and the global ones.
struct NamedOptions {
    enum Slot {
        /// The command's own option at this index of its named arguments.
        case declared(Int)
        /// A global option, by long name.
        case global(String)
    }

    let declared: [ArgumentInfo]
    let globals: [ArgumentInfo]

    var all: [ArgumentInfo] { declared + globals }

    func find(long name: String) -> (Slot, ArgumentInfo)? {
        if let index = declared.firstIndex(where: { $0.name == name }) { return (.declared(index), declared[index]) }
        return globals.first { $0.name == name }.map { (.global($0.name), $0) }
    }

    func find(short letter: Character) -> (Slot, ArgumentInfo)? {
        if let index = declared.firstIndex(where: { $0.short == letter }) { return (.declared(index), declared[index]) }
        return globals.first { $0.short == letter }.map { (.global($0.name), $0) }
    }
}

/// A word that names options: `--name`, `--name=value`, or a cluster of short ones (`-qh`).
/// Negative numbers (`-12.50`, `-.5`) and a lone `-` are values, not options.
struct OptionWord {
    enum Form {
        case long(String, inline: String?)
        case short(Substring)
    }

    let form: Form

    init?(_ word: String) {
        if word.hasPrefix("--") && word != "--" {
            let body = word.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                form = .long(String(body[..<equals]), inline: String(body[body.index(after: equals)...]))
            } else {
                form = .long(String(body), inline: nil)
            }
        } else if word.hasPrefix("-"), let second = word.utf8.dropFirst().first,
                  !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second), second != UInt8(ascii: "."), second != UInt8(ascii: "-") {
            form = .short(word.dropFirst())
        } else {
            return nil
        }
    }

    /// The options it names, each with its attached value (if any).
    func match(in table: NamedOptions) throws(UsageError) -> [(NamedOptions.Slot, ArgumentInfo, String?)] {
        switch form {
        case .long(let name, let inline):
            guard let (slot, info) = table.find(long: name) else {
                throw .unknownOption("--" + name, among: table.all.map { "--" + $0.name })
            }
            if info.kind != .option, let inline { throw .flagGivenValue(info, value: inline) }
            return [(slot, info, inline)]
        case .short(let cluster):
            var matches: [(NamedOptions.Slot, ArgumentInfo, String?)] = []
            var rest = cluster
            while let letter = rest.popFirst() {
                guard let (slot, info) = table.find(short: letter) else {
                    throw .unknownOption(letter, inWord: "-" + cluster)
                }
                if info.kind == .option {
                    matches.append((slot, info, rest.isEmpty ? nil : String(rest)))
                    break
                }
                matches.append((slot, info, nil))
            }
            return matches
        }
    }
}
