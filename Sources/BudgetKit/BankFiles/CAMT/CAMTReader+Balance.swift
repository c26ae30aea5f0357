extension CAMTReader {
    /// A `Bal` that just ended: its type (`Tp/CdOrPrtry/Cd`, or `Prtry`), amount, sign and day.
    mutating func applyBalance(line: Int) throws {
        let here = location(line)
        guard let code = (balance["Tp/CdOrPrtry/Cd"] ?? balance["Tp/CdOrPrtry/Prtry"])?.0 else {
            throw BankFileError(here, .missingField("Tp"))
        }
        guard let amount = balance["Amt"] else { throw BankFileError(here, .missingField("Amt")) }
        guard let indicator = balance["CdtDbtInd"]?.0 else { throw BankFileError(here, .missingField("CdtDbtInd")) }
        guard indicator == "CRDT" || indicator == "DBIT" else { throw BankFileError(here, .malformedField("CdtDbtInd", text: indicator)) }
        let value = try BankFileLocation(file: file, line: amount.1, elementPath: here.elementPath! + "/Amt")
            .reading { () throws(BankFileProblem) in try CAMTEntryBuilder.money(amount.0) }
        let date = balance["Dt/Dt"] ?? balance["Dt/DtTm"]
        let day = try date.map { date in
            try BankFileLocation(file: file, line: date.1, elementPath: here.elementPath! + "/Dt")
                .reading { () throws(BankFileProblem) in try BankDate.parse(date.0, order: .yearMonthDay) }
        }
        let stated = BankBalance(amount: indicator == "DBIT" ? -value : value, day: day)
        switch code {
        case "OPBD": statement?.opening = stated
        case "PRCD": if statement?.opening == nil { statement?.opening = stated }
        case "CLBD": statement?.closing = stated
        case "ITBD":
            if statement?.closing == nil || statement?.closing?.isIntermediate == true {
                statement?.closing = BankBalance(amount: stated.amount, day: day, isIntermediate: true)
            }
        case "CLAV": statement?.available = stated
        default: break
        }
        if statement?.currency == nil, let currency = balance["Ccy"]?.0 { statement?.currency = currency }
    }
}
