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
    /// - Complexity: O(n), a table lookup per byte.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        for byte in bytes {
            crc = CRC32.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        value = ~crc
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
        }
        return crc
    }
}
