import Glibc

/// A rule's POSIX extended regular expression, compiled once by glibc's `regcomp` and matched
/// with `regexec`, ignoring case.
///
/// The syntax is POSIX ERE as glibc implements it: `.`, `[...]` and `[^...]` (with classes like
/// `[[:digit:]]`), `*`, `+`, `?`, `{m,n}`, `|`, `( )`, `^` and `$`; GNU's `\w`, `\W`, `\s`,
/// `\S`, `\b` and `\<`, `\>` also work. It is compiled and matched in the C.UTF-8 locale, so
/// `.` is one character and case is ignored beyond ASCII (`é` matches `É`), whatever the
/// process's own locale.
///
/// Texts are matched as `payees` and `merge-payees` group them and contains and exact rules
/// match them: in Unicode canonical composition (`Café` precomposed or with a combining accent
/// alike), and, failing that, case-folded on both sides (`STRASSE` matches `Straße`; see
/// ``Swift/String/caseFolded()``), for a pattern of letters, anchors, groups, `|` and `*`, `+`,
/// `?` after ASCII (``foldsText(_:)``). Folding changes a text's length (`ß` is `ss`), so a pattern
/// that counts or classes characters (`.`, `[^ß]`, `{4}`, `\w`) is never matched against a
/// folded text: `^[^ß]+$` would match `Fuß`, and `^.{4}$` would too.
///
/// Limits that keep every match fast and small (glibc has no time limit of its own):
/// at most ``maximumLength`` bytes; no back-references (`\1` to `\9`, the only construct that
/// makes glibc's matcher slow beyond all bounds); the `{m,n}` bounds, multiplied together, at
/// most ``maximumRepetition`` (glibc copies a repeated part once per repetition); and only the
/// first ``maximumText`` bytes of a text are matched. That last limit is what bounds a match's
/// time: glibc tries a pattern not anchored with `^` from every place in the text, so `a.*b`
/// over n bytes costs some n² steps (a 1 MiB payee in a hostile file took over an hour; 512
/// bytes take a fraction of a millisecond). A text is cut after a character that is not part of
/// a word, so no word seems to end where it was cut (`cash\b` never matches `…cashback`), and
/// `$` never matches there; GNU's buffer anchors (`\'`, `` \` ``) are refused.
///
/// Not thread-safe: a compiled `regex_t` keeps matching state; one matcher per thread.
final class RulePattern {
    /// The longest pattern, in UTF-8 bytes.
    static let maximumLength = 256
    /// The largest product of the `{m,n}` bounds of one pattern.
    static let maximumRepetition = 1_000
    /// How many bytes of a text are matched, at most: its first characters that fit.
    static let maximumText = 512

    private var compiled = regex_t()
    /// The pattern folded (``foldedPattern(_:)``), compiled for a pattern ``foldsText(_:)``
    /// allows that has a character beyond ASCII (an ASCII one folds to itself under REG_ICASE,
    /// and ``compiled`` matches the folded text).
    private var folded = regex_t()
    private var hasFolded = false
    /// Whether a folded text may be matched at all (``foldsText(_:)``).
    private let matchesFolded: Bool
    /// The C.UTF-8 locale matching runs in, or `nil` when the C library lacks it (then bytes).
    private let locale: locale_t?

    /// Compiles `pattern`.
    ///
    /// - Throws: ``BudgetError/invalidRuleExpression(_:reason:)`` naming the pattern and why.
    init(_ pattern: String) throws {
        try Self.check(pattern)
        locale = newlocale(Int32(1) << LC_CTYPE, "C.UTF-8", nil)
        let composed = Self.composed(pattern)
        matchesFolded = Self.foldsText(composed)
        // deinit runs when a compilation throws (every property is set): it frees the locale
        // and what regcomp left.
        try Self.compile(composed, into: &compiled, locale: locale, naming: pattern)
        if matchesFolded && !composed.utf8.allSatisfy({ $0 < 0x80 }) {
            try Self.compile(Self.foldedPattern(composed), into: &folded, locale: locale, naming: pattern)
            hasFolded = true
        }
    }

    deinit {
        regfree(&compiled)
        if hasFolded { regfree(&folded) }
        if let locale { freelocale(locale) }
    }

