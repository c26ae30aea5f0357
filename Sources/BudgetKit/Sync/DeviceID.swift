/// How a device names itself in a book shared through a folder: 40 random bits, written as
/// eight characters of Crockford's base32 in lower case (`k7m2x9qa`).
///
/// Made once per device by ``random()`` and never changed; it names the device's changeset
/// files (``ChangesetFile``) and ends every timestamp the device makes (``HybridLogicalClock``),
/// so two devices' timestamps are never equal. People see ``Device/name`` instead.
///
/// Why 40 bits: short enough to read in a file name, and with k devices sharing a book the
/// chance that two draw the same id is k(k-1)/2⁴¹ (one in 24 billion for ten devices). Should
/// it happen, or should one book file be copied to a second machine with its id, the second
/// device finds its own next file name already taken in the folder and is refused
/// (``SyncError/changesetFileExists(path:)``) instead of writing over the first one's history.
///
/// The digits `0-9` then the letters `a-z` without `i`, `l`, `o`, `u`: ascending in ASCII, so
/// the text sorts as the number does. Value 0 is never an id (it can mean "no device").
public struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number: 1 ..< 2⁴⁰.
    public let rawValue: UInt64

    /// How many bits an id has.
    public static let bitCount = 40
    /// How many characters its text has.
    public static let textLength = 8

    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

    /// The id with this number, or `nil` when it is 0 or does not fit in 40 bits.
    public init?(rawValue: UInt64) {
        guard rawValue > 0, rawValue < 1 << DeviceID.bitCount else { return nil }
        self.rawValue = rawValue
    }

    /// The id written as ``description`` writes it (upper case accepted too), or `nil` when
    /// `text` is not eight base32 characters or names 0.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == DeviceID.textLength else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            guard let digit = DeviceID.alphabet.firstIndex(of: lower) else { return nil }
            value = value << 5 | UInt64(digit)
        }
        self.init(rawValue: value)
    }

    /// A new id from the system's random source (`getrandom`).
    public static func random() -> DeviceID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A new id drawn from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> DeviceID {
        DeviceID(rawValue: UInt64.random(in: 1..<(1 << DeviceID.bitCount), using: &generator))!
    }

    /// Eight base32 characters, most significant first: `k7m2x9qa`.
    public var description: String {
        var characters: [UInt8] = []
        for index in stride(from: DeviceID.textLength - 1, through: 0, by: -1) {
            characters.append(DeviceID.alphabet[Int(rawValue >> UInt64(index * 5) & 31)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A device as people know it: its ``DeviceID`` and the name its owner gave it ("anna-laptop").
///
/// The name is for people (`budget device NAME`, the log, the conflicts list) and may change;
/// the id is what files and timestamps hold and never changes. Two devices may share a name.
public struct Device: Hashable, Sendable {
    /// The longest name, in characters.
    public static let maximumNameLength = 64

    /// The device's id.
    public let id: DeviceID
    /// Its name, without surrounding spaces.
    public let name: String

    /// A device with this id and name.
    ///
    /// - Throws: ``SyncError/invalidDeviceName(_:)`` when the name is empty (once spaces are
    ///   trimmed), longer than ``maximumNameLength`` characters, or holds control characters.
    public init(id: DeviceID, name: String) throws(SyncError) {
        let trimmed = name.trimmingSpaces()
        guard !trimmed.isEmpty, trimmed.count <= Device.maximumNameLength,
              !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidDeviceName(name)
        }
        self.id = id
        self.name = trimmed
    }
}
