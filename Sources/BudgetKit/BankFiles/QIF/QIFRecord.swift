/// The lines of one QIF entry, gathered until its `^`.
struct QIFRecord {
    private struct Field {
        var value: String
        var line: Int
    }

    private struct SplitLines {
        var category: String?
        /// The `S` line, when the part has one.
        var categoryLine: Int?
        var memo = ""
        var amount: Field?
        var line: Int
    }

    private var date: Field?
    private var amount: Field?
    private var payee = ""
    private var memo = ""
    private var number: String?
    private var category: Field?
    private var splits: [SplitLines] = []
    private var firstLine: Int?

    var isEmpty: Bool { firstLine == nil }

    mutating func add(_ code: Unicode.Scalar, value: String, line: Int, file: String) throws {
        if firstLine == nil { firstLine = line }
        switch code {
        case "D": date = Field(value: value, line: line)
        case "T": amount = Field(value: value, line: line)
        case "U": if amount == nil { amount = Field(value: value, line: line) }
        case "P": payee = value
        case "M": memo = value
        case "N": number = value
        case "L": category = Field(value: value, line: line)
        case "S":
            guard splits.count < QIFReader.maximumSplits else {
                throw BankFileError(BankFileLocation(file: file, line: line, column: 1), .tooMany(limit: QIFReader.maximumSplits))
            }
            splits.append(SplitLines(category: value, categoryLine: line, line: line))
        case "E", "$":
            if splits.isEmpty || (code == "$" ? splits[splits.count - 1].amount != nil : !splits[splits.count - 1].memo.isEmpty) {
                guard splits.count < QIFReader.maximumSplits else {
                    throw BankFileError(BankFileLocation(file: file, line: line, column: 1), .tooMany(limit: QIFReader.maximumSplits))
                }
                splits.append(SplitLines(category: nil, line: line))
            }
            if code == "E" { splits[splits.count - 1].memo = value } else { splits[splits.count - 1].amount = Field(value: value, line: line) }
        default:
            break
        }
    }

    /// `[Savings]` (or `[Savings]/Class`) is a transfer to Savings; `Food:Groceries/Class` is the
    /// category `Food:Groceries`; empty is none.
    private static func target(_ text: String?) -> (category: String?, transfer: String?) {
        guard var text = text?.strippingBlanks, !text.isEmpty else { return (nil, nil) }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let name = String(text[text.index(after: text.startIndex)..<close]).strippingBlanks
            return (nil, name.isEmpty ? nil : name)
        }
        if let slash = text.firstIndex(of: "/") { text = String(text[..<slash]).strippingBlanks }
        return (text.isEmpty ? nil : text, nil)
    }

    func entry(file: String, options: BankFileOptions) throws -> BankEntry {
        let start = BankFileLocation(file: file, line: firstLine ?? 1, column: 1)
        guard let date else { throw BankFileError(start, .missingField("D")) }
        guard let amount else { throw BankFileError(start, .missingField("T")) }
        let day = try BankFileLocation(file: file, line: date.line, column: 2).reading { () throws(BankFileProblem) in
            try BankDate.parse(date.value, order: options.dateOrder)
        }
        let money = try parse(amount, file: file, options: options)
        let (category, transfer) = Self.target(self.category?.value)
        let parts = try splits.map { split in
            guard let amount = split.amount else {
                throw BankFileError(BankFileLocation(file: file, line: split.line, column: 1), .missingField("$"))
            }
            let (category, transfer) = Self.target(split.category)
            return BankEntry.Split(category: category, transferAccount: transfer, amount: try parse(amount, file: file, options: options),
                                   memo: split.memo, line: split.categoryLine)
        }
        // Parts that do not add up to the total would change the entry's amount: never guessed.
        if !parts.isEmpty {
            var sum: Int64 = 0, overflow = false
            for part in parts where !overflow { (sum, overflow) = sum.addingReportingOverflow(part.amount.minorUnits) }
            if overflow || sum != money.minorUnits {
                let written = splits.compactMap { $0.amount?.value.strippingBlanks }.joined(separator: " + ")
                throw BankFileError(start, .splitsDoNotAddUp(total: amount.value.strippingBlanks,
                                                             parts: overflow ? written : "\(Money(minorUnits: sum)) (\(written))"))
            }
        }
        var entry = BankEntry(bookingDay: day, amount: money, payee: payee, memo: memo, checkNumber: number?.isEmpty == false ? number : nil,
                              category: category, transferAccount: transfer, splits: parts, location: start)
        entry.categoryLine = self.category?.line
        return entry
    }

    private func parse(_ field: Field, file: String, options: BankFileOptions) throws -> Money {
        try BankFileLocation(file: file, line: field.line, column: 2).reading { () throws(BankFileProblem) in
            try BankAmount.parse(field.value, decimalSeparator: options.decimalSeparator)
        }
    }
}
