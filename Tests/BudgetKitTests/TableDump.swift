#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// Every row of every table of a book (change log excluded), as text, to compare a book before
/// and after a refused command: a refusal must leave all of it as it was.
func dumpOfEveryTable(_ store: BudgetStore) throws -> [String: [String]] {
    let connection = store.connection
    let tables = try connection.prepare("""
        SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'change_log%' ORDER BY name
        """).map { $0.text(0) }
    var dump: [String: [String]] = [:]
    for table in tables {
        // Table and column names come from the schema, never from user input.
        let columns = try connection.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid").map([.text(table)]) { $0.text(0) }
        let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
        dump[table] = try connection.prepare("SELECT \(row) FROM \"\(table)\"").map { $0.text(0) }.sorted()
    }
    return dump
}

/// The path of a file in Tests/BudgetKitTests/Fixtures.
func fixturePath(_ name: String, file: String = #filePath) -> String {
    String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/Fixtures/" + name
}

/// The records of a CSV fixture file.
func fixtureRecords(_ name: String) throws -> [[String]] {
    guard let handle = fopen(fixturePath(name), "rb") else { throw BudgetError.cannotOpenDatabase(path: name, reason: "missing fixture") }
    defer { fclose(handle) }
    var reader = CSVReader(file: name) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = fread(&buffer, 1, buffer.count, handle)
        return count == 0 ? nil : Array(buffer[..<count])
    }
    var records: [[String]] = []
    while let record = try reader.next() { records.append(record.fields) }
    return records
}

/// A copy of a fixture book in `dir`, under `name`.
func copyOfFixtureBook(_ fixture: String, in dir: TemporaryDirectory, as name: String = "budget.sqlite3") -> String {
    let path = dir.file(name)
    precondition(system("cp '\(fixturePath(fixture))' '\(path)'") == 0, "cannot copy the fixture")
    return path
}
