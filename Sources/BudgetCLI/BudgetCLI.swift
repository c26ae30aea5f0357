import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// The `budget` command line: parses argv, runs the command, returns the exit status.
///
/// Everything goes through ``run(_:environment:stdin:stdout:stderr:)``, which takes the
/// environment, standard input and both outputs as parameters, so tests run the whole CLI in
/// process against temporary files.
public enum BudgetCLI {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs `budget` with the real environment, stdout and stderr.
    ///
    /// - Parameter arguments: argv without the program name.
    /// - Returns: the exit status.
    public static func main(arguments: [String]) -> Int32 {
        run(arguments, environment: processEnvironment(), stdin: Input(fileDescriptor: 0),
            stdout: Output(fileDescriptor: 1), stderr: Output(fileDescriptor: 2))
    }

    /// Parses `arguments`, runs the command, reads `stdin` (`budget import -`), writes data to
    /// `stdout` and messages to `stderr`, and returns the exit status (see ``ExitStatus``).
    ///
    /// Standard input is empty unless given: a test never waits on the terminal.
    static func run(_ arguments: [String], environment: [String: String], stdin: Input = Input(bytes: []),
                    stdout: Output, stderr: Output) -> Int32 {
        let help = HelpRenderer(commands: Commands.specs)
        let status: ExitStatus
        do {
            status = try execute(arguments, help: help, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr)
            do {
                try stdout.flush()
            } catch .closed where status != .success {
                // A command that chose its status with the reader gone (`report --check | head`)
                // keeps it.
            }
        } catch {
            // Data written before the failure goes out first; the first error is the one reported.
            try? stdout.flush()
            try? stderr.write(Failure.message(for: error, help: help))
            try? stderr.flush()
            return ExitStatus(error).rawValue
        }
        try? stderr.flush()
        return status.rawValue
    }

    private static func execute(_ arguments: [String], help: HelpRenderer, environment: [String: String],
                                stdin: Input, stdout: Output, stderr: Output) throws -> ExitStatus {
        switch try CommandLineParser(commands: Commands.specs).parse(arguments) {
        case .help(let spec):
            try stdout.write(spec.map(help.help(for:)) ?? help.rootHelp())
            return .success
        case .version:
            try stdout.write("budget \(version)\n")
            return .success
        case .run(let invocation):
            let context = CommandContext(invocation: invocation, environment: environment,
                                         stdin: stdin, stdout: stdout, stderr: stderr)
            do {
                return ExitStatus(try Commands.command(for: invocation.command)!.run(context))
            } catch var error as UsageError {
                // A usage error found by a run function (options that conflict) shows that command's usage.
                error.command = error.command ?? invocation.command
                throw error
            }
        }
    }

    /// The environment variables `budget` reads. Only these are copied out of `environ`: building
    /// a dictionary of the whole environment costs more than the rest of a `budget add` start-up.
    static let environmentNames = ["BUDGET_DB", "XDG_DATA_HOME", "HOME", "NO_COLOR"]

    static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in environmentNames {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
