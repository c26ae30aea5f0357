@testable import BudgetKit

/// The path of a file in Tests/BudgetKitTests/BankFiles/Corpus.
func corpusPath(_ name: String, file: String = #filePath) -> String {
    String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/Corpus/" + name
}

/// The bytes of a corpus file.
func corpusBytes(_ name: String) -> [UInt8] {
    guard let bytes = fileBytes(corpusPath(name)) else { preconditionFailure("no corpus file \(name)") }
    return bytes
}

/// Every item of a bank file, each as one line (see ``describe(_:)``).
func readAll(_ name: String, bytes: [UInt8], options: BankFileOptions = BankFileOptions(), chunkSize: Int = 1 << 16) throws -> [String] {
    var offset = 0
    var reader = try BankFileReader(file: name, options: options) {
        guard offset < bytes.count else { return nil }
        defer { offset += chunkSize }
        return Array(bytes[offset..<min(bytes.count, offset + chunkSize)])
    }
    var lines: [String] = []
    while let item = try reader.next() { lines.append(describe(item)) }
    return lines
}

/// One line naming every field of an item that has a value, so that a table of expected lines
/// checks them all.
func describe(_ item: BankFileItem) -> String {
    switch item {
    case .statementStart(let statement): return "start " + describe(statement)
    case .statementEnd(let statement): return "end " + describe(statement)
    case .entry(let entry):
        var parts = ["entry", entry.bookingDay.description, entry.amount.description]
        if let value = entry.valueDay { parts.append("value=\(value)") }
        if let currency = entry.currency { parts.append(currency) }
        if !entry.payee.isEmpty { parts.append("payee='\(entry.payee)'") }
        if !entry.memo.isEmpty { parts.append("memo='\(entry.memo)'") }
        if let reference = entry.bankReference { parts.append("ref=\(reference)") }
        if entry.status != .booked { parts.append(entry.status.rawValue) }
        if let code = entry.typeCode { parts.append("type=\(code)") }
        if let number = entry.checkNumber { parts.append("check=\(number)") }
        if let category = entry.category { parts.append("category='\(category)'") }
        if let transfer = entry.transferAccount { parts.append("transfer='\(transfer)'") }
        for split in entry.splits {
            parts.append("split(\(split.category ?? "-")|\(split.transferAccount ?? "-")|\(split.amount)|\(split.memo))")
        }
        parts.append("@\(entry.location)")
        return parts.joined(separator: " ")
    }
}

func describe(_ statement: BankStatement) -> String {
    var parts = [statement.format.rawValue]
    let account = statement.account
    parts.append("account=\(account.number ?? "-")|\(account.bank ?? "-")|\(account.name ?? "-")|\(account.kind ?? "-")")
    if let currency = statement.currency { parts.append(currency) }
    func balance(_ name: String, _ value: BankBalance?) {
        guard let value else { return }
        parts.append("\(name)=\(value.amount)@\(value.day?.description ?? "-")\(value.isIntermediate ? "(intermediate)" : "")")
    }
    balance("opening", statement.opening)
    balance("closing", statement.closing)
    balance("available", statement.available)
    if let period = statement.period { parts.append("period=\(period.lowerBound)...\(period.upperBound)") }
    parts.append("entries=\(statement.entryCount)")
    parts.append("@\(statement.location)")
    return parts.joined(separator: " ")
}
