/// Reads ISO 20022 bank-to-customer cash management messages: camt.053 statements
/// (`BkToCstmrStmt/Stmt`), camt.052 account reports (`BkToCstmrAcctRpt/Rpt`) and camt.054
/// notifications (`BkToCstmrDbtCdtNtfctn/Ntfctn`), of any version (`.001.02` to `.001.13`:
/// elements are matched by name, their namespace only checked on the root), through
/// ``XMLStreamReader`` (libxml2).
///
/// Each `Stmt`/`Rpt`/`Ntfctn` is a statement: its account (`Acct/Id/IBAN` or `Acct/Id/Othr/Id`,
/// `Acct/Ccy`, `Acct/Nm`, the servicer's `BIC`/`BICFI`), its balances (`Bal` with `OPBD`,
/// else `PRCD`, opening; `CLBD` closing, else `ITBD` as an intermediate one; `CLAV` available),
/// and its period (`FrToDt`). Each `Ntry` gives one entry or more (see ``CAMTEntryBuilder``
/// for batches): its amount signed by `CdtDbtInd` (`DBIT` is money out), its status from
/// `Sts` (`BOOK`, `PDNG`, `INFO`; `Sts/Cd` in later versions), its booking day `BookgDt` (else
/// `ValDt`, for a pending entry without one) as `Dt` or `DtTm`, the payee the creditor of
/// money out and the debtor of money in, the memo the `RmtInf/Ustrd` lines.
///
/// Names are compared as ``XMLVocabulary`` ids and texts found by their element's node in
/// ``CAMTPaths/table`` (one per open element, see ``XMLPathTable``); strings are made only for
/// the values kept, and an element path only for an entry's location (once per path) or an
/// error. Not thread-safe.
struct CAMTReader: BankItemReader {
    /// The most `TxDtls` of one `Ntry` kept for splitting a batch; past it the `Ntry` is one entry.
    static let maximumBatchDetails = 10_000

    let file: String
    private let format: BankFileFormat
    private var xml: XMLCursor
    private let paths = CAMTPaths.table
    /// Each open element's node in `paths`, by depth (the root's at 0).
    private var nodes: [Int] = []
    private var statementDepth: Int?
    var statement: BankStatement?
    private var started = false
    private(set) var balance: [String: (String, Int)] = [:]
    /// The current `Ntry`'s values while `inEntry` (one builder, reset for each).
    private var entry = CAMTEntryBuilder(line: 0)
    private var inEntry = false
    private var entryDepth = 0
    private var detailDepth: Int?
    /// Items to give, last first (each `next()` pops one).
    private var queue: [BankFileItem] = []
    private var period: (from: String?, to: String?) = (nil, nil)
    /// The currency of the last `Amt` started.
    private var pendingCurrency: String?
    /// The element path of the last `Ntry` ended, and of its details: made once for all the
    /// entries at one path.
    private var entryPath = ""
    private var detailPath = ""

    init(file: String, format: BankFileFormat, chunks: @escaping () throws -> [UInt8]?) {
        self.file = file
        self.format = format
        xml = XMLCursor(file: file, vocabulary: CAMTPaths.vocabulary, chunks: chunks)
    }

    mutating func next() throws -> BankFileItem? {
        while queue.isEmpty {
            guard let kind = try xml.next() else {
                if statement != nil || inEntry {
                    let innermost = xml.depth > 0 ? xml.name : "Document"
                    throw BankFileError(BankFileLocation(file: file, line: xml.parserLine, elementPath: xml.pathText),
                                        .unexpectedEnd(expected: "</\(innermost)>"))
                }
                return nil
            }
            switch kind {
            case .start: try start()
            case .text: try value()
            case .end, .namespace, .attribute:
                try end()
                nodes.removeLast()
            }
            if queue.count > 1 { queue.reverse() }
        }
        return queue.popLast()
    }

    /// The current path, for a location.
    func location(_ line: Int) -> BankFileLocation {
        BankFileLocation(file: file, line: line, elementPath: xml.pathText)
    }

    private mutating func start() throws {
        let depth = xml.depth - 1
        let id = xml.id
        if depth == 0, let namespace = xml.namespace,
           !(id == CAMTName.document.rawValue && namespace.hasPrefix("urn:iso:std:iso:20022:tech:xsd:camt.05")) {
            throw BankFileError(location(xml.line), .unsupportedXML(root: xml.name, namespace: namespace))
        }
        if id == CAMTName.amount.rawValue { pendingCurrency = xml.attribute("Ccy") }
        nodes.append(depth == 0 ? XMLPathTable<CAMTField>.dead : paths.child(of: nodes[depth - 1], id))
        if statementDepth == nil, depth == 2,
           id == CAMTName.statement.rawValue || id == CAMTName.report.rawValue || id == CAMTName.notification.rawValue {
            statementDepth = depth
            nodes[depth] = paths.root(CAMTPaths.statementContext)
            statement = BankStatement(format: format, location: location(xml.line))
            started = false
            period = (nil, nil)
            return
        }
        guard let statementDepth else { return }
        if depth == statementDepth + 1 {
            if id == CAMTName.balance.rawValue {
                balance = [:]
            } else if id == CAMTName.entry.rawValue {
                startIfNeeded()
                entry.reset(line: xml.line)
                inEntry = true
                entryDepth = depth
                nodes[depth] = paths.root(CAMTPaths.entryContext)
            }
        } else if inEntry, id == CAMTName.details.rawValue, depth == entryDepth + 2 {
            detailDepth = depth
            nodes[depth] = paths.root(CAMTPaths.detailContext)
            if entry.details.count < Self.maximumBatchDetails {
                entry.details.append(CAMTEntryBuilder.Detail(line: xml.line))
            } else {
                entry.droppedDetails = true
            }
        }
    }

