import BudgetKit

/// The exit statuses of `budget`, decided here and nowhere else (sysexits.h names in brackets).
enum ExitStatus: Int32 {
    /// Done.
    case success = 0
    /// A failure: unknown category or transaction, duplicate name, a database error.
    case failure = 1
    /// `report --check` found an expense category over its budget.
    case overspent = 2
    /// The command line is wrong [EX_USAGE]: unknown command or option, missing or invalid value.
    case usage = 64
    /// An input file holds bad data [EX_DATAERR]: reported as FILE:LINE:COLUMN.
    case badInput = 65
    /// Output could not be written [EX_IOERR]: disk full, I/O error.
    case outputFailed = 74

    /// What a command's outcome exits with.
    init(_ outcome: Outcome) {
        switch outcome {
        case .success: self = .success
        case .overspent: self = .overspent
        }
    }

    /// What an error exits with.
    init(_ error: any Error) {
        switch error {
        case is UsageError:
            self = .usage
        case let error as BudgetError:
            switch error {
            case .badInput: self = .badInput
            // Values the store validates itself (an empty category name...) came from the command line.
            case .invalidAmount, .invalidDay, .invalidMonth, .invalidCategoryName, .invalidRulePattern: self = .usage
            default: self = .failure
            }
        case let error as OutputError:
            self = error == .closed ? .success : .outputFailed
        default:
            self = .failure
        }
    }
}

/// How a command ended when it did not throw.
enum Outcome: Equatable {
    /// Everything went as asked.
    case success
    /// `report --check`: at least one expense category is overspent (already named on stderr).
    case overspent
}
