import BudgetKit

/// One column of a record, described once: its key (the CSV header, the JSON key, the column
/// import reads back), how a table aligns it (or leaves it out), and the typed cell a value gives,
/// which each format writes its own way (``Cell``).
struct RecordColumn<Value> {
    let key: String
    let alignment: Table.Alignment
    /// Whether tables for people show it (a category's kind is plain from its name there).
    let inTable: Bool
    let cell: (Value) -> Cell

    init(_ key: String, _ alignment: Table.Alignment = .left, inTable: Bool = true, _ cell: @escaping (Value) -> Cell) {
        self.key = key
        self.alignment = alignment
        self.inTable = inTable
        self.cell = cell
    }
}

/// A record's columns in order: what tables, CSV, TSV, JSON, JSON lines, `export`, an import's
/// dry run and `watch` all write, so a record is written out in one place.
///
/// ```swift
/// var writer = try RecordWriter(format: .csv, record: .transaction, output: stdout)
/// try writer.write(lunch)
/// ```
struct RecordDescription<Value> {
    let columns: [RecordColumn<Value>]

    /// The keys, in order: the CSV header and the JSON keys.
    var keys: [String] { columns.map(\.key) }

    /// A value's cells, one per column.
    func cells(_ value: Value) -> [Cell] { columns.map { $0.cell(value) } }

    /// An empty table with the columns tables show.
    func table() -> Table {
        Table(columns: columns.filter(\.inTable).map { (Table.title($0.key), $0.alignment) })
    }

    /// A value's cells in a table (the columns tables show).
    func tableCells(_ value: Value) -> [Cell] { columns.filter(\.inTable).map { $0.cell(value) } }

    /// The same record with one more column at the end.
    func appending(_ column: RecordColumn<Value>) -> RecordDescription<Value> {
        RecordDescription(columns: columns + [column])
    }
}

extension RecordDescription where Value == Transaction {
    /// A transaction: BudgetKit's ``TransactionField``s, in their order, with their names.
    static var transaction: RecordDescription<Transaction> {
        RecordDescription(columns: TransactionField.allCases.map { field in
            switch field {
            case .id: return RecordColumn(field.rawValue, .right) { .integer($0.id) }
            case .date: return RecordColumn(field.rawValue) { .date($0.date.description) }
            case .amount: return RecordColumn(field.rawValue, .right) { .money($0.amount) }
            case .category: return RecordColumn(field.rawValue) { .text($0.category) }
            case .payee: return RecordColumn(field.rawValue) { .text($0.payee) }
            case .note: return RecordColumn(field.rawValue) { .text($0.note) }
            case .kind: return RecordColumn(field.rawValue, inTable: false) { .text($0.kind.rawValue) }
            }
        })
    }
}

extension RecordDescription where Value == BudgetCategory {
    /// A category with its budget in the month asked for.
    static var category: RecordDescription<BudgetCategory> {
        RecordDescription(columns: [
            RecordColumn("name") { .text($0.name) },
            RecordColumn("kind") { .text($0.kind.rawValue) },
            RecordColumn("budget", .right) { .money($0.monthlyBudget) },
            RecordColumn("rollover") { .flag($0.rollover) },
        ])
    }
}

/// A line of a monthly report with its month.
struct MonthlyReportRow {
    let month: Month
    let line: ReportLine
}

extension RecordDescription where Value == MonthlyReportRow {
    /// A report line: `report --format csv|json` and `watch report`.
    static var reportLine: RecordDescription<MonthlyReportRow> {
        RecordDescription(columns: [
            RecordColumn("month") { .date($0.month.description) },
            RecordColumn("category") { .text($0.line.category) },
            RecordColumn("kind") { .text($0.line.kind.rawValue) },
            RecordColumn("budget", .right) { .money($0.line.budget) },
            RecordColumn("rollover", .right) { .money($0.line.rollover) },
            RecordColumn("actual", .right) { .money($0.line.actual) },
            RecordColumn("remaining", .right) { .money($0.line.remaining) },
            RecordColumn("percent_used", .right) { .percent($0.line.percentUsed) },
        ])
    }
}

/// One entry of a category's budget history, with its category.
struct BudgetHistoryRow {
    let category: BudgetCategory
    let change: BudgetChange
}

extension RecordDescription where Value == BudgetHistoryRow {
    /// `show-category --format csv|json`: one record per budget change.
    static var budgetHistory: RecordDescription<BudgetHistoryRow> {
        RecordDescription(columns: [
            RecordColumn("category") { .text($0.category.name) },
            RecordColumn("kind") { .text($0.category.kind.rawValue) },
            RecordColumn("rollover") { .flag($0.category.rollover) },
            RecordColumn("month") { .date($0.change.month.description) },
            RecordColumn("budget", .right) { .money($0.change.amount) },
            RecordColumn("scope") { .text($0.change.scope.rawValue) },
        ])
    }
}

extension RecordDescription where Value == ImportRule {
    /// An import rule.
    static var rule: RecordDescription<ImportRule> {
        RecordDescription(columns: [
            RecordColumn("id", .right) { .integer($0.id) },
            RecordColumn("pattern") { .text($0.pattern) },
            RecordColumn("category") { .text($0.category) },
        ])
    }
}
