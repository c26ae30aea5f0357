import BudgetKit

/// `budget sync DIR`.
struct Sync: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "sync",
        abstract: "Share the book with other devices through a folder.",
        discussion: """
        DIR is any folder the devices share (Syncthing, a NAS, Nextcloud, a USB stick, a git \
        repository). Each device writes its own changes there as files named by device and \
        number, never another device's, and applies the others' in clock order, so every book \
        ends the same. The first book synced into an empty folder founds it; another device \
        joins with a new, empty book (--join creates it; without --join a book that does not \
        exist is an error, so a mistyped --db never takes one of the folder's ten device slots) \
        and adds rows once the founding device has synced and given it a digit (sync again \
        then). Ids made on each device end in its own digit, so \
        rows added apart never clash. If the founding device is gone for good, run one other \
        device's syncs with --give-slots. A field two devices changed apart keeps the later change; \
        every conflict is printed, and 'budget conflicts' lists them with the losing value. \
        A damaged or cut file is refused by name (exit 65) and its device's later files wait.
        """,
        access: .write)

    static var arguments: [CommandArgument<Sync>] {[
        .argument(\.folderPath, "dir", help: "The shared folder."),
        .flag(\.givingSlots, "give-slots", help: "Give joining devices their digits (when the founding device is gone)."),
        .flag(\.joining, "join", help: "Create the book when it does not exist, to join DIR as a new device."),
    ]}

    var folderPath = FilePath("")
    var givingSlots = false
    var joining = false
    var folder: String { folderPath.path }

    func run(_ context: CommandContext) throws -> Outcome {
        let report = try book(context).sync(folder: folder, givingSlots: givingSlots)
        let terminal = context.stderr.isTerminal
        let digit = report.slot.map(String.init) ?? ""
        if report.founded { context.confirm("Founded \(folder) as device \(report.device.name) (ids ending in \(digit)).") }
        if report.joined {
            context.confirm("Joined \(folder) as device \(report.device.name); it adds rows once the founding device has synced "
                + "and given it an id digit (sync again then).")
        }
        if report.slotGiven { context.confirm("Device \(report.device.name) now makes ids ending in \(digit).") }
        context.confirm("Published \(report.published) change\(report.published == 1 ? "" : "s"), applied \(report.applied) from other devices"
            + (report.conflicts.isEmpty ? "." : "; \(report.conflicts.count) conflict\(report.conflicts.count == 1 ? "" : "s"):"))
        for conflict in report.conflicts {
            context.warn("  " + HistoryLog.visible(ConflictText.line(conflict), terminal: terminal))
        }
        for broken in report.brokenReconciliations {
            let reconciliation = broken.reconciliation, balance = broken.bookBalance
            context.warn(HistoryLog.visible("budget: warning: the reconciliation of \(reconciliation.account) on \(reconciliation.statementDate) "
                + "(statement balance \(reconciliation.statementBalance)) no longer holds: changes from another device make the book's "
                + "balance that day \(balance)", terminal: terminal))
            let list = ShellWords.quoted(["budget", "list", "--account", reconciliation.account, "--to", reconciliation.statementDate.description])
            context.warn(HistoryLog.visible("hint: see the rows with '\(list)', then put them right or reconcile again", terminal: terminal))
        }
        /// Each item's warning, then one hint naming the first (the hint's words hold no user text).
        func warnEach<Item>(_ items: [Item], _ warning: (Item) -> String, hint: (Item) -> String) {
            for item in items { context.warn(HistoryLog.visible("budget: warning: " + warning(item), terminal: terminal)) }
            if let first = items.first { context.warn("hint: " + hint(first)) }
        }
        warnEach(report.unsettledTransactions, { "edits made apart on two devices merged into a transaction that no longer holds together: \($0)" },
                 hint: { _ in "every device holds the same now; put each one right with 'budget edit ID' (a transfer: --account "
                     + "and --transfer-to; a split: --split or --category) or delete it, and the edit reaches the other devices with their next sync" })
        warnEach(report.rowsInClosedAccounts, { row in
            "transaction \(row.transactionID) is dated on or after \(row.closedOn), when \(row.account) was closed (the row or the closing "
                + "came from another device): 'budget accounts' leaves \(row.account) out (see 'budget accounts --all')"
        }, hint: { "move it to an open account with 'budget edit \($0.transactionID) --account NAME' (a transfer's other side: --transfer-to NAME), or delete it" })
        warnEach(report.twinTransfers, { twins in
            "transactions \(twins.firstID) and \(twins.secondID), both \(twins.amount) from \(twins.account) to \(twins.transferAccount) on "
                + "\(twins.date), were imported on two devices: they may be one transfer, each side imported from its own account's file"
        }, hint: { "if they are one, delete one with 'budget delete \($0.secondID)' (it stays deleted when its file is imported again); "
                   + "a device that imports both files finds the second side already imported" })
        warnEach(report.rowsImportedTwice, { twice in
            let row = ["\(twice.amount)", twice.payee, "\(twice.date)", "account \(twice.account)"].filter { !$0.isEmpty }
            return "transactions \(twice.firstID) and \(twice.secondID) (" + row.joined(separator: ", ")
                + ") are one row of a bank file imported on two devices: the book counts it twice"
        }, hint: { "delete one of each pair ('budget delete \($0.secondID)'): the other keeps the row's import key, so importing the file again adds nothing" })
        warnEach(report.missingFiles, { "\($0.name)'s changes from \($0.file) on wait: it is not in the sync folder, while later ones are" },
                 hint: { _ in "sync again once the sync tool has brought it (or move it there, if it went to another folder)" })
        guard let first = report.refused.first else { return .success }
        for refused in report.refused.dropFirst() {
            context.warn("budget: error: " + ErrorText(sync: refused).message)
        }
        throw BudgetError.sync(first)
    }

    /// The book to sync. Only `--join` creates a missing one: joining takes one of the folder's
    /// ten device slots for good, so a mistyped `--db` is named, and nothing is written in the
    /// folder or at the path.
    ///
    /// - Throws: ``EnvironmentError`` naming the path and `--join` when the book does not exist
    ///   and `--join` was not given; what opening the book throws otherwise.
    func book(_ context: CommandContext) throws -> BudgetStore {
        do {
            return try context.store(access: joining ? .write : .change)
        } catch BudgetError.databaseNotFound(let path) {
            let join = ShellWords.command(["budget"] + (context.globals.database.map { ["--db", $0] } ?? []) + ["sync", "--join"],
                                          arguments: [folder])
            throw EnvironmentError(message: "'\(path)' does not exist",
                                   hint: "check the path; to join the folder with a new book there: \(join)")
        }
    }
}

