/// Turns the records of an imported file into ``ImportRow``s, following ``ImportOptions``.
///
/// Hand it every record in order: the header (when the options say there is one) sets up the
/// columns and maps to `nil`; each later record maps to a keyed row or throws an error naming
/// `FILE:LINE:COLUMN`, where COLUMN is the 1-based field number of the offending cell:
///
/// ```text
/// bank.csv:1:1: no column named 'Amount' in the header (it has 'Date', 'Payee', 'Value')
/// bank.csv:14:3: invalid amount '12,3,4': its digit grouping is wrong
/// bank.csv:15:1: invalid date '31/02/2026' (expected DD/MM/YYYY)
/// bank.csv:16:3: empty amount
/// ```
///
/// Dates and amounts are read with surrounding spaces trimmed; payees, notes and categories are
/// kept exactly (the round trip of `budget export` depends on it). A row shorter than the header
/// must still hold its date and amount; missing payee, category, kind or note cells read as
/// empty. A kind (`expense` or `income`, see ``ImportOptions/kindColumn``) is read only on rows
/// that name a category.
/// Columns the options do not name are ignored (the export's `id`, for one); a row with a
/// value beyond the header's last column is an error (a value whose delimiter lost its quotes,
/// like `1,234.56`, would otherwise shift the row), while empty cells there are allowed.
///
/// - Complexity: O(n) in the record's bytes.
struct ImportMapper: Sendable {
    /// The name errors show.
    let file: String
    /// The options in use.
    let options: ImportOptions
    var columns: Columns?
    /// The keys of the rows ``map(_:)`` gives.
    var keyer: ImportKeyer
    /// While set, dates are read to find the order the file writes them in, not checked
    /// (see ``day(_:line:column:fail:)``).
    var dateOrders: DateOrderEvidence?

    /// 0-based field indexes, resolved from the header or the options.
    struct Columns: Sendable {
        var date: Int
        var amount: Int?
        var debit: Int?
        var credit: Int?
        var payee: Int?
        var category: Int?
        var kind: Int?
        var note: Int?
        var status: Int?
        /// The payer's column beside the payee's (``CSVLayout/payer``).
        var payer: Int?
        /// The column saying which way a signless amount went (``CSVLayout/sign``), and whether
        /// its header names it as one (an unnamed one, or a type column like Mint's, reads only
        /// the words it knows).
        var sign: Int?
        var signNamed = false
        var account: Int?
        var transferAccount: Int?
        var split: Int?
        var splitNote: Int?
    }

    /// Creates a mapper for one file.
    ///
    /// - Precondition: ``ImportOptions/negate`` is off when the amount is in debit and credit
    ///   columns.
    init(file: String, options: ImportOptions) {
        if case .debitCredit = options.amount {
            precondition(!options.negate, "negate applies to a signed amount column only")
        }
        self.file = file
        self.options = options
        self.keyer = ImportKeyer(source: options.source)
        self.delimiter = options.delimiter ?? ","
    }

    /// Maps one record: `nil` for the header, else the row.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)``.
    mutating func map(_ record: CSVRecord) throws(BudgetError) -> ImportRow? {
        guard var row = try mapUnkeyed(record) else { return nil }
        row.importKey = keyer.key(date: row.date, amount: row.amount, payee: row.payee)
        return row
    }

    /// The line of the header, once read (`nil` without one).
    var headerLine: Int?
    /// How many fields the header has, once read (`nil` without one).
    var headerFieldCount: Int?
    /// The layout found in a bank's file read with default options (see ``CSVLayout``).
    var layout: CSVLayout?
    /// Whether the header is being looked for after a preamble (see ``CSVLayout``).
    var recognizing = false
    /// Lines skipped looking for the header.
    var preambleLines = 0
    /// The field separator in use (found, when the options leave it at its default).
    var delimiter: Unicode.Scalar
    /// The header text of the category column the header gave by itself, once read: `nil` when
    /// ``ImportOptions/categoryColumn`` names it, and without one.
    var categoryHeader: String?
    /// The rows skipped as they state a balance (``SkippedBalanceRow``), in file order: the
    /// first ``listedBalanceRows`` of them.
    var skippedBalanceRows: [SkippedBalanceRow] = []
    /// How many more rows were skipped as balances than ``skippedBalanceRows`` lists.
    var moreSkippedBalanceRows = 0
    /// Whether a row was mapped yet (the balance row can only be the first).
    private var mappedARow = false

