/// The invisible characters a new category or account name may not hold: characters that draw
/// nothing where they stand, so `Fo\u{200B}od` or `Fo\u{34F}od` would look exactly like `Food`
/// while being another category.
///
/// ```swift
/// InvisibleCharacters.first(in: "Fo\u{200B}od")   // U+200B
/// InvisibleCharacters.first(in: "\u{1F469}\u{200D}\u{1F4BB} Work")   // nil: the joiner makes one emoji
/// InvisibleCharacters.first(in: "Fo\u{200D}od")   // U+200D: between Latin letters it joins nothing
/// ```
///
/// Refused: Unicode's default-ignorable code points (`isDefaultIgnorableCodePoint`: U+00AD SOFT
/// HYPHEN, U+034F COMBINING GRAPHEME JOINER, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0,
/// U+17B4 and U+17B5, U+180B–U+180F, U+200B–U+200F, the bidi embeddings, overrides and isolates,
/// U+2060–U+206F, U+FEFF, the variation selectors, U+1D173–U+1D17A, the tags U+E0000–U+E0FFF...),
/// and three that draw nothing though Unicode does not list them so: U+2800 BRAILLE PATTERN BLANK
/// and the interlinear annotation characters U+FFF9–U+FFFB.
///
/// Kept where names need them, and only there, as a character's neighbours decide:
/// - U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER between two characters that are
///   not ASCII (Persian, Indic and Arabic scripts, emoji sequences); a variation selector kept
///   after an emoji counts as its left neighbour (`🏳️‍🌈`). Before or after a letter of ASCII,
///   a space, or another invisible character, they join nothing and are refused.
/// - The marks U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK and U+061C ARABIC LETTER MARK
///   (Hebrew and Arabic names mixed with digits or Latin), anywhere.
/// - The variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF right after a visible character
///   that is not ASCII (emoji presentation `❤️`, CJK ideograph variants), and U+FE0F in a keycap
///   (`1️⃣`: a digit, `#` or `*`, then U+FE0F, then U+20E3); the Mongolian free variation
///   selectors U+180B–U+180D and U+180F right after a Mongolian letter.
/// - The tags U+E0020–U+E007F inside an emoji tag sequence: U+1F3F4 WAVING BLACK FLAG, tags
///   U+E0020–U+E007E, and U+E007F CANCEL TAG last (the flags of England, Scotland and Wales).
///
/// Only new names are checked: a book whose names already hold these characters opens and
/// works, and `check` does not report them; renaming such a category puts it right.
/// ``VisibleText`` shows the same characters as escapes on a terminal, by the same rule.
public enum InvisibleCharacters {
    /// The first character of `text` a new name may not hold where it stands, if any.
    ///
    /// - Complexity: O(n).
    public static func first(in text: String) -> Unicode.Scalar? {
        guard mayHold(text) else { return nil }
        return Scan(text).first(where: \.isInvisible)?.scalar
    }

    /// Whether `text` holds a character a new name may not hold where it stands.
    ///
    /// - Complexity: O(n).
    public static func contains(in text: String) -> Bool {
        first(in: text) != nil
    }

    /// `text` with each character a name may not hold written as an escape (`Fo\u{200b}od`), as
    /// ``VisibleText`` writes the characters it escapes, so a message shows where it is. Joiners,
    /// selectors and tags that a name may hold where they stand are left as they are.
    ///
    /// - Complexity: O(n); text without them is returned as it is.
    public static func shown(in text: String) -> String {
        guard contains(in: text) else { return text }
        var result = ""
        for (scalar, isInvisible) in Scan(text) {
            if isInvisible {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The character's code point and Unicode name: `U+200B ZERO WIDTH SPACE`.
    public static func label(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name else { return code }
        return code + " " + name
    }

    /// `\u{200b}`: the escape ``shown(in:)`` and ``VisibleText`` write.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16) + "}"
    }

    /// Whether `scalar` may be invisible in some text: a cheap test that lets text without any
    /// such scalar (nearly all text) skip the scan.
    static func mayBe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0xAC: return false
        case 0x2800, 0xFFF9...0xFFFB: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// Whether some scalar of `text` may be invisible.
    static func mayHold(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: mayBe)
    }
}

extension InvisibleCharacters {
    /// The scalars of a text, each with whether it is invisible where it stands: the rule of
    /// ``InvisibleCharacters``, deciding each joiner, selector and tag by its neighbours, for a
    /// caller that escapes them its own way.
    ///
    /// ```swift
    /// for (scalar, isInvisible) in InvisibleCharacters.Scan("a\u{200D}b") { ... }   // the joiner: true
    /// ```
    ///
    /// - Complexity: O(n) over the whole text: a tag sequence is looked through once, at its flag.
    public struct Scan: Sequence, IteratorProtocol {
        private let scalars: String.UnicodeScalarView
        private var index: String.UnicodeScalarView.Index
        /// The scalar before, if any.
        private var previous: Unicode.Scalar?
        /// Whether the scalar before is a visible character that is not ASCII.
        private var previousIsBase = false
        /// Whether a joiner may follow the scalar before: a base, or a selector kept after one.
        private var previousTakesJoiner = false
        /// How many of the scalars ahead are the tags of a well-formed emoji tag sequence.
        private var tagsAhead = 0

