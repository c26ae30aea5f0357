import Testing
@testable import BudgetKit

/// libzstd is loaded when the first history entry with chunks is written or read, not linked
/// (see ``Zstd``); a frame from a damaged book never decompresses past its limit.
@Suite struct ZstdTests {
    @Test func theInstalledLibraryHasEveryFunctionAndRoundTrips() throws {
        let zstd = try Zstd.load(Zstd.fileName).get()
        _ = try Zstd.shared.get()
        for bytes in [[], [0x54], Array(repeating: 7, count: HistoryChunks.pieceSize), (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }] as [[UInt8]] {
            let frame = try bytes.withUnsafeBytes { buffer throws(SQLiteError) in try zstd.compress(buffer) }
            #expect(try zstd.decompress(frame, limit: bytes.count) == bytes)
            if !bytes.isEmpty {
                // One byte less room than the frame says it holds: refused, nothing allocated for it.
                #expect(throws: Changeset.corrupt) { try zstd.decompress(frame, limit: bytes.count - 1) }
            }
        }
    }

    @Test(arguments: [[], [0x28, 0xB5, 0x2F, 0xFD], [0x28, 0xB5, 0x2F, 0xFD, 0x20, 0x05, 0x29, 0x00, 0x00], Array(repeating: 0xFF, count: 64)] as [[UInt8]])
    func aFrameThatIsNotWholeAndValidIsCorrupt(_ frame: [UInt8]) throws {
        let zstd = try Zstd.shared.get()
        #expect(throws: Changeset.corrupt) { try zstd.decompress(frame, limit: 1 << 20) }
    }

    @Test func aFrameWithoutItsSizeOrWithASecondFrameIsCorrupt() throws {
        let zstd = try Zstd.shared.get()
        let bytes: [UInt8] = Array("twice".utf8)
        let frame = try bytes.withUnsafeBytes { buffer throws(SQLiteError) in try zstd.compress(buffer) }
        #expect(throws: Changeset.corrupt) { try zstd.decompress(frame + frame, limit: 1 << 20) }
        #expect(throws: Changeset.corrupt) { try zstd.decompress(Array(frame.dropLast()), limit: 1 << 20) }
    }

    @Test func aLibraryThatIsNotInstalledIsAMissingLibraryNamingIt() {
        let name = "libzstd-not-installed.so.1"
        #expect(throws: BudgetError.missingLibrary(name: name, reason: "\(name): cannot open shared object file: No such file or directory")) {
            try Zstd.load(name).get()
        }
    }
}
