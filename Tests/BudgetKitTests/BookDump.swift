@testable import BudgetKit

/// Every row of every table of the book, as text, table by table in a stable order: what a
/// refused command must leave exactly as it was.
func bookDump(_ store: BudgetStore, withChangeLog: Bool = true) throws -> [String] {
    let connection = store.connection
    let tables = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { $0.text(0) }
        .filter { withChangeLog || !["change_log", "sqlite_sequence"].contains($0) }
    var lines: [String] = []
    for table in tables {
        let columns = try connection.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid").map([.text(table)]) { $0.text(0) }
        let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || ',' || ")
        lines.append("-- \(table)")
        lines += try connection.prepare("SELECT \(row) AS line FROM \"\(table)\" ORDER BY line").map { $0.text(0) }
    }
    return lines
}
