import Testing
@testable import BudgetKit

/// How a device names itself (issue "Undo & sync": `budget device [NAME]`, files named by device).
@Suite struct DeviceIDTests {
    @Test func anIdIsEightBase32CharactersThatSortAsItsNumber() {
        #expect(DeviceID(rawValue: 1)!.description == "00000001")
        #expect(DeviceID(rawValue: 0xFF_FFFF_FFFF)!.description == "zzzzzzzz")
        // 0x12_3456_789A in 5-bit groups: 2 8 26 5 12 30 4 26.
        #expect(DeviceID(rawValue: 0x12_3456_789A)!.description == "28t5cy4t")
        #expect(DeviceID("28T5CY4T") == DeviceID(rawValue: 0x12_3456_789A))
        var generator = SeededGenerator(seed: 3)
        let ids = (0..<2_000).map { _ in DeviceID.random(using: &generator) }
        #expect(ids.sorted().map(\.description) == ids.map(\.description).sorted())
        for id in ids {
            #expect(DeviceID(id.description) == id)
            #expect(DeviceID(id.description.uppercased()) == id)
            #expect(id.description.utf8.count == 8)
        }
        #expect(Set(ids).count == ids.count)
        #expect(DeviceID.random() != DeviceID.random())
    }

    @Test(arguments: ["", "0000000", "000000001", "00000000", "0000000i", "0000000l", "0000000o", "0000000u", "0000000-", "0000000é"])
    func malformedTextIsNoDeviceID(_ text: String) {
        #expect(DeviceID(text) == nil)
    }

    @Test func numbersOutsideFortyBitsOrZeroAreNoDeviceID() {
        #expect(DeviceID(rawValue: 0) == nil)
        #expect(DeviceID(rawValue: 1 << 40) == nil)
        #expect(DeviceID(rawValue: (1 << 40) - 1) != nil)
    }

    @Test func aDeviceNameIsTrimmedAndMustBeReadableText() throws {
        let id = DeviceID(rawValue: 7)!
        #expect(try Device(id: id, name: "  anna-laptop\t").name == "anna-laptop")
        #expect(try Device(id: id, name: String(repeating: "é", count: 64)).name.count == 64)
        for name in ["", "   ", "a\u{7}b", "line\nbreak", String(repeating: "x", count: 65)] {
            #expect(throws: SyncError.invalidDeviceName(name)) { try Device(id: id, name: name) }
        }
    }
}
