extension BudgetError {
    var historyDescription: String {
        switch self {
        case .unknownHistoryEntry(let id):
            return "no history entry with id \(id)"
        case .alreadyUndone(let id, let by):
            return "history entry \(id) was already undone by entry \(by)"
        case .syncEntryNotUndone(let id):
            return "history entry \(id) gives devices their id digits and is never undone"
        case .nothingToUndo:
            return "nothing to undo"
        case .nothingToRedo:
            return "nothing to redo"
        case .historyConflicts(let id, let conflicts):
            return "entry \(id) conflicts with later changes: " + conflicts.map(\.description).joined(separator: "; ")
        case .sync(let error):
            return error.description
        case .insideGroupedWrite(let operation):
            return "\(operation) cannot run inside a grouped write (store.write { }): run it after the group"
        default:
            return ""
        }
    }
}
