import BudgetKit

/// The exit statuses of `budget`, decided here and nowhere else (sysexits.h names in brackets).
enum ExitStatus: Equatable {
    /// Done.
    case success
    /// A failure: unknown category or transaction, duplicate name, a database error.
    case failure
    /// `report --check` found an expense category over its budget.
    case overspent
    /// `import`: a bank statement's closing balance is not the book's after the import (the
    /// rows stay imported; the difference is on stderr).
    case balanceMismatch
    /// The command line (or `BUDGET_DB`) is wrong [EX_USAGE]: unknown command or option, missing or
    /// invalid value.
    case usage
    /// An input file holds bad data [EX_DATAERR]: reported as FILE:LINE:COLUMN.
    case badInput
    /// Output could not be written [EX_IOERR]: disk full, I/O error.
    case outputFailed
    /// Stopped by a signal: 128 + its number, as a shell reports it (130 for Ctrl-C).
    case signal(Int32)

    /// The number the process exits with.
    var rawValue: Int32 {
        switch self {
        case .success: return 0
        case .failure: return 1
        case .overspent: return 2
        case .balanceMismatch: return 3
        case .usage: return 64
        case .badInput: return 65
        case .outputFailed: return 74
        case .signal(let number): return 128 + number
        }
    }

    /// What a command's outcome exits with.
    init(_ outcome: Outcome) {
        switch outcome {
        case .success: self = .success
        case .overspent: self = .overspent
        case .balanceMismatch: self = .balanceMismatch
        case .problemsFound, .reconciliationMismatch: self = .failure
        case .interrupted(let signal): self = .signal(signal)
        }
    }

    /// What an error exits with.
    init(_ error: any Error) {
        switch error {
        case is UsageError:
            self = .usage
        case let error as EnvironmentError:
            self = error.isUsage ? .usage : .failure
        case let error as BudgetError:
            switch error {
            case .badInput, .missingCategories, .noRowsAfterHeader, .headerReadsAsRow, .noRowsAfterSkipping, .emptyImportFile, .noStatement, .bankFile,
                 .rowWithoutCategory, .unknownAccountInFile:
                self = .badInput
            // Values the store validates itself (an empty category name...) came from the command line.
            case .invalidAmount, .invalidDay, .invalidMonth, .invalidCategoryName, .invisibleCharacterInCategoryName,
                 .invalidRulePattern: self = .usage
            // So are accounts' names, a transfer's two accounts and amount, a split's parts, a day.
            case .invalidAccountName, .invisibleCharacterInAccountName, .invalidAccountNumber, .transferToSameAccount, .invalidTransferAmount, .emptySplit, .splitDoesNotSum,
                 .futureReconciliation: self = .usage
            // And rules' patterns, places and payees, and profiles' names.
            case .invalidRuleExpression, .ruleWithoutAction, .invalidRulePosition, .ruleMovedBesideItself, .invalidPayeeName,
                 .invalidProfileName, .invisibleCharacterInProfileName: self = .usage
            case .sync(.invalidDeviceName): self = .usage
            case .sync(.invalidChangesetFile): self = .badInput
            case .sync(.cannotWriteChangesetFile): self = .outputFailed
            // A backup's file is output: a full disk, a read-only or missing folder.
            case .cannotWriteBackup, .cannotStageBackup: self = .outputFailed
            default: self = .failure
            }
        case let error as OutputError:
            self = error == .closed ? .success : .outputFailed
        case is CommittedOutputError, is IncompleteBackupError:
            self = .outputFailed
        default:
            self = .failure
        }
    }
}
