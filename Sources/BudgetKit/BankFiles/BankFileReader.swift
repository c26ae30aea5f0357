/// Reads a bank file, OFX, QFX, QIF, CAMT.052/053/054 or MT940, as statements and entries:
/// neutral values for the book to take in. The entry point of bank file import.
///
/// It decodes the text (``TextEncoding``, detected unless set), finds the format from the
/// content (``BankFileFormat/detect(head:file:)``, unless set), and streams:
///
/// ```swift
/// var reader = try BankFileReader(file: "bank.ofx", chunks: { try input.read(65_536) })
/// if reader.format == .csv {
///     var rows = ImportReader(file: "bank.csv", options: options, chunks: reader.decodedText())
///     // ...
/// } else {
///     while let item = try reader.next() {
///         switch item {
///         case .statementStart(let statement): print(statement.account.number ?? "-")
///         case .entry(let entry): print(entry.bookingDay, entry.amount, entry.payee)
///         case .statementEnd(let statement): print(statement.closing?.amount ?? .zero)
///         }
///     }
/// }
/// ```
///
/// Errors are ``BankFileError`` values naming `FILE:LINE:COLUMN`, or the line and XML element
/// path. Memory stays flat whatever the file's size (each reader's limits are in its
/// documentation: 1 MiB lines and texts, 64 levels of XML); a CAMT batch entry's details are
/// held until the entry ends (at most ``CAMTReader/maximumBatchDetails``). Not thread-safe.
public struct BankFileReader {
    /// The name errors show.
    public let file: String
    /// The options in use.
    public let options: BankFileOptions
    /// The format: the one asked for, or the one found.
    public let format: BankFileFormat
    private let text: DecodedText
    private var reader: any BankItemReader

    /// Reads the first 64 KiB of text to detect the encoding and the format.
    ///
    /// - Parameters:
    ///   - file: the name errors show (`-` for standard input, say).
    ///   - options: what not to detect, and how to read QIF's amounts and dates.
    ///   - chunks: the next bytes (any size), or `nil` at the end; its errors pass unchanged.
    /// - Throws: ``BankFileError`` for text that cannot be decoded, binary data, or an XML
    ///   document of another kind; what `chunks` throws.
    public init(file: String, options: BankFileOptions = BankFileOptions(), chunks: @escaping () throws -> [UInt8]?) throws {
        self.file = file
        self.options = options
        let text = DecodedText(TextTranscoder(file: file, encoding: options.encoding, chunks: chunks))
        let head = try text.head(BankFileFormat.headBytes)
        let format = try options.format ?? BankFileFormat.detect(head: head, file: file)
        self.text = text
        self.format = format
        let source = { try text.read() }
        switch format {
        case .csv: reader = EmptyItemReader()
        case .ofx, .qfx: reader = try OFXReader(file: file, format: format, head: head, chunks: source)
        case .qif: reader = QIFReader(file: file, options: options, chunks: source)
        case .camt052, .camt053, .camt054: reader = CAMTReader(file: file, format: format, chunks: source)
        case .mt940: reader = MT940Reader(file: file, chunks: source)
        }
    }

    /// Creates a reader over bytes already in memory.
    public init(file: String, options: BankFileOptions = BankFileOptions(), bytes: [UInt8]) throws {
        var pending: [UInt8]? = bytes
        try self.init(file: file, options: options) {
            defer { pending = nil }
            return pending
        }
    }

    /// The first decoded bytes (up to 64 KiB) that format detection read: for a CSV file's
    /// delimiter. Meaningful before anything else is read.
    var head: [UInt8] { text.kept }

    /// The text encoding: the one asked for or detected; `nil` while only ASCII was read.
    public var encoding: TextEncoding? { text.encoding }

    /// The next statement start, entry or statement end; `nil` at the end of the file (and
    /// always for ``BankFileFormat/csv``, which ``decodedText()`` is for).
    ///
    /// - Throws: ``BankFileError``, or what the chunk source throws.
    /// - Complexity: O(n) in the bytes read for the item.
    public mutating func next() throws -> BankFileItem? {
        try reader.next()
    }

    /// The whole text as UTF-8 chunks, for ``CSVReader`` or ``ImportReader``: a Latin-1 or a
    /// UTF-16 CSV file becomes readable. Use it or ``next()``, not both.
    public func decodedText() -> () throws -> [UInt8]? {
        let text = self.text
        return { try text.read() }
    }
}

@available(*, unavailable)
extension BankFileReader: Sendable {}

/// What each format's reader is to ``BankFileReader``.
protocol BankItemReader {
    mutating func next() throws -> BankFileItem?
}

/// The CSV format's item reader: none (CSV goes through ``ImportReader``).
private struct EmptyItemReader: BankItemReader {
    mutating func next() throws -> BankFileItem? { nil }
}
