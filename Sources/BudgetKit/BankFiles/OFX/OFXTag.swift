/// The OFX elements ``OFXStatementBuilder`` tells apart, each the lower-case spelling of its
/// tag (`stmttrn` is `STMTTRN`); the raw value is the tag's id in ``vocabulary``.
enum OFXTag: Int, CaseIterable {
    case unknown
    // Aggregates.
    case stmtrs, ccstmtrs, bankacctfrom, ccacctfrom, banktranlist, stmttrn, payee, bankacctto, ccacctto, ledgerbal, availbal,
         currency, origcurrency, invstmtrs, invacctfrom, invtranlist, sonrs, status
    // Values.
    case name, bankid, acctid, accttype, dtstart, dtend, curdef, balamt, dtasof, dtposted, trnamt, dtavail, trntype, fitid,
         checknum, memo, brokerid, cursym

    /// The tag, in capitals.
    var tag: String { String(describing: self).uppercased() }

    /// Whether a value counts in this element (see ``OFXStatementBuilder``).
    var isAggregate: Bool { rawValue >= Self.stmtrs.rawValue && rawValue <= Self.status.rawValue }

    /// Every tag above, with these ids, then tags common in bank files that the builder skips
    /// (listed so that their names are not made again for every element), ASCII case ignored.
    static let vocabulary: XMLVocabulary = {
        let others = ["OFX", "SIGNONMSGSRSV1", "BANKMSGSRSV1", "CREDITCARDMSGSRSV1", "STMTTRNRS", "CCSTMTTRNRS", "TRNUID", "CODE",
                      "SEVERITY", "MESSAGE", "DTSERVER", "LANGUAGE", "FI", "ORG", "FID", "INTU.BID", "INTU.USERID", "SIC", "PAYEEID",
                      "SRVRTID", "CORRECTFITID", "CORRECTACTION", "EXTDNAME", "ADDR1", "ADDR2", "ADDR3", "CITY", "STATE", "POSTALCODE",
                      "COUNTRY", "PHONE", "BRANCHID", "ACCTKEY", "CURRATE", "MKTGINFO", "DTPROFUP", "DTACCTUP"]
        let vocabulary = XMLVocabulary(allCases.dropFirst().map(\.tag) + others, ignoringCase: true)
        for tag in allCases.dropFirst() { precondition(vocabulary.id(tag.tag) == tag.rawValue) }
        return vocabulary
    }()
}

/// An OFX element's name, in capitals, with its id in ``OFXTag/vocabulary``
/// (``XMLVocabulary/unknown`` for a name not listed).
struct OFXElementName: Equatable {
    var id: Int
    var text: String

    /// The tag the builder knows it as, if any.
    var tag: OFXTag? { OFXTag(rawValue: id) }

    /// A name as written (`stmttrn`, `STMTTRN`): in capitals, as every OFX reader compares
    /// names.
    init(written: String) {
        text = written.uppercased()
        id = Self.id(of: text)
    }

    /// A name already in capitals.
    init(capitals text: String) {
        self.text = text
        id = Self.id(of: text)
    }

    /// A listed name, from its id.
    init(id: Int, vocabulary: XMLVocabulary) {
        self.id = id
        text = vocabulary.name(id)
    }

    private static func id(of text: String) -> Int {
        var text = text
        return text.withUTF8 { OFXTag.vocabulary.id(of: $0) }
    }

    static func == (lhs: OFXElementName, rhs: OFXElementName) -> Bool {
        lhs.id == rhs.id && (lhs.id != XMLVocabulary.unknown || lhs.text == rhs.text)
    }
}
