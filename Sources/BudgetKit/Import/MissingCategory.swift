/// A category an imported file names and the book does not have, where it first appears
/// (see ``BudgetError/missingCategories(file:_:more:)``).
public struct MissingCategory: Hashable, Sendable {
    /// The name as the file first writes it, without surrounding spaces.
    public var name: String
    /// The 1-based line of the first row naming it.
    public var line: Int
    /// The 1-based field number of its category cell.
    public var column: Int
    /// The header text of that column when the file's header gave it rather than an option
    /// (``ImportReader/categoryHeader``): a bank's `Category` holds the bank's names, which
    /// ``ImportOptions/ignoresCategoryColumn`` leaves out. `nil` otherwise.
    public var header: String?

    /// Creates a value.
    public init(name: String, line: Int, column: Int, header: String? = nil) {
        self.name = name
        self.line = line
        self.column = column
        self.header = header
    }
}
