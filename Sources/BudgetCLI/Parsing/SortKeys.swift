import BudgetKit

/// `--sort KEY[,KEY...]`: sort keys separated by commas, the first first, each ascending or,
/// starting with `-`, descending (`category,-amount`). Keys match ignoring case and spaces
/// around them; an empty key and a key given twice are refused (a repeated key could never
/// break a tie, so it is a slip).
struct SortKeys: ArgumentValue {
    let sort: TransactionSort

    init(argument word: String) throws(ValueProblem) {
        var criteria: [TransactionSort.Criterion] = []
        for part in word.split(separator: ",", omittingEmptySubsequences: false) {
            var name = part.trimmingSpaces()
            let descending = name.hasPrefix("-")
            if descending { name = name.dropFirst().trimmingSpaces() }
            guard !name.isEmpty else { throw .reason(ErrorText.emptySortKey, hint: ErrorText.sortHint) }
            let names = TransactionSort.Key.allCases.map(\.rawValue)
            guard let key = TransactionSort.Key(rawValue: name.lowercased()) else {
                throw .reason(ErrorText.unknownSortKey(String(name), Suggestion.phrase(for: String(name), among: names)),
                              hint: ErrorText.sortHint)
            }
            guard !criteria.contains(where: { $0.key == key }) else {
                throw .reason(ErrorText.repeatedSortKey(key.rawValue), hint: ErrorText.sortHint)
            }
            criteria.append(TransactionSort.Criterion(key, ascending: !descending))
        }
        sort = TransactionSort(criteria)
    }

    static var completion: Completion { .sortKeys(TransactionSort.Key.allCases.map(\.rawValue)) }
}

private extension StringProtocol {
    /// Without the spaces at either end.
    func trimmingSpaces() -> Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " }) else { return "" }
        return text[first...last]
    }
}
