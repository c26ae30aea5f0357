extension BudgetStore {
    /// Gives the device `id` (named `name`) the smallest slot no device holds, as a recorded (and
    /// so published) write: the founding device's own slot 0, or a joiner's answered request.
    ///
    /// - Returns: whether a slot was free.
    @discardableResult
    func giveSlot(to id: String, named name: String) throws -> Bool {
        try recordedWriting(.command) {
            guard let slot = try connection.int64(Self.smallestFreeSlot) else { return false }
            try connection.run("INSERT INTO devices (slot, device_id, name, claimed_at) VALUES (?, ?, ?, ?)",
                               [.integer(slot), .text(id), .text(name), .integer(HybridLogicalClock.wallClock())])
            return true
        }
    }

    /// Whether `device` asked the folder for a slot already (from this book or a book it was
    /// copied from: a copy is another device, with another id).
    func hasAskedForSlot(_ device: Device) throws -> Bool {
        try reading {
            try connection.int64("SELECT EXISTS (SELECT 1 FROM slot_requests WHERE device_id = ?)", [.text(device.id.description)]) == 1
        }
    }

    /// Asks the founding device for a slot, as a recorded (and so published) write.
    ///
    /// - Throws: ``SyncError/noFreeSlot`` when every slot is given already.
    func askForSlot(_ device: Device) throws {
        try recordedWriting(.command) {
            guard try connection.int64(Self.smallestFreeSlot) != nil else { throw SyncError.noFreeSlot }
            try connection.run("INSERT INTO slot_requests (device_id, name, requested_at) VALUES (?, ?, ?)",
                               [.text(device.id.description), .text(device.name), .integer(HybridLogicalClock.wallClock())])
        }
    }

    /// Gives a slot to every device that asked for one and has none, oldest request first,
    /// while slots are free (a request that finds none waits).
    func answerSlotRequests() throws {
        let waiting = try reading {
            try connection.prepare("""
                SELECT r.device_id, r.name FROM slot_requests AS r
                WHERE NOT EXISTS (SELECT 1 FROM devices AS d WHERE d.device_id = r.device_id)
                ORDER BY r.requested_at, r.device_id
                """).map { ($0.text(0), $0.text(1)) }
        }
        for (id, name) in waiting {
            guard try giveSlot(to: id, named: name) else { return }
        }
    }

    /// The smallest of the slots 0...9 no device holds (no row when all are given).
    static let smallestFreeSlot = """
        WITH slots(value) AS (SELECT 0 UNION ALL SELECT value + 1 FROM slots WHERE value < 9)
        SELECT min(value) FROM slots WHERE value NOT IN (SELECT slot FROM devices) HAVING min(value) IS NOT NULL
        """

    /// The tables a changeset carries: every table but SQLite's own and ``Schema/unrecordedTables``.
    func syncedTables() throws -> [String] {
        try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .map { $0.text(0) }.filter { !Schema.unrecordedTables.contains($0) }
    }

    /// The founder's first file: every row of the book as an insert (a joining device starts
    /// from it), covering every local entry so far.
    func publishSnapshot(me: DeviceID, into folder: String) throws {
        let snapshot: Changeset = try reading {
            let session = try Session(on: connection)
            try session.attachAll(except: Schema.unrecordedTables)
            try connection.execute("PRAGMA foreign_keys = OFF")
            defer { try? connection.execute("PRAGMA foreign_keys = ON") }
            try connection.execute("BEGIN IMMEDIATE")
            defer { try? connection.execute("ROLLBACK") }
            for table in try syncedTables() { try connection.execute("DELETE FROM \"\(table)\"") }
            return try session.changeset().inverted()
        }
        let last = try reading { try connection.int64("SELECT max(id) FROM history") ?? 0 }
        let time = try reading { try connection.int64("SELECT hlc_time FROM local_device") ?? 0 }
        try publishFile(changeset: snapshot, time: time, me: me, into: folder, entry: last, historyID: nil)
    }

    /// Writes this device's entries not published yet, oldest first, each as the next file.
    ///
    /// - Returns: how many were published.
    func publish(me: DeviceID, into folder: String, listing: [ChangesetFile.Entry]) throws -> Int {
        let lastEntry = try syncState().lastEntry
        let entries = try reading {
            try connection.prepare("SELECT id, hlc_time, changeset, bulk_bytes FROM history WHERE received = 0 AND id > ? ORDER BY id")
                .map([.integer(lastEntry)]) {
                    ($0.int64(0), $0.int64(1), try HistoryChunks.changeset(of: $0.int64(0), head: $0.blob(2), bulkBytes: $0.int64(3), on: connection))
                }
        }
        for (id, time, bytes) in entries {
            try publishFile(changeset: try Changeset(bytes: bytes), time: time, me: me, into: folder, entry: id, historyID: id)
        }
        return entries.count
    }

    /// Writes one file as this device's next, then notes it in the book. A file already under
    /// that name with the same contents (a sync killed between the two) counts as written; any
    /// other means another book publishes under this device's id.
    private func publishFile(changeset: Changeset, time: Int64, me: DeviceID, into folder: String, entry: Int64,
                             historyID: Int64?) throws {
        let sequence = (try syncState().applied[me] ?? 0) + 1
        guard let clock = HybridLogicalClock(time: time, device: Int64(me.rawValue)) else { return }
        let file = ChangesetFile(schemaVersion: Schema.migrator.latestVersion, sequence: sequence, clock: clock, changeset: changeset)
        let written: SyncError? = {
            do throws(SyncError) { try file.write(into: folder) } catch { return error }
            return nil
        }()
        if let written {
            guard case .changesetFileExists(let path) = written, (try? ChangesetFile.read(path)) == file else { throw written }
        }
        try reading {
            try connection.inTransaction {
                try connection.run("""
                    INSERT INTO sync_state (device, last_sequence, last_entry) VALUES (?, ?, ?)
                    ON CONFLICT (device) DO UPDATE SET last_sequence = excluded.last_sequence, last_entry = excluded.last_entry
                    """, [.text(me.description), .integer(Int64(sequence)), .integer(entry)])
                if let historyID {
                    try connection.run("UPDATE history SET sequence = ?, device = ? WHERE id = ?",
                                       [.integer(Int64(sequence)), .text(me.description), .integer(historyID)])
                }
            }
        }
    }
}
