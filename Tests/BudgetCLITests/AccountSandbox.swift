import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Sandbox {
    /// A book with accounts (issue 10): Food and Household (expense), Salary (income), all from
    /// 2026-01; Main renamed Checking (the default), Savings (opening 1000.00 on 2026-01-01) and
    /// Visa (credit, numbered); then 1 salary and 2 lunch in Checking, 3 a transfer Checking →
    /// Savings, 4 a split on Visa, 5 a transfer Checking → Visa paying the card.
    func seedAccounts() {
        for words in [
            ["add-category", "Food", "300", "--from", "2026-01"],
            ["add-category", "Household", "100", "--from", "2026-01"],
            ["add-category", "Salary", "3000", "--income", "--from", "2026-01"],
            ["rename-account", "Main", "Checking"],
            ["add-account", "Savings", "--type", "savings", "--opening", "1000", "--on", "2026-01-01"],
            ["add-account", "Visa", "--type", "credit", "--number", "DE12 3456"],
            ["add", "3000", "Salary", "ACME", "--date", "2026-11-01"],
            ["add", "12.50", "Food", "Lunch", "--date", "2026-11-03"],
            ["transfer", "500", "Checking", "Savings", "--date", "2026-11-05", "--note", "monthly"],
            ["add", "82.40", "--split", "Food=60.00", "--split", "Household=22.40", "--payee", "Market", "--date", "2026-11-14", "--account", "Visa"],
            ["transfer", "82.40", "Checking", "Visa", "--date", "2026-11-20", "--note", "card bill"],
        ] {
            succeed(words)
        }
    }

    /// The lines the sqlite3 shell prints for `sql` (a test's own, fixed text) on the book.
    func query(_ sql: String) throws -> [String] {
        sqlite3("\"\(sql)\"").split(separator: "\n").map(String.init)
    }

    /// Every table of the book, change log included, as the sqlite3 shell dumps it: a refused
    /// command must leave all of it as it was.
    func dump() -> String {
        sqlite3(".dump")
    }

    /// What the sqlite3 shell prints for `arguments` (quoted already) on the book, read only.
    private func sqlite3(_ arguments: String) -> String {
        guard let stream = popen("sqlite3 -readonly '\(database)' \(arguments)", "r") else { return "(cannot run sqlite3)" }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, stream)
            if count <= 0 { break }
            output += buffer[..<count]
        }
        #expect(pclose(stream) == 0, "sqlite3 \(arguments) failed")
        return String(decoding: output, as: UTF8.self)
    }
}
