import Testing
@testable import BudgetKit

/// Hybrid logical clocks order every device's changes the same way, and never backwards
/// (issue "Undo & sync": a clock that jumps backwards does not reorder history).
@Suite struct HybridLogicalClockTests {
    let anna = DeviceID(rawValue: 0x00_1234_5678)!
    let bo = DeviceID(rawValue: 0xFF_0000_0001)!

    @Test func aTickTakesTheWallClockWhenItIsAhead() {
        var clock = HybridLogicalClock(device: anna)
        #expect(clock.tick(now: 1_000) == HybridLogicalClock(milliseconds: 1_000, counter: 0, device: anna))
        #expect(clock.tick(now: 1_000) == HybridLogicalClock(milliseconds: 1_000, counter: 1, device: anna))
        #expect(clock.tick(now: 1_005) == HybridLogicalClock(milliseconds: 1_005, counter: 0, device: anna))
        #expect(clock == HybridLogicalClock(milliseconds: 1_005, counter: 0, device: anna))
    }

    @Test func aClockThatJumpsBackwardsKeepsCountingForward() {
        var clock = HybridLogicalClock(device: anna)
        var stamps = [clock.tick(now: 50_000_000)]
        // The wall clock is set back an hour, creeps forward, is reset to 1970, then catches up.
        for now: Int64 in [46_400_000, 46_400_001, 46_400_001, 0, -5, 49_999_999, 50_000_000, 50_000_001] {
            stamps.append(clock.tick(now: now))
        }
        #expect(stamps == stamps.sorted())
        #expect(Set(stamps).count == stamps.count)
        #expect(stamps.map(\.milliseconds) == Array(repeating: 50_000_000, count: 8) + [50_000_001])
        #expect(stamps.map(\.counter) == [0, 1, 2, 3, 4, 5, 6, 7, 0])
    }

