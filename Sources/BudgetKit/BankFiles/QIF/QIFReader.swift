/// Reads Quicken Interchange Format files: `!Type:Bank` (also `Cash`, `CCard`, `Oth A`,
/// `Oth L`) sections of entries, each a run of lines whose first character says what the
/// rest is, ended by `^`.
///
/// An entry's lines: `D` date, `T` (or `U`) amount, `P` payee, `M` memo, `N` check number,
/// `L` category or `[Account]` transfer (a `/class` after it is dropped), `S`/`E`/`$` a split
/// part's category (or `[Account]`), memo and amount; `C`, `A`, `%`, `F` and unknown lines are
/// ignored. The category list (`!Type:Cat`: `N` name, `I` income, `E` expense) gives entries'
/// categories their kind (``BankEntry/categoryKind``): at most ``maximumCategories`` names,
/// held while the file is read. `!Account` blocks (`N` name, `T` type) name the account of the
/// `!Type:` sections after them, each one statement (its ``BankStatement/accountLocation`` the
/// `N` line); the list of accounts between `!Option:AutoSwitch` and `!Clear:AutoSwitch` names
/// none. Other lists (`Class`, `Memorized`, `Security`, `Prices`) and investment sections
/// (`!Type:Invst`) are skipped: they hold no bank entries.
///
/// Amounts are money flows already (a withdrawal is negative); their decimal separator and the
/// order of dates' parts follow ``BankFileOptions`` (US Quicken writes `1,234.56` and
/// `12/31'26`, with `'` for years from 2000; others write `31.12.2026` or `31/12/26`). Every
/// date form of ``BankDate`` is read. A file ending inside an entry (no `^`) is an error.
/// At most ``maximumSplits`` split parts per entry. Not thread-safe.
struct QIFReader: BankItemReader {
    /// The most split parts one entry may have.
    static let maximumSplits = 1000
    /// The most categories a category list may give a kind.
    static let maximumCategories = 10_000

    private var lines: LineReader
    private let options: BankFileOptions
    private var section = Section.none
    private var accountRecord = BankAccountIdentification()
    private var accountRecordLine: Int?
    private var account = BankAccountIdentification()
    private var accountLine: Int?
    /// Inside `!Option:AutoSwitch`: `!Account` blocks are a list of accounts, not a section's.
    private var listsAccounts = false
    /// The category list's kinds, by name key; the record being read.
    private var categoryKinds: [String: BudgetCategory.Kind] = [:]
    private var categoryRecord: (name: String?, kind: BudgetCategory.Kind?) = (nil, nil)
    private var statement: BankStatement?
    private var started = false
    private var record = QIFRecord()
    private var queue: [BankFileItem] = []
    private var head = 0

    private enum Section {
        case none, entries, accounts, categories, skipped
    }

    init(file: String, options: BankFileOptions, chunks: @escaping () throws -> [UInt8]?) {
        lines = LineReader(file: file, chunks: chunks)
        self.options = options
    }

    private var file: String { lines.file }

    mutating func next() throws -> BankFileItem? {
        while head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
            guard let (text, line) = try lines.next() else {
                if !record.isEmpty {
                    throw BankFileError(BankFileLocation(file: file, line: lines.line, column: 1), .unexpectedEnd(expected: "^"))
                }
                endStatement()
                if queue.isEmpty { return nil }
                break
            }
            try take(text, line: line)
        }
        defer { head += 1 }
        return queue[head]
    }

    private mutating func take(_ text: String, line: Int) throws {
        guard let code = text.unicodeScalars.first else { return }
        if code == "!" {
            try header(text.strippingBlanks, line: line)
            return
        }
        // The text after the code, copied whole (a view rebuilt from scalars costs more than the parse).
        let value = String(Substring(text.unicodeScalars.dropFirst())).strippingBlanks
        switch section {
        case .none, .skipped:
            return
        case .accounts:
            switch code {
            case "N": accountRecord.name = value; accountRecordLine = line
            case "T": accountRecord.kind = value
            case "^":
                if !listsAccounts { (account, accountLine) = (accountRecord, accountRecordLine) }
                (accountRecord, accountRecordLine) = (BankAccountIdentification(), nil)
            default: break
            }
        case .entries:
            if code == "^" {
                guard !record.isEmpty else { return }
                var entry = try record.entry(file: file, options: options)
                if !categoryKinds.isEmpty { giveKinds(to: &entry) }
                record = QIFRecord()
                startIfNeeded()
                statement?.entryCount += 1
                queue.append(.entry(entry))
                return
            }
            if text.strippingBlanks.isEmpty { return }
            try record.add(code, value: value, line: line, file: file)
        case .categories:
            try takeCategory(code, value: value, line: line)
        }
    }

    /// One line of the category list.
    private mutating func takeCategory(_ code: Unicode.Scalar, value: String, line: Int) throws {
        switch code {
        case "N": categoryRecord.name = value
        case "I": categoryRecord.kind = .income
        case "E": categoryRecord.kind = .expense
        case "^":
            defer { categoryRecord = (nil, nil) }
            guard let name = categoryRecord.name, !name.isEmpty, let kind = categoryRecord.kind else { return }
            let key = BudgetCategory.nameKey(name)
            guard categoryKinds.count < Self.maximumCategories || categoryKinds[key] != nil else {
                throw BankFileError(BankFileLocation(file: file, line: line, column: 1), .tooMany(limit: Self.maximumCategories))
            }
            categoryKinds[key] = kind
        default: break
        }
    }

    /// Gives the entry's category and its split parts' the kinds the category list gives them.
    private func giveKinds(to entry: inout BankEntry) {
        func kind(_ name: String?) -> BudgetCategory.Kind? { name.flatMap { categoryKinds[BudgetCategory.nameKey($0)] } }
        entry.categoryKind = kind(entry.category)
        for index in entry.splits.indices { entry.splits[index].categoryKind = kind(entry.splits[index].category) }
    }

    private mutating func header(_ text: String, line: Int) throws {
        if !record.isEmpty {
            throw BankFileError(BankFileLocation(file: file, line: line, column: 1), .unexpectedEnd(expected: "^"))
        }
        let upper = text.uppercased()
        if upper.hasPrefix("!OPTION") || upper.hasPrefix("!CLEAR") {
            if upper.hasSuffix(":AUTOSWITCH") { listsAccounts = upper.hasPrefix("!OPTION") }
            return
        }
        endStatement()
        if upper.hasPrefix("!ACCOUNT") {
            section = .accounts
            (accountRecord, accountRecordLine) = (BankAccountIdentification(), nil)
            return
        }
        guard upper.hasPrefix("!TYPE:") else {
            section = .skipped
            return
        }
        let kind = String(text.dropFirst(6)).strippingBlanks
        switch kind.uppercased() {
        case "CAT":
            section = .categories
            categoryRecord = (nil, nil)
        case "BANK", "CASH", "CCARD", "OTH A", "OTH L":
            section = .entries
            var identification = account
            identification.kind = identification.kind ?? kind
            statement = BankStatement(format: .qif, account: identification, location: BankFileLocation(file: file, line: line, column: 1),
                                      accountLocation: accountLine.map { BankFileLocation(file: file, line: $0, column: 2) })
        default:
            section = .skipped
        }
    }

    private mutating func startIfNeeded() {
        guard let statement, !started else { return }
        started = true
        queue.append(.statementStart(statement))
    }

    private mutating func endStatement() {
        guard let statement else { return }
        startIfNeeded()
        queue.append(.statementEnd(statement))
        self.statement = nil
        started = false
    }
}

@available(*, unavailable)
extension QIFReader: Sendable {}
