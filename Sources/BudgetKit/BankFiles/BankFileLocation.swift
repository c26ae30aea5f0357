/// Where in a bank file something is: `FILE:LINE:COLUMN` for line formats (CSV, QIF, MT940,
/// OFX 1.x), `FILE:LINE` and the element path for XML (OFX 2.x, CAMT).
///
/// Lines are 1-based physical lines of the decoded text. A column is 1-based and counts
/// characters (Unicode scalars) from the start of its line; for CSV it is the field number, as
/// ``CSVReader`` reports it. An element path names the XML elements from the root down, each
/// once (`Document/BkToCstmrStmt/Stmt/Ntry/Amt`), without positions among siblings: the line
/// finds the element, the path says what it is.
public struct BankFileLocation: Hashable, Sendable, CustomStringConvertible {
    /// The name the caller gave the file (`-` for standard input, say).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, when the format has one.
    public var column: Int?
    /// The XML element path, for XML formats.
    public var elementPath: String?

    /// Creates a location.
    public init(file: String, line: Int, column: Int? = nil, elementPath: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.elementPath = elementPath
    }

    /// `FILE:LINE:COLUMN`, `FILE:LINE` or `FILE:LINE (Document/.../Amt)`.
    public var description: String {
        var text = "\(file):\(line)"
        if let column { text += ":\(column)" }
        if let elementPath, !elementPath.isEmpty { text += " (\(elementPath))" }
        return text
    }
}

extension BankFileLocation {
    /// Runs `body`, turning the problem it throws into a ``BankFileError`` here.
    func reading<T>(_ body: () throws(BankFileProblem) -> T) throws(BankFileError) -> T {
        do { return try body() } catch { throw BankFileError(self, error) }
    }

    /// Runs `body`, turning the problem it throws into a ``BankFileError`` at `location`, which
    /// is only made then (an element path costs a string per value otherwise).
    static func reading<T>(at location: @autoclosure () -> BankFileLocation,
                           _ body: () throws(BankFileProblem) -> T) throws(BankFileError) -> T {
        do { return try body() } catch { throw BankFileError(location(), error) }
    }
}
