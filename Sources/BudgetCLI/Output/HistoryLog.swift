#if canImport(Glibc)
import Glibc
#endif
import BudgetKit

/// `budget log`'s output: for people, each entry and its rows' changes; for CSV, TSV and JSON,
/// one record per column of each changed row (``HistoryLine``).
enum HistoryLog {
    /// How many changed rows of an entry the table shows unless `budget log --all`: enough to
    /// see what a write did. The rest are counted in one line under them (an import's entry
    /// holds a million); `--all` and the record formats (CSV, TSV, JSON) give every one.
    static let changesShownPerEntry = 20

    /// Writes the entries for people to `output`, each line as soon as it is made, with at most
    /// `limit` changed rows an entry and a line counting the rest:
    ///
    /// ```
    /// 12  2026-11-23 12:01:05  laptop  budget edit 4 --amount 13
    ///     changed transactions id=4: amount 1250 -> 1300
    /// 11  2026-11-23 12:00:41  laptop  budget import all.csv
    ///     added transactions id=1: id 1, date 2026-01-02, amount 1250, ...
    ///     ...
    ///     ... and 999,980 more changes (all of them: budget log --format csv, or --all)
    /// ```
    ///
    /// Like every table, its user text (payees, notes, commands) shows control, bidi and
    /// invisible characters as escapes (``TerminalText/visible(_:keepingLayout:)``) on a terminal or not:
    /// a line is one line, and `budget log | less` draws what a terminal draws. The exact values
    /// are in `--format csv`, `tsv` and `json`.
    ///
    /// - Parameter limit: The changed rows shown of each entry, more than 0; `nil` shows all.
    /// - Throws: ``OutputError`` from `output`; the rest is then neither decoded nor written.
    /// - Complexity: O(n) in the changes written; the rest are not decoded (an entry counted its
    ///   changes when it was read). Memory for one change and `output`'s buffer, whatever an
    ///   entry's size.
    static func writeTable(_ entries: [HistoryEntry], changesPerEntry limit: Int? = changesShownPerEntry,
                           to output: Output) throws(OutputError) {
        precondition(limit.map { $0 > 0 } ?? true, "an entry shows at least one change")
        for entry in entries {
            try output.write(headLine(entry) + "\n")
            var shown = 0
            do throws(TableStop) {
                try entry.forEachChange { change throws(TableStop) in
                    do throws(OutputError) { try output.write(changeLine(change, of: entry) + "\n") } catch { throw .failed(error) }
                    shown += 1
                    if let limit, shown == limit { throw .shownEnough }
                }
            } catch {
                if case .failed(let error) = error { throw error }
            }
            let rest = entry.changeCount - shown
            if rest > 0 {
                try output.write("    ... and \(grouped(rest)) more change\(rest == 1 ? "" : "s") (all of them: budget log --format csv, or --all)\n")
            }
        }
    }

    /// Why ``writeTable(_:changesPerEntry:to:)`` stopped decoding an entry's changes.
    private enum TableStop: Error {
        /// It showed as many as it shows.
        case shownEnough
        /// The output failed.
        case failed(OutputError)
    }

