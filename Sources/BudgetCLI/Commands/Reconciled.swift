import BudgetKit

/// `--force` on writes a reconciliation may refuse: the write is tried as usual, and only when
/// it is refused for a reconciliation is it made again allowing it, so the command can say which
/// reconciliation it broke.
enum Reconciled {
    /// Runs `write` refusing reconciled changes; with `force`, a refused one runs again allowing
    /// them.
    ///
    /// - Returns: what `write` returned, and the reconciliations it broke (empty when none):
    ///   every one, when a change reaches several accounts or several transactions; none when
    ///   it moved money only between days of one statement period, which no statement sees.
    static func writing<T>(_ force: Bool, in store: BudgetStore,
                           _ write: (ReconciledChanges) throws -> T) throws -> (T, [Reconciliation]) {
        do {
            return (try write(.refuse), [])
        } catch let error as BudgetError where force {
            switch error {
            case .reconciledTransaction, .dateInReconciledPeriod, .reconciledOpeningBalance:
                // Those whose statement balance the write no longer holds: none when it moved
                // money only between days of one statement period.
                return (try write(.allow), store.brokenReconciliations)
            default:
                throw error
            }
        }
    }

    /// Says which reconciliations a forced write broke, one line each (even with `--quiet`: it
    /// matters).
    static func warn(_ reconciliations: [Reconciliation], _ context: CommandContext) {
        for reconciliation in reconciliations {
            context.warn("budget: warning: this breaks the reconciliation of \(reconciliation.account) on \(reconciliation.statementDate) "
                + "(statement balance \(reconciliation.statementBalance)); reconcile again when the book matches the bank")
        }
    }
}
