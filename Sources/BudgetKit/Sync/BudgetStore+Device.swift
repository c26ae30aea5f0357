extension BudgetStore {
    /// This book's device: its id and name, and its slot once it syncs (the last digit of the
    /// ids it makes). A book copied to another file is another device: it takes a new id on its
    /// next write, so two books never publish under one id.
    ///
    /// - Throws: a database error.
    public func device() throws -> (device: Device, slot: Int64?) {
        try reading {
            let read = { (try self.localDevice().device, try self.ownSlot()) }
            // Inside a grouped write (``write(_:)``) its transaction is open: a savepoint of it.
            return try connection.isInTransaction ? connection.inSavepoint(read) : connection.inTransaction(read)
        }
    }

    /// Whether this book shares a sync folder (it founded or joined one), whether or not this
    /// device has its slot there yet: a joining, copied or restored book waits for one.
    ///
    /// - Throws: a database error.
    public func sharesSyncFolder() throws -> Bool {
        try reading { try connection.int64("SELECT EXISTS (SELECT 1 FROM devices)") == 1 }
    }

    /// Names this device (`budget device NAME`); a synced book shares the new name with the others.
    ///
    /// - Returns: the device with its new name.
    /// - Throws: ``BudgetError/sync(_:)`` with ``SyncError/invalidDeviceName(_:)``; a database error.
    @discardableResult
    public func renameDevice(to name: String) throws -> Device {
        let renamed: Device
        do {
            renamed = try Device(id: DeviceID.random(), name: name)
        } catch {
            throw BudgetError.sync(error)
        }
        return try recordedWriting(.command) {
            var local = try localDevice()
            local.device = try Device(id: local.device.id, name: renamed.name)
            try saveLocalDevice(local)
            try connection.run("UPDATE devices SET name = ? WHERE device_id = ?", [.text(renamed.name), .text(local.device.id.description)])
            return local.device
        }
    }
}
