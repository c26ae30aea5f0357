extension HybridLogicalClock {
    /// The timestamp as 30 characters that sort as timestamps do:
    /// `MMMMMMMMMMMMMMM-CCCCC-DDDDDDDD` (milliseconds in 15 decimal digits, counter in 5, device
    /// id in 8 base32 characters), such as `001795000000000-00042-k7m2x9qa`.
    public var text: String {
        Self.padded(milliseconds, 15) + "-" + Self.padded(Int64(counter), 5) + "-" + device.description
    }

    /// The timestamp written as ``text`` writes it, or `nil` for any other text (another
    /// length, a counter over 65535, milliseconds past ``maximumMilliseconds``, a bad device id).
    public init?(text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 30, bytes[15] == UInt8(ascii: "-"), bytes[21] == UInt8(ascii: "-"),
              let milliseconds = Self.decimal(bytes[0..<15]), milliseconds <= Self.maximumMilliseconds,
              let counter = Self.decimal(bytes[16..<21]), counter <= Int64(UInt16.max),
              let device = DeviceID(String(decoding: bytes[22...], as: UTF8.self)) else { return nil }
        self.init(milliseconds: milliseconds, counter: UInt16(counter), device: device)
    }

    /// The timestamp as two non-negative integers that sort as timestamps do, compared `time`
    /// first: `time` = milliseconds × 2¹⁶ + counter, `device` = the device id's number.
    public var packed: (time: Int64, device: Int64) {
        (milliseconds << 16 | Int64(counter), Int64(device.rawValue))
    }

    /// The timestamp from its ``packed`` form, or `nil` when either number is out of range.
    public init?(time: Int64, device: Int64) {
        guard time >= 0, device > 0, let id = DeviceID(rawValue: UInt64(device)) else { return nil }
        self.init(milliseconds: time >> 16, counter: UInt16(time & 0xFFFF), device: id)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func decimal(_ bytes: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
