extension CommandContext {
    /// Prints records in the chosen `--format`: a table (titles from the keys, numbers
    /// right-aligned) or streamed CSV, TSV or JSON with the keys as header.
    func printRecords(columns: [String], rows: [[Cell]]) throws(OutputError) {
        let format = arguments.format
        guard format == .table else {
            var writer = try RecordWriter(format: format, columns: columns, output: stdout)
            for row in rows { try writer.write(row) }
            try writer.finish()
            return
        }
        var table = Table(columns: columns.indices.map { index in
            (Table.title(columns[index]), rows.first?[index].isNumeric == true ? .right : .left)
        })
        for row in rows { table.append(row) }
        try stdout.write(table.render())
    }
}

extension Table {
    /// A table title from a record key: `percent_used` becomes `PERCENT USED`; months stay as they are.
    static func title(_ key: String) -> String {
        String(key.uppercased().map { $0 == "_" ? " " : $0 })
    }
}
