#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// The changeset file format of the sync folder (issue "Undo & sync": each device appends its own
/// files named by device and sequence, never writes another's, and a truncated, corrupted or
/// newer file is refused with nothing of it applied).
@Suite struct ChangesetFileTests {
    let dir = TemporaryDirectory()
    let anna = DeviceID(rawValue: 0x12_3456_789A)!
    let bo = DeviceID(rawValue: 0x00_0000_0B0B)!

    /// A file of real changes: a few writes on a copy of the fixture book.
    func bookFile(sequence: UInt64 = 42) throws -> ChangesetFile {
        let book = try fixtureBookConnection(in: dir, as: "book-\(sequence).sqlite3")
        let changeset = try recording(book) { try ChangesetTests().bookWrites(book) }
        return ChangesetFile(schemaVersion: 2, sequence: sequence,
                             clock: HybridLogicalClock(milliseconds: 1_795_000_000_123, counter: 7, device: anna), changeset: changeset)
    }

    /// A file's bytes made by hand from the format's table, independent of the encoder.
    func handMade(version: UInt64 = 1, headerSize: Int = 64, schema: UInt64 = 2, device: UInt64 = 0x12_3456_789A, sequence: UInt64 = 42,
                  time: UInt64 = 5 << 16, payload: [UInt8], length: UInt64? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x42, 0x43, 0x53, 0x0D, 0x0A, 0x1A, 0x0A]
        func put(_ value: UInt64, _ count: Int) {
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index))) }
        }
        put(version, 2); put(UInt64(headerSize), 2); put(schema, 4); put(device, 8); put(sequence, 8); put(time, 8)
        put(length ?? UInt64(payload.count), 8); put(UInt64(CRC32.checksum(payload)), 4)
        bytes += [UInt8](repeating: 0, count: headerSize - 4 - bytes.count)
        put(UInt64(CRC32.checksum(bytes)), 4)
        return bytes + payload
    }

    func problem(reading path: String) -> ChangesetFileProblem? {
        problem(path) { () throws(SyncError) in _ = try ChangesetFile.read(path) }
    }

    /// What decoding `bytes` as the file at `path` finds wrong (in memory: thousands of cases).
    func problem(decoding bytes: [UInt8], as path: String) -> ChangesetFileProblem? {
        problem(path) { () throws(SyncError) in _ = try ChangesetFile(decoding: bytes, path: path) }
    }

    func problem(_ path: String, _ body: () throws(SyncError) -> Void) -> ChangesetFileProblem? {
        do {
            try body()
            return nil
        } catch {
            guard case .invalidChangesetFile(let errorPath, let problem) = error, errorPath == path else {
                Issue.record("unexpected \(error)")
                return nil
            }
            return problem
        }
    }

    /// Every length from 0 to 17 (the eight-byte steps and every tail) and a long run, against
    /// Python's `zlib.crc32` of the same bytes.
    @Test func crc32IsZlibsAtEveryLengthAndAlignment() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let zlib: [UInt32] = [0x0, 0x4c66_7a2e, 0xdc95_01c5, 0x3f66_f9ac, 0x4782_c3f6, 0xf22a_e8fd, 0x2924_8900, 0x3e48_3922, 0xa756_0428,
                              0xca12_fefe, 0x72c2_1f0b, 0x1dca_b80b, 0x2710_e162, 0xb64e_57ac, 0x1d0e_3443, 0x8f77_fabb, 0x0636_a895,
                              0x71b8_d951]
        for (count, expected) in zlib.enumerated() { #expect(CRC32.checksum(Array(bytes.prefix(count))) == expected, "\(count) bytes") }
        #expect(CRC32.checksum(bytes) == 0x8902_161e)
        var pieces = CRC32()
        for start in stride(from: 0, to: 1000, by: 13) { pieces.update(Array(bytes[start..<min(start + 13, 1000)])) }
        #expect(pieces.value == 0x8902_161e)
    }

    @Test func crc32IsZlibs() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        var crc = CRC32()
        crc.update(Array("1234".utf8))
        crc.update(Array("56789".utf8))
        #expect(crc.value == 0xCBF4_3926)
    }

    @Test func aFileIsItsHandMadeHeaderThenItsChangesAndReadsBack() throws {
        let file = try bookFile()
        let bytes = file.encoded()
        #expect(bytes == handMade(time: UInt64(1_795_000_000_123 << 16 + 7), payload: file.changeset.bytes))
        #expect(try ChangesetFile(decoding: bytes, path: "x") == file)
        #expect(file.name == "28t5cy4t-000000000042.changeset")
    }

    @Test func aWrittenFileReadsBackAndItsChangesMakeACopyOfTheBookEqual() throws {
        let file = try bookFile()
        let path = try file.write(into: dir.path)
        #expect(path == dir.file("28t5cy4t-000000000042.changeset"))
        #expect(fileBytes(path) == file.encoded())
        let read = try ChangesetFile.read(path)
        #expect(read == file)
        let copy = try fixtureBookConnection(in: dir, as: "copy.sqlite3")
        try read.changeset.apply(to: copy) { $0.kind == .notFound ? .omit : .abort }
        let book = try Connection(path: dir.file("book-42.sqlite3"))
        #expect(try exactDump(copy) == exactDump(book))
        // Nothing else is left in the folder: no temporary file.
        #expect(folderNames(dir.path).filter { $0.contains("changeset") } == ["28t5cy4t-000000000042.changeset"])
    }

    @Test func anEmptyChangesetIsAFileOfHeaderOnly() throws {
        let file = ChangesetFile(schemaVersion: 1, sequence: 1, clock: HybridLogicalClock(device: bo), changeset: .empty)
        #expect(file.encoded().count == 64)
        #expect(try ChangesetFile.read(try file.write(into: dir.path)) == file)
    }

    @Test func writingNeverReplacesAFileAlreadyThere() throws {
        let file = try bookFile()
        let path = dir.file(file.name)
        // Another device using the same id wrote this sequence number first.
        writeFile(path, Array("someone else's".utf8))
        #expect(throws: SyncError.changesetFileExists(path: path)) { try file.write(into: dir.path) }
        #expect(fileBytes(path) == Array("someone else's".utf8))
        #expect(folderNames(dir.path).filter { $0.contains(".partial") }.isEmpty)
    }

    @Test func writingIntoAMissingFolderIsRefused() throws {
        let file = try bookFile()
        let folder = dir.file("missing")
        #expect(throws: SyncError.cannotOpenSyncFolder(path: folder, reason: "no such file or directory")) { try file.write(into: folder) }
        #expect(throws: SyncError.cannotOpenSyncFolder(path: folder, reason: "no such file or directory")) { try ChangesetFile.entries(in: folder) }
    }

    @Test(.enabled(if: canMountTmpfs)) func aFullOrReadOnlyFolderIsRefusedAndLeavesNothing() throws {
        let file = try bookFile()
        let disk = try #require(TinyDisk(in: dir, kilobytes: 64))
        disk.fill()
        let path = disk.path + "/" + file.name
        #expect(throws: SyncError.cannotWriteChangesetFile(path: path, reason: "no space left on device")) { try file.write(into: disk.path) }
        #expect(folderNames(disk.path) == ["filler"])
        disk.free()
        #expect(system("mount -o remount,ro '\(disk.path)'") == 0)
        #expect(throws: SyncError.cannotWriteChangesetFile(path: path, reason: "read-only file system")) { try file.write(into: disk.path) }
        #expect(system("mount -o remount,rw '\(disk.path)'") == 0)
        #expect(try ChangesetFile.read(try file.write(into: disk.path)) == file)
    }

    @Test func aFolderListsEachDevicesFilesInOrderAndNothingElse() throws {
        for (device, sequence) in [(bo, 10), (anna, 2), (bo, 9), (anna, 1), (anna, 100)] as [(DeviceID, UInt64)] {
            let file = ChangesetFile(schemaVersion: 2, sequence: sequence, clock: HybridLogicalClock(device: device), changeset: .empty)
            try file.write(into: dir.path)
        }
        for name in ["28t5cy4t-000000000003.changeset.partial-1f", "28t5cy4t-000000000003.sync-conflict-20261123-101010-ABCDEFG.changeset",
                     "28t5cy4t-000000000000.changeset", "28t5cy4t-00000000003.changeset", "notes.txt", ".stfolder"] {
            writeFile(dir.file(name), [])
        }
        let entries = try ChangesetFile.entries(in: dir.path)
        #expect(entries.map { "\($0.device)-\($0.sequence)" } == ["000002rb-9", "000002rb-10", "28t5cy4t-1", "28t5cy4t-2", "28t5cy4t-100"])
        #expect(entries.map(\.path) == entries.map { dir.file(ChangesetFile.name(device: $0.device, sequence: $0.sequence)) })
        #expect(entries.map(\.path) == entries.map(\.path).sorted())
    }

    @Test func leftoversOfAKilledWriteAreRemovedOnlyForThisDevice() throws {
        let names = ["28t5cy4t-000000000003.changeset.partial-1f", "28t5cy4t-000000000004.changeset.partial-ab12",
                     "000002rb-000000000003.changeset.partial-1f", "28t5cy4t-000000000003.changeset", "28t5cy4t.partial-1", "notes.partial-2"]
        for name in names { writeFile(dir.file(name), [1]) }
        #expect(try ChangesetFile.removeLeftovers(of: anna, in: dir.path) == 2)
        #expect(folderNames(dir.path).filter { names.contains($0) } == names.dropFirst(2).sorted())
        #expect(throws: SyncError.cannotOpenSyncFolder(path: dir.file("missing"), reason: "no such file or directory")) {
            try ChangesetFile.removeLeftovers(of: anna, in: dir.file("missing"))
        }
    }

    @Test func everyTruncationIsRefusedAsTruncated() throws {
        let bytes = try bookFile().encoded()
        let path = dir.file("28t5cy4t-000000000042.changeset")
        for count in 0..<bytes.count {
            let expected = Int64(count < 64 ? 64 : bytes.count)
            #expect(problem(decoding: Array(bytes[..<count]), as: path) == .truncated(size: Int64(count), expected: expected), "cut at \(count)")
        }
        // And through the file system, at a few places.
        for count in [0, 5, 63, 64, bytes.count - 1] {
            writeFile(path, Array(bytes[..<count]))
            #expect(problem(reading: path) == .truncated(size: Int64(count), expected: Int64(count < 64 ? 64 : bytes.count)))
        }
    }

    @Test func everySingleBitFlipIsRefused() throws {
        let bytes = try bookFile().encoded()
        let path = dir.file("28t5cy4t-000000000042.changeset")
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                let found = problem(decoding: damaged, as: path)
                switch index {
                case 0..<8: #expect(found == .notAChangesetFile)
                case 10..<12:
                    // A header size that grew past the file reads as a truncation.
                    #expect(found == .damagedHeader || found?.isTruncation == true, "byte \(index) bit \(bit): \(String(describing: found))")
                case 8..<64: #expect(found == .damagedHeader, "byte \(index) bit \(bit)")
                default: #expect(found == .damagedChanges, "byte \(index) bit \(bit)")
                }
                if bit == 0 && index % 97 == 0 {
                    writeFile(path, damaged)
                    #expect(problem(reading: path) == found)
                }
            }
        }
    }

    @Test func aFileOfANewerFormatIsRefusedAsNewer() throws {
        let path = dir.file("28t5cy4t-000000000042.changeset")
        writeFile(path, handMade(version: 2, payload: []))
        #expect(problem(reading: path) == .newerFormat(version: 2, supported: 1))
        // A newer format may have a longer header: still told apart as newer, not as damage.
        writeFile(path, handMade(version: 7, headerSize: 100, payload: [1, 2, 3]))
        #expect(problem(reading: path) == .newerFormat(version: 7, supported: 1))
        writeFile(path, handMade(version: 0, payload: []))
        #expect(problem(reading: path) == .damagedHeader)
    }

    @Test func otherBadFilesAreRefusedWithWhatIsWrong() throws {
        let good = try bookFile()
        let path = dir.file(good.name)
        let cases: [([UInt8], ChangesetFileProblem)] = [
            (good.encoded() + [0], .trailingBytes(size: Int64(good.encoded().count + 1), expected: Int64(good.encoded().count))),
            (handMade(payload: [], length: 1_000_000_001), .tooLarge(length: 1_000_000_001, limit: 1_000_000_000)),
            (handMade(payload: [], length: .max), .tooLarge(length: .max, limit: 1_000_000_000)),
            // Checksums right, but the changes are not a changeset (a writer's bug): never handed to SQLite.
            (handMade(payload: [0x54]), .damagedChanges),
            (handMade(payload: Array("T\u{1}\u{1}items".utf8)), .damagedChanges),
            (handMade(device: 0, payload: []), .damagedHeader),
            (handMade(device: 1 << 40, payload: []), .damagedHeader),
            (handMade(sequence: 0, payload: []), .damagedHeader),
            (handMade(sequence: 1_000_000_000_000, payload: []), .damagedHeader),
            (handMade(time: 1 << 63, payload: []), .damagedHeader),
            (handMade(sequence: 43, payload: []), .misnamed(device: anna, sequence: 43)),
            (handMade(device: bo.rawValue, payload: []), .misnamed(device: bo, sequence: 42)),
            (Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 100), .notAChangesetFile),
            (Array("k7m2x9qa\n".utf8), .notAChangesetFile),
            ([0x89, 0x42], .truncated(size: 2, expected: 64)),
            ([], .truncated(size: 0, expected: 64)),
        ]
        for (bytes, expected) in cases {
            writeFile(path, bytes)
            #expect(problem(reading: path) == expected)
            #expect(throws: SyncError.invalidChangesetFile(path: path, problem: expected)) { try ChangesetFile(decoding: bytes, path: path) }
        }
        // Under a name that is no changeset file's, the header alone says which file it is.
        writeFile(dir.file("renamed"), good.encoded())
        #expect(try ChangesetFile.read(dir.file("renamed")) == good)
    }

    @Test func aPathThatCannotBeReadIsRefusedWithTheReason() throws {
        #expect(throws: SyncError.cannotReadChangesetFile(path: dir.file("missing"), reason: "no such file or directory")) {
            try ChangesetFile.read(dir.file("missing"))
        }
        #expect(throws: SyncError.cannotReadChangesetFile(path: dir.path, reason: "it is a directory")) { try ChangesetFile.read(dir.path) }
        let fifo = dir.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: SyncError.cannotReadChangesetFile(path: fifo, reason: "it is a FIFO (named pipe)")) { try ChangesetFile.read(fifo) }
    }
}

extension ChangesetFileProblem {
    var isTruncation: Bool {
        if case .truncated = self { return true }
        return false
    }
}
