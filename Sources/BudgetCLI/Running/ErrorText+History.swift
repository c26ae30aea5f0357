import BudgetKit

extension ErrorText {
    /// The words for the errors of history, undo, redo and sync.
    init(history error: BudgetError) {
        switch error {
        case .unknownHistoryEntry(let id):
            self.init(message: "no history entry with id \(id)", hint: "see the ids with 'budget log'")
        case .alreadyUndone(let id, let by):
            self.init(message: "entry \(id) was already undone (by entry \(by))",
                      hint: "'budget undo \(by)' puts it back (it undoes that undo; so does 'budget redo' when that undo is the newest)")
        case .syncEntryNotUndone(let id):
            self.init(message: "entry \(id) gives devices their id digits (a sync's own entry) and is never undone",
                      hint: "undoing it could make two devices add rows with the same ids; undo another entry (see 'budget log')")
        case .nothingToUndo:
            self.init(message: "nothing to undo", hint: "'budget log' lists what was written")
        case .nothingToRedo:
            self.init(message: "nothing to redo", hint: "'budget redo' reapplies what 'budget undo' reversed")
        case .historyConflicts(let id, let conflicts):
            // The first rows, as `budget log` shows an entry's: an undo of an import that a
            // later `rule apply` rewrote conflicts on thousands, and one line says it.
            var lines = conflicts.prefix(Self.conflictsShown).map { "  " + ErrorText.words(for: $0) }
            let rest = conflicts.count - lines.count
            if rest > 0 { lines.append("  ... and \(HistoryLog.grouped(rest)) more conflicting row\(rest == 1 ? "" : "s")") }
            // Migration 8 moved transfers' reconciled marks to the side whose statement vouched for
            // them: no entry did, so undoing the later entries cannot bring an old mark back.
            let movedMark = conflicts.contains { $0.table == "transactions" && $0.fields.contains { $0.column == "reconciled_on" } }
            if conflicts.allSatisfy({ $0.kind == .lostInSync }) {
                self.init(lines: ["entry \(id) lost to changes made apart on other devices; nothing was changed:"] + lines,
                          hint: "a sync kept another device's change of these rows instead of this entry's, so there is nothing of it "
                            + "to undo; to have its values back, change the rows by hand")
                return
            }
            self.init(lines: ["entry \(id) conflicts with later changes; nothing was changed:"] + lines,
                      hint: "undo the later entries first (see 'budget log'), or change the rows back by hand"
                        + (movedMark ? "; a transfer's reconciled mark may also have been moved to its own account's side "
                            + "when the book was upgraded to schema 8, which no entry undoes: reconcile again instead" : ""))
        case .sync(let error):
            self.init(sync: error)
        case .insideGroupedWrite(let operation):
            // No command runs one inside a grouped write: a library caller's mistake.
            self.init(message: "\(operation) cannot run inside a grouped write", hint: "run it after the group")
        default:
            self.init(message: error.description, hint: nil)
        }
    }

    /// How many conflicts of an undo or redo are listed, one a line; a line counts the rest.
    static let conflictsShown = 20

    /// One conflict of an undo, in words: `transactions id=4: changed since (amount is 1500, expected 1250)`.
    static func words(for conflict: HistoryConflict) -> String {
        let row = conflict.table + " " + conflict.key.map { "\($0.column)=\($0.after?.description ?? "")" }.joined(separator: " ")
        switch conflict.kind {
        case .changed:
            let values = conflict.fields.map { "\($0.column) is \($0.after?.description ?? "") where \($0.before?.description ?? "") was expected" }
            return row + ": changed since" + (values.isEmpty ? "" : " (" + values.joined(separator: ", ") + ")")
        case .missing: return row + ": deleted since"
        case .keyTaken: return row + ": a row with this key was added since"
        case .constraint: return row + ": would break a rule of the table (a name or key taken since)"
        case .brokenReference: return row + ": would point at a row deleted since"
        case .reconciled where conflict.table == "accounts":
            let day = conflict.fields.first?.after?.description ?? "?"
            return row + ": its opening balance counts in the reconciliation of \(day), made since"
        case .reconciled:
            let day = conflict.fields.first?.after?.description ?? "?"
            return row + ": made since, it vouches for the account's balance on \(day), which this would change"
        case .lostInSync:
            let values = conflict.fields.map { "\($0.column) is \($0.after?.description ?? ""), not \($0.before?.description ?? "")" }
            return row + ": lost a sync's conflict to a change made apart (" + values.joined(separator: ", ") + "; see 'budget conflicts')"
        }
    }

    /// The words for the errors of devices, changeset files and the sync folder.
    init(sync error: SyncError) {
        switch error {
        case .invalidDeviceName(let name):
            self.init(message: "invalid device name '\(name)': it must be 1 to \(Device.maximumNameLength) characters without control characters",
                      hint: "choose a name such as laptop or \"Anna's phone\"")
        case .invalidChangesetFile(let path, let problem):
            self.init(message: "\(path): \(problem); nothing of it was applied",
                      hint: "let the sync tool finish copying it, or ask its device to sync again; the device's later files wait for it")
        case .changesetFileExists(let path):
            self.init(message: "\(path) already exists: another book syncs with this device's id",
                      hint: "a copy of this book? sync each book from its own file; 'budget device' shows this device's id")
        case .cannotWriteChangesetFile(let path, let reason):
            self.init(message: "cannot write \(path): \(reason)", hint: "check that the sync folder is writable and has room; nothing was published")
        case .cannotReadChangesetFile(let path, let reason):
            self.init(message: "cannot read \(path): \(reason)", hint: "check the file's permissions")
        case .cannotOpenSyncFolder(let path, let reason):
            self.init(message: "cannot open the sync folder \(path): \(reason)", hint: "check the path: every device syncs through the same folder")
        case .bookNotEmpty(let path):
            self.init(message: "\(path) has transactions or categories of its own, and the sync folder already holds another book",
                      hint: "join with a new, empty book ('budget --db NEW.sqlite3 sync --join DIR'), or sync this book into a new folder")
        case .notTheBooksFolder(let path, let file):
            self.init(message: "the sync folder \(path) does not hold \(file), the last file this device published there; "
                          + "nothing was published or applied",
                      hint: "check the path: sync with the folder this book synced with before (every device syncs through the same one)")
        case .syncFolderBusy(let path, let seconds):
            self.init(message: "another sync through \(path) is running on this machine (for \(seconds) seconds now); "
                          + "nothing was published or applied",
                      hint: "let it finish, then sync again")
        case .noFreeSlot:
            self.init(message: "ten devices already share this book", hint: "a book can be shared by at most ten devices")
        case .noSlotYet(let device):
            self.init(message: "this book is shared through a sync folder, but this device (\(device)) has no id digit there yet; "
                          + "nothing was changed",
                      hint: "the founding device gives each joining, copied or restored book a digit at its next sync: "
                          + "sync there, then 'budget sync DIR' here, then add rows")
        }
    }
}
