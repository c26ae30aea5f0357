/// Decides each imported row's category against one reading of the book: the file's category
/// column, else the first matching rule that sets a category (``RuleMatcher``), else the
/// default category; and the payee the first matching rule that sets one gives it. It checks what can be checked without writing (a category kind the file
/// contradicts, a row left without a category, a name a new category cannot have) so that an
/// import finds every problem before it takes the write lock.
///
/// A resolution holds a category id of that reading; ``book`` tells, under the write lock,
/// whether the reading still holds (else every row is resolved again).
struct ImportResolver {
    /// A category as the resolver needs it.
    struct Category: Equatable {
        let id: Int64
        let name: String
        let key: String
        let kind: BudgetCategory.Kind
    }

    /// Everything a resolution depends on: equal readings resolve every row the same way.
    struct Book: Equatable {
        var categories: [Category]
        var rules: [RuleMatcher.Definition]
        /// Every account, the default first.
        var accounts: [Account]
    }

    /// A row's category.
    enum Resolution: Equatable {
        /// This category of the book: the file's, a rule's or the default.
        case category(Category)
        /// The file names a category the book lacks, with this name key.
        case missing(key: String)
        /// A transfer: no category.
        case transfer
    }

    /// Where a row goes: its account, for a transfer the account it reaches, and a transfer's
    /// amount as stored (positive).
    struct Placement: Equatable {
        let accountID: Int64
        let transferAccountID: Int64?
        let transferAmount: Money?
    }

    /// A row naming a category the book does not have.
    struct Missing {
        let key: String
        /// The name as the file writes it, without surrounding spaces.
        let name: String
        let row: ImportRow
    }

    let file: String
    let book: Book
    let defaultCategory: Category?
    /// Where rows naming no account go.
    let importAccount: Account
    let createsMissingCategories: Bool
    private let byKey: [String: Category]
    private let byID: [Int64: Category]
    /// Name keys of names as the file writes them: files name the same few categories over
    /// and over (bounded).
    private var keys: [String: String] = [:]
    private let rules: RuleMatcher

    /// A resolver for a reading of the book (``read(_:)``); it finds the default category.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)`` when the default category does not exist,
    ///   ``BudgetError/invalidStoredRulePattern(ruleID:pattern:reason:)`` for a rule's pattern edited by hand.
    init(book: Book, file: String, options: ImportOptions) throws {
        self.file = file
        self.book = book
        createsMissingCategories = options.createsMissingCategories
        var byKey: [String: Category] = [:]
        var byID: [Int64: Category] = [:]
        for category in book.categories {
            byKey[category.key] = category
            byID[category.id] = category
        }
        self.byKey = byKey
        self.byID = byID
        rules = try RuleMatcher(book.rules.filter { rule in rule.categoryID.map { byID[$0] != nil } ?? true })
        if let name = options.defaultCategory {
            guard let category = byKey[BudgetCategory.nameKey(name.trimmingSpaces())] else {
                throw BudgetError.unknownCategory(name)
            }
            defaultCategory = category
        } else {
            defaultCategory = nil
        }
        if let name = options.account {
            guard let account = Self.account(named: name, in: book.accounts) else { throw BudgetError.unknownAccount(name) }
            importAccount = account
        } else {
            guard let account = book.accounts.first else { throw BudgetError.unknownAccount("") }
            importAccount = account
        }
    }

    /// The account named `name` (exactly, else ignoring case), else numbered `name`.
    static func account(named name: String, in accounts: [Account]) -> Account? {
        let trimmed = name.trimmingSpaces()
        // The exact name first and alone: an import's every row names its account so, and the
        // keys cost a Unicode fold each.
        if let exact = accounts.first(where: { $0.name == trimmed }) { return exact }
        let key = Account.nameKey(trimmed), number = Account.numberKey(trimmed)
        return accounts.first { Account.nameKey($0.name) == key } ?? accounts.first { $0.number.map(Account.numberKey) == number }
    }

    /// Where a row goes; a transfer's direction and amount follow the row's sign convention.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` for an account the book
    ///   lacks, a closed one, a transfer to the same account or of no money.
    func placement(of row: ImportRow) throws -> Placement {
        func fail(_ field: Int?, _ message: String) -> BudgetError {
            .badInput(file: file, line: row.line, column: field ?? 1, message: message)
        }
        func open(_ name: String?, field: Int?) throws -> Account {
            guard let name else { return importAccount }
            guard let account = Self.account(named: name, in: book.accounts) else {
                throw BudgetError.unknownAccountInFile(file: file, line: row.line, column: field ?? 1, name: name)
            }
            return account
        }
        var account = try open(row.account, field: row.accountField)
        var transfer: Account?, amount: Money?
        if let name = row.transferAccount {
            var other = try open(name, field: row.transferAccountField)
            switch (row.convention, row.amount.minorUnits.signum()) {
            case (_, 0):
                throw fail(nil, "a transfer to '\(other.name)' moves no money")
            case (.stored, -1):
                throw fail(nil, "a transfer moves a positive amount, not \(row.amount)")
            case (.bank, 1):
                // Money in: it came from the other account.
                swap(&account, &other)
                amount = row.amount
            default:
                amount = row.amount.minorUnits < 0 ? -row.amount : row.amount
            }
            if account.id == other.id { throw fail(row.transferAccountField, "a transfer from '\(account.name)' to itself") }
            transfer = other
        }
        for side in [account, transfer].compactMap({ $0 }) {
            if let closedOn = side.closedOn, row.date >= closedOn {
                throw fail(row.accountField, "account '\(side.name)' was closed on \(closedOn)")
            }
        }
        return Placement(accountID: account.id, transferAccountID: transfer?.id, transferAmount: amount)
    }