    /// Maps one record like ``map(_:)`` but leaves ``ImportRow/importKey`` empty, for a caller
    /// that numbers rows itself (``BudgetStore`` does, on disk).
    mutating func mapUnkeyed(_ record: CSVRecord) throws(BudgetError) -> ImportRow? {
        guard let columns else {
            if try recognizesHeader(record) { return nil }
            columns = try resolve(header: options.hasHeader ? record : nil, line: record.line)
            if options.hasHeader, case .number = options.dateColumn, let columns, let row = readsAsRow(record, columns: columns) {
                throw .headerReadsAsRow(file: file, line: record.line, date: row.date, amount: row.amount)
            }
            if options.hasHeader {
                if options.categoryColumn == nil, let index = columns?.category { categoryHeader = record.fields[index] }
                headerLine = record.line
                headerFieldCount = record.fields.count
                return nil
            }
            return try mapUnkeyed(record)
        }
        func fail(_ column: Int, _ message: String) -> BudgetError {
            .badInput(file: file, line: record.line, column: column + 1, message: message)
        }
        let fields = record.fields
        // DOS's end-of-file mark (Ctrl-Z, 0x1A) on a line of its own, as old bank software
        // writes it after the last row: no row.
        if fields == ["\u{1A}"] { return nil }
        // A cooperative bank's balance lines after its rows (`Anfangssaldo`, `Endsaldo`, with a
        // day, the balance and `H`): no transactions, though they read like payments in, and
        // named; nor is the line of empty cells before them, which holds nothing to lose.
        if layout != nil {
            if fields.allSatisfy({ Self.trimmed($0).isEmpty }) { return nil }
            if let balance = Self.balanceLine(fields, line: record.line, payee: columns.payee) {
                skip(balance)
                return nil
            }
        }
        // A value past the header's last column is a value that lost its quotes (`1,234.56`
        // split in two), never a column to drop: the row would be read one field off.
        if let headerFieldCount, fields.count > headerFieldCount,
           let extra = fields[headerFieldCount...].firstIndex(where: { !Self.trimmed($0).isEmpty }) {
            throw fail(extra, "\(fields.count) fields, but the header has \(headerFieldCount): "
                           + "a value holding \(delimiter == "\t" ? "a tab" : "'\(delimiter)'") must be quoted, or the header lacks a column's name")
        }
        func required(_ index: Int, _ what: String) throws(BudgetError) -> String {
            guard index < fields.count else {
                throw fail(index, "missing \(what): the row has \(fields.count) field\(fields.count == 1 ? "" : "s")")
            }
            return Self.trimmed(fields[index])
        }
        func optional(_ index: Int?) -> String {
            guard let index, index < fields.count else { return "" }
            return fields[index]
        }

        let dateText = try required(columns.date, "date")
        if dateText.isEmpty { throw fail(columns.date, "empty date") }
        // Reading to find the file's date order: every date narrows it.
        dateOrders?.narrow(by: dateText, line: record.line, column: columns.date + 1)
        let date = try day(dateText, line: record.line, column: columns.date, fail: fail)

        let amount: Money
        let convention: ImportRow.AmountConvention
        if let index = columns.amount {
            let text = try required(index, "amount")
            if text.isEmpty {
                if !mappedARow, skippedBalanceRows.isEmpty, let row = Self.balanceRow(line: record.line, payee: optional(columns.payee)) {
                    skip(row)
                    return nil
                }
                throw fail(index, "empty amount")
            }
            let written = try parse(text, column: index, line: record.line, fail: fail)
            amount = try columns.sign.map { (sign) throws(BudgetError) in
                try applyingSign(written, word: optional(sign), column: sign, named: columns.signNamed, fail: fail)
            } ?? written
            convention = options.negate || layout != nil ? .bank : .stored
        } else {
            let debitIndex = columns.debit!, creditIndex = columns.credit!
            let debitText = try required(debitIndex, "debit"), creditText = try required(creditIndex, "credit")
            if debitText.isEmpty && creditText.isEmpty {
                throw fail(debitIndex, "empty amount: both the debit and the credit are empty")
            }
            let debit = debitText.isEmpty ? .zero : try parse(debitText, column: debitIndex, line: record.line, fail: fail)
            let credit = creditText.isEmpty ? .zero : try parse(creditText, column: creditIndex, line: record.line, fail: fail)
            let (flow, overflow) = Int64(credit.minorUnits.magnitude)
                .subtractingReportingOverflow(Int64(debit.minorUnits.magnitude))
            if overflow { throw fail(creditIndex, "amount too large: credit \(creditText) minus debit \(debitText)") }
            amount = Money(minorUnits: flow)
            convention = .bank
        }

        var payee = optional(columns.payee)
        // Beside a payer column, the payee is the other party: the payer of money in.
        if columns.payer != nil, amount > .zero || payee.isEmpty, !optional(columns.payer).isEmpty { payee = optional(columns.payer) }
        let category = optional(columns.category)
        // A cell of spaces is as good as empty: the rules and the default category decide.
        let noCategory = Self.trimmed(category).isEmpty
        // The kind describes the file's category, so it is read only with one.
        var kind: BudgetCategory.Kind? = nil
        if !noCategory, let index = columns.kind {
            let text = Self.trimmed(optional(index))
            switch text.lowercased() {
            case "": break
            case "expense": kind = .expense
            case "income": kind = .income
            default: throw fail(index, "invalid category kind '\(text)' (expected expense or income)")
            }
        }
        var row = ImportRow(line: record.line, date: date, amount: amount, convention: convention, payee: payee,
                            category: noCategory ? nil : category,
                            categoryField: noCategory ? nil : columns.category.map { $0 + 1 },
                            note: optional(columns.note), importKey: "",
                            kind: kind, kindField: kind == nil ? nil : columns.kind.map { $0 + 1 })
        try mapAccountsAndSplit(fields: optional, columns: columns, noCategory: noCategory, into: &row, fail: fail)
        if columns.status != nil { row.pending = Self.pendingWords.contains(Self.trimmed(optional(columns.status)).lowercased()) }
        mappedARow = true
        return row
    }

