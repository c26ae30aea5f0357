import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// A book a store created is taken back only while it is still as new: nothing in it, nobody
/// else on it, still the file made; with its folders made for it, when they are left empty.
@Suite struct NewBookTests {
    /// Something written into a new book, by this store or another process.
    enum Write: String, CaseIterable, Sendable {
        case category, account, renamedDefaultAccount, openingBalance, renamedDevice, rule, importProfile, undoneCategory, fromTheShell
    }

    func write(_ write: Write, to store: BudgetStore) throws {
        let money = try Money(parsing: "300")
        switch write {
        case .category: try store.addCategory(named: "Food", monthlyBudget: money)
        case .account: _ = try store.addAccount(named: "Savings")
        case .renamedDefaultAccount: try store.renameAccount(named: "Main", to: "Giro")
        case .openingBalance: _ = try store.setOpeningBalance(ofAccount: "Main", to: money, on: nil)
        case .renamedDevice: try store.renameDevice(to: "ben")
        case .rule: _ = try store.addRule(pattern: "coffee", payee: "Coffee", category: nil)
        case .importProfile: _ = try store.saveImportProfile(named: "giro", options: ["--delimiter", ";"])
        case .undoneCategory:
            try store.addCategory(named: "Food", monthlyBudget: money)
            _ = try store.undo()
        case .fromTheShell:
            // No history entry: only the row tells.
            #expect(system("sqlite3 '\(store.path)' \"INSERT INTO categories (name, name_key) VALUES ('Food', 'food')\"") == 0)
        }
    }

    @Test func aStoreThatCreatesItsBookSaysWhatItMadeAndOneOnAnExistingBookDoesNot() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a/b/budget.sqlite3")
        let created = try BudgetStore(path: path).created
        #expect(created?.path == path)
        #expect(created?.folders == [dir.file("a"), dir.file("a/b")])
        #expect(try BudgetStore(path: path).created == nil)
        #expect(try BudgetStore(path: path, access: .read).created == nil)
        #expect(try BudgetStore(path: dir.file("here.sqlite3")).created?.folders == [])
    }

    @Test func aNewBookLeftAsNewIsRemovedWithItsFilesAndTheFoldersMadeForIt() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a/b/budget.sqlite3")
        var store: BudgetStore? = try BudgetStore(path: path)
        let created = try #require(store?.created)
        // Showing the device writes its row, as a new book's first open does: still new.
        _ = try store?.device()
        _ = try store?.categories()
        #expect(folderNames(dir.file("a/b")).contains("budget.sqlite3-wal"))
        store = nil
        #expect(try created.removeIfStillNew())
        #expect(folderNames(dir.path) == [])
        // Gone already: nothing more to do.
        #expect(try !created.removeIfStillNew())
    }

    @Test func onlyTheFoldersMadeForItAndLeftEmptyGo() throws {
        let dir = TemporaryDirectory()
        #expect(mkdir(dir.file("a"), 0o700) == 0)
        let created = try #require(try BudgetStore(path: dir.file("a/b/c/budget.sqlite3")).created)
        #expect(created.folders == [dir.file("a/b"), dir.file("a/b/c")])
        writeFile(dir.file("a/b/notes.txt"), Array("mine".utf8))
        #expect(try created.removeIfStillNew())
        #expect(folderNames(dir.path) == ["a"])
        #expect(folderNames(dir.file("a")) == ["b"])
        #expect(folderNames(dir.file("a/b")) == ["notes.txt"])
    }

    @Test(arguments: Write.allCases)
    func aNewBookWithAnythingWrittenInItStays(write: Write) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        var store: BudgetStore? = try BudgetStore(path: path)
        let created = try #require(store?.created)
        try self.write(write, to: try #require(store))
        store = nil
        #expect(try !created.removeIfStillNew())
        #expect(try BudgetStore(path: path, access: .read).created == nil)
    }

    /// Another process (here another store) that has the new book open may be about to write
    /// to it: it stays until the last other connection has closed.
    @Test func aNewBookAnotherConnectionHasOpenStays() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        let created = try #require(try BudgetStore(path: path).created)
        var other: BudgetStore? = try BudgetStore(path: path, access: .read)
        _ = try other?.categories()
        #expect(try !created.removeIfStillNew())
        #expect(fileBytes(path) != nil)
        #expect(try other?.categories().isEmpty == true)
        other = nil
        #expect(try created.removeIfStillNew())
        #expect(folderNames(dir.path) == [])
    }

    /// The same with another process: the sqlite3 shell, having read the book, holding it open.
    @Test func aNewBookAnotherProcessHasOpenStays() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3"), ready = dir.file("ready")
        let created = try #require(try BudgetStore(path: path).created)
        let shell = try #require(popen("sqlite3 '\(path)' > /dev/null", "w"))
        fputs("SELECT count(*) FROM accounts;\n.shell touch '\(ready)'\n", shell)
        fflush(shell)
        var waited = 0
        while access(ready, F_OK) != 0 && waited < 10_000 {
            usleep(1_000)
            waited += 1
        }
        #expect(access(ready, F_OK) == 0, "the sqlite3 shell did not start")
        #expect(try !created.removeIfStillNew())
        #expect(fileBytes(path) != nil)
        pclose(shell)
        #expect(try created.removeIfStillNew())
        #expect(folderNames(dir.path) == ["ready"])
    }

    @Test func anotherFileNowAtThePathIsNotTakenForTheBookMade() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        let created = try #require(try BudgetStore(path: path).created)
        // Moved away (kept, so its inode number is not given to the next file), and another new
        // book made in its place.
        #expect(rename(path, dir.file("moved.sqlite3")) == 0)
        #expect(try BudgetStore(path: path).created != nil)
        #expect(try !created.removeIfStillNew())
        #expect(folderNames(dir.path) == ["budget.sqlite3", "moved.sqlite3"])
    }
}
