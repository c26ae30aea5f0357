/// The formats of bank files budget reads (`--file-format` names them).
///
/// ``BankFileReader`` finds the format from the content, never from the file's name (see
/// ``detect(head:file:)``); an explicit format overrides that.
public enum BankFileFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Delimited text (CSV, or TSV with a tab delimiter): what is not one of the others. Read
    /// through ``ImportReader`` over ``BankFileReader/decodedText()``.
    case csv
    /// Open Financial Exchange, 1.x (SGML: a header of `NAME:VALUE` lines, tags left unclosed)
    /// or 2.x (XML).
    case ofx
    /// Quicken's OFX: OFX with an `INTU.BID` in its sign-on; read as OFX.
    case qfx
    /// Quicken Interchange Format: `!Type:` sections of `^`-ended entries.
    case qif
    /// ISO 20022 bank-to-customer account report (intraday).
    case camt052 = "camt.052"
    /// ISO 20022 bank-to-customer statement (end of day).
    case camt053 = "camt.053"
    /// ISO 20022 bank-to-customer debit/credit notification.
    case camt054 = "camt.054"
    /// SWIFT MT940 customer statement (`:20:`, `:25:`, `:60F:`, `:61:`, `:86:`, `:62F:`), with or
    /// without the `{1:...}{2:...}{4:` envelope (also MT942's interim form).
    case mt940

    /// Reads a name as people write it, ignoring case: `csv`, `tsv` (csv), `ofx`, `qfx`, `qif`,
    /// `camt` (camt.053), `camt.052`, `camt052`, `camt.053`, `camt.054`, `mt940`, `sta` (mt940);
    /// `nil` for any other.
    public init?(name: String) {
        switch name.lowercased() {
        case "csv", "tsv": self = .csv
        case "ofx": self = .ofx
        case "qfx": self = .qfx
        case "qif": self = .qif
        case "camt", "camt.053", "camt053": self = .camt053
        case "camt.052", "camt052": self = .camt052
        case "camt.054", "camt054": self = .camt054
        case "mt940", "sta", "mt942": self = .mt940
        default: return nil
        }
    }

    /// `csv`, `ofx`, `camt.053`...
    public var description: String { rawValue }

    /// Whether it is one of the CAMT formats.
    var isCAMT: Bool { self == .camt052 || self == .camt053 || self == .camt054 }
}