/// `budget conflicts`.
struct Conflicts: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "conflicts",
        abstract: "List the conflicts syncs resolved, with losing values.",
        discussion: "Newest first. A losing value can be restored with 'budget edit' or 'budget rename-category'.",
        access: .read)

    static var arguments: [CommandArgument<Conflicts>] {[.format(\.format)]}

    var format = OutputFormat.table

    func run(_ context: CommandContext) throws -> Outcome {
        let conflicts = try context.store().syncConflicts()
        try context.printRecords(format, record: .conflict, values: conflicts)
        return .success
    }
}

/// `budget device [NAME]`.
struct DeviceCommand: BudgetCommand {
    static let configuration = CommandConfiguration(
        name: "device",
        abstract: "Show or set this device's name.",
        discussion: """
        The name shows in 'budget log' and 'budget conflicts' on every device. The id belongs \
        to the book file: a copy of the book is another device.
        """,
        access: .write)

    static var arguments: [CommandArgument<DeviceCommand>] {[
        .argument(\.name, "name", help: "The new name (default: show the device)."),
    ]}

    var name: String?

    func run(_ context: CommandContext) throws -> Outcome {
        // Naming creates the book: a new device is named before its first sync joins a folder.
        // Showing only reads, and a book that is not there has no device to show.
        let store = try context.store(access: name == nil ? .readExisting : .write)
        if let name {
            let device = try store.renameDevice(to: name)
            context.confirm("This device is now named \(device.name).")
            return .success
        }
        let (device, slot) = try store.device()
        // A device that joined says so until the founding device gives it its digit: "not
        // synced", right after its first sync, read as if the join had failed.
        let state = try slot.map { "ids ending in \($0)" } ?? (store.sharesSyncFolder() ? "no id digit yet" : "not synced")
        try context.stdout.write(HistoryLog.visible("\(device.name)\t\(device.id)\t\(state)", terminal: context.stdout.isTerminal) + "\n")
        return .success
    }
}

/// How a conflict reads: `transactions 42 amount: kept 3000 (ben), lost 2000 (anna)`.
enum ConflictText {
    static func line(_ conflict: SyncConflict) -> String {
        func side(_ value: HistoryValue?, _ device: String) -> String {
            (value.map(HistoryLog.value) ?? "deleted") + (device.isEmpty ? "" : " (\(device))")
        }
        return "\(conflict.table) \(conflict.rowKey) \(conflict.column): kept \(side(conflict.kept, conflict.keptDevice)), "
            + "lost \(side(conflict.lost, conflict.lostDevice))"
    }
}

extension RecordDescription where Value == SyncConflict {
    /// `time,table,row,column,kept,kept_device,lost,lost_device`.
    static var conflict: RecordDescription<SyncConflict> { RecordDescription(columns: [
        RecordColumn("time", table: { .text(HistoryLog.time($0.resolvedAt)) }) { .date(HistoryLog.time($0.resolvedAt, withOffset: true)) },
        RecordColumn("table") { .text($0.table) },
        RecordColumn("row") { .text($0.rowKey) },
        RecordColumn("column") { .text($0.column) },
        RecordColumn("kept") { .sql($0.kept) },
        RecordColumn("kept_device") { .text($0.keptDevice) },
        RecordColumn("lost") { .sql($0.lost) },
        RecordColumn("lost_device") { .text($0.lostDevice) },
    ]) }
}
