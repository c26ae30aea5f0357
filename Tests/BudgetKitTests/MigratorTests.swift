#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import BudgetKit

@Suite struct MigratorTests {
    /// How many times each version's SQL was built.
    static let built = Mutex<[Int: Int]>([:])

    static func sql(_ version: Int) -> String {
        built.withLock { $0[version, default: 0] += 1 }
        return "CREATE TABLE t\(version) (x)"
    }

    /// Some migrations' SQL is generated (the change log's triggers): a book already current, as
    /// at nearly every start of `budget`, is opened without building any of it.
    @Test func aMigrationsSQLIsBuiltOnlyWhenItRuns() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("m.sqlite3")
        close(open(path, O_CREAT | O_WRONLY, 0o600))
        let migrator = Migrator(applicationID: 42, migrations: [
            .init(version: 1, sql: Self.sql(1)), .init(version: 2, sql: Self.sql(2)),
        ])
        let first = Migrator(applicationID: 42, migrations: [.init(version: 1, sql: Self.sql(1))])
        #expect(try first.migrate(Connection(path: path), creating: true) == .migrated(from: 0, to: 1))
        #expect(Self.built.withLock { $0 } == [1: 1])
        #expect(try migrator.migrate(Connection(path: path)) == .migrated(from: 1, to: 2))
        #expect(Self.built.withLock { $0 } == [1: 1, 2: 1])
        #expect(try migrator.migrate(Connection(path: path)) == .current)
        #expect(Self.built.withLock { $0 } == [1: 1, 2: 1])
    }
}
