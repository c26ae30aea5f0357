/// What is wrong at a ``BankFileLocation`` of a bank file: the problem of a
/// ``BankFileError``, one case per kind of mistake, carrying the offending text.
///
/// The CLI turns each into a sentence and a hint; ``description`` is a developer-facing line.
public enum BankFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The content is none of the formats budget reads: it holds binary data (control bytes
    /// other than tab, CR, LF and form feed near the start).
    case notText
    /// An XML document of another kind: its root element and namespace (`pain.001`, say).
    case unsupportedXML(root: String, namespace: String)
    /// Bytes that are not valid text in `encoding`, at this 0-based offset of the input
    /// (before decoding). ``TextEncoding/windows1252`` never defines 0x81, 0x8D, 0x8F, 0x90
    /// and 0x9D.
    case invalidText(encoding: TextEncoding, byteOffset: Int)
    /// A NUL character, at this 0-based offset of the input: damage, or UTF-16 without a BOM
    /// read as something else.
    case nulCharacter(byteOffset: Int)
    /// A line, a text or a tag longer than the reader's limit, in bytes of UTF-8.
    case tooLong(limit: Int)
    /// XML nested deeper than the reader's limit, a QIF entry with more split lines, or a QIF
    /// category list with more categories.
    case tooMany(limit: Int)
    /// An XML document type declaration: bank files never need one, and refusing it keeps
    /// entity expansion (billion laughs) and external fetches out.
    case doctypeNotAllowed
    /// A well-formedness error reported by libxml2: its message (one line, no trailing newline).
    case xml(String)
    /// The file ends inside a statement or an entry: `expected` names what should have come
    /// (`</STMTTRN>`, `:62F:`, `^`).
    case unexpectedEnd(expected: String)
    /// A required field is missing from an entry or a balance: the format's own name for it
    /// (`TRNAMT`, `DTPOSTED`, `Amt`, `CdtDbtInd`, `T`, `D`).
    case missingField(String)
    /// A field whose text does not have the format's shape (`:61:`'s text, a `CdtDbtInd` that
    /// is neither `CRDT` nor `DBIT`): the field's name and the text.
    case malformedField(String, text: String)
    /// An amount that does not parse: digits, at most two non-zero decimals, one sign.
    case invalidAmount(String)
    /// An amount beyond ``Money/largestEntry`` either way.
    case amountOutOfRange(String)
    /// An amount that could be read two ways (`1,234`, `1.234`): both readings as plain decimals
    /// (`1234` and `1.234`: the separator grouping thousands, then the separator a decimal one).
    /// A ``DecimalSeparator`` setting settles it.
    case ambiguousAmount(String, readings: [String])
    /// An HTML page (a bank's login or error page saved instead of its statement).
    case htmlPage
    /// A file of another kind, known by its first bytes: a PDF statement, a spreadsheet, an
    /// archive, a picture (``FileKindSignature``).
    case otherKindOfFile(FileKindSignature)
    /// An entry whose amount is in another currency (`currency`) than its statement's account
    /// (`statement`): OFX `STMTTRN/CURRENCY`, CAMT `Ntry/Amt@Ccy`. A book keeps one currency, and
    /// converting would guess a rate and its rounding.
    case foreignCurrency(String, statement: String)
    /// An OFX transaction that names its amount's currency (`CURRENCY/CURSYM`) in a statement
    /// that names none (no `CURDEF`): which the account holds cannot be told.
    case currencyWithoutStatementCurrency(String)
    /// More than `limit` transfers between a QIF file's `!Account` sections wait for their other
    /// side: pairing them holds each in memory, which stays bounded.
    case tooManyUnpairedTransfers(limit: Int)
    /// A QIF file whose `!Account` sections name a second account (`second`) after `first`
    /// (named on line `firstLine`), read into one account (``ImportOptions/account``).
    case severalAccounts(first: String, firstLine: Int, second: String)
    /// A QIF entry whose split parts (`$`) do not add up to its total (`T`): both sums as written.
    case splitsDoNotAddUp(total: String, parts: String)
    /// A date that does not parse or does not exist.
    case invalidDate(String)
    /// A date that could be read two ways (`03/04/2026`): both readings (month first, then day
    /// first). A ``DateOrder`` setting settles it.
    case ambiguousDate(String, readings: [Day])

    /// A developer-facing line (the CLI writes its own sentences).
    public var description: String {
        switch self {
        case .notText: return "binary data, not a bank file"
        case .otherKindOfFile(let kind): return "a file of kind \(kind.rawValue), not a bank file"
        case .unsupportedXML(let root, let namespace): return "an XML document <\(root)> in '\(namespace)', not OFX or CAMT.052/053/054"
        case .invalidText(let encoding, let offset): return "invalid \(encoding) text at byte \(offset)"
        case .nulCharacter(let offset): return "a NUL character at byte \(offset)"
        case .tooLong(let limit): return "longer than \(limit) bytes"
        case .tooMany(let limit): return "more than \(limit) nested elements, split lines or listed categories"
        case .doctypeNotAllowed: return "a DOCTYPE declaration (not allowed in a bank file)"
        case .xml(let message): return "malformed XML: \(message)"
        case .unexpectedEnd(let expected): return "the file ends before \(expected)"
        case .missingField(let field): return "no \(field)"
        case .malformedField(let field, let text): return "malformed \(field) '\(text)'"
        case .invalidAmount(let text): return "invalid amount '\(text)'"
        case .amountOutOfRange(let text): return "amount '\(text)' is beyond 99,999,999,999.99"
        case .ambiguousAmount(let text, let readings):
            return "ambiguous amount '\(text)': \(readings.joined(separator: " or ")) (set the decimal separator)"
        case .htmlPage: return "an HTML page, not a bank file"
        case .foreignCurrency(let currency, let statement):
            return "an amount in \(currency), in a statement of an account in \(statement)"
        case .currencyWithoutStatementCurrency(let currency):
            return "an amount in \(currency), in a statement that names no currency (CURDEF)"
        case .tooManyUnpairedTransfers(let limit):
            return "more than \(limit) transfers between the file's accounts waiting for their other side"
        case .severalAccounts(let first, let line, let second):
            return "a second account '\(second)' after '\(first)' on line \(line), read into one account"
        case .splitsDoNotAddUp(let total, let parts): return "split parts add up to \(parts), the total is \(total)"
        case .invalidDate(let text): return "invalid date '\(text)'"
        case .ambiguousDate(let text, let readings):
            return "ambiguous date '\(text)': \(readings.map(\.description).joined(separator: " or ")) (set the date order)"
        }
    }
}
