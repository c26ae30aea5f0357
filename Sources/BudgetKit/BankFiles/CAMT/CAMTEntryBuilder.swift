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
        var unstructured: [String] = []
        var creditorReference: String?
        var additionalInformation: String?
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

    func entries(file: String, path: String, detailPath: String) throws -> [BankEntry] {
        let here = BankFileLocation(file: file, line: line, elementPath: path)
        func at(_ line: Int, _ leaf: String) -> BankFileLocation { BankFileLocation(file: file, line: line, elementPath: path + "/" + leaf) }
        guard let amount else { throw BankFileError(here, .missingField("Amt")) }
        guard let creditDebit else { throw BankFileError(here, .missingField("CdtDbtInd")) }
        let moneyIn = try Self.isCredit(creditDebit, at: here)
        let total = try at(amount.1, "Amt").reading { () throws(BankFileProblem) in try Self.money(amount.0) }
        let flow = moneyIn ? total : -total
        guard let date = bookingDate ?? valueDate else { throw BankFileError(here, .missingField("BookgDt")) }
        let bookingDay = try at(date.1, bookingDate == nil ? "ValDt" : "BookgDt").reading { () throws(BankFileProblem) in
            try BankDate.parse(date.0, order: .yearMonthDay)
        }
        let valueDay = try valueDate.map { value in
            try at(value.1, "ValDt").reading { () throws(BankFileProblem) in try BankDate.parse(value.0, order: .yearMonthDay) }
        }
        let entryStatus: BankEntry.Status
        switch status?.uppercased() {
        case nil, "BOOK": entryStatus = .booked
        case "PDNG", "FUTR": entryStatus = .pending
        case "INFO": entryStatus = .information
        default: throw BankFileError(here, .malformedField("Sts", text: status ?? ""))
        }
        let typeCode = domainCode.isEmpty ? proprietaryCode : domainCode.joined(separator: "/")
        let base = BankEntry(bookingDay: bookingDay, valueDay: valueDay, amount: flow, currency: currency, memo: additionalInformation ?? "",
                             bankReference: accountServicerReference, status: entryStatus, typeCode: typeCode, location: here)

        if details.count >= 2, !droppedDetails, details.allSatisfy({ $0.amount != nil }) {
            var parts: [BankEntry] = []
            var sum: Int64 = 0
            for (index, detail) in details.enumerated() {
                let detailHere = BankFileLocation(file: file, line: detail.line, elementPath: detailPath)
                let partIn = try detail.creditDebit.map { try Self.isCredit($0, at: detailHere) } ?? moneyIn
                let value = try BankFileLocation(file: file, line: detail.amount!.1, elementPath: detailPath + "/Amt")
                    .reading { () throws(BankFileProblem) in try Self.money(detail.amount!.0) }
                let partFlow = partIn ? value : -value
                sum += partFlow.minorUnits
                var part = base
                part.amount = partFlow
                part.location = detailHere
                part.bankReference = detail.reference ?? accountServicerReference.map { "\($0)/\(index + 1)" }
                apply(detail, to: &part, moneyIn: partIn)
                parts.append(part)
            }
            if sum == flow.minorUnits { return parts }
        }
        var entry = base
        if details.count == 1 {
            let detail = details[0]
            entry.bankReference = accountServicerReference ?? detail.reference
            apply(detail, to: &entry, moneyIn: moneyIn)
        }
        return [entry]
    }

    private func apply(_ detail: Detail, to entry: inout BankEntry, moneyIn: Bool) {
        let party = moneyIn ? (detail.debtor ?? detail.ultimateDebtor) : (detail.creditor ?? detail.ultimateCreditor)
        entry.payee = party ?? ""
        let memo = detail.unstructured.isEmpty ? (detail.creditorReference ?? detail.additionalInformation) : detail.unstructured.joined(separator: " ")
        if let memo, !memo.isEmpty { entry.memo = memo }
    }

    private static func isCredit(_ text: String, at location: BankFileLocation) throws -> Bool {
        switch text {
        case "CRDT": return true
        case "DBIT": return false
        default: throw BankFileError(location, .malformedField("CdtDbtInd", text: text))
        }
    }

    /// An `xs:decimal` amount, unsigned (the indicator gives the sign).
    static func money(_ text: String) throws(BankFileProblem) -> Money {
        guard let first = text.unicodeScalars.first, first.value >= 0x30 && first.value <= 0x39 || first == "." else {
            throw .invalidAmount(text)
        }
        return try BankAmount.parse(text, decimalSeparator: .point, grouping: false)
    }
}

extension CAMTEntryBuilder.Detail {
    /// The detail's own reference: `AcctSvcrRef`, else `EndToEndId` (unless `NOTPROVIDED`),
    /// else `TxId`.
    var reference: String? {
        accountServicerReference ?? (endToEndID == "NOTPROVIDED" ? nil : endToEndID) ?? transactionID
    }
}
