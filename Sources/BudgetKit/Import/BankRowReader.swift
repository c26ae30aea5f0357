/// Turns a bank file's entries into ``ImportRow``s, and keeps its statements for the balance
/// check.
///
/// - Each booked or pending entry is a row dated on its booking day, its amount the bank's
///   money flow (``ImportRow/AmountConvention/bank``), its payee the other party (else the
///   bank's text), its note the bank's text. CAMT's information-only entries (`INFO`) are left
///   out: the bank never books them as they stand.
/// - A statement naming its account number (OFX `ACCTID`, CAMT `IBAN`, MT940 `:25:`) sends its
///   rows to the account with that number (``ImportRow/accountNumber``), unless
///   ``ImportOptions/account`` names one.
/// - A row the bank gives its own id (``BankEntry/bankReference``) is keyed by it within its
///   account: `ACCOUNT|ref|ID`, where ACCOUNT is the number as the file writes it without
///   spaces and dashes, in capitals (else ``ImportOptions/source``); a pending row's key says
///   `pending` instead of `ref`. Others are keyed by their content, as CSV rows are. Nothing
///   in a key depends on the book or the machine.
/// - QIF: the category (`L`) is the row's category, `L[Savings]` a transfer; a split's
///   category parts are a split (one part: a row in its category), and each transfer part a
///   transfer of its own (``splitRows(of:as:)``). A section an `!Account` block names sends its rows
///   to the account of that name (``ImportRow/accountName``), unless ``ImportOptions/account``
///   names one, which a file naming two accounts refuses. A transfer between two such sections
///   is in both registers: the second side read (same day, the opposite amount, each section
///   naming the other's account) is left out, so it is imported once, as the first side read.
///   Memory: an entry per transfer whose other side is not read yet.
///
/// Not thread-safe.
struct BankRowReader {
    private var reader: BankFileReader
    let options: ImportOptions
    /// The statements read so far, complete.
    private(set) var statements: [ImportedStatement] = []
    private var current: ImportedStatement?
    /// The parts of a split waiting to be given, in order.
    private var queued: [ImportRow] = []
    /// The current statement's part of its rows' keys (``escapedScope(number:source:)``), worked
    /// out once per statement rather than for every row.
    private var keyScope = ""
    /// The current QIF section's account, when an `!Account` block names it and no account is
    /// given: its name and the line naming it.
    var sectionAccount: (name: String, line: Int)?
    /// With ``ImportOptions/account``: the first account a QIF section named.
    var firstSectionAccount: (name: String, line: Int)?
    /// Transfers read from one named section to another, by their side, waiting for their other
    /// side: how many of each.
    var unmatchedTransfers: [TransferSide: Int] = [:]

    init(reader: BankFileReader, options: ImportOptions) {
        self.reader = reader
        self.options = options
    }

    /// The next row, or `nil` at the end of the file.
    ///
    /// - Throws: ``BankFileError``, or what the chunk source throws.
    mutating func next() throws -> ImportRow? {
        if !queued.isEmpty { return queued.removeFirst() }
        while let item = try reader.next() {
            switch item {
            case .statementStart(let statement):
                current = ImportedStatement(statement: statement)
                keyScope = Self.escapedScope(number: statement.account.number, source: options.source)
                try nameSectionAccount(of: statement)
            case .statementEnd(let statement):
                var finished = current ?? ImportedStatement(statement: statement)
                finished.statement = statement
                statements.append(finished)
                current = nil
            case .entry(let entry):
                guard entry.status != .information else { continue }
                // An amount in another currency than the account's would be taken as the
                // account's: refused, never converted at a guessed rate.
                if let currency = entry.currency, let account = current?.statement.currency, currency != account,
                   currency.uppercased() != account.uppercased() {
                    throw BankFileError(entry.location, .foreignCurrency(currency, statement: account))
                }
                if entry.status == .booked, var statement = current, !statement.overflowed {
                    do {
                        statement.bookedFlow = try statement.bookedFlow.adding(entry.amount)
                    } catch {
                        statement.overflowed = true
                    }
                    statement.lastBookingDay = max(statement.lastBookingDay ?? entry.bookingDay, entry.bookingDay)
                    statement.firstBookingDay = min(statement.firstBookingDay ?? entry.bookingDay, entry.bookingDay)
                    current = statement
                }
                if let row = try row(entry) { return row }
            }
        }
        return nil
    }

    /// The account number rows of the current statement name, when the options name none.
    private var accountNumber: String? {
        guard options.account == nil, let number = current?.statement.account.number, !number.isEmpty else { return nil }
        return number
    }

    /// The row of one entry, or the first of a split's rows (the others queued): no array is
    /// made for an entry of one row. `nil` for the second side of a transfer already read.
    private mutating func row(_ entry: BankEntry) throws -> ImportRow? {
        let payee = entry.payee.isEmpty ? entry.memo : entry.payee
        let note = entry.payee.isEmpty ? "" : entry.memo
        var row = ImportRow(line: entry.location.line, date: entry.bookingDay, amount: entry.amount, convention: .bank,
                            payee: payee, category: entry.category, categoryField: nil, note: note, importKey: "")
        row.account = options.account
        row.accountNumber = accountNumber
        row.kind = entry.categoryKind
        row.accountName = sectionAccount?.name
        row.accountNameLine = sectionAccount?.line
        row.pending = entry.status == .pending
        if let reference = entry.bankReference, !reference.isEmpty {
            let scope = current == nil ? Self.escapedScope(number: nil, source: options.source) : keyScope
            row.importKey = Self.key(escapedScope: scope, reference: reference, pending: row.pending)
        }
        if let transfer = entry.transferAccount, !transfer.isEmpty, entry.splits.isEmpty {
            row.category = nil
            row.transferAccount = transfer
            row = row.located(at: entry.categoryLine)
            if try isSecondSide(row, in: entry.location.file) { return nil }
        }
        guard !entry.splits.isEmpty else { return row.located(at: entry.categoryLine) }
        var pieces = try splitRows(of: entry, as: row)
        guard !pieces.isEmpty else { return nil }
        let first = pieces.removeFirst()
        queued = pieces
        return first
    }

    /// `ACCOUNT|ref|ID`: the key of a row the bank gives an id (see the type's documentation).
    static func key(scope number: String?, source: String, reference: String, pending: Bool) -> String {
        key(escapedScope: escapedScope(number: number, source: source), reference: reference, pending: pending)
    }

    /// The `ACCOUNT` of ``key(scope:source:reference:pending:)``, escaped.
    static func escapedScope(number: String?, source: String) -> String {
        ImportKeyer.escaped(number.map(Account.numberKey).flatMap { $0.isEmpty ? nil : $0 } ?? source)
    }

    /// ``key(scope:source:reference:pending:)`` with its `ACCOUNT` already worked out.
    static func key(escapedScope: String, reference: String, pending: Bool) -> String {
        escapedScope + (pending ? "|pending|" : "|ref|") + ImportKeyer.escaped(reference)
    }
}

@available(*, unavailable)
extension BankRowReader: Sendable {}
