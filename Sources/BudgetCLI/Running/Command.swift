/// A command: its spec (what it accepts, its help) and the function that runs it.
///
/// Run functions read typed values from ``CommandContext/arguments`` (already validated by the
/// parser), call the store, write data to stdout and confirmations to stderr, and return an
/// ``Outcome`` or throw; ``ExitStatus`` turns either into the exit status.
struct Command: Sendable {
    let spec: CommandSpec
    let run: @Sendable (CommandContext) throws -> Outcome
}
