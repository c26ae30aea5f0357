/// How data is printed: `--format table|csv|tsv|json` (any case: `--format CSV` too).
enum OutputFormat: String, ChoiceValue, Sendable {
    /// Aligned columns for people, with totals where they make sense.
    case table
    /// RFC 4180 CSV with a header row: one row per record, no totals.
    case csv
    /// Tab-separated values with a header row, backslash escapes for tab, newline and `\`.
    case tsv
    /// A JSON array of objects with the same keys as the CSV header: one object per line.
    case json
}

extension CommandArgument {
    /// The `--format` option, bound to a property whose initial value is the default.
    static func format(_ keyPath: WritableKeyPath<C, OutputFormat>, default format: OutputFormat = .table) -> Self {
        .option(keyPath, "format", "format", default: format.rawValue, help: "The output format.")
    }
}

extension CommandArgument {
    /// `--excel-safe`: guard text cells a spreadsheet could run as a formula (CSV and TSV).
    static func excelSafe(_ keyPath: WritableKeyPath<C, Bool>) -> Self {
        .flag(keyPath, "excel-safe", help: "Put ' before text a spreadsheet could run as a formula (=, +, -, @, | after any "
              + "spaces, their full-width forms, a leading tab or CR), in csv and tsv. For "
              + "spreadsheets: 'budget import' keeps the ' as part of the text.")
    }
}
