import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// Damaged, foreign, read-only and busy databases: a clear error, never a crash, nothing lost.
@Suite struct BudgetStoreFailureTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    func bookWithOneTransaction(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("budget.sqlite3")
        let store = try BudgetStore(path: path)
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch")
        return path
    }

    @Test func aReadOnlyDatabaseStillReadsAndRefusesWritesWithoutChangingAnything() throws {
        let dir = TemporaryDirectory()
        let path = try bookWithOneTransaction(dir)
        // Root ignores permission bits, so make the file immutable instead.
        #expect(system("chattr +i '\(path)'") == 0)
        defer { _ = system("chattr -i '\(path)'") }
        let store = try BudgetStore(path: path)
        #expect(try store.transactions().count == 1)
        #expect(throws: BudgetError.readOnlyDatabase(path: path)) {
            try store.addTransaction(amount: money("1"), category: "Food")
        }
        #expect(try store.transactions().count == 1)
    }

    @Test func aDamagedDatabaseGivesAClearError() throws {
        let dir = TemporaryDirectory()
        let path = try bookWithOneTransaction(dir)
        // Overwrite the pages after the header page with garbage.
        #expect(system("dd if=/dev/urandom of='\(path)' bs=4096 seek=1 count=6 conv=notrunc status=none") == 0)
        #expect(throws: BudgetError.self) {
            let store = try BudgetStore(path: path)
            _ = try store.transactions()
            _ = try store.monthlyReport(for: .current())
        }
        do {
            let store = try BudgetStore(path: path)
            _ = try store.transactions()
            _ = try store.monthlyReport(for: .current())
        } catch let error as BudgetError {
            #expect(error == .corruptDatabase(path: path) || error == .notABudgetDatabase(path: path))
        }
    }

    @Test func aDamagedHeaderIsNotABudgetDatabase() throws {
        let dir = TemporaryDirectory()
        let path = try bookWithOneTransaction(dir)
        #expect(system("printf 'garbage garbage!' | dd of='\(path)' bs=1 seek=0 conv=notrunc status=none") == 0)
        #expect(throws: BudgetError.notABudgetDatabase(path: path)) { try BudgetStore(path: path) }
    }

    @Test func aMissingParentThatIsAFileIsReported() throws {
        let dir = TemporaryDirectory()
        #expect(system("touch '\(dir.file("plain"))'") == 0)
        let path = dir.file("plain/budget.sqlite3")
        #expect(throws: BudgetError.cannotOpenDatabase(path: path, reason: "\(dir.file("plain")) is not a directory")) {
            try BudgetStore(path: path)
        }
    }

    @Test func manyWritersAtOnceLoseNothing() async throws {
        let dir = TemporaryDirectory()
        let path = try bookWithOneTransaction(dir)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    // An error is a failed expectation, never a crash of the whole run.
                    #expect(throws: Never.self) {
                        let store = try BudgetStore(path: path)
                        for _ in 0..<50 { try store.addTransaction(amount: Money(minorUnits: 100), category: "Food") }
                    }
                }
            }
        }
        #expect(try BudgetStore(path: path).transactions().count == 401)
    }
}
