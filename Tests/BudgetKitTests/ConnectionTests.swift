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

    /// The errors after which a book in a folder nobody can write is read as immutable: CANTOPEN
    /// (a read-only mount) and READONLY with any extended code (a folder this user may not write).
    @Test(arguments: [
        (14, true), (14 | 2 << 8, true), (8, true), (8 | 5 << 8, true), (8 | 6 << 8, true), (8 | 1 << 8, true),
        (5, false), (10, false), (13, false), (26, false),
    ] as [(Int32, Bool)])
    func cannotOpenAndReadOnlyWithTheirExtendedCodesAreOneCase(extendedCode: Int32, expected: Bool) {
        #expect(SQLiteError(extendedCode: extendedCode, message: "").isCannotOpenOrReadOnly == expected)
    }
}
