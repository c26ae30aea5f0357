import BudgetKit

/// `--force` on writes a reconciliation may refuse: the write is tried as usual, and only when
/// it is refused for a reconciliation is it made again allowing it, so the command can say which
/// reconciliation it broke.
enum Reconciled {
    /// Runs `write` refusing reconciled changes; with `force`, a refused one runs again allowing
    /// them.
    ///
    /// - Returns: what `write` returned, and the reconciliation broken (`nil` when none).
    static func writing<T>(_ force: Bool, _ write: (ReconciledChanges) throws -> T) throws -> (T, Reconciliation?) {
        do {
            return (try write(.refuse), nil)
        } catch let error as BudgetError where force {
            switch error {
            case .reconciledTransaction(_, let reconciliation), .dateInReconciledPeriod(_, let reconciliation),
                 .reconciledOpeningBalance(_, let reconciliation):
                return (try write(.allow), reconciliation)
            default:
                throw error
            }
        }
    }

    /// Says which reconciliation a forced write broke (even with `--quiet`: it matters).
    static func warn(_ reconciliation: Reconciliation?, _ context: CommandContext) {
        guard let reconciliation else { return }
        context.warn("budget: warning: this breaks the reconciliation of \(reconciliation.account) on \(reconciliation.statementDate) "
            + "(statement balance \(reconciliation.statementBalance)); reconcile again when the book matches the bank")
    }
}
