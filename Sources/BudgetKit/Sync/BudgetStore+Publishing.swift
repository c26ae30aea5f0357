extension BudgetStore {
    /// Takes the smallest slot no device holds, as a recorded (and so published) write.
    ///
    /// - Throws: ``SyncError/noFreeSlot``.
    func claimSlot(_ device: Device) throws {
        try recordedWriting(.command) {
            guard let slot = try connection.int64("""
                SELECT min(s.value) FROM generate_slots AS s WHERE s.value NOT IN (SELECT slot FROM devices)
                """.replacingSlots) else { throw SyncError.noFreeSlot }
            try connection.run("INSERT INTO devices (slot, device_id, name, claimed_at) VALUES (?, ?, ?, ?)",
                               [.integer(slot), .text(device.id.description), .text(device.name),
                                .integer(HybridLogicalClock.wallClock())])
        }
    }

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
            try connection.prepare("SELECT id, hlc_time, changeset FROM history WHERE received = 0 AND id > ? ORDER BY id")
                .map([.integer(lastEntry)]) { ($0.int64(0), $0.int64(1), $0.blob(2)) }
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

private extension String {
    /// The query with `generate_slots` as the ten slots 0...9.
    var replacingSlots: String {
        "WITH generate_slots(value) AS (SELECT 0 UNION ALL SELECT value + 1 FROM generate_slots WHERE value < 9) " + self
    }
}
