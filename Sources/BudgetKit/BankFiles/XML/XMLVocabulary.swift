/// The element names a reader tells apart, each given a small id, so that it compares integers
/// where it would compare strings: ``XMLParser`` looks every element's name up here, as the
/// bytes libxml2 hands it, once when the element starts.
///
/// Listed names get the ids 1, 2, 3... in the order given; every other name is ``unknown`` (0).
/// Names match byte for byte (XML names are case-sensitive), unless the vocabulary ignores
/// ASCII case (OFX's names), in which case each id also has its name in capitals, the one
/// spelling its reader works with.
///
/// - Complexity: a lookup hashes four numbers and compares the name with one listed name,
///   usually: O(n) in its bytes, without allocating.
struct XMLVocabulary: Sendable {
    /// The id of every name the vocabulary does not list.
    static let unknown = 0

    /// The names by id (index 0, ``unknown``, is empty), as listed.
    private let names: [[UInt8]]
    /// The same names as strings.
    private let texts: [String]
    /// An open-addressed table of ids (0: a free slot), indexed by the names' hashes.
    private let slots: [Int32]
    /// Whether `OFX` and `ofx` are one name.
    let ignoresCase: Bool

    /// Creates a vocabulary of `names`, each listed once.
    ///
    /// - Parameter ignoringCase: whether `OFX` and `ofx` are one name (ASCII letters only).
    init(_ names: [String], ignoringCase: Bool = false) {
        ignoresCase = ignoringCase
        var spelled: [[UInt8]] = [[]]
        for name in names {
            spelled.append(Array((ignoringCase ? name.uppercased() : name).utf8))
        }
        self.names = spelled
        texts = spelled.map { String(decoding: $0, as: UTF8.self) }
        var size = 16
        while size < spelled.count * 4 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for id in 1..<spelled.count {
            var slot = spelled[id].withUnsafeBufferPointer { Self.hash($0, ignoringCase: false) } & (size - 1)
            while slots[slot] != 0 {
                precondition(spelled[Int(slots[slot])] != spelled[id], "\(names[id - 1]) listed twice")
                slot = (slot + 1) & (size - 1)
            }
            slots[slot] = Int32(id)
        }
        self.slots = slots
    }

    /// How many ids there are, ``unknown`` included: ids are below it.
    var count: Int { names.count }

    /// The id of a listed name; a name not listed is a programmer's mistake.
    func id(_ name: String) -> Int {
        let found = Array(name.utf8).withUnsafeBufferPointer { id(of: $0) }
        precondition(found != Self.unknown, "\(name) is not in the vocabulary")
        return found
    }

    /// The id of the name spelled by `bytes` (UTF-8), or ``unknown``.
    func id(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let mask = slots.count - 1
        var slot = Self.hash(bytes, ignoringCase: ignoresCase) & mask
        while true {
            let id = Int(slots[slot])
            if id == Self.unknown { return id }
            if matches(bytes, names[id]) { return id }
            slot = (slot + 1) & mask
        }
    }

    /// A listed name as listed (in capitals when the vocabulary ignores case).
    func name(_ id: Int) -> String {
        texts[id]
    }

    /// Calls `body` with a listed name's bytes, as listed.
    func withSpelling<R>(_ id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        names[id].withUnsafeBufferPointer(body)
    }

    private func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ name: [UInt8]) -> Bool {
        guard bytes.count == name.count else { return false }
        if ignoresCase {
            for index in 0..<name.count where Self.upper(bytes[index]) != name[index] { return false }
            return true
        }
        return name.withUnsafeBufferPointer { $0.elementsEqual(bytes) }
    }

    @inline(__always)
    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }

    /// A hash of the length and of the first, middle and last bytes (in capitals when
    /// `ignoringCase`): element names are short and differ there; the comparison that follows
    /// settles the rest.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, ignoringCase: Bool) -> Int {
        guard let first = bytes.first else { return 0 }
        func byte(_ index: Int) -> UInt32 { UInt32(ignoringCase ? upper(bytes[index]) : bytes[index]) }
        var hash = UInt32(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9
        hash = (hash ^ UInt32(ignoringCase ? upper(first) : first)) &* 0x0100_0193
        hash = (hash ^ byte(bytes.count / 2)) &* 0x0100_0193
        hash = (hash ^ byte(bytes.count - 1)) &* 0x0100_0193
        return Int(hash ^ (hash >> 15))
    }
}
