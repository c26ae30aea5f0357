/// Streams the rows of an imported file, whatever its format: a CSV file through a
/// ``CSVReader`` and an ``ImportMapper``, a bank file (OFX, QFX, QIF, CAMT, MT940) through a
/// ``BankFileReader``.
///
/// ```swift
/// var rows = ImportReader(file: "bank.csv", options: options, chunks: { try file.read(65_536) })
/// while let row = try rows.next() {
///     print(row.line, row.date, row.amount, row.payee, row.importKey)
/// }
/// ```
///
/// The first call to ``next()`` reads up to 64 KiB to find the text encoding and the format
/// (from the content, never the name; ``ImportOptions/fileFormat`` and
/// ``ImportOptions/encoding`` override them), then streams. A tab-separated file whose first
/// line is `budget export`'s header is read as `export --format tsv` writes it, its backslash
/// escapes undone (``CSVReader/Quoting/backslashEscapes``); other CSV and TSV files with RFC
/// 4180 quoting. A CSV file in Latin-1, Windows-1252
/// or UTF-16 is decoded on the way. Memory stays bounded by the longest record (see
/// ``CSVReader``'s limits and ``BankFileReader``'s) plus the import keys' counters (see
/// ``ImportKeyer``), which ``BudgetStore`` keeps on disk instead when it reads the rows. Not
/// thread-safe.
public struct ImportReader {
    private enum Stream {
        case undetected(() throws -> [UInt8]?)
        case csv(CSVReader)
        case bank(BankRowReader)
    }

    private var stream: Stream
    private var mapper: ImportMapper

    /// The name errors show.
    public var file: String { mapper.file }
    /// The options in use.
    public var options: ImportOptions { mapper.options }
    /// The file's format, once the first row was asked for.
    public private(set) var format: BankFileFormat?
    /// The text encoding found (or asked for), once the first row was asked for; `nil` while
    /// the text read was plain ASCII.
    public private(set) var encoding: TextEncoding?

    /// How a bank's CSV file is read when no column was named: found once its header was read
    /// (see ``CSVLayout``); `nil` otherwise.
    public var layout: CSVLayout? { mapper.layout }

    /// The header text of the CSV column the rows' categories are read from, once the header
    /// was read, when the file's header gave it (a bank's `Category`, or budget's own
    /// `category`) rather than ``ImportOptions/categoryColumn``; `nil` otherwise, and for
    /// bank files. Its names are the file's, not necessarily the book's:
    /// ``MissingCategory/header`` names it.
    public var categoryHeader: String? { mapper.categoryHeader }

    /// The rows of a bank's CSV file read so far that were skipped as they state a balance
    /// rather than a transaction (see ``SkippedBalanceRow``), in file order: the first 50 of
    /// them (the rest are counted in ``moreSkippedBalanceRows``); empty for other files.
    public var skippedBalanceRows: [SkippedBalanceRow] { mapper.skippedBalanceRows }

    /// How many more rows were skipped as balances than ``skippedBalanceRows`` lists.
    public var moreSkippedBalanceRows: Int { mapper.moreSkippedBalanceRows }

    /// The statements of a bank file read so far, each with the sum of its booked entries
    /// (empty for CSV).
    public var statements: [ImportedStatement] {
        if case .bank(let rows) = stream { return rows.statements }
        return []
    }

    /// Creates a reader pulling chunks of bytes from `chunks` until it returns `nil`.
    ///
    /// - Parameters:
    ///   - file: the name errors show (`-` for standard input, say).
    ///   - options: how to read the file.
    ///   - chunks: the next bytes, or `nil` at the end; its errors are passed on unchanged.
    public init(file: String, options: ImportOptions, chunks: @escaping () throws -> [UInt8]?) {
        let hook = ChunkHook()
        self.hook = hook
        stream = .undetected({
            // A reader read ahead and no longer wanted reads no more: its input ends here.
            if hook.willRead?() == false { return nil }
            return try chunks()
        })
        mapper = ImportMapper(file: file, options: options)
    }

