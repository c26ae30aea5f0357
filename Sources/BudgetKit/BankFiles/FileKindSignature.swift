/// A kind of file people download or save instead of a bank statement, known by its first bytes
/// (its "magic number"): a PDF statement, a spreadsheet, a compressed archive, a picture, a
/// database.
/// ``BankFileProblem/otherKindOfFile(_:)`` names it, so the error says what the file is and how
/// to get a statement budget reads, not that some byte deep in it is not text.
public enum FileKindSignature: String, Hashable, Sendable, CaseIterable {
    /// `%PDF-`: a statement to read, not to import.
    case pdf
    /// `PK\3\4`: a ZIP archive, which is also what an Excel `.xlsx` and an OpenDocument `.ods`
    /// workbook are.
    case zip
    /// The OLE2 compound file of Excel 97-2003 (`.xls`) and other old Office files.
    case legacyOffice
    /// gzip-compressed data (`.gz`).
    case gzip
    /// A PNG picture.
    case png
    /// A JPEG picture.
    case jpeg
    /// An SQLite database: a budget book or backup, given to `import` instead of `restore`.
    case sqlite

    /// Each kind's first bytes.
    private var signature: [UInt8] {
        switch self {
        case .pdf: return Array("%PDF-".utf8)
        case .zip: return [0x50, 0x4B, 0x03, 0x04]
        case .legacyOffice: return [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        case .gzip: return [0x1F, 0x8B]
        case .png: return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .jpeg: return [0xFF, 0xD8, 0xFF]
        case .sqlite: return Array("SQLite format 3".utf8) + [0]
        }
    }

    /// The kind whose signature `bytes` (a file's first bytes) start with, if any. None of them
    /// starts a text file: each holds a byte no text begins with, or `%PDF-`, which no
    /// statement's first line is.
    public static func of(_ bytes: some Collection<UInt8>) -> FileKindSignature? {
        allCases.first { bytes.starts(with: $0.signature) }
    }
}
