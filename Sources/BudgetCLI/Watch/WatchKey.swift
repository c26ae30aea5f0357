/// A key `watch` acts on: scrolling, and `q` to quit.
enum WatchKey: Equatable {
    case up, down, pageUp, pageDown, home, end, quit
}

/// Turns the bytes a terminal sends for keys into ``WatchKey``s: `↑ ↓` and `k j`, `PgUp PgDn`
/// and `b`/space, `Home End` and `g G`, `q`. Every xterm-like form of the arrows, Home and End
/// (`ESC [ A`, `ESC O A`, `ESC [ 1 ~`, `ESC [ H`, ...) is understood; any other key or escape
/// sequence (F-keys, a mouse report, a paste) is skipped whole, never read as letters.
///
/// A sequence cut between two reads is kept until its end arrives. An escape sequence longer
/// than 32 bytes is dropped, so a stream of junk never grows the buffer.
///
/// Not thread-safe: the watch loop owns it.
struct WatchKeyDecoder {
    private static let escape: UInt8 = 0x1B
    private static let longestSequence = 32
    /// The start of a sequence whose end has not arrived.
    private var pending: [UInt8] = []

    /// The keys in `bytes` (after what was pending), in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [WatchKey] {
        pending.append(contentsOf: bytes)
        var keys: [WatchKey] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            guard byte == Self.escape else {
                if let key = Self.letterKeys[byte] { keys.append(key) }
                index += 1
                continue
            }
            switch Self.sequence(in: pending[index...]) {
            case .incomplete:
                if pending.count - index > Self.longestSequence {
                    index = pending.count  // junk: drop it
                } else {
                    pending.removeFirst(index)
                    return keys
                }
            case .complete(let length, let key):
                if let key { keys.append(key) }
                index += length
            }
        }
        pending.removeAll()
        return keys
    }

    private static let letterKeys: [UInt8: WatchKey] = [
        UInt8(ascii: "k"): .up, UInt8(ascii: "j"): .down, UInt8(ascii: "b"): .pageUp, UInt8(ascii: " "): .pageDown,
        UInt8(ascii: "g"): .home, UInt8(ascii: "G"): .end, UInt8(ascii: "q"): .quit,
    ]

    private enum Parsed {
        case incomplete
        /// `length` bytes read; `key` is `nil` for a sequence `watch` does not use.
        case complete(length: Int, key: WatchKey?)
    }

    /// The escape sequence at the start of `bytes` (which begins with ESC).
    private static func sequence(in bytes: ArraySlice<UInt8>) -> Parsed {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return .incomplete }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {
            // SS3: one final byte (arrows and Home/End in application cursor mode).
            guard bytes.count >= 3 else { return .incomplete }
            return .complete(length: 3, key: finalKeys[bytes[start + 2]])
        }
        guard introducer == UInt8(ascii: "[") else {
            // ESC then another key (Alt+key): not ours; the key after it is read on its own.
            return .complete(length: 1, key: nil)
        }
        // CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, then a final byte 0x40–0x7E.
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return .incomplete }
        let final = bytes[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(final) else { return .complete(length: length, key: nil) }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        if final == UInt8(ascii: "~") { return .complete(length: length, key: tildeKeys[parameters]) }
        // `ESC [ 1 ; 5 A` (a modifier) is still the arrow.
        guard parameters.isEmpty || parameters.hasPrefix("1;") else { return .complete(length: length, key: nil) }
        return .complete(length: length, key: finalKeys[final])
    }

    private static let finalKeys: [UInt8: WatchKey] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    ]
    private static let tildeKeys: [String: WatchKey] = [
        "1": .home, "7": .home, "4": .end, "8": .end, "5": .pageUp, "6": .pageDown,
    ]
}
