/// How data is printed: `--format table|csv|tsv|json`.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people, with totals where they make sense.
    case table
    /// RFC 4180 CSV with a header row: one row per record, no totals.
    case csv
    /// Tab-separated values with a header row, backslash escapes for tab, newline and `\`.
    case tsv
    /// A JSON array of objects with the same keys as the CSV header: one object per line.
    case json

    /// Every format's name, for `.choice` in specs.
    static let names = allCases.map(\.rawValue)

    /// The `--format` option, with its default (`table`, or `csv` for `export`).
    static func option(default format: OutputFormat = .table) -> OptionSpec {
        .value("format", "format", kind: .choice(names), default: format.rawValue, help: "The output format.")
    }
}
