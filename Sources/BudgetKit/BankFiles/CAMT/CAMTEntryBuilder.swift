/// The values of one CAMT `Ntry` and its `TxDtls`, gathered until the entry ends, then turned
/// into one or more ``BankEntry`` values.
///
/// **Batches.** An `Ntry` with several `TxDtls` (a batch booking: a collective transfer, a
/// card settlement) gives one entry per `TxDtls`, each with its own amount and sign, payee,
/// memo and reference, when every `TxDtls` states an amount (`Amt`, or `AmtDtls/TxAmt/Amt`)
/// and their money flows add up to the `Ntry`'s; otherwise (amounts missing, or in another
/// currency so that they do not add up, or more than ``CAMTReader/maximumBatchDetails``) the
/// `Ntry` is one entry of its own amount, with the `AddtlNtryInf` as its memo. Either way the
/// statement's entries add up to its balances.
///
/// One builder serves every `Ntry` of a file (``reset(line:)``), so its details' storage is
/// reused rather than allocated for each.
struct CAMTEntryBuilder {
    struct Detail {
        var line: Int
        var amount: (String, Int)?
        var creditDebit: String?
        var accountServicerReference: String?
        var endToEndID: String?
        var transactionID: String?
        var debtor: String?
        var creditor: String?
        var ultimateDebtor: String?
        var ultimateCreditor: String?
        /// The `RmtInf/Ustrd` lines joined with spaces, and how many there are (at most 100 are kept).
        var unstructured = ""
        var unstructuredCount = 0
        var creditorReference: String?
        var additionalInformation: String?

        init(line: Int) {
            self.line = line
        }
    }

    var line: Int
    var amount: (String, Int)?
    var currency: String?
    var creditDebit: String?
    var status: String?
    var bookingDate: (String, Int)?
    var valueDate: (String, Int)?
    var accountServicerReference: String?
    var domainCode: [String] = []
    var proprietaryCode: String?
    var additionalInformation: String?
    var details: [Detail] = []
    var droppedDetails = false

    init(line: Int) {
        self.line = line
    }

    /// Empties the builder for the `Ntry` starting at `line`, keeping its storage.
    mutating func reset(line: Int) {
        self.line = line
        amount = nil
        currency = nil
        creditDebit = nil
        status = nil
        bookingDate = nil
        valueDate = nil
        accountServicerReference = nil
        domainCode.removeAll(keepingCapacity: true)
        proprietaryCode = nil
        additionalInformation = nil
        details.removeAll(keepingCapacity: true)
        droppedDetails = false
    }

    /// Adds a `RmtInf/Ustrd` line to the last detail (the first 100).
    mutating func addUnstructured(_ text: String) {
        let index = details.count - 1
        guard details[index].unstructuredCount < 100 else { return }
        if details[index].unstructuredCount == 0 {
            details[index].unstructured = text
        } else {
            details[index].unstructured += " " + text
        }
        details[index].unstructuredCount += 1
    }

