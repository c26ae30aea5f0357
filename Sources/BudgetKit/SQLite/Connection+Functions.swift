import CSQLite

extension Connection {
    /// Registers `budget_fold(text)`: the text case-folded over all of Unicode and in canonical
    /// composition (`String.caseFolded()`, the same key as category names), for case-insensitive
    /// matching that SQLite's ASCII-only `LIKE` and `NOCASE` cannot do. Deterministic, so SQLite
    /// may factor it out of loops.
    func registerCaseFoldFunction() throws(SQLiteError) {
        let code = sqlite3_create_function_v2(
            handle, "budget_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, argc, argv in
                guard argc == 1, let argv, let value = argv[0], sqlite3_value_type(value) != SQLITE_NULL,
                      let bytes = sqlite3_value_text(value) else {
                    sqlite3_result_null(context)
                    return
                }
                let count = Int(sqlite3_value_bytes(value))
                let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
                var folded = text.caseFolded()
                // With its byte count, so a NUL inside the text does not cut the result.
                folded.withUTF8 { bytes in
                    guard let base = bytes.baseAddress, !bytes.isEmpty else {
                        sqlite3_result_text64(context, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8))
                        return
                    }
                    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_result_text64(context, $0, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
                    }
                }
            },
            nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
    }
}