    @Test func receivingARemoteTimestampMovesPastIt() {
        var clock = HybridLogicalClock(device: anna)
        clock.tick(now: 1_000)
        // Bo's clock is ahead of Anna's wall clock: Anna's next events come after Bo's.
        let remote = HybridLogicalClock(milliseconds: 9_000, counter: 7, device: bo)
        #expect(clock.receive(remote, now: 1_001) == HybridLogicalClock(milliseconds: 9_000, counter: 8, device: anna))
        #expect(clock.tick(now: 1_002) == HybridLogicalClock(milliseconds: 9_000, counter: 9, device: anna))
        // Same millisecond on both sides: past the larger counter.
        #expect(clock.receive(HybridLogicalClock(milliseconds: 9_000, counter: 20, device: bo), now: 0)
                == HybridLogicalClock(milliseconds: 9_000, counter: 21, device: anna))
        // An older remote timestamp only counts on.
        #expect(clock.receive(HybridLogicalClock(milliseconds: 5, counter: 99, device: bo), now: 0)
                == HybridLogicalClock(milliseconds: 9_000, counter: 22, device: anna))
        // The wall clock ahead of both wins.
        #expect(clock.receive(remote, now: 20_000) == HybridLogicalClock(milliseconds: 20_000, counter: 0, device: anna))
    }

    @Test func aFullCounterMovesToTheNextMillisecond() {
        var clock = HybridLogicalClock(milliseconds: 7, counter: .max - 1, device: anna)
        #expect(clock.tick(now: 0) == HybridLogicalClock(milliseconds: 7, counter: .max, device: anna))
        #expect(clock.tick(now: 0) == HybridLogicalClock(milliseconds: 8, counter: 0, device: anna))
        #expect(clock.receive(HybridLogicalClock(milliseconds: 8, counter: .max, device: bo), now: 0)
                == HybridLogicalClock(milliseconds: 9, counter: 0, device: anna))
    }

    /// Random events on three devices with wall clocks that skew and jump backwards, messages
    /// delivered late: each device's timestamps only grow, each received change is followed by
    /// later ones, and all are distinct, so every device sorts the history the same way.
    @Test func randomEventsOnThreeDevicesStayMonotonicCausalAndTotallyOrdered() {
        var generator = SeededGenerator(seed: 12)
        let devices = (0..<3).map { _ in DeviceID.random(using: &generator) }
        var clocks = devices.map { HybridLogicalClock(device: $0) }
        var walls: [Int64] = [1_000_000, 1_000_000 - 60_000, 1_000_000 + 5_000]
        var last: [HybridLogicalClock?] = [nil, nil, nil]
        var inFlight: [(to: Int, stamp: HybridLogicalClock)] = []
        var all: [HybridLogicalClock] = []
        for _ in 0..<5_000 {
            let device = Int.random(in: 0..<3, using: &generator)
            walls[device] += Int64.random(in: -2_000...50, using: &generator) // often backwards
            let stamp: HybridLogicalClock
            if !inFlight.isEmpty, Bool.random(using: &generator), let index = inFlight.indices.first(where: { inFlight[$0].to == device }) {
                let message = inFlight.remove(at: index)
                stamp = clocks[device].receive(message.stamp, now: walls[device])
                #expect(stamp > message.stamp)
            } else {
                stamp = clocks[device].tick(now: walls[device])
                inFlight.append((to: (device + Int.random(in: 1...2, using: &generator)) % 3, stamp: stamp))
            }
            if let previous = last[device] { #expect(stamp > previous) }
            #expect(stamp.device == devices[device])
            last[device] = stamp
            all.append(stamp)
        }
        #expect(Set(all).count == all.count)
        #expect(all.sorted().map(\.text) == all.map(\.text).sorted())
        #expect(all.sorted().map(\.packed.time) == all.map(\.packed).sorted { ($0.time, $0.device) < ($1.time, $1.device) }.map(\.time))
    }

    @Test func timestampsOfTwoDevicesInTheSameMillisecondOrderByDevice() {
        let first = HybridLogicalClock(milliseconds: 5, counter: 1, device: anna)
        let second = HybridLogicalClock(milliseconds: 5, counter: 1, device: bo)
        #expect(first < second && first != second)
        #expect(HybridLogicalClock(milliseconds: 5, counter: 2, device: anna) > second)
        #expect(HybridLogicalClock(milliseconds: 6, counter: 0, device: anna) > HybridLogicalClock(milliseconds: 5, counter: .max, device: bo))
    }

    @Test func theTextFormIsFixedWidthSortableAndReadsBack() {
        let stamp = HybridLogicalClock(milliseconds: 1_795_000_000_123, counter: 42, device: anna)
        #expect(stamp.text == "001795000000123-00042-\(anna)")
        #expect(stamp.text.utf8.count == 30)
        #expect(HybridLogicalClock(text: stamp.text) == stamp)
        let largest = HybridLogicalClock(milliseconds: HybridLogicalClock.maximumMilliseconds, counter: .max, device: bo)
        #expect(largest.text == "140737488355327-65535-zw000001")
        #expect(HybridLogicalClock(text: largest.text) == largest)
        #expect(HybridLogicalClock(text: HybridLogicalClock(device: anna).text) == HybridLogicalClock(device: anna))
    }

    @Test(arguments: ["", "001795000000123-00042-", "001795000000123-65536-00000001", "140737488355328-00000-00000001",
                      "001795000000123_00042-00000001", "00179500000012a-00042-00000001", "001795000000123-00042-00000000",
                      "001795000000123-00042-0000000u", " 01795000000123-00042-00000001"])
    func malformedTextIsNoTimestamp(_ text: String) {
        #expect(HybridLogicalClock(text: text) == nil)
    }

    @Test func thePackedFormIsTwoNonNegativeIntegersAndReadsBack() {
        let stamp = HybridLogicalClock(milliseconds: 1_795_000_000_123, counter: 42, device: bo)
        #expect(stamp.packed.time == 1_795_000_000_123 << 16 + 42)
        #expect(stamp.packed.device == 0xFF_0000_0001)
        #expect(HybridLogicalClock(time: stamp.packed.time, device: stamp.packed.device) == stamp)
        let largest = HybridLogicalClock(milliseconds: HybridLogicalClock.maximumMilliseconds, counter: .max, device: bo)
        #expect(largest.packed.time == .max)
        #expect(HybridLogicalClock(time: -1, device: 1) == nil)
        #expect(HybridLogicalClock(time: 0, device: 0) == nil)
        #expect(HybridLogicalClock(time: 0, device: 1 << 40) == nil)
    }

    @Test func wallClocksOutsideTheRangeAreClamped() {
        var clock = HybridLogicalClock(device: anna)
        #expect(clock.tick(now: -1_000) == HybridLogicalClock(milliseconds: 0, counter: 1, device: anna))
        #expect(clock.tick(now: .max) == HybridLogicalClock(milliseconds: HybridLogicalClock.maximumMilliseconds, counter: 0, device: anna))
        #expect(HybridLogicalClock.wallClock() > 1_700_000_000_000)
    }
}
