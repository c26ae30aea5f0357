/// A key `watch` acts on: scrolling, and `q` to quit.
enum WatchKey: Equatable {
    case up, down, pageUp, pageDown, home, end, quit
}

/// Turns the bytes a terminal sends for keys into ``WatchKey``s: `↑ ↓` and `k j`, `PgUp PgDn`
/// and `b`/space, `Home End` and `g G`, `q`. Every xterm-like form of the arrows, Home and End
/// (`ESC [ A`, `ESC O A`, `ESC [ 1 ~`, `ESC [ H`, ...) is understood. Any other key or escape
/// sequence is skipped whole, never read as letters: F-keys and other CSI sequences, X10 mouse
/// reports (`ESC [ M` and three bytes), the terminal's strings (OSC `ESC ]`, DCS `ESC P`, APC,
/// PM, up to BEL or `ESC \`), and a bracketed paste (`ESC [ 200 ~` up to `ESC [ 201 ~`).
///
/// A sequence cut between two reads is kept until its end arrives. One longer than 4 KiB is
/// dropped (a paste that long, too), so a stream of junk never grows the buffer.
///
/// Not thread-safe: the watch loop owns it.
struct WatchKeyDecoder {
    static let escape: UInt8 = 0x1B
    private static let longestSequence = 4096
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
        if [UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^")].contains(introducer) {
            // A string from the terminal: to BEL, or to ST (`ESC \\`).
            var index = start + 2
            while index < bytes.endIndex {
                if bytes[index] == 0x07 { return .complete(length: index - start + 1, key: nil) }
                if bytes[index] == escape, index + 1 < bytes.endIndex {
                    return .complete(length: index - start + (bytes[index + 1] == UInt8(ascii: "\\") ? 2 : 0), key: nil)
                }
                index += 1
            }
            return .incomplete
        }
        guard introducer == UInt8(ascii: "[") else {
            // ESC then another key (Alt+key): not ours; the key after it is read on its own.
            return .complete(length: 1, key: nil)
        }
        if bytes.count >= 3 && bytes[start + 2] == UInt8(ascii: "M") {
            // An X10 mouse report: three bytes of button and position follow, any values.
            return bytes.count >= 6 ? .complete(length: 6, key: nil) : .incomplete
        }
        // CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, then a final byte 0x40–0x7E.
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return .incomplete }
        let final = bytes[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(final) else { return .complete(length: length, key: nil) }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        if final == UInt8(ascii: "~") && parameters == "200" { return pastedText(in: bytes, after: length) }
        if final == UInt8(ascii: "~") { return .complete(length: length, key: tildeKeys[parameters]) }
        // `ESC [ 1 ; 5 A` (a modifier) is still the arrow.
        guard parameters.isEmpty || parameters.hasPrefix("1;") else { return .complete(length: length, key: nil) }
        return .complete(length: length, key: finalKeys[final])
    }

    /// A bracketed paste's text, skipped up to its closing `ESC [ 201 ~`.
    private static func pastedText(in bytes: ArraySlice<UInt8>, after opening: Int) -> Parsed {
        let closing = Array("\u{1B}[201~".utf8)
        var index = bytes.startIndex + opening
        while index + closing.count <= bytes.endIndex {
            if bytes[index..<(index + closing.count)].elementsEqual(closing) {
                return .complete(length: index + closing.count - bytes.startIndex, key: nil)
            }
            index += 1
        }
        return .incomplete
    }

    private static let finalKeys: [UInt8: WatchKey] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    ]
    private static let tildeKeys: [String: WatchKey] = [
        "1": .home, "7": .home, "4": .end, "8": .end, "5": .pageUp, "6": .pageDown,
    ]
}