    /// The book's categories and rules as they are now. A rule whose category was deleted
    /// behind budget's back (the sqlite3 shell does not enforce foreign keys by default) is left
    /// out, as if it did not exist.
    static func read(_ connection: Connection) throws -> Book {
        let accounts = try connection.cached("""
            SELECT \(BudgetStore.AccountColumn.list("a")) FROM accounts AS a ORDER BY a.is_default DESC, a.closed_on IS NOT NULL, a.id
            """).map([], BudgetStore.AccountColumn.account)
        let categories = try connection.cached("SELECT \(BudgetStore.CategoryRow.columns) FROM categories ORDER BY id").map {
            let row = BudgetStore.CategoryRow($0)
            return Category(id: row.id, name: row.name, key: row.key, kind: row.kind)
        }
        return Book(categories: categories, rules: try BudgetStore.ruleDefinitions(connection), accounts: accounts)
    }

    /// The category with this name key, if the book has it.
    func category(key: String) -> Category? { byKey[key] }

    /// Resolves one row and the payee a rule gives it (`nil`: the file's stays); a category the
    /// book lacks is handed to `missing` (which records it) and resolved by its key all the
    /// same. A transfer is left to itself: rules do not touch transfers.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` for a kind that contradicts
    ///   the book's category, a name a new category cannot have (when creating them), or a row
    ///   left without a category; whatever `missing` throws.
    mutating func resolve(_ row: ImportRow, missing: (Missing) throws -> Void) throws -> (Resolution, payee: String?) {
        if row.transferAccount != nil { return (.transfer, nil) }
        let match = rules.isEmpty ? RuleMatcher.Match()
            : rules.match(payee: row.payee, note: row.note, direction: row.direction, wantsCategory: row.category == nil)
        return (try category(of: row, match: match, missing: missing), match.payee?.name)
    }

    /// The row's category: the file's, the rules', or the default.
    private mutating func category(of row: ImportRow, match: RuleMatcher.Match, missing: (Missing) throws -> Void) throws -> Resolution {
        if let name = row.category {
            let key: String
            if let known = keys[name] {
                key = known
            } else {
                key = BudgetCategory.nameKey(name.trimmingSpaces())
                if keys.count < 1_024 { keys[name] = key }
            }
            if let category = byKey[key] {
                if let kind = row.kind, kind != category.kind {
                    throw BudgetError.badInput(file: file, line: row.line, column: row.kindField ?? 1,
                                               message: "category '\(category.name)' is \(category.kind.rawValue), not \(kind.rawValue)")
                }
                return .category(category)
            }
            let trimmed = name.trimmingSpaces()
            if createsMissingCategories {
                do {
                    _ = try BudgetStore.validCategoryName(trimmed)
                } catch {
                    throw BudgetError.badInput(file: file, line: row.line, column: row.categoryField ?? 1,
                                               message: "invalid category name '\(name)': it must not hold control characters")
                }
                // A new name is held to what add-category holds it to: nothing that draws nothing.
                if let invisible = InvisibleCharacters.first(in: trimmed) {
                    throw BudgetError.badInput(file: file, line: row.line, column: row.categoryField ?? 1,
                                               message: "invalid category name '\(InvisibleCharacters.shown(in: trimmed))': it holds "
                                                   + "\(InvisibleCharacters.label(invisible)), which is invisible; "
                                                   + "write the name without it")
                }
            }
            try missing(Missing(key: key, name: trimmed, row: row))
            return .missing(key: key)
        }
        if let found = match.category, let category = byID[found.id] { return .category(category) }
        if let defaultCategory { return .category(defaultCategory) }
        throw BudgetError.rowWithoutCategory(file: file, line: row.line, column: 1, payee: row.payee)
    }
}

extension ImportRow {
    /// The money's direction as the file gives it: a bank's flow by its sign; budget's own
    /// convention by the kind column, else as an expense (positive is money out).
    var direction: ImportRule.Direction? {
        switch convention {
        case .bank: return amount == .zero ? nil : amount > .zero ? .moneyIn : .moneyOut
        case .stored: return ImportRule.Direction(amount: amount, kind: kind ?? .expense)
        }
    }
}
