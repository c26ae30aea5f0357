@testable import BudgetKit

/// A book for bank file imports: Food (expense), Salary (income), and a Giro account with the
/// MT940 corpus's number and a Checking account with the OFX corpus's.
func bankBook(_ dir: TemporaryDirectory, _ name: String = "bank.sqlite3", numbers: Bool = true, giroOpening: Money = .zero) throws -> BudgetStore {
    let store = try importBook(dir, name)
    if numbers {
        try store.addAccount(named: "Giro", number: "37040044/0532013000", openingBalance: giroOpening)
        try store.addAccount(named: "Checking", number: "0012345678")
    }
    return store
}

/// Options that put every bank row in Food unless a rule says otherwise.
func bankOptions(_ change: (inout ImportOptions) -> Void = { _ in }) -> ImportOptions {
    var options = ImportOptions()
    options.defaultCategory = "Food"
    change(&options)
    return options
}

/// Imports the bytes as `file`.
@discardableResult
func importBytes(_ store: BudgetStore, _ bytes: [UInt8], file: String = "statement", _ options: ImportOptions = bankOptions(),
                 dryRun: Bool = false, observe: ((ImportedRow) throws -> Void)? = nil) throws -> ImportSummary {
    var pending: [UInt8]? = bytes
    var rows = ImportReader(file: file, options: options) {
        defer { pending = nil }
        return pending
    }
    return try store.importTransactions(from: &rows, dryRun: dryRun, observe: observe)
}

/// Imports a corpus file under a neutral name (the format is never read from the name).
@discardableResult
func importCorpus(_ store: BudgetStore, _ name: String, _ options: ImportOptions = bankOptions(), dryRun: Bool = false,
                  observe: ((ImportedRow) throws -> Void)? = nil) throws -> ImportSummary {
    try importBytes(store, corpusBytes(name), options, dryRun: dryRun, observe: observe)
}

/// Every transaction as `ACCOUNT DATE FLOW PAYEE`, the flow signed as the bank writes it.
func flows(_ store: BudgetStore) throws -> [String] {
    try store.transactions().map { transaction in
        let flow = transaction.kind == .income ? transaction.amount : -transaction.amount
        return "\(transaction.account) \(transaction.date) \(flow) \(transaction.payee)"
    }.sorted()
}

/// The import keys of the book, sorted.
func importKeys(_ store: BudgetStore) throws -> [String] {
    try store.connection.prepare("SELECT import_key FROM transactions WHERE import_key IS NOT NULL ORDER BY import_key").map { $0.text(0) }
}
