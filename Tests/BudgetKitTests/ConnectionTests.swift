import Testing
@testable import BudgetKit

@Suite struct ConnectionTests {
    /// SQLite's memory statistics take a global mutex around every allocation; nothing reads
    /// them. BudgetKit opens this process's first connection, so SQLite took the setting.
    @Test func sqliteKeepsNoMemoryStatisticsOnceABookIsOpen() throws {
        let dir = TemporaryDirectory()
        _ = try dir.store()
        #expect(Connection.keepsNoMemoryStatistics)
    }
}
