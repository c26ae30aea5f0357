/// Staging splits: the parts of a split (rows with a `split` cell, `1/2` then `2/2`) come one
/// after the other and are staged together once the last one is read, under one import key made
/// of the split's date, its whole amount (the parts' sum as the file gives them) and its payee.
extension ImportStaging {
    /// Reads one part of a split; stages the split when it is the last.
    ///
    /// - Throws: ``BudgetError/badInput(file:line:column:message:)`` for a part out of order, a
    ///   split that ends before its last part, or parts that disagree on the split's date,
    ///   payee, note or account.
    func stagePart(_ row: ImportRow, resolver: inout ImportResolver) throws {
        guard let split = row.split else { return }
        if let first = pendingParts.first, let started = first.split {
            guard split.position == pendingParts.count + 1 else { try throwIfPartsPending() ; return }
            guard split.count == started.count, row.date == first.date, row.payee == first.payee, row.note == first.note,
                  row.account == first.account else {
                throw BudgetError.badInput(file: file, line: row.line, column: row.splitField ?? 1,
                                           message: "split part \(split) differs from part \(started) on line \(first.line) "
                                               + "in its count, date, payee, note or account")
            }
        } else if split.position != 1 {
            throw BudgetError.badInput(file: file, line: row.line, column: row.splitField ?? 1,
                                       message: "split part \(split) comes without the parts before it")
        }
        pendingParts.append(row)
        if split.position == split.count { try stagePendingSplit(resolver: &resolver) }
    }

    /// Throws when a split's first parts were read and its last part never came.
    func throwIfPartsPending() throws {
        guard let first = pendingParts.first, let split = first.split else { return }
        throw BudgetError.badInput(file: file, line: first.line, column: first.splitField ?? 1,
                                   message: "the split starting here has \(pendingParts.count) of its \(split.count) parts")
    }

    /// Stages the parts read, as one split.
    private func stagePendingSplit(resolver: inout ImportResolver) throws {
        let parts = pendingParts
        pendingParts = []
        guard let first = parts.first else { return }
        var total = Money.zero
        for part in parts {
            do {
                total = try total.adding(part.amount)
            } catch {
                throw BudgetError.badInput(file: file, line: part.line, column: 1, message: "the split's parts add up to too much")
            }
        }
        let occurrence = try nextOccurrence(ImportKeyer.groupHash(date: first.date, amount: total, payee: first.payee))
        let key = keyer.key(date: first.date, amount: total, payee: first.payee, occurrence: occurrence)
        splitGroups += 1
        for part in parts { try stage(part, key: key, group: splitGroups, resolver: &resolver) }
        transactionCount += 1
    }
}
