/// Element paths a reader wants below some elements of its own (its contexts: a statement, an
/// entry), compiled into a table of steps over ``XMLVocabulary`` ids: the reader keeps a node
/// for each open element, the child of its parent's node by the element's id, and knows what a
/// text is from its element's node, instead of joining names into a path and comparing strings.
///
/// ```swift
/// let table = XMLPathTable(vocabulary: names, contexts: [[("RltdPties/Dbtr/Nm", Field.debtor)]])
/// var node = table.root(0)                                   // at the context's element
/// for id in [relatedParties, debtor, name] { node = table.child(of: node, id) }
/// table.field(at: node)                                      // .debtor
/// ```
///
/// Node ``dead`` is below nothing wanted, and so is every node under it. Paths use the names
/// as the vocabulary lists them.
///
/// - Complexity: ``child(of:_:)`` and ``field(at:)`` are O(1) (an array read); the table holds
///   one step for each node and id.
struct XMLPathTable<Field: Sendable>: Sendable {
    /// The node below nothing wanted.
    static var dead: Int { 0 }

    private let width: Int
    private var steps: [Int32]
    private var fields: [Field?]

    /// Compiles `contexts`: for each, the paths below its element (names joined with `/`) and
    /// the field each one is. Context `i`'s element is node ``root(_:)`` of `i`.
    init(vocabulary: XMLVocabulary, contexts: [[(path: String, field: Field)]]) {
        width = vocabulary.count
        fields = Array(repeating: nil, count: 1 + contexts.count)
        steps = Array(repeating: 0, count: width * fields.count)
        for (index, paths) in contexts.enumerated() {
            for (path, field) in paths {
                var node = root(index)
                for name in path.split(separator: "/") {
                    let id = vocabulary.id(String(name))
                    var next = Int(steps[node * width + id])
                    if next == Self.dead {
                        next = fields.count
                        fields.append(nil)
                        steps.append(contentsOf: repeatElement(0, count: width))
                        steps[node * width + id] = Int32(next)
                    }
                    node = next
                }
                precondition(fields[node] == nil, "\(path) listed twice")
                fields[node] = field
            }
        }
    }

    /// The node of context `index`'s own element.
    func root(_ index: Int) -> Int { 1 + index }

    /// The node of an element with vocabulary id `id` whose parent is at `node`.
    @inline(__always)
    func child(of node: Int, _ id: Int) -> Int {
        Int(steps[node &* width &+ id])
    }

    /// The field a text at `node` is, if any.
    @inline(__always)
    func field(at node: Int) -> Field? {
        fields[node]
    }
}