    /// Reads the account, transfer and split cells of a row (what `budget export` writes).
    private func mapAccountsAndSplit(fields optional: (Int?) -> String, columns: Columns, noCategory: Bool,
                                     into row: inout ImportRow, fail: (Int, String) -> BudgetError) throws(BudgetError) {
        let account = Self.trimmed(optional(columns.account))
        if !account.isEmpty {
            row.account = account
            row.accountField = columns.account.map { $0 + 1 }
        }
        let transfer = Self.trimmed(optional(columns.transferAccount))
        let splitText = Self.trimmed(optional(columns.split))
        if !transfer.isEmpty, let index = columns.transferAccount {
            if !noCategory { throw fail(index, "a transfer to '\(transfer)' has no category, but the row names one") }
            if !splitText.isEmpty { throw fail(index, "a transfer to '\(transfer)' cannot be part of a split") }
            row.transferAccount = transfer
            row.transferAccountField = index + 1
        }
        if !splitText.isEmpty, let index = columns.split {
            guard let split = SplitPosition(splitText) else {
                throw fail(index, "invalid split '\(splitText)' (expected POSITION/COUNT like 1/2, at most \(SplitPosition.largestCount) parts)")
            }
            row.split = split
            row.splitField = index + 1
            row.splitNote = optional(columns.splitNote)
        }
    }

