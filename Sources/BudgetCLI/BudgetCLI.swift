import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// The `budget` command line: parses argv, runs the command, returns the exit status.
///
/// Everything goes through ``run(_:environment:stdin:stdout:stderr:tableBufferedRows:)``, which takes the
/// environment, standard input and both outputs as parameters, so tests run the whole CLI in
/// process against temporary files.
public enum BudgetCLI {
    /// The version `--version` prints.
    public static let version = "0.2.0"

    /// Runs `budget` with the process's arguments, environment, stdin, stdout and stderr.
    ///
    /// - Returns: the exit status.
    public static func main() -> Int32 {
        let stdout = Output(fileDescriptor: 1), stderr = Output(fileDescriptor: 2)
        let arguments: [String], environment: [String: String]
        do {
            arguments = try decode(CommandLine.unsafeArgv, count: Int(CommandLine.argc))
            environment = try processEnvironment()
        } catch {
            return report(error, command: nil, names: [], stdout: stdout, stderr: stderr)
        }
        return run(arguments, environment: environment, stdin: Input(fileDescriptor: 0), stdout: stdout, stderr: stderr)
    }

    /// Parses `arguments`, runs the command, reads `stdin` (`budget import -`), writes data to
    /// `stdout` and messages to `stderr`, and returns the exit status (see ``ExitStatus``).
    ///
    /// A command that fails (any status but 0) after its run created the book takes the book
    /// back: a typo'd path never leaves an empty book behind (`budget --db new.db device
    /// $'a\tb'`, an import with a bad row). The book, with its `-wal`, `-shm` and `-journal`
    /// files and the folders made for it that are left empty, is removed only if nothing was at
    /// its path before this run, no other connection has it open, and it holds nothing a new
    /// book does not: one check, made holding the file alone right before unlinking it
    /// (``NewBook/removeIfStillNew()``), so a book a failing command or another process wrote
    /// to stays. The status and messages are the command's; success changes nothing.
    ///
    /// Standard input is empty unless given: a test never waits on the terminal. Tests pass a
    /// small `tableBufferedRows` to stream tables of a few rows (``TableWriter``).
    static func run(_ arguments: [String], environment: [String: String], stdin: Input = Input(bytes: []),
                    stdout: Output, stderr: Output, tableBufferedRows: Int = TableWriter.bufferedRows) -> Int32 {
        var context: CommandContext?
        let status = run(arguments, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr,
                         tableBufferedRows: tableBufferedRows, context: &context)
        if status != ExitStatus.success.rawValue { context?.takeBackCreatedBook() }
        return status
    }

    /// Runs the command as ``run(_:environment:stdin:stdout:stderr:tableBufferedRows:)`` says,
    /// leaving in `context` the context a command ran with.
    private static func run(_ arguments: [String], environment: [String: String], stdin: Input, stdout: Output, stderr: Output,
                            tableBufferedRows: Int, context: inout CommandContext?) -> Int32 {
        var command: CommandInfo?
        do {
            let outcome: Outcome
            switch try CommandLineParser(tree: Commands.tree).parse(arguments) {
            case .help(let info):
                let renderer = HelpRenderer(commands: Commands.info)
                try stdout.write(info.map(renderer.help(for:)) ?? renderer.rootHelp())
                outcome = .success
            case .version:
                try stdout.write("budget \(version)\n")
                outcome = .success
            case .run(let parsed, let info, let globals):
                command = info
                let running = CommandContext(command: info, globals: globals, environment: environment,
                                             stdin: stdin, stdout: stdout, stderr: stderr, arguments: arguments,
                                             tableBufferedRows: tableBufferedRows)
                running.printsForPeople = parsed.printsForPeople
                context = running
                if let warning = TimeZoneCheck.warning(environment) { running.warn(warning) }
                outcome = try parsed.run(running)
            }
            do {
                try stdout.flush()
            } catch {
                // A command that chose its status with the reader gone (`report --check | head`) keeps it.
                guard error == .closed, outcome != .success else { throw error }
            }
            try? stderr.flush()
            return ExitStatus(outcome).rawValue
        } catch {
            let names = (error as? BudgetError).map { context?.knownNames(after: $0) ?? [] } ?? []
            return report(error, command: command, names: names, stdout: stdout, stderr: stderr)
        }
    }

    /// Writes the error to stderr (after any data already written to stdout) and returns its
    /// status. `names`: the book's names an unknown one may be a typo of.
    private static func report(_ error: any Error, command: CommandInfo?, names: [String], stdout: Output, stderr: Output) -> Int32 {
        var error = error
        if var usage = error as? UsageError {
            // A usage error found while running (options that conflict) shows that command's usage.
            usage.command = usage.command ?? command
            error = usage
        }
        // Data written before the failure goes out first; the first error is the one reported.
        try? stdout.flush()
        try? stderr.write(Failure.message(for: error, names: names, help: HelpRenderer(commands: Commands.info)))
        try? stderr.flush()
        return ExitStatus(error).rawValue
    }

    /// The words of argv after the program's name, refusing any that is not valid UTF-8 (it
    /// would otherwise be stored with U+FFFD in place of its bytes).
    static func decode(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int) throws(UsageError) -> [String] {
        var words: [String] = []
        for index in 1..<Swift.max(1, count) {
            guard let pointer = argv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            words.append(try word(bytes, position: index))
        }
        return words
    }

    /// One argument's bytes as text, or a usage error naming its position.
    static func word(_ bytes: some Collection<UInt8>, position: Int) throws(UsageError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UsageError(message: "argument \(position) is not valid UTF-8 text",
                             hint: "budget stores text as UTF-8: convert the argument, for example with iconv")
        }
        return text
    }

    /// The environment variables `budget` reads. Only these are copied out of `environ`: building
    /// a dictionary of the whole environment costs more than the rest of a `budget add` start-up.
    /// `BUDGET_BENCH_NO_HISTORY` turns history off for `make bench`'s baseline (CommandContext);
    /// `TMPDIR` is where `backup -` makes its temporary copy; `TZ` and `TZDIR` are checked
    /// (``TimeZoneCheck``), the C library reads them itself.
    static let environmentNames = ["BUDGET_DB", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM", "BUDGET_BENCH_NO_HISTORY", "TMPDIR",
                                   "TZ", "TZDIR"]

    static func processEnvironment() throws(EnvironmentError) -> [String: String] {
        var environment: [String: String] = [:]
        for name in environmentNames {
            guard let value = getenv(name) else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value))
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw EnvironmentError(message: "\(name) is not valid UTF-8 text", hint: "set \(name) to a UTF-8 path", isUsage: true)
            }
            environment[name] = text
        }
        return environment
    }
}