    /// Appends the entry's items to `items`; returns how many.
    ///
    /// - Throws: ``BankFileError`` for a missing or malformed amount, sign, date or status.
    func entries(file: String, path: String, detailPath: String, into items: inout [BankFileItem]) throws -> Int {
        let here = BankFileLocation(file: file, line: line, elementPath: path)
        // Made only for an error: a path for every value read would cost a string each.
        func at(_ line: Int, _ leaf: String) -> BankFileLocation { BankFileLocation(file: file, line: line, elementPath: path + "/" + leaf) }
        guard let amount else { throw BankFileError(here, .missingField("Amt")) }
        guard let creditDebit else { throw BankFileError(here, .missingField("CdtDbtInd")) }
        let moneyIn = try Self.isCredit(creditDebit, at: here)
        let total = try BankFileLocation.reading(at: at(amount.1, "Amt")) { () throws(BankFileProblem) in try Self.money(amount.0) }
        let flow = moneyIn ? total : -total
        guard let date = bookingDate ?? valueDate else { throw BankFileError(here, .missingField("BookgDt")) }
        let bookingDay = try BankFileLocation.reading(at: at(date.1, bookingDate == nil ? "ValDt" : "BookgDt")) { () throws(BankFileProblem) in
            try BankDate.parse(date.0, order: .yearMonthDay)
        }
        let valueDay = try valueDate.map { value in
            try BankFileLocation.reading(at: at(value.1, "ValDt")) { () throws(BankFileProblem) in try BankDate.parse(value.0, order: .yearMonthDay) }
        }
        guard let entryStatus = Self.status(status) ?? status.flatMap({ Self.status($0.uppercased()) }) else {
            throw BankFileError(here, .malformedField("Sts", text: status ?? ""))
        }
        let typeCode = domainCode.isEmpty ? proprietaryCode : domainCode.joined(separator: "/")
        let base = BankEntry(bookingDay: bookingDay, valueDay: valueDay, amount: flow, currency: currency, memo: additionalInformation ?? "",
                             bankReference: accountServicerReference, status: entryStatus, typeCode: typeCode, location: here)

        if details.count >= 2, !droppedDetails, details.allSatisfy({ $0.amount != nil }) {
            let first = items.count
            var sum: Int64 = 0
            do {
                for (index, detail) in details.enumerated() {
                    let detailHere = BankFileLocation(file: file, line: detail.line, elementPath: detailPath)
                    let partIn = try detail.creditDebit.map { try Self.isCredit($0, at: detailHere) } ?? moneyIn
                    let value = try BankFileLocation.reading(at: BankFileLocation(file: file, line: detail.amount!.1, elementPath: detailPath + "/Amt")) {
                        () throws(BankFileProblem) in try Self.money(detail.amount!.0)
                    }
                    let partFlow = partIn ? value : -value
                    sum += partFlow.minorUnits
                    var part = base
                    part.amount = partFlow
                    part.location = detailHere
                    part.bankReference = detail.reference ?? accountServicerReference.map { "\($0)/\(index + 1)" }
                    apply(detail, to: &part, moneyIn: partIn)
                    items.append(.entry(part))
                }
            } catch {
                items.removeSubrange(first...)
                throw error
            }
            if sum == flow.minorUnits { return details.count }
            items.removeSubrange(first...)
        }
        var entry = base
        if details.count == 1 {
            entry.bankReference = accountServicerReference ?? details[0].reference
            apply(details[0], to: &entry, moneyIn: moneyIn)
        }
        items.append(.entry(entry))
        return 1
    }

    private func apply(_ detail: Detail, to entry: inout BankEntry, moneyIn: Bool) {
        let party = moneyIn ? (detail.debtor ?? detail.ultimateDebtor) : (detail.creditor ?? detail.ultimateCreditor)
        entry.payee = party ?? ""
        let memo = detail.unstructuredCount == 0 ? (detail.creditorReference ?? detail.additionalInformation) : detail.unstructured
        if let memo, !memo.isEmpty { entry.memo = memo }
    }

    /// `Sts` (any case), or none: booked.
    private static func status(_ text: String?) -> BankEntry.Status? {
        switch text {
        case nil, "BOOK": .booked
        case "PDNG", "FUTR": .pending
        case "INFO": .information
        default: nil
        }
    }

    private static func isCredit(_ text: String, at location: BankFileLocation) throws -> Bool {
        switch text {
        case "CRDT": return true
        case "DBIT": return false
        default: throw BankFileError(location, .malformedField("CdtDbtInd", text: text))
        }
    }

    /// An `xs:decimal` amount, unsigned (the indicator gives the sign).
    ///
    /// Plain digits with at most two decimals, what banks write, are read here directly; any
    /// other text goes through ``BankAmount/parse(_:decimalSeparator:grouping:)``.
    static func money(_ text: String) throws(BankFileProblem) -> Money {
        if let plain = plainMoney(text) { return plain }
        guard let first = text.unicodeScalars.first, first.value >= 0x30 && first.value <= 0x39 || first == "." else {
            throw .invalidAmount(text)
        }
        return try BankAmount.parse(text, decimalSeparator: .point, grouping: false)
    }
}

extension CAMTEntryBuilder {
    /// `DIGITS[.D[D]]` (up to 13 digits before the point) as money, or `nil` for anything else:
    /// what ``BankAmount`` would read from it, without its general machinery.
    static func plainMoney(_ text: String) -> Money? {
        var units: Int64 = 0
        var whole = 0, fraction = -1
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                if fraction >= 0 {
                    guard fraction < 2 else { return nil }
                    fraction += 1
                } else {
                    guard whole < 13 else { return nil }
                    whole += 1
                }
                units = units * 10 + Int64(byte - 0x30)
            } else if byte == UInt8(ascii: "."), fraction < 0, whole > 0 {
                fraction = 0
            } else {
                return nil
            }
        }
        guard whole > 0, fraction != 0 else { return nil }
        if fraction < 2 { units *= fraction == 1 ? 10 : 100 }
        return units <= Money.largestEntry.minorUnits ? Money(minorUnits: units) : nil
    }
}

extension CAMTEntryBuilder.Detail {
    /// The detail's own reference: its `AcctSvcrRef`, the bank's. Never `EndToEndId` or `TxId`:
    /// the payer writes them, and a direct debit's comes back every month (a contract number),
    /// so keying by it took next month's debit for one already imported.
    var reference: String? {
        accountServicerReference
    }
}
