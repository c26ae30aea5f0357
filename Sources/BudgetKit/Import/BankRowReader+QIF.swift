/// QIF in ``BankRowReader``: the accounts `!Account` sections name, transfers written in both
/// registers, and splits.
extension BankRowReader {
    /// One side of a transfer between two named QIF sections: its day, its money flow and the
    /// name keys of the section's account and of the account it names.
    /// The most transfers between named sections held waiting for their other side (some 100
    /// bytes each): a real file has a handful.
    static let maximumUnpairedTransfers = 100_000

    struct TransferSide: Hashable {
        let day: Day
        let flow: Int64
        let account: String
        let other: String
    }

    /// Notes the account a QIF statement's `!Account` block names (``sectionAccount``).
    ///
    /// - Throws: ``BankFileProblem/severalAccounts(first:firstLine:second:)`` at the name of a
    ///   second account when ``ImportOptions/account`` puts the file in one.
    mutating func nameSectionAccount(of statement: BankStatement) throws {
        sectionAccount = nil
        guard statement.format == .qif, let name = statement.account.name, !name.isEmpty else { return }
        let line = statement.accountLocation?.line ?? statement.location.line
        guard options.account != nil else {
            sectionAccount = (name, line)
            return
        }
        guard let first = firstSectionAccount else {
            firstSectionAccount = (name, line)
            return
        }
        if Account.nameKey(first.name) != Account.nameKey(name) {
            throw BankFileError(statement.accountLocation ?? statement.location,
                                .severalAccounts(first: first.name, firstLine: first.line, second: name))
        }
    }

    /// Whether a transfer row is the second side read of a transfer between two named sections
    /// (then it is left out); else notes it as a first side.
    ///
    /// - Throws: ``BankFileProblem/tooManyUnpairedTransfers(limit:)`` at a first side beyond
    ///   ``maximumUnpairedTransfers`` waiting: memory stays bounded whatever the file.
    mutating func isSecondSide(_ row: ImportRow, in file: String) throws -> Bool {
        guard let section = row.accountName, let other = row.transferAccount else { return false }
        let account = Account.nameKey(section), reached = Account.nameKey(other)
        let mirror = TransferSide(day: row.date, flow: -row.amount.minorUnits, account: reached, other: account)
        if let count = unmatchedTransfers[mirror] {
            unmatchedTransfers[mirror] = count == 1 ? nil : count - 1
            return true
        }
        let side = TransferSide(day: row.date, flow: row.amount.minorUnits, account: account, other: reached)
        if unmatchedTransfers[side] == nil, unmatchedTransfers.count >= Self.maximumUnpairedTransfers {
            throw BankFileError(BankFileLocation(file: file, line: row.line, column: 1), .tooManyUnpairedTransfers(limit: Self.maximumUnpairedTransfers))
        }
        unmatchedTransfers[side, default: 0] += 1
        return false
    }

    /// The rows of a split entry, `row` standing for the entry: its category parts as a split
    /// (one part: a row in its category; a part naming none is left to the rules and the
    /// default; parts the file's category list gives the other kind than the first's, a split
    /// of their own), then each transfer part as a transfer of its own (the book's splits hold
    /// categories only), the second side of a transfer already read left out. The rows' amounts
    /// are the parts', so they add up to the entry's exactly (``QIFRecord`` checks the parts'
    /// sum). A part's memo is its row's note (a split part's own note), else the entry's.
    mutating func splitRows(of entry: BankEntry, as row: ImportRow) throws -> [ImportRow] {
        func piece(_ part: BankEntry.Split) -> ImportRow {
            var piece = row
            piece.amount = part.amount
            piece.category = part.category
            piece.kind = part.categoryKind
            piece.transferAccount = part.transferAccount
            if !part.memo.isEmpty { piece.note = part.memo }
            return piece.located(at: part.line)
        }
        let categorised = entry.splits.filter { $0.transferAccount == nil }
        // A paycheck: wages (income) less taxes (expense). A split keeps to one kind, so the
        // parts the category list gives the other kind than the first part's are a split of
        // their own (or a row), the money of both adding up to the entry's (parts the list
        // gives no kind stay with the first kind it gives).
        let firstKind = categorised.lazy.compactMap(\.categoryKind).first
        let groups = firstKind.map { kind in
            let other: BudgetCategory.Kind = kind == .income ? .expense : .income
            return [categorised.filter { $0.categoryKind != other }, categorised.filter { $0.categoryKind == other }]
        } ?? [categorised]
        var rows: [ImportRow] = []
        for group in groups where !group.isEmpty {
            rows += group.count == 1 ? [piece(group[0])] : group.enumerated().map { index, part in
                var split = piece(part)
                split.note = row.note
                split.split = SplitPosition(position: index + 1, count: group.count)
                split.splitNote = part.memo
                return split
            }
        }
        for part in entry.splits where part.transferAccount != nil {
            let transfer = piece(part)
            if try !isSecondSide(transfer, in: entry.location.file) { rows.append(transfer) }
        }
        return rows
    }
}

extension ImportRow {
    /// The row at the QIF line naming its category or transfer account (`L` or `S`), when there
    /// is one, its fields at column 2 where the name starts: errors about them point there.
    func located(at line: Int?) -> ImportRow {
        guard let line else { return self }
        var row = self
        row.line = line
        if row.category != nil { row.categoryField = 2 }
        if row.kind != nil { row.kindField = 2 }
        if row.transferAccount != nil { row.transferAccountField = 2 }
        return row
    }
}