    /// Called before each call of the chunk source, which may wait for input (a pipe): an
    /// ``ImportPrefetch`` hands over the rows it has read before it waits, and says `false`
    /// once its rows are no longer wanted (the source is then not called again).
    final class ChunkHook {
        var willRead: (() -> Bool)?
    }
    /// Shared by the copies of this reader.
    let hook: ChunkHook

    /// Creates a reader over text already in memory.
    public init(file: String, options: ImportOptions, text: String) {
        var pending: [UInt8]? = Array(text.utf8)
        self.init(file: file, options: options) {
            defer { pending = nil }
            return pending
        }
    }

    /// The next row, or `nil` at the end of the file.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` for a malformed CSV file
    ///   or row, ``BudgetError/bankFile(_:)`` for text that cannot be decoded, a bank file that
    ///   cannot be read, or an ambiguous amount or date; or whatever the chunk source throws.
    public mutating func next() throws -> ImportRow? {
        guard var row = try nextUnkeyed() else { return nil }
        if row.importKey.isEmpty { row.importKey = mapper.keyer.key(date: row.date, amount: row.amount, payee: row.payee) }
        return row
    }

    /// Rows read so far.
    private(set) var rowCount = 0

    /// Whether an import may read and parse this file on a thread of its own, a few hundred
    /// rows ahead of the one staging its rows (past its first 4,096 rows; see
    /// ``BudgetStore/importTransactions(from:dryRun:observe:)``). The chunk source is then
    /// called on that thread, so set it only when the source may be: not a closure tied to
    /// the caller's thread, task or actor (task cancellation and task-local values are not
    /// seen there). `false` unless set.
    public var readsAhead = false

    /// The next row like ``next()``, its ``ImportRow/importKey`` left empty unless the bank
    /// gave the row its own id (see ``ImportMapper/mapUnkeyed(_:)``).
    mutating func nextUnkeyed() throws -> ImportRow? {
        do {
            if case .undetected(let chunks) = stream { try detect(chunks) }
            switch stream {
            case .undetected: return nil
            case .csv(var records):
                stream = .undetected({ nil })   // so that the reader's buffers are not copied
                defer { stream = .csv(records) }
                while let record = try records.next() {
                    if let row = try mapper.mapUnkeyed(record) {
                        rowCount += 1
                        return row
                    }
                }
                return nil
            case .bank(var rows):
                stream = .undetected({ nil })
                defer { stream = .bank(rows) }
                guard let row = try rows.next() else { return nil }
                rowCount += 1
                return row
            }
        } catch let error as BankFileError {
            throw BudgetError.bankFile(error)
        }
    }

    /// The order of day, month and year a file's dates settle when one of them could be read
    /// two ways (``DateOrder/detect`` stops at `03/04/2026` with
    /// ``BankFileProblem/ambiguousDate(_:readings:)``): the one order that reads every date of
    /// the file, and the first date that can be read no other way (`15/04/2026`). A CSV file
    /// is read once more; a bank file whose dates take an order (QIF) once per order.
    ///
    /// `nil` when the options give the order or a date format, no date could be read two ways,
    /// two orders still read every date, no order reads them all, or the file cannot be read
    /// to its end for another reason (its error is the first reading's to report).
    ///
    /// - Parameter chunks: makes a new source of the file's bytes from its start, for each
    ///   reading.
    /// - Complexity: O(n) in the file's size; memory as ``next()``.
    public static func dateOrderSettled(file: String, options: ImportOptions, chunks: () throws -> () throws -> [UInt8]?)
        -> (order: DateOrder, text: String, line: Int, column: Int)? {
        guard options.dateOrder == .detect, options.dateFormat == .iso, let source = try? chunks() else { return nil }
        var reader = ImportReader(file: file, options: options, chunks: source)
        reader.mapper.dateOrders = DateOrderEvidence()
        do {
            while try reader.nextUnkeyed() != nil {}
        } catch BudgetError.bankFile(let error) where reader.format != .csv {
            guard case .ambiguousDate(let text, _) = error.problem else { return nil }
            return dateOrderReadingEveryDate(DateOrderEvidence.readings(of: text).map(\.order), file: file, options: options, chunks: chunks)
        } catch {
            return nil
        }
        guard reader.format == .csv else { return nil }
        return reader.mapper.dateOrders?.settled
    }

