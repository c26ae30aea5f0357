#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hybrid logical clock timestamp (Kulkarni et al., 2014): wall-clock milliseconds, a counter
/// for events within one millisecond or while the wall clock lags, and the device that made it.
///
/// Every event a device makes or hears gets a timestamp greater than every one it made or heard
/// before, whatever its wall clock does: ``tick(now:)`` for a local write, ``receive(_:now:)``
/// for a change from another device. Timestamps stay close to wall-clock time (the counter only
/// runs while the clock is behind), and the order is total: milliseconds, then counter, then
/// device id, so two devices never make equal timestamps and every device sorts the history the
/// same way. Changes from the shared folder are applied in this order.
///
/// ```swift
/// var clock = HybridLogicalClock(device: me)         // or the last one saved
/// let stamp = clock.tick(now: HybridLogicalClock.wallClock())
/// ```
///
/// Encodings (both sort as the timestamps do):
/// - ``text``: 30 characters, `MMMMMMMMMMMMMMM-CCCCC-DDDDDDDD`: the milliseconds in 15 decimal
///   digits, the counter in 5, the device id in base32 (``DeviceID``): `001795000000000-00000-k7m2x9qa`.
/// - ``packed``: two `Int64`s, `time` = milliseconds × 2¹⁶ + counter and `device` = the id's
///   number, both non-negative: an SQL `ORDER BY time, device` sorts in timestamp order.
///
/// Limits: milliseconds 0 ..< 2⁴⁷ (the year 6429); a wall clock beyond reads as the limit, one
/// before 1970 as 0. The counter has 16 bits; when it is full the milliseconds move on by one,
/// so a clock may run a little ahead of the wall clock but never backwards.
public struct HybridLogicalClock: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The largest milliseconds value: 2⁴⁷ - 1.
    public static let maximumMilliseconds: Int64 = (1 << 47) - 1

    /// Wall-clock milliseconds since 1970-01-01 UTC (as the device saw them, or later).
    public private(set) var milliseconds: Int64
    /// Events within the same millisecond, counted.
    public private(set) var counter: UInt16
    /// The device that made the timestamp.
    public private(set) var device: DeviceID

    /// A timestamp from its parts.
    ///
    /// - Precondition: `milliseconds` is in 0 ... ``maximumMilliseconds``.
    public init(milliseconds: Int64, counter: UInt16, device: DeviceID) {
        precondition(milliseconds >= 0 && milliseconds <= Self.maximumMilliseconds, "milliseconds \(milliseconds)")
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    /// The clock of a device that has seen nothing yet: before every timestamp it will make.
    public init(device: DeviceID) {
        self.init(milliseconds: 0, counter: 0, device: device)
    }

    /// Moves the clock on for a local event and returns its timestamp: the wall clock `now` when
    /// it is ahead of every timestamp seen, else the latest one with the counter raised.
    ///
    /// - Parameter now: wall-clock milliseconds (``wallClock()``); may go backwards.
    @discardableResult
    public mutating func tick(now: Int64) -> HybridLogicalClock {
        let now = Self.clamped(now)
        if now > milliseconds {
            milliseconds = now
            counter = 0
        } else {
            advanceCounter(from: counter)
        }
        return self
    }

    /// Moves the clock on for a remote timestamp heard (a change from another device) and
    /// returns the local event's timestamp: greater than both the clock and `remote`.
    ///
    /// The device stays this clock's own; `remote` only pulls the time forward.
    @discardableResult
    public mutating func receive(_ remote: HybridLogicalClock, now: Int64) -> HybridLogicalClock {
        let now = Self.clamped(now)
        let latest = max(milliseconds, remote.milliseconds, now)
        if latest == milliseconds && latest == remote.milliseconds {
            advanceCounter(from: max(counter, remote.counter))
        } else if latest == milliseconds {
            advanceCounter(from: counter)
        } else if latest == remote.milliseconds {
            milliseconds = latest
            advanceCounter(from: remote.counter)
        } else {
            milliseconds = latest
            counter = 0
        }
        return self
    }

    /// Sets the counter one past `value`, moving to the next millisecond when it is full.
    private mutating func advanceCounter(from value: UInt16) {
        if value < .max {
            counter = value + 1
        } else {
            precondition(milliseconds < Self.maximumMilliseconds, "hybrid logical clock at its limit")
            milliseconds += 1
            counter = 0
        }
    }

    private static func clamped(_ now: Int64) -> Int64 { min(max(now, 0), maximumMilliseconds) }

    /// The wall clock now, in milliseconds since 1970-01-01 UTC (`clock_gettime(CLOCK_REALTIME)`).
    public static func wallClock() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    public static func < (lhs: HybridLogicalClock, rhs: HybridLogicalClock) -> Bool {
        (lhs.milliseconds, lhs.counter, lhs.device) < (rhs.milliseconds, rhs.counter, rhs.device)
    }

    /// The timestamp as ``text``.
    public var description: String { text }
}
