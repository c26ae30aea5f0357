/// One thing libxml2 reported while parsing a chunk, as plain numbers: its bytes (a name, a
/// text, an attribute's name and value) are in the ``XMLBatch``'s byte buffer.
///
/// A start is followed by its root namespace (for the root element only) and its attributes,
/// as tokens of their own, before anything else.
struct XMLToken {
    enum Kind: UInt8 {
        /// An element starts: ``id`` is its name's vocabulary id, ``first``/``count`` its name
        /// (local, prefix dropped) when the vocabulary cannot spell it (see ``XMLNameStack``),
        /// else nothing.
        case start
        /// The root element's namespace URI (empty when none), right after its start.
        case namespace
        /// An attribute of the start before: its local name at ``first``/``count``, its value
        /// at ``valueFirst``/``valueCount``.
        case attribute
        /// Character data holding more than white space, entities replaced, as written.
        case text
        /// The innermost open element ends.
        case end
    }

    var kind: Kind
    /// A start's vocabulary id (``XMLVocabulary/unknown`` for names not listed).
    var id: Int32 = 0
    /// The 1-based line the parser was at when it reported the token.
    var line: Int32
    var first: Int32 = 0
    var count: Int32 = 0
    var valueFirst: Int32 = 0
    var valueCount: Int32 = 0
}

/// The tokens of one chunk and their bytes. The parser fills one while the cursor reads the
/// other, then they swap: no allocation once both have grown to a chunk's size.
struct XMLBatch {
    var tokens: [XMLToken] = []
    var bytes: [UInt8] = []

    mutating func removeAll() {
        tokens.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends `count` bytes from `start`; returns where they begin.
    @inline(__always)
    mutating func append(_ start: UnsafePointer<UInt8>, count: Int) -> Int32 {
        let first = Int32(truncatingIfNeeded: bytes.count)
        if count > 0 { bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count)) }
        return first
    }
}
