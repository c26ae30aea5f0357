import BudgetKit

/// Turns an error into the lines written to stderr: `budget: error: WHAT`, then a line saying
/// how to fix it (`hint: ...`), or the command's usage for a usage error without a hint.
///
/// One style everywhere: the message in lower case with no final period, the offending input in
/// single quotes, one error a line. The input a message quotes has its control, bidi and
/// invisible characters shown as escapes (`\n`, `\u{202e}`) in a pipe too: stderr is for people.
/// A closed pipe (`budget export | head -1`) says nothing at all.
enum Failure {
    /// The lines for `error`; `help` is made only for a usage error's usage lines (describing
    /// every command costs more than a `budget add`). `names`: the book's categories or accounts
    /// after an unknown one (``CommandContext/knownNames(after:)``), for `no category named
    /// 'Fod'; did you mean 'Food'?`.
    static func message(for error: any Error, names: [String] = [], help: @autoclosure () -> HelpRenderer) -> String {
        switch error {
        case let error as UsageError:
            let fix = error.hint.map { "hint: \(shown($0))\n" } ?? help().usageLines(for: error.command)
            return "budget: error: \(shown(error.message))\n" + fix
        case let error as BudgetError:
            let text = ErrorText(error, suggesting: names)
            // A message of several lines (every missing category) is several errors, one a line.
            let lines = text.message.split(separator: "\n", omittingEmptySubsequences: false).map { "budget: error: \($0)\n" }
            return lines.joined() + (text.hint.map { "hint: \($0)\n" } ?? "")
        case let error as OutputError:
            if error == .closed { return "" }
            return "budget: error: cannot write output: \(shown(error.reason))\n"
        case let error as IncompleteBackupError:
            return "budget: error: \(error.message)\nhint: \(error.hint)\n"
        case let error as CommittedOutputError:
            return "budget: error: \(shown(error.change)), but standard output could not be written: \(shown(error.reason))\n"
                + "hint: the change is saved: do not run the command again\n"
        case let error as SQLiteError:
            return "budget: error: database error: \(shown(error.message))\n"
        case let error as InputError:
            return "budget: error: \(shown(error.message))\n" + (error.hint.map { "hint: \($0)\n" } ?? "")
        case let error as EnvironmentError:
            return "budget: error: \(shown(error.message))\nhint: \(shown(error.hint))\n"
        default:
            return "budget: error: \(shown("\(error)"))\n"
        }
    }

    /// Text in an error's line as people may read it, in a pipe too
    /// (``VisibleText/visible(_:keepingLayout:)``): a line break in a path the user gave must not
    /// read as a second error. ``ErrorText`` does the same for BudgetKit's errors.
    private static func shown(_ text: String) -> String { VisibleText.visible(text) }
}

/// The environment does not say where the database is, or says it wrongly.
struct EnvironmentError: Error, Equatable {
    var message: String
    var hint: String
    /// A mistake in how `budget` was called (an empty `BUDGET_DB`): exit 64.
    var isUsage = false
}

/// A write command's change was committed, then its output could not be written (`budget add >
/// /dev/full`): the message must say the change is in the book, so nobody adds it twice.
struct CommittedOutputError: Error, Equatable {
    /// What was committed: `transaction 12 was added`.
    var change: String
    /// Why the output failed.
    var reason: String
}

extension CommandContext {
    /// Runs `body`, which writes the output of a change already committed, and flushes standard
    /// output (what `body` wrote may still be in its buffer); a failure to write becomes a
    /// ``CommittedOutputError`` naming the change (a closed pipe stays quiet).
    func reportCommitted(_ change: String, _ body: () throws(OutputError) -> Void) throws {
        do {
            try body()
            try stdout.flush()
        } catch .failed(let code) {
            throw CommittedOutputError(change: change, reason: OutputError.failed(errno: code).reason)
        } catch {
            throw error
        }
    }
}