    private static func compile(_ pattern: String, into regex: inout regex_t, locale: locale_t?, naming original: String) throws {
        let flags = REG_EXTENDED | REG_ICASE | REG_NOSUB
        let status = inLocale(locale) { pattern.withCString { regcomp(&regex, $0, flags) } }
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, &regex, &message, message.count)
            throw BudgetError.invalidRuleExpression(original, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased())
        }
    }

    /// Whether `text` (any bytes, NUL included; its first ``maximumText`` bytes) holds a match:
    /// as written (in canonical composition), or else both case-folded.
    func matches(_ text: String) -> Bool {
        let bounded = Self.bounded(text)
        // `$` never matches where the text was cut: it is not the text's end.
        let cut = bounded.utf8.count < text.utf8.count
        // A text whose first bytes are one word has no place to cut: it matches nothing, not
        // even a pattern that matches an empty text (`x*`, `^`).
        if cut && bounded.isEmpty { return false }
        if bounded.utf8.allSatisfy({ $0 < 0x80 }) {
            // Its folding is its lowercasing, which REG_ICASE already ignores.
            return Self.matches(bounded, &compiled, locale, cut: cut) || (hasFolded && Self.matches(bounded, &folded, locale, cut: cut))
        }
        if Self.matches(Self.composed(bounded), &compiled, locale, cut: cut) { return true }
        guard matchesFolded else { return false }
        return hasFolded ? Self.matches(bounded.caseFolded(), &folded, locale, cut: cut)
                         : Self.matches(bounded.caseFolded(), &compiled, locale, cut: cut)
    }

    /// Whether a folded text may be matched against `pattern` folded: only when the pattern is
    /// letters and other plain characters, `^`, `$`, `|`, `( )`, and `*`, `+`, `?` after an
    /// ASCII character. What counts or classes characters (`.`, brackets, `{m,n}`, a backslash
    /// escape) would count a folded text's characters, not the text's (`ß` is two), and a
    /// quantifier after a character that folds to two would repeat only the second.
    static func foldsText(_ pattern: String) -> Bool {
        var previous: Character?
        for character in pattern {
            switch character {
            case ".", "[", "]", "{", "}", "\\":
                return false
            case "*", "+", "?":
                if let previous, !previous.isASCII { return false }
            default:
                break
            }
            previous = character
        }
        return true
    }

    private static func matches(_ text: String, _ regex: inout regex_t, _ locale: locale_t?, cut: Bool) -> Bool {
        var bytes = Array(text.utf8)
        var range = [regmatch_t(rm_so: 0, rm_eo: regoff_t(bytes.count))]
        bytes.append(0)
        let flags = REG_STARTEND | (cut ? REG_NOTEOL : 0)
        return inLocale(locale) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { regexec(&regex, $0.baseAddress, 1, &range, flags) == 0 }
            }
        }
    }

    /// `text`'s first characters that fit in ``maximumText`` bytes, up to the last one that is
    /// not part of a word (a letter, digit or `_`): a word cut in two would seem to end at the
    /// cut, for `\b` and `\>`. Empty when those bytes hold no such character (then
    /// ``matches(_:)`` matches nothing).
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumText else { return text }
        var end = text.startIndex, bytes = 0
        for index in text.indices {
            let next = text.index(after: index)
            bytes += text.utf8.distance(from: index, to: next)
            if bytes > maximumText { break }
            end = next
        }
        var kept = text[..<end]
        while let last = kept.last, last.isLetter || last.isNumber || last == "_" { kept.removeLast() }
        return String(kept)
    }

    /// `text` in Unicode canonical composition (NFC).
    static func composed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        // The standard library's own composition, as ``Swift/String/caseFolded()`` uses.
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// `pattern` case-folded character by character (`Straße` as `strasse`): only for a pattern
    /// ``foldsText(_:)`` allows, whose other characters (`^`, `$`, `|`, parentheses,
    /// quantifiers) fold to themselves.
    static func foldedPattern(_ pattern: String) -> String {
        pattern.map { String($0).caseFolded() }.joined()
    }

    /// Refuses what glibc would take but should not: a pattern too long, with a NUL byte, a
    /// back-reference or repetitions too large.
    static func check(_ pattern: String) throws {
        func refuse(_ reason: String) -> BudgetError { .invalidRuleExpression(pattern, reason: reason) }
        if pattern.isEmpty { throw BudgetError.invalidRulePattern(pattern) }
        if pattern.utf8.count > maximumLength { throw refuse("longer than \(maximumLength) bytes") }
        if pattern.utf8.contains(0) { throw refuse("it holds a NUL byte") }
        var product = 1
        var bytes = pattern.utf8.makeIterator()
        var inBracket = false
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "\\") where !inBracket:
                guard let next = bytes.next() else { break }
                if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(next) {
                    throw refuse("back-references like \\\(Character(Unicode.Scalar(next))) are not supported")
                }
                if next == UInt8(ascii: "'") || next == UInt8(ascii: "`") {
                    throw refuse("\\\(Character(Unicode.Scalar(next))) is not supported: use ^ and $")
                }
            case UInt8(ascii: "["):
                inBracket = true
            case UInt8(ascii: "]"):
                inBracket = false
            case UInt8(ascii: "{") where !inBracket:
                var digits = 0, bound = 0
                while let next = bytes.next(), next != UInt8(ascii: "}") {
                    if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                        digits = min(digits * 10 + Int(next - UInt8(ascii: "0")), 1_000_000)
                        bound = max(bound, digits)
                    } else {
                        digits = 0
                    }
                }
                product = min(product * max(bound, 1), 1_000_000)
                if product > maximumRepetition { throw refuse("its {m,n} repetitions multiply to more than \(maximumRepetition)") }
            default:
                break
            }
        }
    }

    /// Runs `body` with `locale` as this thread's locale.
    private static func inLocale<T>(_ locale: locale_t?, _ body: () -> T) -> T {
        guard let locale else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }
}

@available(*, unavailable)
extension RulePattern: Sendable {}
