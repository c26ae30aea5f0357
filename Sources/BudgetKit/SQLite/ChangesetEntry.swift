/// One change of a changeset, read in place from the changeset's bytes: its table and operation
/// at once, its values only when asked. Valid only inside the closure ``Changeset/forEachEntry(_:)``
/// hands it to.
///
/// It exists for speed (applying 100,000 synced rows): SQLite's own iterator makes an
/// `sqlite3_value` for every value of every change, a memory allocation each, before anyone
/// looks at it. This reads the documented format (``ChangesetFormat``) where it lies, on bytes
/// that ``ChangesetFormat/validate(_:)`` checked when the ``Changeset`` was made (or that SQLite
/// itself wrote), and decodes values exactly as SQLite does: ``change()`` equals the change
/// `sqlite3changeset_next` reads, value for value (tested on every kind of value). A plain
/// insert of a new row needs only ``newInteger(at:)``, ``isNewNull(at:)`` and its record
/// (``ChangesetRowBuffer/append(_:key:)``). Not thread-safe.
struct ChangesetEntry {
    /// The table's name.
    let table: String
    /// For each column, whether it is part of the primary key.
    let primaryKeyColumns: [Bool]
    /// What happened to the row.
    let operation: ChangesetChange.Operation
    /// Whether the change was indirect (made by a trigger or a foreign key action).
    let isIndirect: Bool
    /// The old row's record (empty for an insert): a field per column, in the changeset's format.
    let oldRecord: UnsafeRawBufferPointer
    /// The new row's record (empty for a delete).
    let newRecord: UnsafeRawBufferPointer

    /// How many columns the change has (the table's, when it was recorded).
    var columnCount: Int { primaryKeyColumns.count }

    /// The whole change, decoded.
    func change() -> ChangesetChange {
        var old = operation == .insert ? [] : ChangesetRecord.values(oldRecord, count: columnCount)
        let new = operation == .delete ? [] : ChangesetRecord.values(newRecord, count: columnCount)
        if operation == .update {
            // As SQLite's iterator: an UPDATE's old value of a column outside the key that the
            // change leaves untouched is no value (sqlite3session.c drops it; only a damaged or
            // hand-made changeset carries one).
            for index in old.indices where index < new.count && !primaryKeyColumns[index] && new[index] == .unchanged {
                old[index] = .unchanged
            }
        }
        return ChangesetChange(table: table, operation: operation, isIndirect: isIndirect, primaryKeyColumns: primaryKeyColumns,
                               oldValues: old, newValues: new)
    }

    /// The new value of `column` (0-based) when it is an integer; `nil` for any other value, and
    /// for a delete.
    func newInteger(at column: Int) -> Int64? {
        guard operation != .delete, let offset = ChangesetRecord.offset(of: column, in: newRecord),
              newRecord[offset] == ChangesetRecord.integer else { return nil }
        return Int64(bitPattern: ChangesetRecord.bigEndianWord(newRecord, at: offset + 1))
    }

    /// Whether the new value of `column` (0-based) is SQL NULL (not merely absent).
    func isNewNull(at column: Int) -> Bool {
        guard operation != .delete, let offset = ChangesetRecord.offset(of: column, in: newRecord) else { return false }
        return ChangesetRecord.isNull(newRecord, at: offset)
    }
}

extension Changeset {
    /// Calls `body` with each change in place, in the order of ``forEachChange(_:)``.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for bytes that are not a changeset (never
    ///   for a ``Changeset``, whose bytes were checked); what `body` throws.
    /// - Complexity: O(n) in the changeset's size; one `String` per table, nothing per change
    ///   unless `body` asks.
    func forEachEntry(_ body: (ChangesetEntry) throws -> Void) throws {
        guard !isEmpty else { return }
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            func corrupt() -> SQLiteError { Changeset.error(11) }  // SQLITE_CORRUPT
            while offset < buffer.count {
                guard buffer[offset] == 0x54, let (count, after) = ChangesetRecord.varint(buffer, at: offset + 1),
                      count >= 1, count <= UInt64(ChangesetFormat.maximumColumnCount), after + Int(count) < buffer.count else { throw corrupt() }
                let columnCount = Int(count)
                let primaryKey = (0..<columnCount).map { buffer[after + $0] != 0 }
                let nameStart = after + columnCount
                guard let nameEnd = buffer[nameStart...].firstIndex(of: 0) else { throw corrupt() }
                let table = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[nameStart..<nameEnd]), as: UTF8.self)
                offset = nameEnd + 1
                repeat {
                    guard offset + 2 <= buffer.count else { throw corrupt() }
                    let operation: ChangesetChange.Operation
                    switch buffer[offset] {
                    case 0x12: operation = .insert
                    case 0x17: operation = .update
                    case 0x09: operation = .delete
                    default: throw corrupt()
                    }
                    let isIndirect = buffer[offset + 1] != 0
                    offset += 2
                    var old = UnsafeRawBufferPointer(start: nil, count: 0), new = old
                    if operation != .insert {
                        guard let end = ChangesetRecord.end(buffer, from: offset, count: columnCount) else { throw corrupt() }
                        old = UnsafeRawBufferPointer(rebasing: buffer[offset..<end])
                        offset = end
                    }
                    if operation != .delete {
                        guard let end = ChangesetRecord.end(buffer, from: offset, count: columnCount) else { throw corrupt() }
                        new = UnsafeRawBufferPointer(rebasing: buffer[offset..<end])
                        offset = end
                    }
                    try body(ChangesetEntry(table: table, primaryKeyColumns: primaryKey, operation: operation, isIndirect: isIndirect,
                                            oldRecord: old, newRecord: new))
                } while offset < buffer.count && buffer[offset] != 0x54
            }
        }
    }
}

