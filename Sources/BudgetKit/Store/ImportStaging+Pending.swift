/// A pending row of the book and a posted row of an import that look alike without being
/// twins by the rule (see ``BudgetStore/importTransactions(from:dryRun:observe:)``): both kept,
/// listed for a person to decide.
///
/// **The rule.** A posted row just imported (booked, from a bank file or a CSV status column)
/// and a pending row already in the book are twins when all of these hold:
/// - they are in the same account, and the pending row is neither a transfer nor a split;
/// - the posted day is the pending day or up to 10 days after it;
/// - the money goes the same way;
/// - the bank gives both the same id, or their payees are equal ignoring case and surrounding
///   spaces and the posted amount is within 20% of the pending one (a tip, a currency rate).
///
/// A posted row with exactly one twin, which has no other, replaces it: the pending
/// transaction keeps its id and category and takes the posted row's day, amount, payee, note
/// and import key (its own key is remembered as replaced, ``ImportTombstones/rememberReplaced``,
/// so importing the older file again finds the row already imported, skipped, never deleted);
/// the posted row is not added. Any other pair that is close (twins that are
/// not one-to-one, or rows in the window with the same amount or the same payee) is a
/// ``PendingNearMiss``: both stay, listed.
public struct PendingNearMiss: Hashable, Sendable {
    /// The pending transaction, already in the book.
    public var pending: Transaction
    /// The posted transaction just imported.
    public var posted: Transaction

    /// Creates one.
    public init(pending: Transaction, posted: Transaction) {
        self.pending = pending
        self.posted = posted
    }
}

/// Pending rows replaced by their posted twins: the rule is ``PendingNearMiss``'s.
extension ImportStaging {
    /// A staged row's money flow (money in positive), whatever the file's sign convention.
    static let stagedFlow = """
        CASE (SELECT c.kind FROM categories AS c WHERE c.id = s.category_id) WHEN 'income' THEN s.stored_amount ELSE -s.stored_amount END
        """
    static let pendingPairs = """
        SELECT n.id, \(stagedFlow), n.payee, n.import_key, o.id, p.flow, o.payee, o.import_key
        FROM pending_imports AS p
        CROSS JOIN transactions AS o ON o.id = p.transaction_id AND o.id <= ?1
        CROSS JOIN transactions AS n ON n.id > ?1 AND +n.account_id = o.account_id
            AND n.date >= o.date AND n.date <= date(o.date, '+10 days')
        CROSS JOIN temp.import_staging AS s ON s.import_key = n.import_key
        WHERE o.transfer_account_id IS NULL AND o.category_id IS NOT NULL AND NOT s.pending AND s.split_group IS NULL
            AND s.transfer_account_id IS NULL AND (\(stagedFlow) < 0) = (p.flow < 0)
        ORDER BY n.id, o.id
        """
    /// ``stagedFlow`` in a dry run, `kind` the SQL expression of the row's category's kind: a
    /// category still to be created has no id and its rows no stored amount yet, so its kind
    /// is the one it will be created with (``createMissing``) and its amount is taken as
    /// ``resolveCreated`` will store it. The balance check of a dry run signs rows by it too
    /// (``BudgetStore/stagedBankFlow``).
    static func dryRunFlow(kind: String) -> String {
        """
        CASE \(kind) WHEN 'income' THEN coalesce(s.stored_amount, s.amount)
            ELSE -coalesce(s.stored_amount, CASE WHEN s.bank THEN -s.amount ELSE s.amount END) END
        """
    }
    /// ``dryRunFlow(kind:)`` of a staged row `s`, its kind looked up.
    static let dryRunFlow = dryRunFlow(kind: """
        coalesce((SELECT c.kind FROM categories AS c WHERE c.id = s.category_id),
                 (SELECT m.kind FROM temp.import_missing AS m WHERE m.name_key = s.missing_key), 'expense')
        """)
    /// ``pendingPairs`` in a dry run, where nothing was filed: the staged rows that would be
    /// new (no transaction holds their key, and no deletion hides them unless `?1`), each
    /// standing for the transaction it would file, its staging rowid for an id.
    static let stagedPendingPairs = """
        SELECT s.rowid, \(dryRunFlow), coalesce(s.clean_payee, s.payee), s.import_key, o.id, p.flow, o.payee, o.import_key
        FROM pending_imports AS p
        CROSS JOIN transactions AS o ON o.id = p.transaction_id
        CROSS JOIN temp.import_staging AS s ON s.account_id = o.account_id
            AND s.date >= o.date AND s.date <= date(o.date, '+10 days')
        WHERE o.transfer_account_id IS NULL AND o.category_id IS NOT NULL AND NOT s.pending AND s.split_group IS NULL
            AND s.transfer_account_id IS NULL AND (\(dryRunFlow) < 0) = (p.flow < 0)
            AND NOT EXISTS (SELECT 1 FROM transactions AS t WHERE t.import_key = s.import_key)
            AND (?1 OR NOT \(ImportTombstones.hide("s")))
        ORDER BY s.rowid, o.id
        """
    /// The index the pairs' query finds staged rows by.
    static let stagedByKey = "CREATE INDEX IF NOT EXISTS temp.import_staging_by_key ON import_staging(import_key)"
    /// The index the dry run's pairs find staged rows by: their account and day.
    static let stagedByAccountDay = "CREATE INDEX IF NOT EXISTS temp.import_staging_by_account_day ON import_staging(account_id, date)"
    /// The pending transaction `?1` takes the posted row's day, payee, note, key and money flow
    /// `?6` (signed by its own category's kind); its reconciled mark goes when `?7`.
    static let replacePending = """
        UPDATE transactions SET date = ?2, payee = ?3, note = ?4, import_key = ?5,
            amount = CASE (SELECT c.kind FROM categories AS c WHERE c.id = transactions.category_id) WHEN 'income' THEN ?6 ELSE -?6 END,
            reconciled_on = CASE WHEN ?7 THEN NULL ELSE reconciled_on END
        WHERE id = ?1
        """
    /// The posted row with the key `?1` (no part of a split), as the twin it replaces will take
    /// it: its day and its money flow (``dryRunFlow``: ``stagedFlow`` once its category and
    /// stored amount are known, as they are when it is filed).
    static let postedByKey = """
        SELECT s.date, \(dryRunFlow) FROM temp.import_staging AS s WHERE s.import_key = ?1 AND s.split_group IS NULL LIMIT 1
        """

