import BudgetKit

/// Turns an error into the lines written to stderr: `budget: error: WHAT`, then a line saying
/// how to fix it (`hint: ...`), or the command's usage for a usage error without a hint.
///
/// A closed pipe (`budget export | head -1`) says nothing at all.
enum Failure {
    static func message(for error: any Error, help: HelpRenderer) -> String {
        switch error {
        case let error as UsageError:
            let fix = error.hint.map { "hint: \($0)\n" } ?? help.usageLines(for: error.command)
            return "budget: error: \(error.message)\n" + fix
        case let error as BudgetError:
            return "budget: error: \(error.description)\n" + (error.hint.map { "hint: \($0)\n" } ?? "")
        case let error as OutputError:
            if error == .closed { return "" }
            return "budget: error: cannot write output: \(error.reason)\n"
        case let error as SQLiteError:
            return "budget: error: database error: \(error.message)\n"
        case let error as InputError:
            return "budget: error: \(error.message)\n"
        case let error as EnvironmentError:
            return "budget: error: \(error.message)\nhint: \(error.hint)\n"
        default:
            return "budget: error: \(error)\n"
        }
    }
}

/// The environment does not say where the database is.
struct EnvironmentError: Error, Equatable {
    var message: String
    var hint: String
}
