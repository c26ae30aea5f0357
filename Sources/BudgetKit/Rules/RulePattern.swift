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
/// Limits that keep every match fast and small (glibc has no time limit of its own):
/// at most ``maximumLength`` bytes; no back-references (`\1` to `\9`, the only construct that
/// makes glibc's matcher slow beyond all bounds); the `{m,n}` bounds, multiplied together, at
/// most ``maximumRepetition`` (glibc copies a repeated part once per repetition). Without
/// back-references glibc matches in time linear in the text for a given pattern.
///
/// Not thread-safe: a compiled `regex_t` keeps matching state; one matcher per thread.
final class RulePattern {
    /// The longest pattern, in UTF-8 bytes.
    static let maximumLength = 256
    /// The largest product of the `{m,n}` bounds of one pattern.
    static let maximumRepetition = 1_000

    private var compiled = regex_t()
    /// The C.UTF-8 locale matching runs in, or `nil` when the C library lacks it (then bytes).
    private let locale: locale_t?

    /// Compiles `pattern`.
    ///
    /// - Throws: ``BudgetError/invalidRuleExpression(_:reason:)`` naming the pattern and why.
    init(_ pattern: String) throws {
        try Self.check(pattern)
        locale = newlocale(Int32(1) << LC_CTYPE, "C.UTF-8", nil)
        let flags = REG_EXTENDED | REG_ICASE | REG_NOSUB
        let status = Self.inLocale(locale) { pattern.withCString { regcomp(&compiled, $0, flags) } }
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &message, message.count)
            // deinit runs (every property is set): it frees the locale and what regcomp left.
            throw BudgetError.invalidRuleExpression(pattern, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased())
        }
    }

    deinit {
        regfree(&compiled)
        if let locale { freelocale(locale) }
    }

    /// Whether `text` (any bytes, NUL included) holds a match.
    func matches(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var range = [regmatch_t(rm_so: 0, rm_eo: regoff_t(bytes.count))]
        bytes.append(0)
        return Self.inLocale(locale) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { regexec(&compiled, $0.baseAddress, 1, &range, REG_STARTEND) == 0 }
            }
        }
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
                if let next = bytes.next(), (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(next) {
                    throw refuse("back-references like \\\(Character(Unicode.Scalar(next))) are not supported")
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
