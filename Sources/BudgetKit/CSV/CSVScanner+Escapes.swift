extension CSVScanner {
    private static let backslash = UInt8(ascii: "\\")

    /// What a backslash that stands for nothing is refused with.
    static let escapeMessage = "a backslash that starts no escape (the TSV export writes a tab as \\t, a line break as \\n or \\r, a backslash as \\\\)"

    /// Scans one record of ``CSVReader/Quoting/backslashEscapes``: one line, split at every
    /// delimiter, a quote being text; `\t`, `\n`, `\r` and `\\` in a field become a tab, LF, CR
    /// and a backslash. A backslash before anything else or at a field's end, a NUL byte and
    /// invalid UTF-8 are failures at the record's line and the field's number; the limits are
    /// those of ``scanRecord(from:line:)``, a field's counting each escape once.
    func scanEscapedRecord(from start: Int, line: Int) -> Outcome {
        if let outcome = noRecord(at: start) { return outcome }
        let count = bytes.count
        var fields: [String] = []
        fields.reserveCapacity(min(expectedFieldCount, limits.fieldCount))
        var index = start
        let recordStop = start + limits.recordBytes   // the last offset the record may reach
        do throws(Stop) {
            while true {
                let column = fields.count + 1
                if column > limits.fieldCount {
                    throw .failure(Failure(line: line, column: column, message: "a row with more than \(limits.fieldCount) fields"))
                }
                let (value, end) = try scanEscapedField(from: index, line: line, column: column, recordStop: recordStop)
                fields.append(value)
                index = end
                // After a field: the delimiter, a line ending, or the end of the input.
                if index == count {
                    if !atEnd { throw .needMore(within: recordStop + 1 - index) }
                    return .record(fields, end: index, lines: 1)
                }
                if bytes[index] == delimiter {
                    index += 1
                    continue
                }
                guard let end = lineEnd(at: index) else { throw .needMore(within: 1) }
                return .record(fields, end: end, lines: 1)
            }
        } catch {
            switch error {
            case .needMore(let within): return .needMore(within: max(1, within))
            case .failure(let failure): return .failure(failure)
            }
        }
    }

    /// Scans one field starting at `start` up to the delimiter, a line ending or the end of the
    /// input; returns its unescaped text and the offset where it stops. Only a field with
    /// escapes is copied before decoding.
    private func scanEscapedField(from start: Int, line: Int, column: Int, recordStop: Int) throws(Stop) -> (String, Int) {
        let count = bytes.count
        var index = start
        var segmentStart = start
        var unescaped: [UInt8]? = nil
        var escapes = 0
        let stop = min(count, recordStop + 1)
        while index < stop {
            let byte = bytes[index]
            if byte == delimiter || byte == Self.lf || byte == Self.cr { break }
            if byte == 0 { throw .failure(Failure(line: line, column: column, message: Self.nulMessage)) }
            guard byte == Self.backslash else {
                index += 1
                continue
            }
            guard index + 1 < count else {
                if !atEnd { throw .needMore(within: 1) }
                throw .failure(Failure(line: line, column: column, message: Self.escapeMessage))
            }
            let meant: UInt8
            switch bytes[index + 1] {
            case UInt8(ascii: "t"): meant = 0x09
            case UInt8(ascii: "n"): meant = Self.lf
            case UInt8(ascii: "r"): meant = Self.cr
            case Self.backslash: meant = Self.backslash
            default: throw .failure(Failure(line: line, column: column, message: Self.escapeMessage))
            }
            if unescaped == nil { unescaped = [] }
            unescaped!.append(contentsOf: bytes[segmentStart..<index])
            unescaped!.append(meant)
            index += 2
            escapes += 1
            segmentStart = index
        }
        if index - start - escapes > limits.fieldBytes { throw .failure(fieldTooLong(line: line, column: column)) }
        if index > recordStop { throw .failure(recordTooLong(line: line, column: column)) }
        if index == count && !atEnd { throw .needMore(within: recordStop + 1 - index) }
        let content = UnsafeBufferPointer(rebasing: bytes[segmentStart..<index])
        guard var unescaped else { return (try string(content, line: line, column: column), index) }
        unescaped.append(contentsOf: content)
        let text = try unescaped.withUnsafeBufferPointer { (value) throws(Stop) -> String in
            try string(value, line: line, column: column)
        }
        return (text, index)
    }
}
