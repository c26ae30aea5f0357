/// Reads SWIFT MT940 customer statements (and MT942 interim reports): `:20:` starts a
/// statement, `:25:` names the account, `:60F:`/`:60M:` open it, each `:61:` is an entry whose
/// details are the `:86:` after it (over several lines), `:62F:`/`:62M:` close it, `:64:` is the
/// available balance.
///
/// Amounts use a decimal comma and no grouping (`1234,56`); dates are `YYMMDD` with the
/// two-digit years of ``BankDate/twoDigitYearPivot``. A `:61:`'s booking day is its entry date
/// (`MMDD`, in the value date's year, or the next or previous one across a year end) when it
/// has one, else its value date. `:86:` in the German structured form (`166?00...?20...?32...`)
/// gives the payee from `?32`/`?33` and the memo from `?20`–`?29` and `?60`–`?63` (joined
/// without spaces, as the subfields are cut at fixed widths; the SEPA `SVWZ+` part alone when
/// there is one); free text gives the memo, its lines joined with spaces.
///
/// See ``MT940FieldReader`` for the envelope and ``MT940Field/maximumBytes`` for the limit.
/// Not thread-safe.
struct MT940Reader: BankItemReader {
    private var fields: MT940FieldReader
    private var statement: BankStatement?
    private var started = false
    private var entry: BankEntry?
    private var queue: [BankFileItem] = []
    private var head = 0
    /// Whether the current message is an MT942 interim report (no closing balance).
    private var interim = false
    /// The last line of the last field read.
    private var lastLine = 1

    init(file: String, chunks: @escaping () throws -> [UInt8]?) {
        fields = MT940FieldReader(file: file, chunks: chunks)
    }

    private var file: String { fields.file }

    mutating func next() throws -> BankFileItem? {
        while head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
            guard let field = try fields.next() else {
                // An MT940 statement always closes (`:62F:`/`:62M:`); one with entries and no
                // closing at the end of the file was cut short. (An MT942 report has none.)
                if let statement, statement.closing == nil, !interim, statement.entryCount > 0 || entry != nil {
                    throw BankFileError(BankFileLocation(file: file, line: lastLine, column: 1), .unexpectedEnd(expected: ":62F:"))
                }
                endStatement()
                if queue.isEmpty { return nil }
                break
            }
            try take(field)
        }
        defer { head += 1 }
        return queue[head]
    }

    private func location(_ field: MT940Field, column: Int? = nil) -> BankFileLocation {
        BankFileLocation(file: file, line: field.line, column: column ?? field.column)
    }

    private mutating func take(_ field: MT940Field) throws {
        lastLine = field.line + max(0, field.lines.count - 1)
        switch field.tag {
        case "20":
            endStatement()
            interim = false
            statement = BankStatement(format: .mt940, location: location(field, column: 1))
        case "13", "13D", "34F", "90D", "90C":
            // MT942's date-time, floor limit and counts: an interim report, which has no closing.
            flushEntry()
            interim = true
        case "-":
            endStatement()
        case "25":
            open(field)
            statement!.account.number = field.text.strippingBlanks
        case "60F", "60M":
            let (balance, currency) = try self.balance(field)
            open(field)
            statement!.opening = balance
            statement!.currency = statement!.currency ?? currency
        case "61":
            flushEntry()
            open(field)
            entry = try MT940EntryLine(field: field, file: file).entry(currency: statement?.currency)
        case "86":
            guard var pending = entry else { return }   // a statement's own information
            MT940Information(field.lines).apply(to: &pending)
            entry = pending
            flushEntry()
        case "62F", "62M":
            flushEntry()
            let (balance, _) = try self.balance(field)
            open(field)
            statement!.closing = balance
        case "64":
            flushEntry()
            let (balance, _) = try self.balance(field)
            open(field)
            statement!.available = balance
        default:
            flushEntry()
        }
    }

    /// The current statement; a field of a statement before any `:20:` opens one.
    private mutating func open(_ field: MT940Field) {
        if statement == nil { statement = BankStatement(format: .mt940, location: location(field, column: 1)) }
    }

    private mutating func startIfNeeded() {
        guard let statement, !started else { return }
        started = true
        queue.append(.statementStart(statement))
    }

    private mutating func flushEntry() {
        guard let pending = entry else { return }
        entry = nil
        startIfNeeded()
        statement?.entryCount += 1
        queue.append(.entry(pending))
    }

    private mutating func endStatement() {
        flushEntry()
        guard let statement else { return }
        startIfNeeded()
        queue.append(.statementEnd(statement))
        self.statement = nil
        started = false
    }

    /// A balance field: `C`/`D`, `YYMMDD`, a currency, an amount (`C261031EUR1234,56`).
    private func balance(_ field: MT940Field) throws -> (BankBalance, String) {
        let text = field.text.strippingBlanks
        let scalars = Array(text.unicodeScalars)
        let fail = BankFileError(location(field), .malformedField(":\(field.tag):", text: text))
        guard scalars.count >= 11, scalars[0] == "C" || scalars[0] == "D" else { throw fail }
        let date = String(String.UnicodeScalarView(scalars[1..<7]))
        let currency = String(String.UnicodeScalarView(scalars[7..<10]))
        var amountText = String(String.UnicodeScalarView(scalars[10...]))
        if amountText.hasSuffix(",") { amountText += "00" }
        guard currency.unicodeScalars.allSatisfy({ $0.value >= 0x41 && $0.value <= 0x5A }) else { throw fail }
        let place = location(field)
        let day = try place.reading { () throws(BankFileProblem) in try BankDate.parse(date, order: .yearMonthDay) }
        let amount = try place.reading { () throws(BankFileProblem) in
            try BankAmount.parse(amountText, decimalSeparator: .comma, grouping: false)
        }
        guard amount.minorUnits >= 0, amountText.first?.isNumber == true else { throw fail }
        return (BankBalance(amount: scalars[0] == "D" ? -amount : amount, day: day, isIntermediate: field.tag.hasSuffix("M")), currency)
    }
}

@available(*, unavailable)
extension MT940Reader: Sendable {}
