/// Turns OFX events (either version) into statements and entries.
///
/// Elements are tracked on a stack: a start pushes, a text is the value of the element on top
/// (which it then closes: SGML never closes it, XML's end for it is then ignored), an end pops
/// down to its element, closing any left open (an SGML element that held no text). A known
/// aggregate's start while one of its name is open closes that one first (its end tag left
/// out); text directly inside a known aggregate is ignored, the aggregate left open. A value
/// counts in the innermost aggregate the builder knows (`STMTTRN`, `LEDGERBAL`, `BANKACCTFROM`,
/// `PAYEE`...), so an unclosed empty element in between changes nothing.
///
/// Statements: `STMTRS` (bank), `CCSTMTRS` (credit card; its account's kind is `CREDITCARD`)
/// and `INVSTMTRS` (investment: its account is `INVACCTFROM`'s `BROKERID` and `ACCTID`, its kind
/// `INVESTMENT`; of its transactions only the cash ones, `INVBANKTRAN`'s `STMTTRN`, are entries).
/// Entries: `STMTTRN`, which needs `DTPOSTED` and `TRNAMT`. Amounts allow a
/// point or a comma and no grouping (OFX 1.0.2, 3.2.9.1), so a European bank's `-200,00` is
/// -200.00; dates are OFX date-times (``BankDate/parseOFX(_:)``). OFX has no pending state:
/// every entry is booked.
struct OFXStatementBuilder {
    /// The deepest nesting accepted.
    static let maximumDepth = 64

    let file: String
    let format: BankFileFormat
    private var stack: [OFXElementName] = []
    private var statement: BankStatement?
    private var started = false
    private var entry: OFXEntryFields?
    private var entryLine = 0
    private var balance: [String: (String, Int)]?
    private var periodStart: Day?
    private var items: [BankFileItem] = []

    init(file: String, format: BankFileFormat) {
        self.file = file
        self.format = format
    }

    /// Hands the items made since the last call over, appended to `queue`, which must be empty
    /// (its storage becomes the builder's: nothing is allocated for each event).
    mutating func moveItems(into queue: inout [BankFileItem]) {
        swap(&items, &queue)
    }

    private func location(_ line: Int, _ leaf: String? = nil) -> BankFileLocation {
        var path = stack.map(\.text).joined(separator: "/")
        if let leaf { path = stack.isEmpty ? leaf : path + "/" + leaf }
        return BankFileLocation(file: file, line: line, elementPath: path)
    }

    /// The element path of the current `STMTTRN`, joined once for all the entries at one path.
    private var entryPath: (stack: [OFXElementName], joined: String) = ([], "")

    private mutating func entryLocation() -> BankFileLocation {
        if entryPath.stack != stack { entryPath = (stack, stack.map(\.text).joined(separator: "/")) }
        return BankFileLocation(file: file, line: entryLine, elementPath: entryPath.joined)
    }

    mutating func take(_ event: OFXEvent) throws {
        switch event.kind {
        case .start(let name):
            // An aggregate the builder knows never holds itself: one started while another of its
            // name is open is a sibling whose end tag the bank left out (SGML lets an element's
            // end be implied), so that one and all it holds are closed first, and both are read.
            if name.tag?.isAggregate == true, stack.contains(name) { try close(through: name, line: event.line) }
            guard stack.count < Self.maximumDepth else {
                throw BankFileError(location(event.line), .tooMany(limit: Self.maximumDepth))
            }
            stack.append(name)
            try start(name, line: event.line)
        case .text(let value):
            // Text directly inside an aggregate the builder knows (`<STMTTRN>x<TRNTYPE>`) is no
            // element's value: it is ignored, and the aggregate stays open with all it holds.
            guard let name = stack.last, name.tag?.isAggregate != true else { return }
            try leaf(name, value: value, line: event.line)
            stack.removeLast()
        case .end(let name):
            guard stack.contains(name) else { return }
            try close(through: name, line: event.line)
        }
    }

    /// Closes the elements on the stack down to and including the innermost `name`, which the
    /// stack holds: each is ended as if its end tag had come.
    private mutating func close(through name: OFXElementName, line: Int) throws {
        while let top = stack.last {
            try end(top, line: line)
            stack.removeLast()
            if top == name { break }
        }
    }

    /// The end of the input: a statement or an entry still open is an error.
    mutating func finish(line: Int) throws {
        if entry != nil { throw BankFileError(location(line), .unexpectedEnd(expected: "</STMTTRN>")) }
        if statement != nil { throw BankFileError(location(line), .unexpectedEnd(expected: "</STMTRS>")) }
    }

    /// The innermost aggregate the builder knows, below the element on top.
    private var context: OFXTag? {
        var index = stack.count - 2
        while index >= 0 {
            if let tag = stack[index].tag, tag.isAggregate { return tag }
            index -= 1
        }
        return nil
    }

    private mutating func start(_ name: OFXElementName, line: Int) throws {
        switch name.tag {
        case .stmtrs, .ccstmtrs, .invstmtrs:
            if statement != nil { try end(name, line: line) }
            statement = BankStatement(format: format, location: location(line))
            if name.tag == .ccstmtrs { statement?.account.kind = "CREDITCARD" }
            if name.tag == .invstmtrs { statement?.account.kind = "INVESTMENT" }
            started = false
        case .banktranlist, .invtranlist:
            startIfNeeded()
        case .stmttrn:
            entry = OFXEntryFields()
            entryLine = line
        case .ledgerbal, .availbal:
            balance = [:]
        default:
            break
        }
    }

