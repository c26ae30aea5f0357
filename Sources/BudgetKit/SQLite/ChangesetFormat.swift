/// SQLite's changeset format, walked in Swift before any SQLite function reads bytes that did
/// not come from SQLite in this process.
///
/// SQLite 3.40's changeset reader trusts a table header to hold its name's terminating NUL:
/// given bytes that end inside a table header (a truncated file, a flipped NUL), `sqlite3changeset_next`
/// loops for ever, and it reads up to nine bytes past the end while decoding a column count.
/// So ``Changeset/init(bytes:)`` walks the whole structure first, with every length checked
/// against what is left, and refuses anything SQLite would not itself have written.
///
/// The format (sqlite3session.c, "CHANGESET FORMAT"): tables one after another, each a header
/// then one or more changes.
/// - Table header: `0x54` ('T'); a varint column count; one byte per column, 0 for a column
///   outside the primary key and its place in the key otherwise (1, 2...: SQLite writes
///   `PRAGMA table_info`'s `pk`); the table name in UTF-8, ending with a NUL.
/// - Change: the operation (`0x12` INSERT, `0x17` UPDATE, `0x09` DELETE); the indirect flag
///   (0 or 1); the old record (DELETE and UPDATE); the new record (INSERT and UPDATE).
/// - Record: one field per column: a type byte, then the value: `0x00` undefined (UPDATE
///   records only) and `0x05` NULL with nothing after; `0x01` integer and `0x02` real with 8
///   bytes big-endian; `0x03` text and `0x04` blob with a varint byte count, then the bytes.
/// - Varint: SQLite's, 1 to 9 bytes, 7 bits each with the high bit set on all but the last; the
///   ninth byte gives 8 bits.
///
/// What it cannot do: tell a changed value or a cut between two changes from the real thing
/// (both are well formed). A checksum and a length around the bytes do that (``ChangesetFile``).
enum ChangesetFormat {
    /// The most columns a table header may declare (SQLite's session reader allows no more).
    static let maximumColumnCount = 65_536

    /// Checks that `bytes` are one or more well-formed table groups and nothing else.
    ///
    /// - Returns: the number of changes.
    /// - Throws: ``SQLiteError`` with `SQLITE_CORRUPT` naming the offset of the first fault.
    /// - Complexity: O(n) in the byte count; no allocation.
    @discardableResult
    static func validate(_ bytes: UnsafeRawBufferPointer) throws(SQLiteError) -> Int {
        var reader = Reader(bytes: bytes)
        var changes = 0
        guard !reader.isAtEnd else { throw reader.corrupt("no table") }
        while !reader.isAtEnd {
            guard try reader.byte() == 0x54 else { throw reader.corrupt("a table header must start with 'T'", back: 1) }
            let columnCount = try reader.varint()
            guard columnCount >= 1, columnCount <= UInt64(maximumColumnCount) else {
                throw reader.corrupt("impossible column count \(columnCount)")
            }
            var primaryKey: [Bool] = []
            primaryKey.reserveCapacity(Int(columnCount))
            for _ in 0..<columnCount {
                // 0, or the column's place in the primary key (PRAGMA table_info's pk: 1, 2...).
                let flag = try reader.byte()
                guard UInt64(flag) <= columnCount else { throw reader.corrupt("impossible primary key flag \(flag)", back: 1) }
                primaryKey.append(flag != 0)
            }
            guard primaryKey.contains(true) else { throw reader.corrupt("a table without primary key") }
            var nameLength = 0
            while try reader.byte() != 0 { nameLength += 1 }
            guard nameLength > 0 else { throw reader.corrupt("an empty table name") }
            repeat {
                let operation = try reader.byte()
                guard [0x12, 0x17, 0x09].contains(operation) else { throw reader.corrupt("unknown operation \(operation)", back: 1) }
                guard try reader.byte() <= 1 else { throw reader.corrupt("an indirect flag must be 0 or 1", back: 1) }
                let isUpdate = operation == 0x17
                if operation != 0x12 { try reader.record(primaryKey, isUpdate: isUpdate, isOld: true) }
                if operation != 0x09 { try reader.record(primaryKey, isUpdate: isUpdate, isOld: false) }
                changes += 1
            } while !reader.isAtEnd && reader.peek() != 0x54
        }
        return changes
    }

    /// A cursor over the bytes that never reads past their end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset >= bytes.count }

        func peek() -> UInt8 { bytes[offset] }

        func corrupt(_ what: String, back: Int = 0) -> SQLiteError {
            // SQLITE_CORRUPT = 11
            SQLiteError(extendedCode: 11, message: "malformed changeset at byte \(offset - back): \(what)")
        }

        mutating func byte() throws(SQLiteError) -> UInt8 {
            guard offset < bytes.count else { throw corrupt("it ends too early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func skip(_ count: UInt64) throws(SQLiteError) {
            guard count <= UInt64(bytes.count - offset) else { throw corrupt("a value runs past the end") }
            offset += Int(count)
        }

        /// SQLite's varint (sqlite3GetVarint).
        mutating func varint() throws(SQLiteError) -> UInt64 {
            var value: UInt64 = 0
            for _ in 0..<8 {
                let byte = try byte()
                value = (value << 7) | UInt64(byte & 0x7F)
                if byte < 0x80 { return value }
            }
            return (value << 8) | UInt64(try byte())
        }

        /// One record: a field per column; undefined fields only in an UPDATE's records, and
        /// never for a primary key column of its old record (SQLite finds the row by them).
        mutating func record(_ primaryKey: [Bool], isUpdate: Bool, isOld: Bool) throws(SQLiteError) {
            for isKey in primaryKey {
                let type = try byte()
                switch type {
                case 0x00:
                    guard isUpdate, !(isOld && isKey) else { throw corrupt("an undefined value where one is needed", back: 1) }
                case 0x01, 0x02: try skip(8)
                case 0x03, 0x04: try skip(try varint())
                case 0x05: break
                default: throw corrupt("unknown value type \(type)", back: 1)
                }
            }
        }
    }
}
