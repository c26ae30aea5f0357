import BudgetKit

/// `budget check`: SQLite's own checks and the book's rules.
struct Check: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Check the book for damage.",
        discussion: """
        Runs SQLite's integrity and foreign-key checks, then the book's own rules (amounts in \
        range, real dates and months, category names and keys, rules' patterns, the change \
        log). Prints ok and exits 0, or lists each problem on standard output and exits 1. \
        Reads only: a damaged \
        book is never written, and a missing one is never created.
        With --repair, when the only problems are monthly totals that differ from their rows \
        (which reports read) and parts of splits whose transaction is gone (both left behind by \
        the sqlite3 shell), deletes those parts, computes the totals again from the rows, checks \
        again and prints ok. It writes nothing when any other problem is found: the rows \
        themselves are then in doubt.
        """,
        access: .none)

    static var arguments: [CommandArgument<Check>] {[
        .flag(\.repair, "repair", help: "Mend the monthly totals and left-behind parts of splits when they are all that is wrong."),
    ]}

    var repair = false

    func run(_ context: CommandContext) throws -> Outcome {
        let path = try context.bookLocation().path
        var problems = try Self.problems(ofBookAt: path)
        func isRule(_ problem: BookProblem) -> Bool {
            switch problem {
            case .invalidRulePattern, .invalidRuleExpression: return true
            default: return false
            }
        }
        func isTotals(_ problem: BookProblem) -> Bool {
            if case .monthTotalDiffers = problem { return true } else { return false }
        }
        func isLeftBehind(_ problem: BookProblem) -> Bool {
            if case .partsOfMissingTransaction = problem { return true } else { return false }
        }
        let totalsOnly = !problems.isEmpty && problems.allSatisfy(isTotals)
        let repairable = !problems.isEmpty && problems.allSatisfy { isTotals($0) || isLeftBehind($0) }
        if repair && repairable {
            let store = try context.store(access: .change)
            let differed = problems.filter(isTotals).count
            if problems.contains(where: isLeftBehind) {
                let removed = try store.removePartsOfMissingTransactions()
                context.confirm("Deleted \(removed == 1 ? "1 part" : "\(removed) parts") of splits whose transaction is gone, "
                                + "and computed the monthly totals again from the rows.")
            } else {
                try store.rebuildMonthTotals()
                context.confirm("Computed the monthly totals again from the rows (\(differed == 1 ? "1 differed" : "\(differed) differed")).")
            }
            problems = try BudgetStore.check(bookAt: path)
        }
        guard !problems.isEmpty else {
            try context.stdout.write("ok\n")
            return .success
        }
        for problem in problems { try context.stdout.write(problem.description + "\n") }
        try context.stdout.flush()
        let hint: String
        if totalsOnly && !repair {
            hint = "the rows are whole: 'budget check --repair' computes the monthly totals again from them"
        } else if repairable && !repair {
            hint = "a transaction deleted outside budget left its split's parts behind: "
                + "'budget check --repair' deletes them and computes the monthly totals again"
        } else if problems.allSatisfy({ $0.isSettledByEditing || isTotals($0) }) {
            // Two devices' edits merged by a sync (or the sqlite3 shell) made them: a restore would lose good rows.
            hint = "the book is whole: put each transaction named right with 'budget edit ID' (or delete it)"
                + (problems.contains { !$0.isSettledByEditing } ? ", then run 'budget check --repair' for the monthly totals" : "")
        } else if problems.allSatisfy({ if case .openingOnOrAfterClosing = $0 { true } else { false } }) {
            // A book from before the store refused it, or a sync that merged two devices' changes: the rows are whole.
            hint = "the book is whole: give each account named an opening day before it closed with "
                + "'budget set-opening-balance ACCOUNT AMOUNT --on DAY'"
        } else if problems.allSatisfy(isRule) {
            // The sqlite3 shell stored them: the rows are whole, and editing the rule settles it.
            hint = "the book is whole: give each rule named a pattern with 'budget rule edit ID --pattern PATTERN', "
                + "or remove it with 'budget rule remove ID'"
        } else {
            hint = "put a backup in its place with 'budget restore BACKUP'" + (repair ? " (--repair only mends the monthly totals and left-behind parts of splits, and wrote nothing)" : "")
        }
        context.warn("budget: error: \(path) has \(problems.count == 1 ? "1 problem" : "\(problems.count) problems")")
        context.warn("hint: " + hint)
        return .problemsFound
    }

    /// The book's problems; a file too damaged or too foreign to check is an error whose hint
    /// does not send the user to 'budget check', the command that just ran.
    static func problems(ofBookAt path: String) throws -> [BookProblem] {
        do {
            return try BudgetStore.check(bookAt: path)
        } catch let error as BudgetError {
            let restore = "'budget restore BACKUP' puts a backup in its place"
            switch error {
            case .notABudgetDatabase:
                throw EnvironmentError(message: ErrorText(error).message,
                                       hint: "if it is your book, it is too damaged to check: \(restore); otherwise choose another file with --db PATH")
            case .corruptDatabase, .truncatedDatabase, .unknownSchemaVersion:
                throw EnvironmentError(message: ErrorText(error).message, hint: "it is too damaged to check: \(restore)")
            default:
                throw error
            }
        }
    }
}

/// `budget restore BACKUP`: a backup in the book's place, the book kept beside it.
struct Restore: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "restore",
        abstract: "Replace the book with a backup, keeping it beside.",
        discussion: """
        Checks that BACKUP is a whole budget book of a known version (it is only read), keeps the \
        current book as BOOK.before-restore-DATE-TIME and names it, then replaces the book in one \
        step, safe while another budget process (a watch) has it open. Never use cp over a book \
        in use: its -wal file would no longer match. A full disk stops it with the book as it \
        was. What killed backups and restores left beside the book (BOOK.partial-...) is \
        removed once no process holds it.
        """,
        access: .none)

    static var arguments: [CommandArgument<Restore>] {[
        .argument(\.backup, "backup", help: "The backup file, made by 'budget backup'."),
    ]}

    var backup = FilePath("")

    func run(_ context: CommandContext) throws -> Outcome {
        let path = try context.bookLocation().path
        let restoration = try BudgetStore.restore(bookAt: path, from: backup.path)
        var message = "Restored \(path) from \(backup.path)"
        if let kept = restoration.keptBookPath { message += "; the previous book is kept as \(kept)" }
        context.confirm(message + ".")
        // The history is the backup's own: `undo` would reverse its newest entry, not the restore.
        if let kept = restoration.keptBookPath {
            context.confirm("hint: 'budget undo' reverses the backup's own entries, not the restore; to take it back: "
                            + ShellWords.command(["budget"] + (context.globals.database.map { ["--db", $0] } ?? []) + ["restore"],
                                                 arguments: [kept]))
        }
        return .success
    }
}