/// Reading the fields of a changeset record (``ChangesetFormat``): a type byte per field, then
/// 8 bytes big-endian for an integer or a real, a varint length and the bytes for text or a
/// blob, nothing for NULL (`0x05`) or an undefined field (`0x00`, an UPDATE's untouched column).
/// Every read is bounds-checked: a fault gives `nil`, never a read past the end.
enum ChangesetRecord {
    static let undefined: UInt8 = 0x00, integer: UInt8 = 0x01, real: UInt8 = 0x02, text: UInt8 = 0x03, blob: UInt8 = 0x04,
               null: UInt8 = 0x05

    /// SQLite's varint at `offset` (1 to 9 bytes) and the offset after it.
    static func varint(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> (UInt64, Int)? {
        var value: UInt64 = 0
        var offset = offset
        for _ in 0..<8 {
            guard offset < buffer.count else { return nil }
            let byte = buffer[offset]
            offset += 1
            value = (value << 7) | UInt64(byte & 0x7F)
            if byte < 0x80 { return (value, offset) }
        }
        guard offset < buffer.count else { return nil }
        return ((value << 8) | UInt64(buffer[offset]), offset + 1)
    }

    /// Where the field at `offset` ends.
    static func fieldEnd(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        guard offset < buffer.count else { return nil }
        switch buffer[offset] {
        case undefined, null: return offset + 1
        case integer, real: return offset + 9 <= buffer.count ? offset + 9 : nil
        case text, blob:
            guard let (length, start) = varint(buffer, at: offset + 1), length <= UInt64(buffer.count - start) else { return nil }
            return start + Int(length)
        default: return nil
        }
    }

    /// Where a record of `count` fields starting at `offset` ends.
    static func end(_ buffer: UnsafeRawBufferPointer, from offset: Int, count: Int) -> Int? {
        var offset = offset
        for _ in 0..<count {
            guard let next = fieldEnd(buffer, at: offset) else { return nil }
            offset = next
        }
        return offset
    }

    /// Where field `column` of `record` starts.
    static func offset(of column: Int, in record: UnsafeRawBufferPointer) -> Int? {
        guard column >= 0 else { return nil }
        var offset = 0
        for _ in 0..<column {
            guard let next = fieldEnd(record, at: offset) else { return nil }
            offset = next
        }
        return offset < record.count ? offset : nil
    }

    /// The 8 bytes at `offset`, big-endian.
    static func bigEndianWord(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether the bits of an IEEE 754 double are a NaN (exponent all ones, fraction not zero):
    /// read from the bits, so a REAL never becomes a Double here.
    static func isNaN(_ bits: UInt64) -> Bool {
        bits & 0x7FF0_0000_0000_0000 == 0x7FF0_0000_0000_0000 && bits & 0x000F_FFFF_FFFF_FFFF != 0
    }

    /// Whether the field at `offset` reads as SQL NULL: NULL itself, or a real that is not a
    /// number (SQLite reads one as NULL: `sqlite3VdbeMemSetDouble`).
    static func isNull(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        buffer[offset] == null || (buffer[offset] == real && isNaN(bigEndianWord(buffer, at: offset + 1)))
    }

    /// The value of the field at `offset`, as SQLite's iterator reads it.
    static func value(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> ChangesetValue {
        switch buffer[offset] {
        case integer: return .integer(Int64(bitPattern: bigEndianWord(buffer, at: offset + 1)))
        case real:
            let bits = bigEndianWord(buffer, at: offset + 1)
            return isNaN(bits) ? .null : .real(bitPattern: bits)
        case text, blob:
            guard let (length, start) = varint(buffer, at: offset + 1) else { return .null }
            let bytes = Array(UnsafeRawBufferPointer(rebasing: buffer[start..<start + Int(length)]))
            return buffer[offset] == text ? .text(bytes) : .blob(bytes)
        case null: return .null
        default: return .unchanged
        }
    }

    /// The `count` values of a record.
    static func values(_ record: UnsafeRawBufferPointer, count: Int) -> [ChangesetValue] {
        var values: [ChangesetValue] = []
        values.reserveCapacity(count)
        var offset = 0
        for _ in 0..<count {
            guard let next = fieldEnd(record, at: offset) else { break }
            values.append(value(record, at: offset))
            offset = next
        }
        return values
    }
}
