/// One thing the XML reader saw: an element's start (with its attributes), its text, its end.
struct XMLEvent {
    enum Kind: Equatable {
        /// An element starts: its local name (prefixes dropped), and its namespace URI when it
        /// is the root element (others do not need it).
        case start(String, namespace: String?, attributes: [(name: String, value: String)])
        /// Character data (CDATA sections included) between two tags, entities and character
        /// references already replaced; only text holding more than white space is reported.
        case text(String)
        /// The current element ends.
        case end

        static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case let (.start(a, an, aa), .start(b, bn, ba)):
                return a == b && an == bn && aa.map(\.name) == ba.map(\.name) && aa.map(\.value) == ba.map(\.value)
            case let (.text(a), .text(b)): return a == b
            case (.end, .end): return true
            default: return false
            }
        }
    }

    var kind: Kind
    /// The 1-based line where the parser was when it reported the event.
    var line: Int
}
