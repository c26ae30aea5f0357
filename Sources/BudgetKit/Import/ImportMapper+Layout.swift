/// Finding a bank's header after its preamble (see ``CSVLayout``).
extension ImportMapper {
    /// Whether the options leave every column, the date format and the lines to skip at their
    /// defaults: then a bank's layout may be recognised. `--negate` may be given: a recognised
    /// layout reads the bank's money flow anyway (with it, a payee column of a bank's name was
    /// dropped without a word).
    var usesDefaultLayout: Bool {
        let defaults = ImportOptions()
        return options.hasHeader && options.skipLines == 0 && options.dateColumn == defaults.dateColumn
            && options.dateFormat == defaults.dateFormat && options.amount == defaults.amount && options.payeeColumn == nil
            && options.categoryColumn == nil && options.noteColumn == nil && options.kindColumn == nil
    }

    /// Looks for the header among the first records, before any column is resolved: `true`
    /// when this record is a preamble line or the header just recognised (either way it is no
    /// row), `false` when the columns are to be resolved from it as usual.
    ///
    /// A first record that is budget's own header (``isOwnHeader(_:)``) is read as usual; so is
    /// every file read with column options, and a first record naming budget's `date` or
    /// `amount` that is no bank's header either (its columns are resolved, so an error names the
    /// one it lacks).
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` when no header was found
    ///   in the first ``CSVLayout/preambleLimit`` lines.
    mutating func recognizesHeader(_ record: CSVRecord) throws(BudgetError) -> Bool {
        if !recognizing {
            guard preambleLines == 0, headerLine == nil, usesDefaultLayout, !Self.isOwnHeader(record.fields) else { return false }
            recognizing = true
        }
        let recognized = CSVHeaderRecognizer.recognize(record.fields, line: record.line, delimiter: delimiter)
        if recognized == nil, preambleLines == 0, record.fields.contains(where: { $0 == "date" || $0 == "amount" }) {
            recognizing = false
            return false
        }
        if var (layout, columns) = recognized {
            if options.ignoresCategoryColumn {
                layout.category = nil
                columns.category = nil
            }
            self.layout = layout
            self.columns = columns
            categoryHeader = layout.category
            headerLine = record.line
            headerFieldCount = record.fields.count
            recognizing = false
            return true
        }
        preambleLines += 1
        if preambleLines >= CSVLayout.preambleLimit { throw noHeader(line: record.line) }
        return true
    }

    /// Whether a header is budget's own layout: it names `date` and `amount` as `budget export`
    /// writes them (exactly, in lower case), and `payee` or `category` beside them (what names a
    /// row in budget's layout, where a bank writes a description), or nothing but the export's
    /// columns, a bank's `status` and empty names. `date,amount,payee,note,balance` (a file a
    /// script wrote with budget's names) is; `Date,Description,amount`, `id,date,description,amount`
    /// and `date,description,amount,note` are not (a bank's, recognised as one: its amounts are
    /// the money flow, its payee the description).
    static func isOwnHeader(_ fields: [String]) -> Bool {
        guard fields.contains("date"), fields.contains("amount") else { return false }
        return fields.contains("payee") || fields.contains("category")
            || fields.allSatisfy { $0.isEmpty || $0 == "status" || TransactionField(rawValue: $0) != nil }
    }

    /// The error of a file whose header was looked for and not found.
    func noHeader(line: Int) -> BudgetError {
        // A delimiter that was given splits every line: name it, it may be the one thing wrong.
        let given = options.delimiter.map { "; fields were split at \($0 == "\t" ? "tabs" : "'\($0)'"), as --delimiter says" } ?? ""
        return .badInput(file: file, line: line, column: 1,
                         message: "no header found in the first \(min(preambleLines, CSVLayout.preambleLimit)) line\(preambleLines == 1 ? "" : "s") "
                             + "(a date column and an amount column, or debit and credit columns): name the columns with --date-column "
                             + "and --amount-column, and the lines before the header with --skip-lines; for a file without a header, "
                             + "--no-header and columns by number" + given)
    }
}

/// A bank's rows that are no transactions.
extension ImportMapper {
    /// The words starting the description of a row stating the balance a bank's rows start
    /// from (``SkippedBalanceRow``), lowercased.
    static let beginningBalanceWords = "beginning balance as of"

    /// The row at `line` as a ``SkippedBalanceRow`` when its payee's cell starts with
    /// ``beginningBalanceWords`` (ignoring case and surrounding spaces); `nil` otherwise. The
    /// caller has found its amount empty.
    static func balanceRow(line: Int, payee: String) -> SkippedBalanceRow? {
        let description = trimmed(payee)
        guard description.lowercased().hasPrefix(beginningBalanceWords) else { return nil }
        return SkippedBalanceRow(line: line, description: description, kind: .beginningBalance)
    }

    /// How many skipped balance rows ``skippedBalanceRows`` lists; the rest are counted
    /// (``moreSkippedBalanceRows``), so that a file of nothing else keeps memory flat.
    static let listedBalanceRows = 50

    /// Notes a row skipped as it states a balance.
    mutating func skip(_ row: SkippedBalanceRow) {
        if skippedBalanceRows.count < Self.listedBalanceRows { skippedBalanceRows.append(row) } else { moreSkippedBalanceRows += 1 }
    }
}
