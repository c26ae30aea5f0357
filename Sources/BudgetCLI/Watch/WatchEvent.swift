import BudgetKit

/// One line of `budget watch --format jsonl`: a JSON object written by hand.
///
/// `watch list` prints the current rows as `insert` events (after a `section-insert` per section
/// when sectioned), then for each committed change set its events in the delegate's order, and
/// after every change set, the first one too, a `sync` line with the row count:
///
/// ```
/// {"event": "insert", "index": 0, "transaction": {"id": 1, "date": "2026-11-21", "amount": 12.50, ...}}
/// {"event": "sync", "count": 1}
/// ```
///
/// Indexes are 0-based. `delete` and a move's `from` refer to the list before the change set;
/// `insert`, `move` and `update` indexes to the list after it, so a script applies deletions
/// (descending), then insertions and moves (ascending), then updates. `reload` says the list was
/// fetched again: the rows follow as inserts. `watch report` prints `report` lines.
enum WatchEvent {
    /// The event line for one change.
    static func line(for change: TransactionChange) -> String {
        var line = "{\"event\": "
        switch change {
        case .sectionDelete(let index, let name):
            line += "\"section-delete\", \"index\": \(index), \"name\": "
            JSON.appendString(name, to: &line)
        case .sectionInsert(let index, let name):
            line += "\"section-insert\", \"index\": \(index), \"name\": "
            JSON.appendString(name, to: &line)
        case .delete(let index, let id):
            // The row is gone from the book: its id is all there is to say (as `.transaction.id`
            // too, so scripts read every event the same way).
            line += "\"delete\", \"index\": \(index), \"id\": \(id), \"transaction\": {\"id\": \(id)}"
        case .insert(let index, let transaction):
            line += "\"insert\", \"index\": \(index), \"transaction\": "
            appendTransaction(transaction, to: &line)
        case .move(let from, let to, let transaction):
            line += "\"move\", \"index\": \(to), \"from\": \(from), \"transaction\": "
            appendTransaction(transaction, to: &line)
        case .update(let index, let newIndex, let transaction):
            line += "\"update\", \"index\": \(newIndex), \"from\": \(index), \"transaction\": "
            appendTransaction(transaction, to: &line)
        case .reload:
            line += "\"reload\""
        }
        return line + "}\n"
    }

    /// `{"event": "sync", "count": N}`.
    static func sync(count: Int) -> String {
        "{\"event\": \"sync\", \"count\": \(count)}\n"
    }

    /// `{"event": "report", "month": "2026-11", "rows": [...]}`, the rows with `report --format json`'s keys.
    static func report(_ report: MonthlyReport) -> String {
        var line = "{\"event\": \"report\", \"month\": "
        JSON.appendString(report.month.description, to: &line)
        line += ", \"rows\": ["
        let record = RecordDescription<MonthlyReportRow>.reportLine
        for (index, reportLine) in report.lines.enumerated() {
            line += index == 0 ? "" : ", "
            JSON.appendObject(keys: record.keys, cells: record.cells(MonthlyReportRow(month: report.month, line: reportLine)), to: &line)
        }
        return line + "]}\n"
    }

    /// `{"event": "accounts", "date": "2026-11-21", "rows": [...]}`, the rows with `accounts --format json`'s keys.
    static func accounts(_ accounts: [AccountBalance], day: Day) -> String {
        var line = "{\"event\": \"accounts\", \"date\": "
        JSON.appendString(day.description, to: &line)
        line += ", \"rows\": ["
        let record = RecordDescription<AccountBalance>.account
        for (index, account) in accounts.enumerated() {
            line += index == 0 ? "" : ", "
            JSON.appendObject(keys: record.keys, cells: record.cells(account), to: &line)
        }
        return line + "]}\n"
    }

    /// A transaction as an object with `export`'s keys; a split's parts follow under `splits`
    /// (each with `category`, `amount` and `note`), since a live list's row is the whole split.
    static func appendTransaction(_ transaction: Transaction, to line: inout String) {
        let record = RecordDescription<TransactionLine>.transaction()
        JSON.appendObject(keys: record.keys, cells: record.cells(TransactionLine(transaction)), to: &line)
        guard transaction.isSplit else { return }
        line.removeLast()
        line += ", \"splits\": ["
        for (index, part) in transaction.splits.enumerated() {
            line += index == 0 ? "" : ", "
            JSON.appendObject(keys: ["category", "amount", "note"], cells: [.text(part.category), .money(part.amount), .text(part.note)],
                              to: &line)
        }
        line += "]}"
    }
}
