/// Gives each imported row the key that makes importing idempotent.
///
/// A key is the source, the date, the amount as the file gives it, the payee, and the row's
/// occurrence number among the rows of this file with the same date, amount and payee:
/// `default|2026-11-21|-3.20|Coffee Bar|2` for the second identical coffee that day. So two
/// identical coffees both import once, importing the same file again adds nothing, and a
/// statement overlapping an imported one adds only its new rows (whole days overlap, so the
/// numbering agrees). In the source and the payee, `\` and `|` are escaped as `\\` and `\|`, so
/// distinct rows never share a key.
///
/// ```swift
/// var keyer = ImportKeyer(source: "visa")
/// keyer.key(date: day, amount: coffee, payee: "Coffee Bar")   // "visa|2026-11-21|3.20|Coffee Bar|1"
/// keyer.key(date: day, amount: coffee, payee: "Coffee Bar")   // "visa|2026-11-21|3.20|Coffee Bar|2"
/// ```
///
/// Memory: one counter per distinct (date, amount, payee) seen, kept as a 64-bit FNV-1a hash
/// and a count (about 20-30 bytes each, so some 25 MB for a 1,000,000-row file of distinct
/// rows), not the text. A hash collision between two different triples (odds about 3e-8 for a
/// million rows) would only number them in one sequence: keys stay unique, since they hold the
/// text, and stay the same on every run, since FNV-1a is not seeded per process.
///
/// ``BudgetStore/importTransactions(from:dryRun:observe:)`` keeps the same counters, under the
/// same hashes, in a temporary table on disk, so its memory does not grow with the file; its
/// keys are byte for byte the ones this type makes, which stays their reference.
/// - Complexity: amortized O(payee length) per key.
struct ImportKeyer: Sendable {
    /// The scope of the keys (``ImportOptions/source``).
    let source: String
    private let escapedSource: String
    private var counts: [UInt64: UInt32] = [:]

    /// Creates a keyer for one file.
    init(source: String) {
        self.source = source
        self.escapedSource = Self.escaped(source)
    }

    /// The key of the next row with this date, amount and payee.
    mutating func key(date: Day, amount: Money, payee: String) -> String {
        let hash = Self.groupHash(date: date, amount: amount, payee: payee)
        let occurrence = counts[hash, default: 0] + 1
        counts[hash] = occurrence
        return key(date: date, amount: amount, payee: payee, occurrence: Int64(occurrence))
    }

    /// The key of the row that is the `occurrence`th (from 1) of its group: the keyer's own
    /// numbering without its counters, for ``BudgetStore`` which counts on disk, keyed by
    /// ``groupHash(date:amount:payee:)`` exactly as ``key(date:amount:payee:)`` counts.
    func key(date: Day, amount: Money, payee: String, occurrence: Int64) -> String {
        // Written byte by byte into one allocation: this runs once per imported row.
        var payee = payee
        let payeeBytes = payee.withUTF8 { $0.count }
        // Four bars, a date, an amount (23 bytes at most), an occurrence (20): 57.
        let capacity = escapedSource.utf8.count + 2 * payeeBytes + 57
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var at = 0
            func put(_ byte: UInt8) {
                buffer[at] = byte
                at += 1
            }
            func put(_ text: inout String, escaping: Bool) {
                text.withUTF8 { bytes in
                    for byte in bytes {
                        if escaping && (byte == UInt8(ascii: "|") || byte == UInt8(ascii: "\\")) { put(UInt8(ascii: "\\")) }
                        put(byte)
                    }
                }
            }
            func put(decimal value: UInt64, minimumDigits: Int = 1) {
                var divisor: UInt64 = 1, digits = 1
                while digits < minimumDigits || value / divisor >= 10 {
                    divisor *= 10
                    digits += 1
                }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                    divisor /= 10
                }
            }
            var source = escapedSource
            put(&source, escaping: false)
            put(UInt8(ascii: "|"))
            put(decimal: UInt64(date.year), minimumDigits: 4)
            put(UInt8(ascii: "-"))
            put(decimal: UInt64(date.month), minimumDigits: 2)
            put(UInt8(ascii: "-"))
            put(decimal: UInt64(date.day), minimumDigits: 2)
            put(UInt8(ascii: "|"))
            // As Money's description: a sign, the whole units, two decimals.
            if amount.minorUnits < 0 { put(UInt8(ascii: "-")) }
            let magnitude = amount.minorUnits.magnitude
            put(decimal: magnitude / 100)
            put(UInt8(ascii: "."))
            put(decimal: magnitude % 100, minimumDigits: 2)
            put(UInt8(ascii: "|"))
            put(&payee, escaping: true)
            put(UInt8(ascii: "|"))
            if occurrence < 0 { put(UInt8(ascii: "-")) }
            put(decimal: occurrence.magnitude)
            return at
        }
    }

    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "\\") }) else { return text }
        var result = ""
        for character in text.unicodeScalars {
            if character == "|" || character == "\\" { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(character)
        }
        return result
    }

    /// The group of rows with one bank key: FNV-1a over a marker byte and the key, apart from
    /// ``groupHash(date:amount:payee:)``'s groups, which start with a day's 8 bytes.
    static func referenceHash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01b3
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The group a row is numbered in: FNV-1a over the day, the minor units and the payee.
    static func groupHash(date: Day, amount: Money, payee: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let days = UInt64(bitPattern: Int64(date.daysSinceEpoch))
        let cents = UInt64(bitPattern: amount.minorUnits)
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: days >> UInt64(shift))) }
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: cents >> UInt64(shift))) }
        for byte in payee.utf8 { mix(byte) }
        return hash
    }
}