        /// The scalars of `text`.
        public init(_ text: String) {
            scalars = text.unicodeScalars
            index = scalars.startIndex
        }

        /// The next scalar, and whether it is invisible where it stands.
        public mutating func next() -> (scalar: Unicode.Scalar, isInvisible: Bool)? {
            guard index < scalars.endIndex else { return nil }
            let scalar = scalars[index]
            let after = scalars.index(after: index)
            let following = after < scalars.endIndex ? scalars[after] : nil
            let isInvisible: Bool
            if tagsAhead > 0 {
                tagsAhead -= 1
                isInvisible = false
            } else {
                isInvisible = Self.isInvisible(scalar, previous: previous, previousIsBase: previousIsBase,
                                               previousTakesJoiner: previousTakesJoiner, following: following)
            }
            if scalar.value == 0x1F3F4 { tagsAhead = tagSequenceLength(from: after) }
            let isBase = Self.isBase(scalar)
            previousTakesJoiner = isBase || (Self.isVariationSelector(scalar) && !isInvisible)
            previousIsBase = isBase
            previous = scalar
            index = after
            return (scalar, isInvisible)
        }

        /// The rule for one scalar, given its neighbours.
        private static func isInvisible(_ scalar: Unicode.Scalar, previous: Unicode.Scalar?, previousIsBase: Bool,
                                        previousTakesJoiner: Bool, following: Unicode.Scalar?) -> Bool {
            switch scalar.value {
            case 0x200C, 0x200D:
                return !(previousTakesJoiner && following.map(isBase) == true)
            case 0x200E, 0x200F, 0x061C:
                return false
            case 0xFE0F where following?.value == 0x20E3 && previous.map(isKeycapBase) == true:
                return false
            case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
                return !previousIsBase
            case 0x180B...0x180D, 0x180F:
                return !(previousIsBase && previous.map(isMongolian) == true)
            default:
                return mayBe(scalar)
            }
        }

        /// The number of scalars from `start` that are the tags of an emoji tag sequence (tags
        /// U+E0020–U+E007E, then U+E007F CANCEL TAG), or 0 when they are not one.
        private func tagSequenceLength(from start: String.UnicodeScalarView.Index) -> Int {
            var count = 0
            var index = start
            while index < scalars.endIndex {
                switch scalars[index].value {
                case 0xE0020...0xE007E: count += 1
                case 0xE007F: return count == 0 ? 0 : count + 1
                default: return 0
                }
                index = scalars.index(after: index)
            }
            return 0
        }

        /// A visible character that is not ASCII: what a joiner may stand beside and a
        /// variation selector may follow.
        private static func isBase(_ scalar: Unicode.Scalar) -> Bool {
            !scalar.isASCII && !mayBe(scalar)
        }

        private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
            default: return false
            }
        }

        /// `0`–`9`, `#` and `*`: what a keycap (`1️⃣`) is made of.
        private static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
            ("0"..."9").contains(scalar) || scalar == "#" || scalar == "*"
        }

        /// A letter of the Mongolian block, which its free variation selectors may follow.
        private static func isMongolian(_ scalar: Unicode.Scalar) -> Bool {
            (0x1820...0x18AA).contains(scalar.value)
        }
    }
}
