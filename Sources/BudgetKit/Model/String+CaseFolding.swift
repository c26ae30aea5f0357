extension String {
    /// The text folded for caseless matching: equal for texts that differ only in case or in
    /// Unicode normalization (`Straße`, `STRASSE` and `strasse`; `Café` written precomposed or
    /// with a combining accent).
    ///
    /// Full case folding is approximated as `lowercased().uppercased().lowercased()`, which maps
    /// `ß` and `ẞ` to `ss`, `ﬀ` to `ff` and final `ς` to `σ` as Unicode's CaseFolding.txt does
    /// (Swift's standard library has case mappings but no folding table; the first lowering is
    /// for `ẞ`, whose uppercase is itself). The result is then put in Unicode canonical
    /// composition (NFC), so canonically equivalent texts fold to the same bytes. Folding is
    /// idempotent: checked for every Unicode scalar.
    /// Locale-free: Turkish dotted and dotless i are not special, so dotless `ı` stays itself,
    /// as CaseFolding.txt has it (only its Turkic rules map it): the round trip would make it
    /// `I`, then `i`, and `Işık` and `Işik`, or the payees `sık` and `sik`, would be one.
    ///
    /// Deliberately not done: compatibility folding (NFKC: `ﬁ` and `fi`, full-width letters),
    /// ignoring accents (`cafe` and `café` stay different).
    ///
    /// - Complexity: O(n); ASCII text takes a fast path (one lowercasing, no normalization).
    func caseFolded() -> String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return lowercased() }
        // `_nfcCodeUnits` is the standard library's own canonical composition, the one String
        // comparison and hashing use: public, if underscored (Swift 6.3 offers no other).
        guard unicodeScalars.contains(Self.dotlessI) else {
            return String(decoding: lowercased().uppercased().lowercased()._nfcCodeUnits, as: UTF8.self)
        }
        // Fold the text between the dotless i's (a combining mark after one stays with it).
        return unicodeScalars.split(separator: Self.dotlessI, omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)).caseFolded() }
            .joined(separator: String(Self.dotlessI))
    }

    /// U+0131 LATIN SMALL LETTER DOTLESS I, which case folding leaves as it is.
    static let dotlessI: Unicode.Scalar = "\u{131}"
}
