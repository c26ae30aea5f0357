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
/// Not thread-safe.
struct CAMTReader: BankItemReader {
    /// The most `TxDtls` of one `Ntry` kept for splitting a batch; past it the `Ntry` is one entry.
    static let maximumBatchDetails = 10_000

    let file: String
    private let format: BankFileFormat
    private var xml: XMLStreamReader
    private(set) var path: [String] = []
    /// The path joined with `/` (UTF-8), and where each of its elements' names ends in it: a key
    /// below some depth is a slice of it, not a join of names for every value read.
    private var joinedPath: [UInt8] = []
    private var pathEnds: [Int] = []
    private var statementDepth: Int?
    var statement: BankStatement?
    private var started = false
    private(set) var balance: [String: (String, Int)] = [:]
    private var entry: CAMTEntryBuilder?
    private var entryDepth = 0
    private var detailDepth: Int?
    private var queue: [BankFileItem] = []
    private var head = 0
    private var period: (from: String?, to: String?) = (nil, nil)

    init(file: String, format: BankFileFormat, chunks: @escaping () throws -> [UInt8]?) {
        self.file = file
        self.format = format
        xml = XMLStreamReader(file: file, chunks: chunks)
    }

    mutating func next() throws -> BankFileItem? {
        while head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
            guard let event = try xml.next() else {
                if statement != nil || entry != nil {
                    throw BankFileError(location(xml.line), .unexpectedEnd(expected: "</\(path.last ?? "Document")>"))
                }
                return nil
            }
            try take(event)
        }
        defer { head += 1 }
        return queue[head]
    }

    private func location(_ line: Int, _ names: ArraySlice<String>? = nil) -> BankFileLocation {
        BankFileLocation(file: file, line: line, elementPath: (names ?? path[...]).joined(separator: "/"))
    }

    /// The path below `depth` (the element at `depth` excluded), joined with `/`.
    private func relative(to depth: Int) -> String {
        let start = pathEnds[depth] + 1
        return start < joinedPath.count ? String(decoding: joinedPath[start...], as: UTF8.self) : ""
    }

    /// The whole path, joined with `/`.
    private var pathText: String { String(decoding: joinedPath, as: UTF8.self) }

    private mutating func push(_ name: String) {
        path.append(name)
        if !joinedPath.isEmpty { joinedPath.append(UInt8(ascii: "/")) }
        joinedPath.append(contentsOf: name.utf8)
        pathEnds.append(joinedPath.count)
    }

    private mutating func pop() {
        path.removeLast()
        pathEnds.removeLast()
        joinedPath.removeSubrange((pathEnds.last ?? 0)...)
    }

    private var pendingCurrency: String?

    private mutating func take(_ event: XMLEvent) throws {
        switch event.kind {
        case .start(let name, let namespace, let attributes):
            if let namespace, !(name == "Document" && namespace.hasPrefix("urn:iso:std:iso:20022:tech:xsd:camt.05")) {
                throw BankFileError(location(event.line, [name]), .unsupportedXML(root: name, namespace: namespace))
            }
            push(name)
            if name == "Amt" { pendingCurrency = attributes.first { $0.name == "Ccy" }?.value }
            try start(name, line: event.line)
        case .text(let text):
            try value(text.strippingBlanks, line: event.line)
        case .end:
            try end(line: event.line)
            pop()
        }
    }

    private mutating func start(_ name: String, line: Int) throws {
        let depth = path.count - 1
        if statementDepth == nil, depth == 2, name == "Stmt" || name == "Rpt" || name == "Ntfctn" {
            statementDepth = depth
            statement = BankStatement(format: format, location: location(line))
            started = false
            period = (nil, nil)
            return
        }
        guard let statementDepth else { return }
        if depth == statementDepth + 1 {
            switch name {
            case "Bal": balance = [:]
            case "Ntry":
                startIfNeeded()
                entry = CAMTEntryBuilder(line: line)
                entryDepth = depth
            default: break
            }
        } else if entry != nil, name == "TxDtls", depth == entryDepth + 2 {
            detailDepth = depth
            if entry!.details.count < Self.maximumBatchDetails {
                entry!.details.append(CAMTEntryBuilder.Detail(line: line))
            } else {
                entry!.droppedDetails = true
            }
        }
    }

    private mutating func value(_ text: String, line: Int) throws {
        guard let statementDepth, path.count > statementDepth + 1 else { return }
        if let detailDepth, entry != nil, path.count > detailDepth + 1 {
            guard !entry!.droppedDetails else { return }
            let index = entry!.details.count - 1
            CAMTReader.take(relative(to: detailDepth), text, line: line, into: &entry!.details[index])
        } else if entry != nil, path.count > entryDepth + 1 {
            try takeEntryValue(relative(to: entryDepth), text, line: line)
        } else if path[statementDepth + 1] == "Bal" {
            balance[relative(to: statementDepth + 1)] = (text, line)
            if path.last == "Amt", let pendingCurrency { balance["Ccy"] = (pendingCurrency, line) }
        } else {
            takeStatementValue(relative(to: statementDepth), text)
        }
    }

    private mutating func takeEntryValue(_ key: String, _ text: String, line: Int) throws {
        switch key {
        case "Amt": entry!.amount = (text, line); entry!.currency = pendingCurrency
        case "CdtDbtInd": entry!.creditDebit = text
        case "Sts", "Sts/Cd": entry!.status = text
        case "BookgDt/Dt", "BookgDt/DtTm": entry!.bookingDate = (text, line)
        case "ValDt/Dt", "ValDt/DtTm": entry!.valueDate = (text, line)
        case "AcctSvcrRef": entry!.accountServicerReference = text
        case "BkTxCd/Domn/Cd", "BkTxCd/Domn/Fmly/Cd", "BkTxCd/Domn/Fmly/SubFmlyCd": entry!.domainCode.append(text)
        case "BkTxCd/Prtry/Cd": entry!.proprietaryCode = text
        case "AddtlNtryInf": entry!.additionalInformation = text
        default: break
        }
    }

    private static func take(_ key: String, _ text: String, line: Int, into detail: inout CAMTEntryBuilder.Detail) {
        switch key {
        case "Amt", "AmtDtls/TxAmt/Amt": if detail.amount == nil { detail.amount = (text, line) }
        case "CdtDbtInd": detail.creditDebit = text
        case "Refs/AcctSvcrRef": detail.accountServicerReference = text
        case "Refs/EndToEndId": detail.endToEndID = text
        case "Refs/TxId": detail.transactionID = text
        case "RltdPties/Dbtr/Nm", "RltdPties/Dbtr/Pty/Nm": detail.debtor = text
        case "RltdPties/Cdtr/Nm", "RltdPties/Cdtr/Pty/Nm": detail.creditor = text
        case "RltdPties/UltmtDbtr/Nm", "RltdPties/UltmtDbtr/Pty/Nm": detail.ultimateDebtor = text
        case "RltdPties/UltmtCdtr/Nm", "RltdPties/UltmtCdtr/Pty/Nm": detail.ultimateCreditor = text
        case "RmtInf/Ustrd": if detail.unstructured.count < 100 { detail.unstructured.append(text) }
        case "RmtInf/Strd/CdtrRefInf/Ref": detail.creditorReference = text
        case "AddtlTxInf": detail.additionalInformation = text
        default: break
        }
    }

    private mutating func takeStatementValue(_ key: String, _ text: String) {
        switch key {
        case "Acct/Id/IBAN": statement?.account.number = text
        case "Acct/Id/Othr/Id": if statement?.account.number == nil { statement?.account.number = text }
        case "Acct/Ccy": statement?.currency = text
        case "Acct/Nm": statement?.account.name = text
        case "Acct/Svcr/FinInstnId/BIC", "Acct/Svcr/FinInstnId/BICFI": statement?.account.bank = text
        case "FrToDt/FrDtTm", "FrToDt/FrDt": period.from = text
        case "FrToDt/ToDtTm", "FrToDt/ToDt": period.to = text
        default: break
        }
    }

    private mutating func end(line: Int) throws {
        let depth = path.count - 1
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
        } else if depth == statementDepth + 1 && path[depth] == "Bal" {
            try applyBalance(line: line)
        } else if depth == entryDepth && entry != nil && path[depth] == "Ntry" {
            let entryPath = pathText
            let built = try entry!.entries(file: file, path: entryPath, detailPath: entryPath + "/NtryDtls/TxDtls")
            entry = nil
            detailDepth = nil
            statement?.entryCount += built.count
            queue.append(contentsOf: built.map { .entry($0) })
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
