/// The element names ``CAMTReader`` compares itself, by their ``XMLVocabulary`` ids (the raw
/// values: the vocabulary lists these first, in this order).
enum CAMTName: Int, CaseIterable {
    case unknown, document, statement, report, notification, balance, entry, details, amount

    var xmlName: String {
        switch self {
        case .unknown: ""
        case .document: "Document"
        case .statement: "Stmt"
        case .report: "Rpt"
        case .notification: "Ntfctn"
        case .balance: "Bal"
        case .entry: "Ntry"
        case .details: "TxDtls"
        case .amount: "Amt"
        }
    }
}

/// What a text is to ``CAMTReader``: a field of the statement, of an `Ntry` or of a `TxDtls`,
/// by its path below that element (``CAMTPaths``).
enum CAMTField {
    // Below Stmt, Rpt or Ntfctn.
    case accountIBAN, accountOtherID, accountCurrency, accountName, servicerBIC, periodFrom, periodTo
    // Below Ntry.
    case entryAmount, entryCreditDebit, entryStatus, bookingDate, valueDate, entryReference, domainCode, proprietaryCode,
         entryInformation
    // Below TxDtls.
    case detailAmount, detailCreditDebit, detailReference, endToEndID, transactionID, debtor, creditor, ultimateDebtor,
         ultimateCreditor, unstructured, creditorReference, detailInformation
}

/// The paths ``CAMTReader`` reads, compiled once: the statement's, an entry's and a detail's
/// (a `Bal`'s are read by name, see ``CAMTReader/applyBalance(line:)``).
enum CAMTPaths {
    static let statementPaths: [(path: String, field: CAMTField)] = [
        ("Acct/Id/IBAN", .accountIBAN), ("Acct/Id/Othr/Id", .accountOtherID), ("Acct/Ccy", .accountCurrency), ("Acct/Nm", .accountName),
        ("Acct/Svcr/FinInstnId/BIC", .servicerBIC), ("Acct/Svcr/FinInstnId/BICFI", .servicerBIC),
        ("FrToDt/FrDtTm", .periodFrom), ("FrToDt/FrDt", .periodFrom), ("FrToDt/ToDtTm", .periodTo), ("FrToDt/ToDt", .periodTo),
    ]

    static let entryPaths: [(path: String, field: CAMTField)] = [
        ("Amt", .entryAmount), ("CdtDbtInd", .entryCreditDebit), ("Sts", .entryStatus), ("Sts/Cd", .entryStatus),
        ("BookgDt/Dt", .bookingDate), ("BookgDt/DtTm", .bookingDate), ("ValDt/Dt", .valueDate), ("ValDt/DtTm", .valueDate),
        ("AcctSvcrRef", .entryReference), ("BkTxCd/Domn/Cd", .domainCode), ("BkTxCd/Domn/Fmly/Cd", .domainCode),
        ("BkTxCd/Domn/Fmly/SubFmlyCd", .domainCode), ("BkTxCd/Prtry/Cd", .proprietaryCode), ("AddtlNtryInf", .entryInformation),
    ]

    static let detailPaths: [(path: String, field: CAMTField)] = [
        ("Amt", .detailAmount), ("AmtDtls/TxAmt/Amt", .detailAmount), ("CdtDbtInd", .detailCreditDebit),
        ("Refs/AcctSvcrRef", .detailReference), ("Refs/EndToEndId", .endToEndID), ("Refs/TxId", .transactionID),
        ("RltdPties/Dbtr/Nm", .debtor), ("RltdPties/Dbtr/Pty/Nm", .debtor), ("RltdPties/Cdtr/Nm", .creditor),
        ("RltdPties/Cdtr/Pty/Nm", .creditor), ("RltdPties/UltmtDbtr/Nm", .ultimateDebtor), ("RltdPties/UltmtDbtr/Pty/Nm", .ultimateDebtor),
        ("RltdPties/UltmtCdtr/Nm", .ultimateCreditor), ("RltdPties/UltmtCdtr/Pty/Nm", .ultimateCreditor),
        ("RmtInf/Ustrd", .unstructured), ("RmtInf/Strd/CdtrRefInf/Ref", .creditorReference), ("AddtlTxInf", .detailInformation),
    ]

    /// ``CAMTName``'s names first (ids equal to their raw values), then every other name in a path.
    static let vocabulary: XMLVocabulary = {
        var names = CAMTName.allCases.dropFirst().map(\.xmlName)
        for (path, _) in statementPaths + entryPaths + detailPaths {
            for name in path.split(separator: "/").map(String.init) where !names.contains(name) { names.append(name) }
        }
        let vocabulary = XMLVocabulary(names)
        for name in CAMTName.allCases.dropFirst() { precondition(vocabulary.id(name.xmlName) == name.rawValue) }
        return vocabulary
    }()

    /// The contexts in ``table``'s order.
    static let statementContext = 0, entryContext = 1, detailContext = 2

    static let table = XMLPathTable(vocabulary: vocabulary, contexts: [statementPaths, entryPaths, detailPaths])
}
