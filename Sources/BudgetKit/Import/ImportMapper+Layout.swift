/// Finding a bank's header after its preamble (see ``CSVLayout``).
extension ImportMapper {
    /// Whether the options leave every column, the delimiter, the signs and the lines to skip
    /// at their defaults: then a bank's layout may be recognised.
    var usesDefaultLayout: Bool {
        let defaults = ImportOptions()
        return options.hasHeader && options.skipLines == 0 && options.dateColumn == defaults.dateColumn
            && options.dateFormat == defaults.dateFormat && options.amount == defaults.amount && options.payeeColumn == nil
            && options.categoryColumn == nil && options.noteColumn == nil && options.kindColumn == nil && !options.negate
    }

    /// Looks for the header among the first records, before any column is resolved: `true`
    /// when this record is a preamble line or the header just recognised (either way it is no
    /// row), `false` when the columns are to be resolved from it as usual.
    ///
    /// A first record with a field spelled `date` or `amount` (as `budget export` writes them)
    /// is read as usual; so is every file read with column options.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` when no header was found
    ///   in the first ``CSVLayout/preambleLimit`` lines.
    mutating func recognizesHeader(_ record: CSVRecord) throws(BudgetError) -> Bool {
        if !recognizing {
            guard preambleLines == 0, headerLine == nil, usesDefaultLayout,
                  !record.fields.contains(where: { $0 == "date" || $0 == "amount" }) else { return false }
            recognizing = true
        }
        if let (layout, columns) = CSVHeaderRecognizer.recognize(record.fields, line: record.line, delimiter: delimiter) {
            self.layout = layout
            self.columns = columns
            headerLine = record.line
            headerFieldCount = record.fields.count
            recognizing = false
            return true
        }
        preambleLines += 1
        if preambleLines >= CSVLayout.preambleLimit { throw noHeader(line: record.line) }
        return true
    }

    /// The error of a file whose header was looked for and not found.
    func noHeader(line: Int) -> BudgetError {
        .badInput(file: file, line: line, column: 1,
                  message: "no header found in the first \(min(preambleLines, CSVLayout.preambleLimit)) line\(preambleLines == 1 ? "" : "s") "
                      + "(a date column and an amount column, or debit and credit columns): name the columns with --date-column "
                      + "and --amount-column, and the lines before the header with --skip-lines")
    }
}
