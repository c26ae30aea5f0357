import BudgetKit

extension Commands {
    static let add = Command(spec: CommandSpec(
        name: "add",
        abstract: "Add a transaction and print its id.",
        discussion: """
        Amounts are positive in the category's direction: money spent in an expense category, \
        money received in an income category. A negative amount is a refund:
          budget add -2.25 Food Refund
        Prints the new transaction's id alone on standard output, and a confirmation on standard \
        error.
        """,
        arguments: [
            ArgumentSpec(name: "amount", help: "The amount, like 12.50 or -2.25.", kind: .money),
            ArgumentSpec(name: "category", help: "The category."),
            ArgumentSpec(name: "payee", help: "Who was paid, or who paid.", isOptional: true),
        ],
        options: [
            .value("date", "day", kind: .day, help: "The day: YYYY-MM-DD, today or yesterday (default: today)."),
            .value("note", "text", help: "A free note."),
        ]
    )) { context in
        let arguments = context.arguments
        let transaction = try context.store().addTransaction(
            amount: arguments.money("amount")!, category: arguments.text("category")!, payee: arguments.text("payee") ?? "",
            date: arguments.day("date") ?? .today(), note: arguments.text("note") ?? "")
        try context.stdout.write("\(transaction.id)\n")
        context.confirm("Added transaction \(transaction.id): \(transaction.summary).")
        return .success
    }

    static let edit = Command(spec: CommandSpec(
        name: "edit",
        abstract: "Change a transaction.",
        discussion: "Only the fields given change. Prints a confirmation on standard error.",
        arguments: [ArgumentSpec(name: "id", help: "The transaction's id (see 'budget list').", kind: .transactionID)],
        options: [
            .value("amount", "amount", kind: .money, help: "The new amount."),
            .value("category", "category", help: "The new category."),
            .value("payee", "payee", help: "The new payee (\"\" for none)."),
            .value("note", "text", help: "The new note (\"\" for none)."),
            .value("date", "day", kind: .day, help: "The new day: YYYY-MM-DD, today or yesterday."),
        ]
    )) { context in
        let arguments = context.arguments
        let changes = TransactionChanges(amount: arguments.money("amount"), category: arguments.text("category"),
                                         payee: arguments.text("payee"), note: arguments.text("note"), date: arguments.day("date"))
        guard changes != TransactionChanges() else {
            throw UsageError(message: "Nothing to change", hint: "give at least one of --amount, --category, --payee, --note or --date")
        }
        let transaction = try context.store().editTransaction(id: arguments.integer("id")!, changes)
        context.confirm("Updated transaction \(transaction.id): \(transaction.summary).")
        return .success
    }

    static let delete = Command(spec: CommandSpec(
        name: "delete",
        abstract: "Delete transactions.",
        discussion: "All or nothing: when one id is unknown, none is deleted.",
        arguments: [ArgumentSpec(name: "id", help: "The ids of the transactions (see 'budget list').", kind: .transactionID, isVariadic: true)]
    )) { context in
        var seen: Set<Int64> = []
        let ids = context.arguments.integers("id").filter { seen.insert($0).inserted }
        try context.store().deleteTransactions(ids: ids)
        context.confirm(ids.count == 1 ? "Deleted transaction \(ids[0])." : "Deleted \(ids.count) transactions.")
        return .success
    }
}

extension ValueKind {
    /// A transaction id, as `budget list` shows them.
    static let transactionID = ValueKind.id(of: "transaction", listedBy: "budget list")
}

extension Transaction {
    /// `12.50 in Food on 2026-11-21 (Lunch)`: for confirmations.
    var summary: String {
        var text = "\(amount) in \(category) on \(date)"
        if !payee.isEmpty { text += " (\(DisplayWidth.visible(payee)))" }
        return text
    }
}
