import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// A synced book pointed at the wrong folder, and a device's file missing from the right one.
@Suite struct SyncFolderTests {
    /// A folder that lacks the last file this device published (a typo'd path that exists, a
    /// parent folder, another book's folder) is refused before anything is written: publishing
    /// there numbered the next file after the last one, so the real folder never got it, and the
    /// other devices waited for it for good, taking none of this device's later changes.
    @Test func aSyncedBookSyncingIntoAFolderWithoutItsFilesIsRefusedAndPublishesNothing() throws {
        let sandbox = Sandbox()
        let (shared, anna, ben) = sandbox.twoSyncedBooks(annaFirst: [["-q", "device", "anna"], ["-q", "add-category", "Food", "300"]])
        let wrong = sandbox.directory + "/wrong"
        mkdir(wrong, 0o700)
        sandbox.succeed(anna + ["-q", "add", "7", "Food", "Coffee", "--date", "2026-11-08"])
        let device = try #require(sandbox.succeed(anna + ["device"]).split(separator: "\t").dropFirst().first)
        let last = try #require(Sandbox.names(in: shared).last { $0.hasPrefix(device + "-") })
        func book() -> String { sandbox.succeed(anna + ["log", "--format", "csv"]) + sandbox.succeed(anna + ["list", "--format", "csv"]) }
        let before = book()
        let refused = sandbox.run(anna + ["sync", wrong])
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr == """
            budget: error: the sync folder \(wrong) does not hold \(last), the last file this device published there; \
            nothing was published or applied
            hint: check the path: sync with the folder this book synced with before (every device syncs through the same one)

            """)
        #expect(Sandbox.names(in: wrong).isEmpty)
        #expect(book() == before)
        // The right folder then gets the change, and the other device takes it.
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(ben + ["-q", "sync", shared])
        #expect(sandbox.succeed(ben + ["list", "--format", "csv"]).contains(",7.00,Food,Coffee,"))
    }

    /// A device's file missing while its later ones are there (a sync tool still copying it, a
    /// file removed by hand): the device's later files wait, and the sync says so instead of
    /// reporting "applied 0" as if there were nothing to take.
    @Test func aDevicesFileMissingBeforeItsLaterOnesIsNamed() throws {
        let sandbox = Sandbox()
        let (shared, anna, ben) = sandbox.twoSyncedBooks(annaFirst: [["-q", "device", "anna"], ["-q", "add-category", "Food", "300"]])
        sandbox.succeed(anna + ["-q", "add", "7", "Food", "Coffee", "--date", "2026-11-08"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(anna + ["-q", "add", "8", "Food", "Tea", "--date", "2026-11-08"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        let device = try #require(sandbox.succeed(anna + ["device"]).split(separator: "\t").dropFirst().first)
        let files = Sandbox.names(in: shared).filter { $0.hasPrefix(device + "-") }
        let missing = files[files.count - 2]
        let held = sandbox.directory + "/" + missing
        #expect(rename(shared + "/" + missing, held) == 0)
        let waiting = sandbox.run(ben + ["sync", shared])
        #expect(waiting.status == 0)
        #expect(waiting.stderr == """
            Published 0 changes, applied 0 from other devices.
            budget: warning: anna's changes from \(missing) on wait: it is not in the sync folder, while later ones are
            hint: sync again once the sync tool has brought it (or move it there, if it went to another folder)

            """)
        #expect(!sandbox.succeed(ben + ["list", "--format", "csv"]).contains("Coffee"))
        #expect(rename(held, shared + "/" + missing) == 0)
        let synced = sandbox.run(ben + ["sync", shared])
        #expect(synced.stderr == "Published 0 changes, applied 2 from other devices.\n")
        #expect(sandbox.succeed(ben + ["list", "--format", "csv"]).contains("Tea"))
    }
}
