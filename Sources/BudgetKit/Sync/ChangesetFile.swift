/// One changeset as a file in a shared sync folder: a 64-byte header, then the changeset's bytes.
///
/// Each device writes only its own files, numbered 1, 2, 3... and named
/// `DEVICE-SEQUENCE.changeset` (`k7m2x9qa-000000000042.changeset`: the ``DeviceID`` and the
/// sequence number in 12 digits), so a folder listing sorted by name groups each device's files
/// in their order, and a device knows from the names alone which files it has not applied yet.
///
/// The header, all numbers big-endian (`xxd` shows it plainly):
///
/// | offset | bytes | field |
/// |-------:|------:|-------|
/// | 0  | 8 | magic `89 42 43 53 0D 0A 1A 0A` (`\x89BCS\r\n\x1A\n`: a text-mode copy or a git `autocrlf` that mangles line ends shows) |
/// | 8  | 2 | file format version, 1 |
/// | 10 | 2 | header size, 64 |
/// | 12 | 4 | schema version of the book that recorded the changes (a reader with another schema must not apply them: SQLite skips tables whose columns differ) |
/// | 16 | 8 | device id (``DeviceID/rawValue``) |
/// | 24 | 8 | sequence number, 1 ... 999,999,999,999 |
/// | 32 | 8 | hybrid logical clock of the write (``HybridLogicalClock/packed``'s `time`; its device is the file's) |
/// | 40 | 8 | length of the changes in bytes, at most ``Changeset/maximumByteCount`` |
/// | 48 | 4 | CRC-32 of the changes (``CRC32``) |
/// | 52 | 8 | reserved, written as zeros, not read |
/// | 60 | 4 | CRC-32 of bytes 0 ..< 60 |
///
/// Every later format keeps the first 12 bytes where they are and ends its header (at most
/// ``maximumHeaderSize`` bytes) with the CRC-32 of the bytes before it, so a reader checks any
/// version's header before believing its version number.
///
/// A reader refuses, with ``SyncError/invalidChangesetFile(path:problem:)``, a file cut short or
/// longer than its header says, one whose checksums do not match, one of a newer format, one
/// whose changes are not a well-formed changeset, and one whose name and header disagree:
/// nothing of such a file is ever handed to SQLite to apply.
struct ChangesetFile: Hashable, Sendable {
    /// The format this code writes, and the newest it reads.
    static let formatVersion = 1
    /// The header's size in format 1.
    static let headerSize = 64
    /// The largest header any format may have: what a reader reads before anything else.
    static let maximumHeaderSize = 4096
    /// The first eight bytes of every changeset file.
    static let magic: [UInt8] = [0x89, 0x42, 0x43, 0x53, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The end of every changeset file's name.
    static let nameSuffix = ".changeset"
    /// The largest sequence number (12 digits in the name).
    static let maximumSequence: UInt64 = 999_999_999_999

    /// The schema version of the book that recorded the changes.
    let schemaVersion: Int
    /// The file's place among its device's files: 1 for the first.
    let sequence: UInt64
    /// When the changes were made, and by which device.
    let clock: HybridLogicalClock
    /// The changes.
    let changeset: Changeset

    /// The device that wrote the file.
    var device: DeviceID { clock.device }

    /// A file's contents.
    ///
    /// - Precondition: `sequence` is in 1 ... ``maximumSequence``; `schemaVersion` in 0 ..< 2³².
    init(schemaVersion: Int, sequence: UInt64, clock: HybridLogicalClock, changeset: Changeset) {
        precondition((1...Self.maximumSequence).contains(sequence), "sequence \(sequence)")
        precondition(schemaVersion >= 0 && schemaVersion <= Int(UInt32.max), "schema version \(schemaVersion)")
        self.schemaVersion = schemaVersion
        self.sequence = sequence
        self.clock = clock
        self.changeset = changeset
    }

    /// The file's name: `DEVICE-SEQUENCE.changeset`.
    var name: String { Self.name(device: device, sequence: sequence) }

    /// The name of `device`'s file number `sequence`: `k7m2x9qa-000000000042.changeset`.
    static func name(device: DeviceID, sequence: UInt64) -> String {
        let digits = String(sequence)
        return device.description + "-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits + nameSuffix
    }

    /// The device and sequence number a file name says, or `nil` for any other name (a
    /// temporary file, a sync tool's conflict copy, a note someone left in the folder).
    static func parseName(_ name: String) -> (device: DeviceID, sequence: UInt64)? {
        let bytes = Array(name.utf8)
        let suffix = Array(nameSuffix.utf8)
        guard bytes.count == DeviceID.textLength + 1 + 12 + suffix.count, bytes[DeviceID.textLength] == UInt8(ascii: "-"),
              bytes.suffix(suffix.count).elementsEqual(suffix),
              let device = DeviceID(String(decoding: bytes[..<DeviceID.textLength], as: UTF8.self)) else { return nil }
        var sequence: UInt64 = 0
        for byte in bytes[(DeviceID.textLength + 1)..<(DeviceID.textLength + 13)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            sequence = sequence * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        guard sequence >= 1 else { return nil }
        return (device, sequence)
    }

    /// The whole file: header, then the changes.
    ///
    /// - Complexity: O(n) in the changes (one copy, one checksum).
    func encoded() -> [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(Self.headerSize + changeset.bytes.count)
        Self.append(UInt64(Self.formatVersion), 2, to: &bytes)
        Self.append(UInt64(Self.headerSize), 2, to: &bytes)
        Self.append(UInt64(schemaVersion), 4, to: &bytes)
        Self.append(device.rawValue, 8, to: &bytes)
        Self.append(sequence, 8, to: &bytes)
        Self.append(UInt64(clock.packed.time), 8, to: &bytes)
        Self.append(UInt64(changeset.bytes.count), 8, to: &bytes)
        Self.append(UInt64(CRC32.checksum(changeset.bytes)), 4, to: &bytes)
        Self.append(0, 8, to: &bytes)
        Self.append(UInt64(CRC32.checksum(bytes)), 4, to: &bytes)
        bytes += changeset.bytes
        return bytes
    }

    private static func append(_ value: UInt64, _ count: Int, to bytes: inout [UInt8]) {
        for index in stride(from: count - 1, through: 0, by: -1) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8)))
        }
    }
}
