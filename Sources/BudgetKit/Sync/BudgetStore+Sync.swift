#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BudgetStore {
    /// Shares the book through `folder`, a folder every device can reach by any means (Syncthing,
    /// a NAS, a USB stick, a git repository): publishes this device's writes as changeset files
    /// named by device and sequence (never touching another device's files) and applies the other
    /// devices' files it has not seen, in hybrid-logical-clock order, so every book ends the same.
    ///
    /// The first book to sync into an empty folder founds it (slot 0; its whole book is its first
    /// file). Another device joins with an empty book: it takes the folder's changes and asks for
    /// a slot (a `slot_requests` row); the founding device gives each request the smallest free
    /// slot at its next sync, in the order they were made, and the joiner has it at its own next
    /// sync. Until then the joiner makes no new rows (``SyncError/noSlotYet(device:)``). Only
    /// one device gives slots, so two devices joining at once never share one, and from then on
    /// each device makes ids ending in its slot's digit: rows made apart never clash. Fields two
    /// devices changed apart resolve by last writer (per field); every conflict is in the report
    /// and in ``syncConflicts()``.
    ///
    /// With `givingSlots`, this device gives slots too (at each sync while it is set): for a
    /// folder whose founding device is gone for good. Only one device may do so, or two joiners
    /// could be given one slot.
    ///
    /// Each file is applied in its own transaction with the book's note of it, and files are
    /// written under a temporary name then linked, so a sync killed at any moment loses nothing
    /// and the next one carries on.
    ///
    /// - Returns: what was published, applied, resolved and refused.
    /// - Throws: ``BudgetError/sync(_:)`` with ``SyncError``: `cannotOpenSyncFolder` (missing, not
    ///   a folder), `cannotWriteChangesetFile` (read-only, full), `changesetFileExists` (another
    ///   book publishes under this device's id), `notTheBooksFolder` (the folder lacks this
    ///   device's last file: nothing read or written), `bookNotEmpty`, `noFreeSlot` (a joiner finds all
    ///   ten slots given), `syncFolderBusy` (another process of this machine synced through the
    ///   folder all the while this one waited for it, a minute); ``BudgetError/insideGroupedWrite(operation:)`` inside ``write(_:)``,
    ///   before anything is read or written; a database error.
    public func sync(folder: String, givingSlots: Bool = false) throws -> SyncReport {
        try refuseInsideGroupedWrite("sync")
        let folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let local = try reading { try connection.inTransaction { try localDevice() } }
        let me = local.device.id
        do {
            // One sync at a time through the folder: what to apply is chosen before it is written.
            let lock = try SyncFolderLock(folder, waiting: syncFolderWait)
            defer { withExtendedLifetime(lock) {} }
            try ChangesetFile.removeLeftovers(of: me, in: folder)
            if access(folder, W_OK) != 0 {
                throw SyncError.cannotWriteChangesetFile(path: folder, reason: BookFile.words(for: errno))
            }
            let listing = try ChangesetFile.entries(in: folder)
            let state = try syncState()
            // Files are never removed: a folder without this device's last one is another folder,
            // and a file published there would leave a gap the other devices wait at for good.
            if let last = state.applied[me], last > 0, !listing.contains(where: { $0.device == me && $0.sequence == last }) {
                throw SyncError.notTheBooksFolder(path: folder, file: ChangesetFile.name(device: me, sequence: last))
            }
            let hadSlot = try reading { try ownSlot() } != nil
            let others = listing.filter { $0.device != me }
            if !hadSlot, !others.isEmpty, state.applied.isEmpty, try !isEmptyBook() {
                throw SyncError.bookNotEmpty(path: path)
            }
            // Others' files not applied yet, each device's in order up to its first gap.
            var pending: [ChangesetFile] = []
            var refused: [SyncError] = []
            var missing: [(device: DeviceID, sequence: UInt64)] = []  // a device's next file, not there while later ones are
            for (device, files) in Dictionary(grouping: others, by: \.device) {
                var next = (state.applied[device] ?? 0) + 1
                for entry in files.sorted(by: { $0.sequence < $1.sequence }) where entry.sequence >= next {
                    guard entry.sequence == next else {
                        missing.append((device, next))
                        break
                    }
                    do {
                        let file = try ChangesetFile.read(entry.path)
                        if file.schemaVersion > Schema.migrator.latestVersion {
                            throw SyncError.invalidChangesetFile(path: entry.path, problem: .newerSchema(
                                version: file.schemaVersion, supported: Schema.migrator.latestVersion))
                        }
                        pending.append(file)
                        next += 1
                    } catch let error as SyncError {
                        refused.append(error)
                        break
                    }
                }
            }
            var conflicts: [SyncConflict] = []
            var merged: Set<Int64> = []
            var insertedBy: [Int64: DeviceID] = [:]  // the transactions this sync added, by the device that made them
            let holding = pending.isEmpty ? [] : try reading { try lastReconciliations().filter(\.holds) }
            let closedBefore = pending.isEmpty ? nil : try reading { Set(try rowsInClosedAccounts().map(\.transactionID)) }
            // By ids: a pair named before stays named, whatever this sync renames.
            let twinsBefore = pending.isEmpty ? nil : try reading { Set(try twinTransfers().map { [$0.firstID, $0.secondID] }) }
            let importedTwiceBefore = pending.isEmpty ? nil : try reading { Set(try rowsImportedTwice().map { [$0.firstID, $0.secondID] }) }
            try withLargeCache(if: !pending.isEmpty) {
                for file in pending.sorted(by: { $0.clock < $1.clock }) {
                    let applied = try applyFile(file)
                    conflicts += applied.conflicts
                    merged.formUnion(applied.merged)
                    if twinsBefore != nil { for id in applied.inserted { insertedBy[id] = file.device } }
                }
            }
            // After every file: a row deleted on one device that rows from another still use.
            if !pending.isEmpty { conflicts += try bringBackUsedRows() }
            var founded = false, joined = false
            if !hadSlot {
                founded = try reading { try connection.int64("SELECT count(*) FROM devices") ?? 0 } == 0 && others.isEmpty
                if founded {
                    try giveSlot(to: local.device.id.description, named: local.device.name)
                    try publishSnapshot(me: me, into: folder)
                } else if try !hasAskedForSlot(local.device) {
                    try askForSlot(local.device)
                    joined = true
                }
            }
            if try givingSlots || reading({ try ownSlot() }) == 0 { try answerSlotRequests() }
            let published = try publish(me: me, into: folder, listing: listing) + (founded ? 1 : 0)
            let slot = try reading { try ownSlot() }
            var report = SyncReport(device: local.device, slot: slot, founded: founded, joined: joined,
                                    slotGiven: !hadSlot && !founded && slot != nil, published: published,
                                    applied: pending.count, conflicts: conflicts, refused: refused)
            if !holding.isEmpty {
                let now = try reading { try lastReconciliations() }
                let held = Set(holding.map(\.reconciliation.id))
                report.brokenReconciliations = now.filter { held.contains($0.reconciliation.id) && !$0.holds }
            }
            if !missing.isEmpty {
                let names = try reading { try deviceNames() }
                report.missingFiles = missing.map {
                    MissingChangesetFile(device: $0.device, name: names[$0.device.description] ?? $0.device.description,
                                         file: ChangesetFile.name(device: $0.device, sequence: $0.sequence))
                }.sorted { $0.file < $1.file }
            }
            if let importedTwiceBefore {
                report.rowsImportedTwice = try reading { try rowsImportedTwice() }.filter { !importedTwiceBefore.contains([$0.firstID, $0.secondID]) }
            }
            if !merged.isEmpty { report.unsettledTransactions = try unsettledTransactions(among: merged) }
            if let closedBefore { report.rowsInClosedAccounts = try reading { try rowsInClosedAccounts() }.filter { !closedBefore.contains($0.transactionID) } }
            if let twinsBefore {
                // Two rows one device made (the founding device's, from before it first synced, end in any digit) are not twins.
                report.twinTransfers = try reading { try twinTransfers() }.filter {
                    !twinsBefore.contains([$0.firstID, $0.secondID]) && (insertedBy[$0.firstID] == nil || insertedBy[$0.firstID] != insertedBy[$0.secondID])
                }
            }
            return report
        } catch let error as SyncError {
            throw BudgetError.sync(error)
        }
    }

    /// The imported transfers that have a twin added on another device (``TwinTransfers``),
    /// by id. A device's ids end in its slot's digit; rows of the founding book from before it
    /// first synced may end in any, and were in every book before any other device imported.
    /// Two brought by files of the same side (`imported_transfer_sides`: both the Giro file's)
    /// are two transfers, not one seen from both accounts.
    ///
    /// - Complexity: O(n) in the transfers, through the index of transfers.
    func twinTransfers() throws -> [TwinTransfers] {
        try connection.prepare("""
            SELECT a.id, b.id, a.date, a.amount, f.name, t.name
            FROM transactions AS a
            JOIN transactions AS b ON b.transfer_account_id = a.transfer_account_id AND b.account_id = a.account_id
                AND b.date = a.date AND b.amount = a.amount AND b.id > a.id AND b.id % 10 <> a.id % 10 AND b.import_key IS NOT NULL
            JOIN accounts AS f ON f.id = a.account_id JOIN accounts AS t ON t.id = a.transfer_account_id
            LEFT JOIN imported_transfer_sides AS sa ON sa.transaction_id = a.id
            LEFT JOIN imported_transfer_sides AS sb ON sb.transaction_id = b.id
            WHERE a.transfer_account_id IS NOT NULL AND a.import_key IS NOT NULL AND coalesce(sa.side <> sb.side, 1)
            ORDER BY a.id, b.id
            """).map([]) { row in
                Day(iso: row.text(2)).map {
                    TwinTransfers(firstID: row.int64(0), secondID: row.int64(1), date: $0, amount: row.money(3),
                                  account: row.text(4), transferAccount: row.text(5))
                }
            }.compactMap { $0 }
    }

    /// The pairs of transactions that are one bank row imported on two devices apart: the row
    /// that holds an import key and the one that gave it way (``SyncApplier``'s unique rule), by
    /// the holder's id.
    ///
    /// - Complexity: O(n log m) in the rows that gave way on an import key, through the index of
    ///   import keys.
    func rowsImportedTwice() throws -> [RowImportedTwice] {
        try connection.prepare("""
            SELECT h.id, t.id, h.date, h.amount, h.payee, a.name
            FROM sync_given_way AS g
            JOIN transactions AS h ON h.import_key = g.value
            JOIN transactions AS t ON t.id = g.row_id
            JOIN accounts AS a ON a.id = h.account_id
            WHERE g.table_name = 'transactions' AND g.column_name = 'import_key'
            ORDER BY h.id, t.id
            """).map([]) { row in
                Day(iso: row.text(2)).map {
                    RowImportedTwice(firstID: row.int64(0), secondID: row.int64(1), date: $0, amount: row.money(3),
                                     payee: row.text(4), account: row.text(5))
                }
            }.compactMap { $0 }
    }

    /// The transactions dated on or after the day their account, or the account a transfer
    /// reaches, was closed, by id (none, and no scan, while no account is closed).
    ///
    /// - Complexity: O(n) in the closed accounts' rows and the transfers.
    func rowsInClosedAccounts() throws -> [RowInClosedAccount] {
        guard try connection.int64("SELECT EXISTS (SELECT 1 FROM accounts WHERE closed_on IS NOT NULL)") == 1 else { return [] }
        return try connection.prepare("""
            SELECT t.id, a.name, a.closed_on FROM accounts AS a JOIN transactions AS t ON t.account_id = a.id
            WHERE a.closed_on IS NOT NULL AND t.date >= a.closed_on
            UNION
            SELECT t.id, a.name, a.closed_on FROM accounts AS a JOIN transactions AS t ON t.transfer_account_id = a.id
            WHERE a.closed_on IS NOT NULL AND t.date >= a.closed_on
            ORDER BY 1
            """).map([]) { row in
                // A closing day that is no day (the sqlite3 shell's) is `budget check`'s to name.
                Day(iso: row.text(2)).map { RowInClosedAccount(transactionID: row.int64(0), account: row.text(1), closedOn: $0) }
            }.compactMap { $0 }
    }

    /// Each account's last reconciliation, with the book's balance of the account at the end of
    /// its statement's day now.
    func lastReconciliations() throws -> [ReconciliationBalance] {
        var found: [ReconciliationBalance] = []
        let accounts = try connection.prepare("SELECT DISTINCT account_id FROM reconciliations ORDER BY 1").map([]) { $0.int64(0) }
        for id in accounts {
            guard let last = try lastReconciliation(accountID: id) else { continue }
            let account = try accountRow(id: id)
            found.append(ReconciliationBalance(reconciliation: last,
                                               bookBalance: try BalanceQuery.balance(of: account, on: last.statementDate, in: connection)))
        }
        return found
    }

    /// Every conflict syncs resolved, newest first, with the value that lost.
    ///
    /// - Throws: a database error.
    public func syncConflicts() throws -> [SyncConflict] {
        try reading {
            let names = try deviceNames()
            return try connection.prepare("SELECT \(SyncConflict.columns) FROM sync_conflicts ORDER BY id DESC").map {
                SyncConflict($0, deviceNames: names)
            }
        }
    }

    // MARK: - Internals

    /// Per device, the last sequence applied (others) or published (this book's ids), and the
    /// last local entry published.
    func syncState() throws -> (applied: [DeviceID: UInt64], lastEntry: Int64) {
        try reading {
            var applied: [DeviceID: UInt64] = [:]
            var lastEntry: Int64 = 0
            try connection.prepare("SELECT device, last_sequence, last_entry FROM sync_state").forEachRow {
                if let id = DeviceID($0.text(0)) { applied[id] = UInt64(max(0, $0.int64(1))) }
                lastEntry = max(lastEntry, $0.int64(2))
            }
            return (applied, lastEntry)
        }
    }

    /// The names devices go by, by id text.
    func deviceNames() throws -> [String: String] {
        var names: [String: String] = [:]
        try connection.prepare("SELECT device_id, name FROM devices").forEachRow { names[$0.text(0)] = $0.text(1) }
        try connection.prepare("SELECT device_id, name FROM local_device").forEachRow { names[$0.text(0)] = $0.text(1) }
        return names
    }

    /// Whether the book has nothing of its own yet: no local history, transactions or categories.
    private func isEmptyBook() throws -> Bool {
        try reading {
            try connection.int64("""
                SELECT (SELECT count(*) FROM history WHERE received = 0) + (SELECT count(*) FROM transactions)
                     + (SELECT count(*) FROM categories)
                """) == 0
        }
    }

    /// Runs `body` with a page cache of up to 64 MiB, then the size it had again. A file of
    /// 100,000 rows dirties some 20 MB of table and index pages; in the default cache (2 MB)
    /// SQLite writes pages to the WAL before the commit, and again when they change after.
    private func withLargeCache<T>(if wanted: Bool, _ body: () throws -> T) throws -> T {
        guard wanted else { return try body() }
        return try reading { try connection.withPageCache(kibibytes: 65_536, body) }
    }

    /// Applies one file in one write, with the note that it was applied: its conflicts, and the
    /// transactions its changes reached through the merge (``SyncApplier/mergedTransactions``).
    private func applyFile(_ file: ChangesetFile) throws -> (conflicts: [SyncConflict], merged: Set<Int64>, inserted: Set<Int64>) {
        var applier = try reading { SyncApplier(connection: connection, resolvedAt: HybridLogicalClock.wallClock(), deviceNames: try deviceNames()) }
        // The entry holds the file's changes as its device made them (what `budget log` shows).
        try recordedWriting(.received(sequence: file.sequence, clock: file.clock, command: ""), foreignKeysOff: true,
                            known: file.changeset, pausingLog: file.changeset.bytes.count > 64 * 1024) {
            try applier.apply(file.changeset, at: file.clock)
            try connection.cached("""
                INSERT INTO sync_state (device, last_sequence) VALUES (?, ?)
                ON CONFLICT (device) DO UPDATE SET last_sequence = excluded.last_sequence
                """).run([.text(file.device.description), .integer(Int64(file.sequence))])
            try applier.settleOldTransferMarks()
            for conflict in applier.conflicts { try saveConflict(conflict) }
        }
        return (applier.conflicts, applier.mergedTransactions, applier.insertedTransactions)
    }

    /// Keeps `conflict` in `sync_conflicts` (inside the write that resolved it).
    func saveConflict(_ conflict: SyncConflict) throws {
        func value(_ value: HistoryValue?) -> SQLiteValue {
            switch value {
            case nil, .null?: return .null
            case .integer(let number)?: return .integer(number)
            case .real(let text)?, .text(let text)?: return .text(text)
            case .blob(let bytes)?: return .blob(bytes)
            }
        }
        try connection.cached("""
            INSERT INTO sync_conflicts (synced_at, table_name, row_key, column_name, kept_value, lost_value, kept_device, lost_device,
                                        lost_time, lost_device_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([.integer(conflict.resolvedAt), .text(conflict.table), .text(conflict.rowKey), .text(conflict.column),
                      value(conflict.kept), value(conflict.lost), .text(conflict.keptDevice), .text(conflict.lostDevice),
                      conflict.lostClock.map { .integer($0.packed.time) } ?? .null,
                      conflict.lostClock.map { .text($0.device.description) } ?? .null])
    }
}
