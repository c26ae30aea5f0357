/// An MT940 `:86:` field: the payee and memo of the `:61:` before it.
///
/// The German structured form (ZKA): a three-digit business code, then subfields introduced by
/// `?` and two digits (another separator character is accepted when it follows the code), at
/// least two of them, the first with a ZKA code (text starting `123-456` is free text):
/// `?00` posting text, `?20`–`?29` and `?60`–`?63` remittance lines, `?30` bank code, `?31`
/// account, `?32`/`?33` the other party's name. Anything else is free text.
struct MT940Information {
    let lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }

    /// The SEPA keywords that end a `SVWZ+` remittance part.
    private static let sepaKeys = ["EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "ABWA+", "ABWE+", "IBAN+", "BIC+", "COAM+", "OAMT+", "SVWZ+"]

    /// The ZKA subfield codes: posting text, primanota, remittance lines, bank code, account,
    /// name, text key supplement.
    private static let zkaCodes: Set<Int> = Set([0, 10] + Array(20...34) + Array(60...63))

    func apply(to entry: inout BankEntry) {
        let scalars = Array(lines.joined().unicodeScalars)
        guard let subfields = Self.subfields(scalars) else {
            let text = lines.map(\.strippingBlanks).joined(separator: " ").strippingBlanks
            entry.memo = [text, entry.memo].filter { !$0.isEmpty }.joined(separator: " ")
            return
        }
        func join(_ codes: ClosedRange<Int>...) -> String {
            subfields.filter { field in codes.contains { $0.contains(field.0) } }.map(\.1).joined()
        }
        entry.payee = join(32...33).strippingBlanks
        var memo = join(20...29, 60...63)
        if let start = memo.firstRange(of: "SVWZ+") {
            var part = memo[start.upperBound...]
            let ends = Self.sepaKeys.compactMap { part.firstRange(of: $0)?.lowerBound }
            if let end = ends.min() { part = part[..<end] }
            memo = String(part)
        }
        memo = memo.strippingBlanks
        if memo.isEmpty { memo = join(0...0).strippingBlanks }
        entry.memo = [memo, entry.memo].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The ZKA subfields (code, text) of a field that has that structure: a three-digit business
    /// code, then a separator (not a letter, digit or space) and a ZKA code right after it, and
    /// at least one more subfield with that separator. `nil` for free text, even when it starts
    /// with three digits and a punctuation mark (`100% Cashback`, `123-456 Rechnung`).
    private static func subfields(_ scalars: [Unicode.Scalar]) -> [(Int, String)]? {
        func isDigit(_ index: Int) -> Bool { index < scalars.count && scalars[index].value >= 0x30 && scalars[index].value <= 0x39 }
        guard scalars.count >= 6, (0..<3).allSatisfy(isDigit),
              !(scalars[3].properties.isAlphabetic || scalars[3] == " " || isDigit(3)), isDigit(4), isDigit(5) else { return nil }
        let separator = scalars[3]
        var subfields: [(Int, String)] = []
        var index = 3
        while index + 2 < scalars.count {
            guard scalars[index] == separator, let code = Int(String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)]))) else {
                index += 1
                continue
            }
            var end = index + 3
            while end < scalars.count, !(scalars[end] == separator && end + 2 < scalars.count
                                          && scalars[end + 1].properties.numericType != nil && scalars[end + 2].properties.numericType != nil) {
                end += 1
            }
            subfields.append((code, String(String.UnicodeScalarView(scalars[(index + 3)..<end]))))
            index = end
        }
        guard subfields.count >= 2, let first = subfields.first, zkaCodes.contains(first.0) else { return nil }
        return subfields
    }
}
