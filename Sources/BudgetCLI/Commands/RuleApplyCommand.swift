import BudgetKit

/// `budget rule apply [--dry-run] [--account NAME] [--from DAY] [--to DAY]`.
struct RuleApply: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "apply",
        abstract: "Apply the rules to transactions already in the book.",
        discussion: """
        Each transaction gets the payee of the first matching rule that sets a payee, and the \
        category of the first that sets a category, as on import; transfers and splits are left \
        alone. Everything changes in one write, and each change is listed (id, what, before, \
        after, the rule), with a count on standard error; --dry-run lists and writes nothing.

        A category of the other kind (expense to income, or back) is left as it is unless \
        --kind-change says what the amount becomes: negate keeps the money's direction \
        (12.50 spent in Food becomes -12.50 in Salary), keep keeps the number. A reconciled \
        transaction is never moved in a way that changes its account's balance.
          budget rule apply --dry-run --from 2026-01-01
        """,
        access: .change)

    static var arguments: [CommandArgument<RuleApply>] {[
        .flag(\.dryRun, "dry-run", help: "List what would change; write nothing."),
        .option(\.account, "account", "name", help: "Only this account's transactions (and transfers reaching it)."),
        .option(\.from, "from", "day", help: "Only transactions on or after this day."),
        .option(\.to, "to", "day", help: "Only transactions on or before this day."),
        .option(\.kindChange, "kind-change", "how", help: "Move between expense and income: keep or negate the amount."),
        .format(\.format),
    ]}

    var dryRun = false
    var account: AccountName?
    var from: Day?
    var to: Day?
    var kindChange: KindChoice?
    var format = OutputFormat.table

    func validate() throws(UsageError) { try FilterOptions.validate(from: from, to: to) }

    func run(_ context: CommandContext) throws -> Outcome {
        let store = try context.store(access: dryRun ? .read : .change)
        // The changes are listed once committed; until then they wait in a file, not in memory.
        let spool = try RecordSpool(in: context.temporaryFolders)
        var changed = 0, refused = 0, reconciled = 0
        try store.applyRules(TransactionFilter(from: from, to: to, account: account?.name), dryRun: dryRun,
                             kindChange: kindChange?.kindChange ?? .refuse) { outcome in
            if outcome.changes { changed += 1 }
            if outcome.isRefused {
                refused += 1
                if outcome.isReconciled { reconciled += 1 }
            }
            for line in RuleChangeLine.lines(outcome) { try spool.append(line.texts) }
        }
        let lines = { (body: (RuleChangeLine) throws(OutputError) -> Void) throws(OutputError) in
            try spool.forEach { (texts: [String]) throws(OutputError) in try body(RuleChangeLine(texts: texts)) }
        }
        // Nothing to list: a table prints nothing at all; records print their empty form.
        let write = { () throws(OutputError) in
            if !(spool.count == 0 && format == .table) { try context.printRecords(format, record: .ruleChange, forEach: lines) }
        }
        if dryRun { try write() } else { try context.reportCommitted("the rules were applied", write) }
        let count = "\(changed) transaction\(changed == 1 ? "" : "s")"
        context.confirm(dryRun ? "Dry run: would change \(count)." : "Changed \(count).")
        if refused > 0 {
            context.confirm("Left \(refused) categor\(refused == 1 ? "y" : "ies") as \(refused == 1 ? "it was" : "they were"): "
                            + Self.refusal(refused: refused, reconciled: reconciled, kindChange: kindChange) + ".")
        }
        return .success
    }

    /// Why `refused` categories were left, `reconciled` of them on reconciled transactions, and
    /// which --kind-change would move them: keep never moves a reconciled one (its balance would
    /// change), negate moves every one.
    static func refusal(refused: Int, reconciled: Int, kindChange: KindChoice?) -> String {
        let them = refused == 1 ? "it" : "them"
        if kindChange == .keep {
            // Keep refuses only reconciled transactions.
            return "the rule's category is of the other kind, and keeping the amount would change the balance of "
                + "\(refused == 1 ? "a reconciled transaction" : "reconciled transactions"); --kind-change negate moves \(them)"
        }
        if reconciled == 0 { return "the rule's category is of the other kind; --kind-change negate or keep moves \(them)" }
        let keep = reconciled == refused ? "keep cannot: \(refused == 1 ? "it is" : "they are") reconciled"
            : "keep moves only the \(refused - reconciled) not reconciled"
        return "the rule's category is of the other kind; --kind-change negate moves \(them) (\(keep))"
    }
}

/// One change `rule apply` lists: a transaction's payee, category or amount, before and after.
struct RuleChangeLine {
    let id: Int64
    let date: Day
    let change: String
    let before: String
    let after: String
    let rule: Int64

    /// Its fields as texts, to be set aside (``RecordSpool``) and read back by ``init(texts:)``.
    var texts: [String] { [String(id), date.description, change, before, after, String(rule)] }

    init(id: Int64, date: Day, change: String, before: String, after: String, rule: Int64) {
        (self.id, self.date, self.change, self.before, self.after, self.rule) = (id, date, change, before, after, rule)
    }

    /// A line from its ``texts``.
    init(texts: [String]) {
        guard texts.count == 6, let id = Int64(texts[0]), let date = Day(iso: texts[1]), let rule = Int64(texts[5]) else {
            preconditionFailure("a spooled rule change is not one RuleChangeLine.texts wrote")
        }
        self.init(id: id, date: date, change: texts[2], before: texts[3], after: texts[4], rule: rule)
    }

    static func lines(_ outcome: RuleOutcome) -> [RuleChangeLine] {
        let (old, new) = (outcome.before, outcome.after)
        var lines: [RuleChangeLine] = []
        func add(_ change: String, _ before: String, _ after: String, _ rule: Int64?) {
            if let rule { lines.append(RuleChangeLine(id: old.id, date: old.date, change: change, before: before, after: after, rule: rule)) }
        }
        if old.payee != new.payee { add("payee", old.payee, new.payee, outcome.payeeRule) }
        if let refused = outcome.refusedCategory {
            add("refused", old.category, refused, outcome.categoryRule)
        } else if old.category != new.category {
            add("category", old.category, new.category, outcome.categoryRule)
        }
        if old.amount != new.amount { add("amount", old.amount.description, new.amount.description, outcome.categoryRule) }
        return lines
    }
}

extension RecordDescription where Value == RuleChangeLine {
    /// A change `rule apply` makes.
    static var ruleChange: RecordDescription<RuleChangeLine> {
        RecordDescription(columns: [
            RecordColumn("id", .right) { .integer($0.id) },
            RecordColumn("date") { .date($0.date.description) },
            RecordColumn("change") { .text($0.change) },
            RecordColumn("before") { .text($0.before) },
            RecordColumn("after") { .text($0.after) },
            RecordColumn("rule", .right) { .integer($0.rule) },
        ])
    }
}
