import BudgetKit

/// One column of a record, described once: its key (the CSV header, the JSON key, the column
/// import reads back), how a table aligns it (or leaves it out), and the typed cell a value gives,
/// which each format writes its own way (``Cell``).
struct RecordColumn<Value> {
    let key: String
    let alignment: Table.Alignment
    /// Whether tables for people show it (a category's kind is plain from its name there).
    let inTable: Bool
    /// Whether records (CSV, TSV, JSON) hold it; a column for people only does not.
    let inRecords: Bool
    let cell: (Value) -> Cell
    /// What a table for people shows, when it differs from ``cell`` (a transfer seen from one
    /// of its accounts).
    let tableCell: (Value) -> Cell
    /// The table's title; from the key by default (`percent_used` is `PERCENT USED`).
    let title: String

    init(_ key: String, _ alignment: Table.Alignment = .left, inTable: Bool = true, inRecords: Bool = true, title: String? = nil,
         table tableCell: ((Value) -> Cell)? = nil, _ cell: @escaping (Value) -> Cell) {
        self.key = key
        self.inRecords = inRecords
        self.title = title ?? Table.title(key)
        self.alignment = alignment
        self.inTable = inTable
        self.cell = cell
        self.tableCell = tableCell ?? cell
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
    let keys: [String]
    /// The columns records hold and those tables show, picked once: a record is written per row.
    private let recordColumns: [RecordColumn<Value>], tableColumns: [RecordColumn<Value>]

    init(columns: [RecordColumn<Value>]) {
        self.columns = columns
        recordColumns = columns.filter(\.inRecords)
        tableColumns = columns.filter(\.inTable)
        keys = recordColumns.map(\.key)
    }

    /// A value's cells, one per key.
    func cells(_ value: Value) -> [Cell] { recordColumns.map { $0.cell(value) } }

    /// An empty table with the columns tables show.
    func table() -> Table {
        Table(columns: tableColumns.map { ($0.title, $0.alignment) })
    }

    /// A value's cells in a table (the columns tables show).
    func tableCells(_ value: Value) -> [Cell] { tableColumns.map { $0.tableCell(value) } }

    /// The same record with one more column at the end.
    func appending(_ column: RecordColumn<Value>) -> RecordDescription<Value> {
        RecordDescription(columns: columns + [column])
    }
}

extension RecordDescription where Value == TransactionLine {
    /// A transaction, or one part of a split: BudgetKit's ``TransactionField``s, in their order,
    /// with their names. `view` says what a table for people shows besides ID, DATE, AMOUNT,
    /// CATEGORY, PAYEE and NOTE, and from which account it sees transfers.
    static func transaction(_ view: TransactionView = .init()) -> RecordDescription<TransactionLine> {
        RecordDescription(columns: TransactionField.allCases.map { field in
            switch field {
            case .id: return RecordColumn(field.rawValue, .right) { .integer($0.transaction.id) }
            case .date: return RecordColumn(field.rawValue) { .date($0.transaction.date.description) }
            case .amount: return RecordColumn(field.rawValue, .right, table: { .money($0.amount(seenFrom: view.account)) }) { .money($0.amount) }
            case .category: return RecordColumn(field.rawValue, table: { .text($0.categoryText(seenFrom: view.account)) }) { .text($0.category) }
            case .payee: return RecordColumn(field.rawValue) { .text($0.transaction.payee) }
            case .note: return RecordColumn(field.rawValue) { .text($0.transaction.note) }
            case .kind: return RecordColumn(field.rawValue, inTable: false) { .text($0.transaction.kind.rawValue) }
            case .account: return RecordColumn(field.rawValue, inTable: view.showsAccount) { .text($0.transaction.account) }
            case .transferAccount: return RecordColumn(field.rawValue, inTable: false) { .text($0.transaction.transferAccount ?? "") }
            case .split: return RecordColumn(field.rawValue, inTable: false) { .text($0.position?.description ?? "") }
            case .splitNote: return RecordColumn(field.rawValue, inTable: false) { .text($0.part?.note ?? "") }
            case .reconciled:
                return RecordColumn(field.rawValue, inTable: view.showsStatus, title: "STATUS",
                                    table: { .text($0.transaction.status(seenFrom: view.account)) }) {
                    .date($0.transaction.reconciledOn?.description ?? "")
                }
            case .transferReconciled:
                return RecordColumn(field.rawValue, inTable: false) { .date($0.transaction.transferReconciledOn?.description ?? "") }
            }
        })
    }
}

extension RecordDescription where Value == AccountBalance {
    /// An account with its balance on a day: `accounts`, `watch accounts`.
    static var account: RecordDescription<AccountBalance> {
        RecordDescription(columns: [
            RecordColumn("name") { .text($0.account.name) },
            RecordColumn("type") { .text($0.account.kind.rawValue) },
            RecordColumn("number") { .text($0.account.number ?? "") },
            RecordColumn("balance", .right) { .money($0.balance) },
            RecordColumn("date", inTable: false) { .date($0.day.description) },
            RecordColumn("default", inTable: false) { .flag($0.account.isDefault) },
            RecordColumn("closed_on", inTable: false) { .date($0.account.closedOn?.description ?? "") },
            RecordColumn("status", inRecords: false) {
                .text($0.account.isDefault ? "default" : $0.account.closedOn.map { "closed \($0)" } ?? "")
            },
        ])
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
    /// A rule, in the order rules are tried; new columns come after the first three, which
    /// scripts read.
    static var rule: RecordDescription<ImportRule> {
        RecordDescription(columns: [
            RecordColumn("id", .right) { .integer($0.id) },
            RecordColumn("pattern") { .text($0.pattern) },
            RecordColumn("category") { .text($0.category ?? "") },
            RecordColumn("field") { .text($0.field.rawValue) },
            RecordColumn("mode") { .text($0.mode.rawValue) },
            RecordColumn("direction") { .text($0.direction?.rawValue ?? "") },
            RecordColumn("payee") { .text($0.payee ?? "") },
        ])
    }
}
