/// CRC-32 as zlib, gzip and PNG compute it (IEEE 802.3, reflected polynomial 0xEDB88320, initial
/// and final value all ones): the checksum of `123456789` is 0xCBF43926, and `zlib.crc32` or
/// `gzip` can check a ``ChangesetFile`` by hand.
///
/// It finds every error of up to 32 bits in a row and every odd number of flipped bits, and
/// misses random damage once in 4 billion: a guard against a truncated or damaged file, not
/// against someone forging one.
struct CRC32 {
    /// The checksum so far.
    private(set) var value: UInt32 = 0

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// Adds `bytes` to the checksum.
    ///
    /// - Complexity: O(n): eight bytes at a time, a table lookup per byte ("slicing by 8"), so a
    ///   changeset file of several megabytes is checked in a few milliseconds.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        CRC32.tables.withUnsafeBufferPointer { table in
            var offset = 0
            while offset + 8 <= bytes.count {
                let low = crc ^ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let high = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                offset += 8
            }
            while offset < bytes.count {
                crc = table[Int((crc ^ UInt32(bytes[offset])) & 0xFF)] ^ (crc >> 8)
                offset += 1
            }
        }
        value = ~crc
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Eight tables of 256: the first is the classic byte table; table k gives a byte's effect
    /// k bytes further on.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
            }
            tables[index] = crc
        }
        for index in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()
}
