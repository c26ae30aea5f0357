/// The fields of a transaction record, in the order `budget export` writes them.
///
/// One home for their names: each raw value is the CSV header and the JSON key every output
/// writes, and the column `budget import` reads back by default, so an export imports into an
/// empty book with nothing to map (``ImportOptions``). The `id` column is written, never read
/// back: an import gives rows new ids.
public enum TransactionField: String, CaseIterable, Hashable, Sendable {
    case id, date, amount, category, payee, note, kind

    /// The header a file's column is found by.
    public var column: ImportColumn { .named(rawValue) }
}
