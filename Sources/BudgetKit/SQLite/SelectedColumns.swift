/// The columns one query reads, declared once as an enum whose cases are numbered from 0 in
/// order (`enum C: Int32, SelectedColumns { case id, date }`): the SELECT list is built from the
/// cases, and a row is read by case, so no reader ever counts column positions by hand.
///
/// ```swift
/// enum RuleColumn: Int32, SelectedColumns { case id, pattern }
/// let sql = "SELECT \(RuleColumn.selectList { $0 == .id ? "r.id" : "r.pattern" }) FROM rules AS r"
/// try connection.prepare(sql).forEachRow { row in print(row.int64(RuleColumn.id), row.text(RuleColumn.pattern)) }
/// ```
protocol SelectedColumns: CaseIterable, RawRepresentable where RawValue == Int32 {}

extension SelectedColumns {
    /// The SELECT list: each case's SQL expression, in the cases' order.
    static func selectList(_ sql: (Self) -> String) -> String {
        allCases.map(sql).joined(separator: ", ")
    }
}

/// Columns whose SQL never changes: the expression belongs to the case.
protocol FixedColumns: SelectedColumns {
    /// The column's SQL expression.
    var sql: String { get }
}

extension FixedColumns {
    /// The SELECT list of every case.
    static var selectList: String { selectList { $0.sql } }
}

extension Row {
    @inline(__always)
    func int64<C: SelectedColumns>(_ column: C) -> Int64 { int64(column.rawValue) }
    func text<C: SelectedColumns>(_ column: C) -> String { text(column.rawValue) }
    func isNull<C: SelectedColumns>(_ column: C) -> Bool { isNull(column.rawValue) }
    func optionalInt64<C: SelectedColumns>(_ column: C) -> Int64? { optionalInt64(column.rawValue) }
    func money<C: SelectedColumns>(_ column: C) -> Money { money(column.rawValue) }
    func day<C: SelectedColumns>(_ column: C) -> Day { day(column.rawValue) }
    func isoDay<C: SelectedColumns>(_ column: C) -> Day { isoDay(column.rawValue) }
    @inline(__always)
    func isoDayNumbers<C: SelectedColumns>(_ column: C) -> (days: Int64, month: Int64) { isoDayNumbers(column.rawValue) }
}