    private mutating func leaf(_ name: OFXElementName, value: String, line: Int) throws {
        switch context {
        case .stmttrn:
            if let tag = name.tag, tag != .unknown { entry?.take(tag, value, line: line) }
            // The name this builder once gave PAYEE/NAME, should a file use it as a tag.
            else if name.text == "PAYEE.NAME" { entry?.takePayeeName(value) }
        case .payee:
            if name.tag == .name { entry?.takePayeeName(value) }
        case .currency:
            // A transaction's own CURRENCY: its TRNAMT is in CURSYM, not the statement's CURDEF
            // (ORIGCURRENCY, whose amount is already in CURDEF, is another element).
            if name.tag == .cursym, entry != nil, entry?.currency == nil, !value.isEmpty { entry?.currency = value }
        case .ledgerbal, .availbal:
            balance?[name.text] = (value, line)
        case .bankacctfrom, .ccacctfrom, .invacctfrom:
            switch name.tag {
            case .bankid, .brokerid: statement?.account.bank = value
            case .acctid: statement?.account.number = value
            case .accttype: statement?.account.kind = value
            default: break
            }
        case .banktranlist, .invtranlist:
            // Only the period's days: an investment list's own elements (SUBACCTFUND) are not dates.
            guard name.tag == .dtstart || name.tag == .dtend else { break }
            let day = try location(line).reading { () throws(BankFileProblem) in try BankDate.parseOFX(value) }
            if name.tag == .dtstart { periodStart = day }
            if name.tag == .dtend, let periodStart, periodStart <= day { statement?.period = periodStart...day }
        case .stmtrs, .ccstmtrs, .invstmtrs:
            if name.tag == .curdef { statement?.currency = value }
        default:
            break
        }
    }

    private mutating func end(_ name: OFXElementName, line: Int) throws {
        switch name.tag {
        case .stmttrn:
            guard let fields = entry else { return }
            entry = nil
            let built = try makeEntry(fields, at: entryLocation())
            startIfNeeded()
            statement?.entryCount += 1
            items.append(.entry(built))
        case .ledgerbal, .availbal:
            guard let fields = balance else { return }
            balance = nil
            guard let amount = fields["BALAMT"] else { throw BankFileError(location(line), .missingField("BALAMT")) }
            let money = try location(amount.1, "BALAMT").reading { () throws(BankFileProblem) in
                try BankAmount.parse(amount.0, grouping: false)
            }
            let day = try fields["DTASOF"].map { date in
                try location(date.1, "DTASOF").reading { () throws(BankFileProblem) in try BankDate.parseOFX(date.0) }
            }
            if name.tag == .ledgerbal { statement?.closing = BankBalance(amount: money, day: day) }
            else { statement?.available = BankBalance(amount: money, day: day) }
        case .stmtrs, .ccstmtrs, .invstmtrs:
            guard let statement else { return }
            startIfNeeded()
            items.append(.statementEnd(statement))
            self.statement = nil
            periodStart = nil
        default:
            break
        }
    }

    private mutating func startIfNeeded() {
        guard let statement, !started else { return }
        started = true
        items.append(.statementStart(statement))
    }

    private func makeEntry(_ fields: OFXEntryFields, at here: BankFileLocation) throws -> BankEntry {
        func at(_ field: (String, Int)?, _ name: String) -> BankFileLocation { location(field?.1 ?? entryLine, name) }
        guard let posted = fields.posted else { throw BankFileError(here, .missingField("DTPOSTED")) }
        guard let amount = fields.amount else { throw BankFileError(here, .missingField("TRNAMT")) }
        let day = try BankFileLocation.reading(at: at(posted, "DTPOSTED")) { () throws(BankFileProblem) in try BankDate.parseOFX(posted.0) }
        let money = try BankFileLocation.reading(at: at(amount, "TRNAMT")) { () throws(BankFileProblem) in
            try BankAmount.parse(amount.0, grouping: false)
        }
        // A transaction's own currency with no statement currency to compare: refused, as an
        // amount in another currency is (``BankRowReader``), never taken as the account's.
        if let own = fields.currency, (statement?.currency ?? "").isEmpty {
            throw BankFileError(here, .currencyWithoutStatementCurrency(own))
        }
        let valueDay = try fields.available.map { date in
            try BankFileLocation.reading(at: at(date, "DTAVAIL")) { () throws(BankFileProblem) in try BankDate.parseOFX(date.0) }
        }
        return BankEntry(bookingDay: day, valueDay: valueDay, amount: money, currency: fields.currency ?? statement?.currency,
                         payee: fields.name ?? fields.payeeName ?? "", memo: fields.memo ?? "",
                         bankReference: fields.fitID, typeCode: fields.type, checkNumber: fields.checkNumber,
                         location: here)
    }
}

/// The values of one `STMTTRN` the builder reads (the first of each; empty ones are none).
struct OFXEntryFields {
    var posted: (String, Int)?
    var amount: (String, Int)?
    var available: (String, Int)?
    var type: String?
    var fitID: String?
    var checkNumber: String?
    var name: String?
    var payeeName: String?
    var memo: String?
    /// `CURRENCY/CURSYM`: the currency of `TRNAMT`, when it is not the statement's.
    var currency: String?

    mutating func take(_ element: OFXTag, _ value: String, line: Int) {
        func set(_ field: inout String?) { if field == nil && !value.isEmpty { field = value } }
        switch element {
        case .dtposted: if posted == nil { posted = (value, line) }
        case .trnamt: if amount == nil { amount = (value, line) }
        case .dtavail: if available == nil { available = (value, line) }
        case .trntype: set(&type)
        case .fitid: set(&fitID)
        case .checknum: set(&checkNumber)
        case .name: set(&self.name)
        case .memo: set(&memo)
        default: break
        }
    }

    /// `PAYEE/NAME`.
    mutating func takePayeeName(_ value: String) {
        if payeeName == nil && !value.isEmpty { payeeName = value }
    }
}