    /// A count (0 or more) with its thousands grouped, as people read it: `999,980`.
    static func grouped(_ count: Int) -> String {
        precondition(count >= 0, "a count is not negative")
        let digits = Array(String(count))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    /// An entry's first line: its id, time, device and command, what it undoes or redoes, and
    /// what reversed it; escaped.
    private static func headLine(_ entry: HistoryEntry) -> String {
        var head = "\(entry.id)  \(time(entry.milliseconds))  \(entry.deviceName)  \(entry.isReceived ? "(synced)" : entry.command)"
        switch entry.kind {
        case .write: break
        case .undo(let id): head += "  (undoes \(id))"
        case .redo(let id): head += "  (redoes \(id))"
        }
        if !entry.reversals.isEmpty {
            head += "  [" + entry.reversals.enumerated().map { "\($0.offset % 2 == 0 ? "undone" : "redone") by \($0.element)" }
                .joined(separator: ", ") + "]"
        }
        return TerminalText.visible(head)
    }

    /// One changed row, indented under its entry's head line, each field whose change lost a
    /// sync's conflict marked so; escaped.
    private static func changeLine(_ change: HistoryChange, of entry: HistoryEntry) -> String {
        let key = change.key.map { "\($0.column)=\(value($0.after))" }.joined(separator: ",")
        let fields = change.fields.map { field -> String in
            let text = switch change.operation {
            case .added: "\(field.column) \(value(field.after))"
            case .deleted: "\(field.column) \(value(field.before))"
            case .changed: "\(field.column) \(value(field.before)) -> \(value(field.after))"
            }
            return entry.conflict(lostBy: field, of: change).map { text + " " + lostMark($0) } ?? text
        }
        return "    " + TerminalText.visible("\(change.operation.rawValue) \(change.table) \(key): " + fields.joined(separator: ", "))
    }

    /// What a field whose change lost `conflict` says after its values: `(lost to 3050 from
    /// anna-laptop; see 'budget conflicts')`, or `(lost: the row was deleted; ...)`.
    static func lostMark(_ conflict: SyncConflict) -> String {
        let device = conflict.keptDevice.isEmpty ? "" : (conflict.kept == nil ? " on " : " from ") + conflict.keptDevice
        let what = conflict.kept.map { "lost to \(value($0))" } ?? "lost: the row was deleted"
        return "(\(what)\(device); see 'budget conflicts')"
    }

    /// Writes the flat records of `entries` (``HistoryLine``) in `format` (CSV, TSV or JSON),
    /// each as soon as it is made: an import's entry makes some eleven million.
    static func writeLines(_ entries: [HistoryEntry], format: OutputFormat, to output: Output) throws(OutputError) {
        var writer = try RecordWriter(format: format, record: .historyLine, output: output)
        for entry in entries {
            try entry.forEachChange { change throws(OutputError) in
                for field in change.fields { try writer.write(HistoryLine(entry: entry, change: change, field: field)) }
            }
        }
        try writer.finish()
    }

    /// Text for a terminal passes the one door that makes control characters visible.
    static func visible(_ text: String, terminal: Bool) -> String {
        terminal ? TerminalText.visible(text) : text
    }

    /// A value as the log shows it; text in single quotes when it could be mistaken.
    static func value(_ value: HistoryValue?) -> String {
        guard let value else { return "" }
        if case .text(let text) = value { return text.isEmpty || text.contains(" ") || text.contains(",") ? "'\(text)'" : text }
        return value.description
    }

    /// Local time of `milliseconds`: `2026-11-23 12:01:05` for people, or for records (CSV, TSV,
    /// JSON) ISO 8601 with the offset from UTC, `2026-11-23T12:01:05+01:00`: a local time alone
    /// repeats in the hour clocks go back, and reads as another moment in another zone.
    static func time(_ milliseconds: Int64, withOffset: Bool = false) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two<T: BinaryInteger>(_ value: T) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        let clock = "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
        guard withOffset else { return day + " " + clock }
        let offset = Int(parts.tm_gmtoff), minutes = abs(offset) / 60
        return day + "T" + clock + (offset < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }
}

/// One column of one row a history entry changed: a record of `budget log --format csv`.
struct HistoryLine {
    let entry: HistoryEntry
    let change: HistoryChange
    let field: HistoryField
}

extension RecordDescription where Value == HistoryLine {
    /// `entry,time,device,command,kind,of,change,table,key,column,before,after`.
    static var historyLine: RecordDescription<HistoryLine> { RecordDescription(columns: [
        RecordColumn("entry", .right) { .integer($0.entry.id) },
        RecordColumn("time", table: { .text(HistoryLog.time($0.entry.milliseconds)) }) { .date(HistoryLog.time($0.entry.milliseconds, withOffset: true)) },
        RecordColumn("device") { .text($0.entry.deviceName) },
        RecordColumn("command") { .text($0.entry.command) },
        RecordColumn("kind") {
            switch $0.entry.kind {
            case .write: return .text("write")
            case .undo: return .text("undo")
            case .redo: return .text("redo")
            }
        },
        RecordColumn("of") {
            switch $0.entry.kind {
            case .write: return .text("")
            case .undo(let id), .redo(let id): return .integer(id)
            }
        },
        RecordColumn("change") { .text($0.change.operation.rawValue) },
        RecordColumn("table") { .text($0.change.table) },
        RecordColumn("key") { .text($0.change.key.map { "\($0.column)=\($0.after?.description ?? "")" }.joined(separator: ",")) },
        RecordColumn("column") { .text($0.field.column) },
        RecordColumn("before") { .sql($0.field.before) },
        RecordColumn("after") { .sql($0.field.after) },
    ]) }
}