    /// Finds the columns in the header (or, without one, takes them by number).
    private func resolve(header: CSVRecord?, line: Int) throws(BudgetError) -> Columns {
        func find(_ column: ImportColumn, required: Bool) throws(BudgetError) -> Int? {
            switch column {
            case .number(let number):
                if let header, number > header.fields.count {
                    throw .badInput(file: file, line: line, column: 1,
                                    message: "no column \(number): the header has \(header.fields.count) column\(header.fields.count == 1 ? "" : "s")")
                }
                return number - 1
            case .named(let name):
                guard let header else {
                    throw .badInput(file: file, line: line, column: 1,
                                    message: "no header to find column '\(name)' in: without a header, name columns by number")
                }
                if let index = header.fields.firstIndex(of: name) { return index }
                let key = Self.trimmed(name).lowercased()
                let matches = header.fields.indices.filter { Self.trimmed(header.fields[$0]).lowercased() == key }
                if matches.count == 1 { return matches[0] }
                guard required else { return nil }
                let listed = header.fields.map { "'\($0)'" }.joined(separator: ", ")
                let problem = matches.isEmpty ? "no column named '\(name)' in the header"
                                              : "\(matches.count) columns named '\(name)' in the header"
                throw .badInput(file: file, line: line, column: 1, message: "\(problem) (it has \(listed))")
            }
        }
        func findOptional(_ column: ImportColumn?, default field: TransactionField) throws(BudgetError) -> Int? {
            if let column { return try find(column, required: true) }
            return header == nil ? nil : try find(field.column, required: false)
        }
        var columns = Columns(date: try find(options.dateColumn, required: true)!)
        switch options.amount {
        case .signed(let column):
            columns.amount = try find(column, required: true)
        case .debitCredit(let debit, let credit):
            columns.debit = try find(debit, required: true)
            columns.credit = try find(credit, required: true)
        }
        columns.payee = try findOptional(options.payeeColumn, default: .payee)
        columns.category = options.ignoresCategoryColumn ? nil : try findOptional(options.categoryColumn, default: .category)
        columns.kind = options.ignoresCategoryColumn ? nil : try findOptional(options.kindColumn, default: .kind)
        columns.note = try findOptional(options.noteColumn, default: .note)
        // An import into a named account ignores the file's account column.
        columns.account = options.account == nil ? try findOptional(nil, default: .account) : nil
        columns.transferAccount = try findOptional(nil, default: .transferAccount)
        columns.split = try findOptional(nil, default: .split)
        columns.splitNote = try findOptional(nil, default: .splitNote)
        // A bank's status column: `pending` rows are replaced by their posted twins later.
        columns.status = header == nil ? nil : try find(.named("status"), required: false)
        return columns
    }

    /// The date and amount texts of a record read as the header whose date and amount cells
    /// (a debit or a credit) read as a date and an amount, ambiguous ones included: a row of a
    /// file without a header, never a header naming its columns. `nil` for a header.
    private func readsAsRow(_ record: CSVRecord, columns: Columns) -> (date: String, amount: String)? {
        func fail(_ column: Int, _ message: String) -> BudgetError { .badInput(file: file, line: record.line, column: column + 1, message: message) }
        func cell(_ index: Int?) -> String? {
            guard let index, index < record.fields.count else { return nil }
            let text = Self.trimmed(record.fields[index])
            return text.isEmpty ? nil : text
        }
        // An ambiguous date or amount is one all the same (a `.bankFile` error says which readings it has).
        guard let date = cell(columns.date) else { return nil }
        do { _ = try day(date, line: record.line, column: columns.date, fail: fail) } catch .bankFile { } catch { return nil }
        for index in [columns.amount, columns.debit, columns.credit] {
            guard let amount = cell(index), let index else { continue }
            do { _ = try parse(amount, column: index, line: record.line, fail: fail) } catch .bankFile { } catch { continue }
            return (date, amount)
        }
        return nil
    }

    /// What a bank's status column says of a row not booked yet.
    static let pendingWords: Set<String> = ["pending", "pend", "authorized", "authorised", "vorgemerkt", "en attente"]

    /// The words a bank's CSV file writes in a line stating a balance rather than a booking.
    static let balanceWords: Set<String> = ["anfangssaldo", "endsaldo"]

    /// The row at `line` of a bank's file (``layout``) as a ``SkippedBalanceRow`` when it is a
    /// line stating a statement's balance: a cell that is one of ``balanceWords``, and no payee;
    /// `nil` otherwise.
    static func balanceLine(_ fields: [String], line: Int, payee: Int?) -> SkippedBalanceRow? {
        if let payee, payee < fields.count, !trimmed(fields[payee]).isEmpty { return nil }
        guard let word = fields.lazy.map(trimmed).first(where: { balanceWords.contains($0.lowercased()) }) else { return nil }
        return SkippedBalanceRow(line: line, description: word, kind: .statementBalance)
    }

    /// The text without leading and trailing spaces and tabs.
    static func trimmed(_ text: String) -> String {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last,
              first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return text }
        var slice = Substring(text)
        while let c = slice.first, c == " " || c == "\t" { slice = slice.dropFirst() }
        while let c = slice.last, c == " " || c == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
