/// The names of the open elements, innermost last: each one's ``XMLVocabulary`` id, and the
/// bytes of only those names the vocabulary cannot spell back as written (names it does not
/// list, and every name when it ignores case). Opening and closing a listed element copies no
/// bytes; a name or a path is made only when asked for (an error, an entry's location).
///
/// - Complexity: ``push(_:name:)`` and ``pop()`` are O(1) for a listed name, O(n) in its bytes
///   otherwise.
struct XMLNameStack {
    let vocabulary: XMLVocabulary
    /// The open elements' ids, the root's first.
    private(set) var ids: [Int] = []
    /// The kept names' bytes, one after another, and for each open element where its kept
    /// bytes end (where the one before ended, when none were kept for it).
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    init(vocabulary: XMLVocabulary) {
        self.vocabulary = vocabulary
    }

    /// How many elements are open.
    var count: Int { ids.count }

    /// Whether the vocabulary spells an element of id `id` back as written.
    @inline(__always)
    func spells(_ id: Int) -> Bool {
        id != XMLVocabulary.unknown && !vocabulary.ignoresCase
    }

    /// Opens an element of id `id`, named `name` (read only when the vocabulary cannot spell it).
    @inline(__always)
    mutating func push(_ id: Int, name: UnsafeBufferPointer<UInt8>) {
        ids.append(id)
        if !spells(id) { bytes.append(contentsOf: name) }
        ends.append(bytes.count)
    }

    /// Closes the innermost element.
    @inline(__always)
    mutating func pop() {
        let id = ids.removeLast()
        ends.removeLast()
        if !spells(id) { bytes.removeSubrange((ends.last ?? 0)...) }
    }

    /// The name of the element at `level` (0 is the root), as written.
    func name(at level: Int) -> String {
        withName(at: level) { String(decoding: $0, as: UTF8.self) }
    }

    /// The names from the element at `level` down to the innermost, joined with `/`.
    func path(from level: Int = 0) -> String {
        var path: [UInt8] = []
        for index in level..<ids.count {
            if index > level { path.append(UInt8(ascii: "/")) }
            withName(at: index) { path.append(contentsOf: $0) }
        }
        return String(decoding: path, as: UTF8.self)
    }

    /// Whether ``path(from:)`` from the root would be `text` (without making it).
    func pathIs(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { text in
            var offset = 0
            for index in ids.indices {
                if index > 0 {
                    guard offset < text.count, text[offset] == UInt8(ascii: "/") else { return false }
                    offset += 1
                }
                let matches = withName(at: index) { name in
                    offset + name.count <= text.count && name.elementsEqual(UnsafeBufferPointer(rebasing: text[offset..<(offset + name.count)]))
                }
                guard matches else { return false }
                offset += withName(at: index) { $0.count }
            }
            return offset == text.count
        }
    }

    private func withName<R>(at level: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if spells(ids[level]) { return vocabulary.withSpelling(ids[level], body) }
        let start = level > 0 ? ends[level - 1] : 0
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[level]])) }
    }
}