    /// The one order of `orders` (those that read the date that stopped the first reading) in
    /// which a bank file reads to its end, with the date that stopped the order that read
    /// furthest otherwise (the one the file's dates ruled out last).
    private static func dateOrderReadingEveryDate(_ orders: [DateOrder], file: String, options: ImportOptions,
                                                  chunks: () throws -> () throws -> [UInt8]?)
        -> (order: DateOrder, text: String, line: Int, column: Int)? {
        var reading: [DateOrder] = []
        var witness: (text: String, line: Int, column: Int)?
        for order in orders {
            var ordered = options
            ordered.dateOrder = order
            guard let source = try? chunks() else { return nil }
            var reader = ImportReader(file: file, options: ordered, chunks: source)
            do {
                while try reader.nextUnkeyed() != nil {}
                reading.append(order)
            } catch BudgetError.bankFile(let error) {
                // An order that stops at anything but a date tells nothing about the dates.
                guard case .invalidDate(let text) = error.problem else { return nil }
                if error.location.line >= witness?.line ?? 0 {
                    witness = (text, error.location.line, error.location.column ?? 1)
                }
            } catch {
                return nil
            }
        }
        guard reading.count == 1, let witness else { return nil }
        return (reading[0], witness.text, witness.line, witness.column)
    }

    /// Reads the head of the file to find its encoding and format.
    private mutating func detect(_ chunks: @escaping () throws -> [UInt8]?) throws {
        let options = self.options
        let reader = try BankFileReader(file: file, options: BankFileOptions(format: options.fileFormat, encoding: options.encoding,
                                                                              decimalSeparator: options.decimalSeparator,
                                                                              dateOrder: options.dateOrder), chunks: chunks)
        format = reader.format
        encoding = reader.encoding
        if reader.format == .csv {
            if mapper.usesDefaultLayout && options.delimiter == nil {
                mapper.delimiter = CSVHeaderRecognizer.delimiter(of: reader.head)
            }
            // `export --format tsv`'s own file: its escapes are undone, its quotes are text.
            let ownTSV = options.skipLines == 0 && mapper.delimiter == "\t" && BankFileFormat.exportHeaderDelimiter(reader.head) == "\t"
            stream = .csv(CSVReader(file: file, delimiter: mapper.delimiter, skippingLines: options.skipLines,
                                    quoting: ownTSV ? .backslashEscapes : .rfc4180, chunks: reader.decodedText()))
        } else {
            stream = .bank(BankRowReader(reader: reader, options: options))
        }
    }

    /// Once ``next()`` has returned `nil` without a row: why the file gave none. An empty file
    /// (nothing but a byte order mark and blank lines, and no lines to skip) is
    /// ``BudgetError/emptyImportFile(file:)``; `nil` for a bank file with a statement (a
    /// statement of no entries imports nothing); a bank file with no statement at all is
    /// ``BudgetError/noStatement(file:format:)``.
    var noRowsError: BudgetError? {
        if case .bank(let rows) = stream {
            // A statement of no entries imports nothing; a file with no statement was not understood.
            guard rowCount == 0, rows.statements.isEmpty else { return nil }
            return .noStatement(file: file, format: format?.description ?? "a bank file")
        }
        guard case .csv(let records) = stream else { return nil }
        if mapper.recognizing { return mapper.noHeader(line: max(1, records.lineCount)) }
        // A bank's file of no transactions but its balance rows imports nothing, as a statement of no entries does.
        guard rowCount == 0, mapper.skippedBalanceRows.isEmpty else { return nil }
        if let header = mapper.headerLine {
            return .noRowsAfterHeader(file: file, line: header)
        }
        if options.skipLines > 0 && records.hasContent {
            return .noRowsAfterSkipping(file: file, skipLines: options.skipLines, lineCount: records.lineCount)
        }
        return .emptyImportFile(file: file)
    }
}

@available(*, unavailable)
extension ImportReader: Sendable {}
