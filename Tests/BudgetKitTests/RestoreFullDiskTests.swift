import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// `restore` onto a book whose disk fills up at each of its steps: a clear error naming the book,
/// the book exactly as it was, and nothing left beside it (no temporary file, no kept copy).
@Suite(.enabled(if: canMountTmpfs)) struct RestoreFullDiskTests {
    /// A book of `count` transactions at `path`, its -wal folded in.
    func book(at path: String, count: Int) throws {
        let store = try BudgetStore(path: path)
        try store.addCategory(named: "Food", monthlyBudget: Money(minorUnits: 30_000))
        try store.writing {
            for index in 0..<count {
                try store.connection.run("INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-11-01', ?, 1, ?)",
                                         [.integer(Int64(index)), .text("payee number \(index) with some words to take room")])
            }
        }
        checkpoint(path)
    }

    func size(_ path: String) -> Int { fileBytes(path)?.count ?? 0 }

    /// Restores `backup` over the book on `disk` with `room` bytes free; expects `reason`.
    func expectRefusal(book: String, backup: String, disk: TinyDisk, room: Int, reason: String) {
        let before = fileBytes(book), dump = tableDump(book)
        disk.fill(leaving: room)
        #expect(throws: BudgetError.diskProblem(path: book, reason: reason)) {
            try BudgetStore.restore(bookAt: book, from: backup)
        }
        #expect(fileBytes(book) == before)
        #expect(tableDump(book) == dump)
        #expect(folderNames(disk.path).filter { !["budget.sqlite3", "budget.sqlite3-wal", "budget.sqlite3-shm", "filler"].contains($0) } == [])
        // Room again: the same restore goes through.
        disk.free()
        #expect(throws: Never.self) { try BudgetStore.restore(bookAt: book, from: backup) }
        #expect(tableDump(book) == tableDump(backup))
    }

    @Test func noRoomForTheCheckedCopy() throws {
        let dir = TemporaryDirectory()
        let disk = try #require(TinyDisk(in: dir, kilobytes: 32768))
        let book = disk.path + "/budget.sqlite3", backup = dir.file("backup.sqlite3")
        try self.book(at: backup, count: 20_000)
        try self.book(at: book, count: 10)
        expectRefusal(book: book, backup: backup, disk: disk, room: size(backup) / 2, reason: "no space left on device")
    }

    @Test func roomForTheCopyButNotForKeepingTheBook() throws {
        let dir = TemporaryDirectory()
        let disk = try #require(TinyDisk(in: dir, kilobytes: 32768))
        let book = disk.path + "/budget.sqlite3", backup = dir.file("backup.sqlite3")
        try self.book(at: backup, count: 10)
        try self.book(at: book, count: 20_000)
        expectRefusal(book: book, backup: backup, disk: disk, room: size(backup) + size(book) / 2, reason: "database or disk is full")
    }

    /// The copy and the kept book fit, the new pages in the book's -wal do not: rolled back, and
    /// the kept copy (as large as the book) goes too.
    @Test func roomForTheCopyAndTheKeptBookButNotForTheNewPages() throws {
        let dir = TemporaryDirectory()
        let disk = try #require(TinyDisk(in: dir, kilobytes: 32768))
        let book = disk.path + "/budget.sqlite3", backup = dir.file("backup.sqlite3")
        try self.book(at: backup, count: 20_000)
        try self.book(at: book, count: 10)
        expectRefusal(book: book, backup: backup, disk: disk, room: size(backup) + size(book) + size(backup) / 2,
                      reason: "database or disk is full")
    }
}
