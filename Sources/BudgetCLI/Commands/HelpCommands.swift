/// `budget help [COMMAND [SUBCOMMAND]] [--man]`: the same help as `--help`, or the man page.
struct Help: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "help", abstract: "Show help for budget or one of its commands.", access: .none)

    static var arguments: [CommandArgument<Help>] {[
        .arguments(\.words, "command", optional: true, help: "The command (and subcommand: help rule add).", completion: .commandName),
        .flag(\.manPage, "man", help: "Print the whole manual as a man page (roff), for man -l or for installing."),
    ]}

    var words: [String] = []
    var manPage = false

    func validate() throws(UsageError) {
        if manPage && !words.isEmpty { throw .conflict("'--man' prints the whole manual: give no command with it") }
    }

    func run(_ context: CommandContext) throws -> Outcome {
        let renderer = HelpRenderer(commands: Commands.info)
        if manPage {
            try context.stdout.write(ManPage(commands: Commands.info).render())
            return .success
        }
        var target: CommandInfo?
        var choices = Commands.info
        for (index, word) in words.enumerated() {
            if let target, !target.isGroup { throw UsageError.unexpectedArguments(Array(words[index...])) }
            guard let next = choices.first(where: { $0.name == word && !$0.configuration.isHidden }) else {
                var error = UsageError.unknownCommand(word, among: choices.filter { !$0.configuration.isHidden }.map(\.name))
                error.command = target
                throw error
            }
            target = next
            choices = next.subcommands
        }
        try context.stdout.write(target.map(renderer.help(for:)) ?? renderer.rootHelp())
        return .success
    }
}

/// `budget completions bash|zsh|fish`: a completion script drawn from the command tree.
struct Completions: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "completions",
        abstract: "Print a shell completion script.",
        discussion: """
        Completes commands, options, fixed choices like --format, file names, and category \
        and account names read from the book when you press Tab. Load it in your shell's start-up file:
          bash:  source <(budget completions bash)
          zsh:   budget completions zsh > ~/.zfunc/_budget   (with ~/.zfunc in fpath)
          fish:  budget completions fish > ~/.config/fish/completions/budget.fish
        'make install' installs all three.
        """,
        access: .none)

    enum Shell: String, ChoiceValue {
        case bash, zsh, fish
    }

    static var arguments: [CommandArgument<Completions>] {[
        .argument(\.shell, "shell", help: "bash, zsh or fish."),
    ]}

    var shell = Shell.bash

    func run(_ context: CommandContext) throws -> Outcome {
        let script = CompletionScript(commands: Commands.info)
        switch shell {
        case .bash: try context.stdout.write(script.bash())
        case .zsh: try context.stdout.write(script.zsh())
        case .fish: try context.stdout.write(script.fish())
        }
        return .success
    }
}

/// `budget __complete categories|accounts`: what completion scripts call to complete a category
/// or account name (open accounts only). Hidden; prints one name per line, and nothing at all when
/// there is no book or it cannot be read.
struct Complete: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "__complete", abstract: "Print completion candidates.", access: .read, isHidden: true)

    enum Kind: String, ChoiceValue {
        case categories, accounts
    }

    static var arguments: [CommandArgument<Complete>] {[
        .argument(\.kind, "kind", help: "What to complete."),
    ]}

    var kind = Kind.categories

    func run(_ context: CommandContext) throws -> Outcome {
        let names: [String]?
        switch kind {
        case .categories: names = try? context.store().categories().map(\.name)
        case .accounts: names = try? context.store().allAccounts().map(\.name)
        }
        guard let names else { return .success }
        for name in names where !name.contains("\n") { try context.stdout.write(name + "\n") }
        return .success
    }
}
