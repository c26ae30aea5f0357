/// A command: its spec (what it accepts, its help) and the function that runs it.
///
/// Run functions read typed values from ``CommandContext/arguments`` (already validated by the
/// parser), call the store, write data to stdout and confirmations to stderr, and return an
/// ``Outcome`` or throw; ``ExitStatus`` turns either into the exit status.
///
/// A group (`rule`) runs nothing itself: it holds the subcommands its next word selects.
struct Command: Sendable {
    let spec: CommandSpec
    let run: @Sendable (CommandContext) throws -> Outcome
    /// A group's subcommands, nested under it.
    let subcommands: [Command]

    init(spec: CommandSpec, run: @escaping @Sendable (CommandContext) throws -> Outcome) {
        self.spec = spec
        self.run = run
        self.subcommands = []
    }

    /// A group: `budget rule add|list|remove`. Its help lists the subcommands; the parser answers
    /// it alone (`budget rule`) with that help, so its run function is never called.
    init(group spec: CommandSpec, subcommands: [Command]) {
        precondition(!subcommands.isEmpty && spec.arguments.isEmpty && spec.options.isEmpty,
                     "a group has subcommands and no arguments or options of its own")
        let nested = subcommands.map { $0.nested(under: spec.name) }
        var spec = spec
        spec.subcommands = nested.map(\.spec)
        self.spec = spec
        self.subcommands = nested
        self.run = { _ in preconditionFailure("the parser answers a group with its help") }
    }

    private init(spec: CommandSpec, run: @escaping @Sendable (CommandContext) throws -> Outcome, subcommands: [Command]) {
        self.spec = spec
        self.run = run
        self.subcommands = subcommands
    }

    private func nested(under parent: String) -> Command {
        Command(spec: spec.nested(under: parent), run: run, subcommands: subcommands.map { $0.nested(under: parent) })
    }
}