    private enum Pair: Int32, SelectedColumns {
        case posted, postedFlow, postedPayee, postedKey, pending, pendingFlow, pendingPayee, pendingKey
    }

    /// The pending rows the rows of this import replace, and the near misses, by the rule
    /// (``PendingNearMiss``). In an import, the posted rows are those just filed (ids above
    /// `maxID`); in a dry run, the staged rows that would be (their staging rowids for ids).
    struct Twins {
        /// Each pending transaction's id and key, and the posted row that replaces it, with its
        /// import key.
        var replaced: [(pending: Int64, pendingKey: String, posted: Int64, key: String)] = []
        var nearMisses: [(pending: Int64, posted: Int64)] = []
        /// The pending transaction each posted row's import key replaces.
        var pendingByKey: [String: Int64] {
            Dictionary(replaced.map { ($0.key, $0.pending) }, uniquingKeysWith: { first, _ in first })
        }
        /// The transaction a posted row is after the import: the pending one it replaced, or
        /// itself.
        func transaction(of posted: Int64) -> Int64 {
            replaced.first { $0.posted == posted }?.pending ?? posted
        }
        /// Each replaced pending transaction's id by the key it had before.
        var pendingByOldKey: [String: Int64] {
            Dictionary(replaced.map { ($0.pendingKey, $0.pending) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Finds the pending twins of the rows just filed (ids above `maxID`), or in a dry run of
    /// the rows that would be, and the near misses; an import then replaces each twin
    /// (``replacePendingTwins(_:)``).
    ///
    /// - Complexity: nothing without pending rows in the book; else, per pending row, the new
    ///   rows of its account within its 10 days (index `transactions_by_account`, or in a dry
    ///   run ``stagedByAccountDay``), each looked up in the staged rows by key (``stagedByKey``).
    func pendingTwins(maxID: Int64, dryRun: Bool) throws -> Twins {
        guard try connection.int64("SELECT EXISTS (SELECT 1 FROM pending_imports)") == 1 else { return Twins() }
        try connection.execute(dryRun ? Self.stagedByAccountDay : Self.stagedByKey)
        typealias Candidate = (posted: Int64, pending: Int64, twin: Bool, key: String, pendingKey: String)
        var candidates: [Candidate] = []
        let pairs = try connection.prepare(dryRun ? Self.stagedPendingPairs : Self.pendingPairs)
        try pairs.forEachRow([dryRun ? options.includesDeleted.sqliteValue : .integer(maxID)]) { row in
            let postedFlow = row.money(Pair.postedFlow).minorUnits, pendingFlow = row.money(Pair.pendingFlow).minorUnits
            let sameID = Self.bankID(row.text(Pair.pendingKey), pending: true).map { $0 == Self.bankID(row.text(Pair.postedKey), pending: false) } ?? false
            let samePayee = Self.payeeKey(row.text(Pair.postedPayee)) == Self.payeeKey(row.text(Pair.pendingPayee))
            let (difference, overflow) = postedFlow.subtractingReportingOverflow(pendingFlow)
            let close = !overflow && difference.magnitude <= pendingFlow.magnitude / 5
            let twin = sameID || (samePayee && close)
            guard twin || samePayee || postedFlow == pendingFlow else { return }
            candidates.append((row.int64(Pair.posted), row.int64(Pair.pending), twin, row.text(Pair.postedKey), row.text(Pair.pendingKey)))
        }
        var twinsOfPosted: [Int64: Int] = [:], twinsOfPending: [Int64: Int] = [:]
        for candidate in candidates where candidate.twin {
            twinsOfPosted[candidate.posted, default: 0] += 1
            twinsOfPending[candidate.pending, default: 0] += 1
        }
        var twins = Twins()
        var misses: [(pending: Int64, posted: Int64)] = []
        for candidate in candidates {
            guard candidate.twin, twinsOfPosted[candidate.posted] == 1, twinsOfPending[candidate.pending] == 1 else {
                misses.append((candidate.pending, candidate.posted))
                continue
            }
            twins.replaced.append((candidate.pending, candidate.pendingKey, candidate.posted, candidate.key))
        }
        // A pending row replaced is pending no more: it is no near miss of another posted row.
        // (A posted row that replaced its twin can still be one of another pending row: it is
        // then named by the transaction it became, ``Twins/transaction(of:)``.)
        let replacedPending = Set(twins.replaced.map(\.pending))
        twins.nearMisses = misses.filter { !replacedPending.contains($0.pending) }
        return twins
    }

    /// Keys each staged pending row that an earlier import's posted row replaced as the
    /// transaction it became (``ImportTombstones/keyReplacedPending``).
    func keyReplacedPending() throws {
        guard pendingRows > 0, try connection.int64("SELECT EXISTS (SELECT 1 FROM import_tombstones)") == 1 else { return }
        try connection.run(ImportTombstones.keyReplacedPending, [options.includesDeleted.sqliteValue])
    }

    /// Writes the keys of the posted rows that replace their twins into `import_replacing`: the
    /// check of new rows leaves them out (``throwIfReconciled(maxID:replacing:)``).
    func recordReplacing(_ twins: Twins) throws {
        guard !twins.replaced.isEmpty else { return }
        let record = try connection.prepare("INSERT OR IGNORE INTO temp.import_replacing (import_key) VALUES (?)")
        for twin in twins.replaced { try record.run([.text(twin.key)]) }
    }

    /// Judges each replacement as `edit` judges a change, by the one rule
    /// (``BudgetStore/guardReconciled(old:new:id:policy:)``): the twin's balance effect before
    /// (its account, day and amount) against after (the same account, the posted row's day and
    /// money flow, which is its effect: ``replacePending`` signs the amount by the twin's kind).
    /// A posted row that changes neither leaves every balance as it was and is taken on a
    /// reconciled day, the twin still marked; one of 0.00 takes the twin's amount out of the
    /// book, and one dated after the statement day takes it out of the reconciled period: on a
    /// reconciled day, both are refused unless the options allow them.
    ///
    /// - Returns: the twins whose reconciled mark goes (an allowed change moved their balance).
    /// - Throws: ``BudgetError/reconciledTransaction(id:_:)`` for a twin a reconciliation
    ///   covers; ``BudgetError/dateInReconciledPeriod(_:_:)`` for a twin of 0.00 given money on
    ///   a day one covers.
    /// - Complexity: a few lookups per twin (index ``stagedByKey``).
    func guardReplacements(_ twins: Twins) throws -> Set<Int64> {
        var unmarked = Set<Int64>()
        guard !twins.replaced.isEmpty else { return unmarked }
        try connection.execute(Self.stagedByKey)
        let posted = try connection.prepare(Self.postedByKey)
        for twin in twins.replaced {
            guard let row = try posted.first([.text(twin.key)], { (date: $0.day(0), flow: $0.int64(1)) }) else { continue }
            let pending = try store.storedTransaction(id: twin.pending)
            let after = [BalanceEffect(accountID: pending.accountID, date: row.date, amount: row.flow)]
            let moved = try store.guardReconciled(old: pending.effects, new: after, id: twin.pending, policy: options.reconciled)
            if moved.contains(pending.accountID) { unmarked.insert(twin.pending) }
        }
        return unmarked
    }

    /// Replaces each pending twin ``pendingTwins(maxID:dryRun:)`` found among the rows just
    /// filed; those in `unmarking` lose their reconciled mark
    /// (``throwIfReconciled(maxID:replacing:)``).
    func replacePendingTwins(_ twins: Twins, unmarking: Set<Int64>) throws {
        guard !twins.replaced.isEmpty else { return }
        let update = try connection.prepare(Self.replacePending)
        for twin in twins.replaced { try replace(twin.pending, with: twin.posted, unmarking: unmarking.contains(twin.pending), update) }
    }

    /// The pending transaction takes the posted one's day, amount, payee, note and key.
    private func replace(_ pending: Int64, with posted: Int64, unmarking: Bool, _ update: Statement) throws {
        enum Posted: Int32, SelectedColumns { case date, payee, note, key, flow }
        guard let row = try connection.prepare("""
            SELECT n.date, n.payee, n.note, n.import_key, \(Self.stagedFlow) FROM transactions AS n
            JOIN temp.import_staging AS s ON s.import_key = n.import_key WHERE n.id = ?
            """).first([.integer(posted)], { (date: $0.text(Posted.date), payee: $0.text(Posted.payee), note: $0.text(Posted.note),
                                               key: $0.text(Posted.key), flow: $0.int64(Posted.flow)) }) else { return }
        // The posted row was added by this import, in bulk: the history entry takes the new
        // rows as they are at the end, so its deletion is not recorded either.
        try store.unrecorded { try connection.run("DELETE FROM transactions WHERE id = ?", [.integer(posted)]) }
        // The pending key is remembered as replaced by this transaction, in its account: importing
        // the older file again finds the row already imported, not deleted.
        try connection.run(ImportTombstones.rememberReplaced, [Day.today().sqliteValue, .integer(pending)])
        try update.run([.integer(pending), .text(row.date), .text(row.payee), .text(row.note), .text(row.key), .integer(row.flow),
                        .integer(unmarking ? 1 : 0)])
        try connection.run("DELETE FROM pending_imports WHERE transaction_id = ?", [.integer(pending)])
    }

    /// The bank's id in a key `ACCOUNT|pending|ID` (or `ACCOUNT|ref|ID`), with its account:
    /// `ACCOUNT|ID`; `nil` for a key of another shape. ACCOUNT is escaped (`\|` for `|`).
    static func bankID(_ key: String, pending: Bool) -> String? {
        let scalars = Array(key.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index] != "|" {
            index += scalars[index] == "\\" ? 2 : 1
        }
        let marker = Array((pending ? "pending|" : "ref|").unicodeScalars)
        guard index < scalars.count, scalars[(index + 1)...].starts(with: marker) else { return nil }
        var id = String.UnicodeScalarView(scalars[...index])
        id.append(contentsOf: scalars[(index + 1 + marker.count)...])
        return String(id)
    }

    private static func payeeKey(_ payee: String) -> String {
        ImportMapper.trimmed(payee).caseFolded()
    }
}
