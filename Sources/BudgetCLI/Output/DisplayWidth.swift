/// How many terminal columns text takes, for aligning tables.
///
/// Counts grapheme clusters (so `é` written as `e` plus a combining accent is one column), two
/// columns for East Asian wide and full-width characters and emoji, and nothing for ANSI colour
/// sequences (`ESC [ ... m`), which tables use for bars. An approximation of `wcswidth` without
/// its locale dependence; it deliberately ignores ambiguous-width characters (one column).
enum DisplayWidth {
    /// The width of `text` in terminal columns.
    ///
    /// - Complexity: O(n) in the text's length; printable ASCII (most cells) is counted by its
    ///   bytes, without breaking it into characters.
    static func of(_ text: String) -> Int {
        if let width = text.utf8.withContiguousStorageIfAvailable(printableASCIIWidth), let width { return width }
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            width += of(character)
        }
        return width
    }

    /// The width of text made of printable ASCII alone (U+0020...U+007E: a column each), or
    /// `nil` for any other text.
    private static func printableASCIIWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
        return bytes.count
    }

    /// The width of one grapheme cluster: 0, 1 or 2.
    static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 } // emoji presentation
        return isWide(scalar.value) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, and the emoji blocks.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
             0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