    private mutating func value() throws {
        let depth = xml.depth - 1
        guard let statementDepth, depth > statementDepth else { return }
        let line = xml.line
        if let detailDepth, inEntry, depth > detailDepth {
            guard !entry.droppedDetails, let field = paths.field(at: nodes[depth]) else { return }
            takeDetailValue(field, xml.trimmedText, line: line)
        } else if inEntry, depth > entryDepth {
            guard let field = paths.field(at: nodes[depth]) else { return }
            takeEntryValue(field, xml.trimmedText, line: line)
        } else if xml.id(at: statementDepth + 1) == CAMTName.balance.rawValue {
            balance[xml.path(below: statementDepth + 1)] = (xml.trimmedText, line)
            if xml.id == CAMTName.amount.rawValue, let pendingCurrency { balance["Ccy"] = (pendingCurrency, line) }
        } else if let field = paths.field(at: nodes[depth]) {
            takeStatementValue(field, xml.trimmedText)
        }
    }
    private mutating func takeEntryValue(_ field: CAMTField, _ text: String, line: Int) {
        switch field {
        case .entryAmount: entry.amount = (text, line); entry.currency = pendingCurrency
        case .entryCreditDebit: entry.creditDebit = text
        case .entryStatus: entry.status = text
        case .bookingDate: entry.bookingDate = (text, line)
        case .valueDate: entry.valueDate = (text, line)
        case .entryReference: entry.accountServicerReference = text
        case .domainCode: entry.domainCode.append(text)
        case .proprietaryCode: entry.proprietaryCode = text
        case .entryInformation: entry.additionalInformation = text
        default: break
        }
    }

    private mutating func takeDetailValue(_ field: CAMTField, _ text: String, line: Int) {
        let index = entry.details.count - 1
        switch field {
        case .detailAmount: if entry.details[index].amount == nil { entry.details[index].amount = (text, line) }
        case .detailCreditDebit: entry.details[index].creditDebit = text
        case .detailReference: entry.details[index].accountServicerReference = text
        case .endToEndID: entry.details[index].endToEndID = text
        case .transactionID: entry.details[index].transactionID = text
        case .debtor: entry.details[index].debtor = text
        case .creditor: entry.details[index].creditor = text
        case .ultimateDebtor: entry.details[index].ultimateDebtor = text
        case .ultimateCreditor: entry.details[index].ultimateCreditor = text
        case .unstructured: entry.addUnstructured(text)
        case .creditorReference: entry.details[index].creditorReference = text
        case .detailInformation: entry.details[index].additionalInformation = text
        default: break
        }
    }

    private mutating func takeStatementValue(_ field: CAMTField, _ text: String) {
        switch field {
        case .accountIBAN: statement?.account.number = text
        case .accountOtherID: if statement?.account.number == nil { statement?.account.number = text }
        case .accountCurrency: statement?.currency = text
        case .accountName: statement?.account.name = text
        case .servicerBIC: statement?.account.bank = text
        case .periodFrom: period.from = text
        case .periodTo: period.to = text
        default: break
        }
    }

    private mutating func end() throws {
        let depth = xml.depth - 1
        guard let statementDepth else { return }
        if depth == statementDepth {
            startIfNeeded()
            if let from = period.from, let to = period.to,
               let first = try? BankDate.parse(from, order: .yearMonthDay), let last = try? BankDate.parse(to, order: .yearMonthDay),
               first <= last {
                statement?.period = first...last
            }
            if let statement { queue.append(.statementEnd(statement)) }
            statement = nil
            self.statementDepth = nil
        } else if depth == statementDepth + 1 && xml.id == CAMTName.balance.rawValue {
            try applyBalance(line: xml.line)
        } else if depth == entryDepth && inEntry && xml.id == CAMTName.entry.rawValue {
            if !xml.pathIs(entryPath) {
                entryPath = xml.pathText
                detailPath = entryPath + "/NtryDtls/TxDtls"
            }
            let count = try entry.entries(file: file, path: entryPath, detailPath: detailPath, into: &queue)
            inEntry = false
            detailDepth = nil
            statement?.entryCount += count
        } else if depth == detailDepth {
            detailDepth = nil
        }
    }

    private mutating func startIfNeeded() {
        guard let statement, !started else { return }
        started = true
        queue.append(.statementStart(statement))
    }
}

@available(*, unavailable)
extension CAMTReader: Sendable {}
