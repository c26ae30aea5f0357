#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This book file's own device, as the `local_device` row keeps it: the id its history entries
/// and changeset files carry, its name, and the latest clock it made or heard.
///
/// Identity belongs to the file, not to its bytes: the row names the file (device and inode
/// numbers), and a book found at another file (a copy on a USB stick, a restored backup) takes a
/// fresh ``DeviceID`` on its next write, so two books never publish under one id. The old id's
/// published files stay applied (its `sync_state` row), so the copy carries on from there.
struct LocalDevice: Hashable, Sendable {
    /// The device's id and name.
    var device: Device
    /// The latest timestamp made or heard here.
    var clock: HybridLogicalClock

    /// The id of the file at `path`: `st_dev:st_ino`, or "" when it cannot be read.
    static func fileID(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "" }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// This host's name, the name a new device starts with ("budget" if it has none usable).
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "budget" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (try? Device(id: DeviceID.random(), name: name))?.name ?? "budget"
    }
}

extension BudgetStore {
    /// This book's device, read, or made when the book has none or belongs to another file.
    /// Runs inside the write transaction that needs it.
    ///
    /// - Throws: a database error.
    func localDevice() throws -> LocalDevice {
        let fileID = LocalDevice.fileID(of: path)
        let stored = try connection.cached("SELECT device_id, name, file_id, hlc_time FROM local_device WHERE one = 1").first {
            (id: DeviceID($0.text(0)), name: $0.text(1), fileID: $0.text(2), time: $0.int64(3))
        }
        if let stored, let id = stored.id, stored.fileID == fileID,
           let device = try? Device(id: id, name: stored.name),
           let clock = HybridLogicalClock(time: stored.time, device: Int64(id.rawValue)) {
            return LocalDevice(device: device, clock: clock)
        }
        // A new book, or a copy: a new id, the name and the clock carried over.
        let id = DeviceID.random()
        let name = stored.flatMap { try? Device(id: id, name: $0.name) }?.name ?? LocalDevice.hostName()
        // Known: the name was validated above or is the host's validated name.
        let device = try Device(id: id, name: name)
        let time = stored?.time ?? 0
        let local = LocalDevice(device: device, clock: HybridLogicalClock(time: time, device: Int64(id.rawValue))
                                    ?? HybridLogicalClock(device: id))
        try saveLocalDevice(local, fileID: fileID)
        return local
    }

    /// Writes `local` as this book's device.
    func saveLocalDevice(_ local: LocalDevice, fileID: String? = nil) throws {
        try connection.cached("""
            INSERT INTO local_device (one, device_id, name, file_id, hlc_time) VALUES (1, ?, ?, ?, ?)
            ON CONFLICT (one) DO UPDATE SET device_id = excluded.device_id, name = excluded.name,
                file_id = excluded.file_id, hlc_time = excluded.hlc_time
            """).run([.text(local.device.id.description), .text(local.device.name),
                      .text(fileID ?? LocalDevice.fileID(of: path)), .integer(local.clock.packed.time)])
    }

    /// A new timestamp for a local write, after every one this book made or heard, saved.
    func stamp() throws -> (device: LocalDevice, time: HybridLogicalClock) {
        var local = try localDevice()
        let time = local.clock.tick(now: HybridLogicalClock.wallClock())
        try connection.cached("UPDATE local_device SET hlc_time = ? WHERE one = 1").run([.integer(time.packed.time)])
        return (local, time)
    }
}

extension Day {
    /// Milliseconds since 1970 at this day's local midnight (`mktime`, which honours `TZ`).
    var startMilliseconds: Int64 {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_isdst = -1
        return Int64(mktime(&parts)) * 1000
    }
}
