/// One pass over bytes that should be UTF-8: how many of them are whole valid characters, how
/// many line feeds those hold, and why the pass stopped. A NUL stops it too.
///
/// The checks are the Unicode standard's table of well-formed byte sequences (no overlong
/// forms, no surrogates, nothing above U+10FFFF).
struct UTF8Scan {
    enum Stop: Equatable {
        /// Every byte was scanned.
        case none
        /// A NUL at `validCount`.
        case nul
        /// A character cut off by the end of the bytes (not the end of the input).
        case cutOff
        /// An invalid sequence at `validCount`.
        case invalid
    }

    private(set) var validCount = 0
    private(set) var lineFeeds = 0
    private(set) var sawNonASCII = false
    private(set) var stop = Stop.none

    init(_ bytes: [UInt8], atEnd: Bool) {
        bytes.withUnsafeBufferPointer { scan($0, atEnd: atEnd) }
    }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) {
        let count = bytes.count
        var index = 0
        var feeds = 0
        defer { validCount = index; lineFeeds = feeds }
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0x0A { feeds += 1 } else if lead == 0 { stop = .nul; return }
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF   // the second byte's range
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: stop = .invalid; return
            }
            for offset in 1..<length {
                guard index + offset < count else {
                    stop = atEnd ? .invalid : .cutOff
                    return
                }
                let byte = bytes[index + offset]
                let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= min && byte <= max else { stop = .invalid; return }
            }
            sawNonASCII = true
            index += length
        }
    }
}
