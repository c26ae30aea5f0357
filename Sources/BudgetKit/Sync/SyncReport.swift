/// What one ``BudgetStore/sync(folder:)`` did.
public struct SyncReport: Hashable, Sendable {
    /// This device.
    public let device: Device
    /// Its slot: the last digit of the ids it makes; `nil` while a joining device waits for the
    /// founding device to give it one (it makes no new rows until then).
    public let slot: Int64?
    /// Whether this sync made the book the folder's first (it published the whole book).
    public let founded: Bool
    /// Whether this sync joined the book to a folder another device started (it asked for a
    /// slot).
    public let joined: Bool
    /// Whether this sync brought this device the slot the founding device gave it.
    public let slotGiven: Bool
    /// How many of this device's entries were written to the folder.
    public let published: Int
    /// How many other devices' files were applied.
    public let applied: Int
    /// Every field this sync resolved between two devices' changes.
    public let conflicts: [SyncConflict]
    /// Files refused (damaged, cut short, newer): nothing of them was applied, and their
    /// device's later files wait.
    public let refused: [SyncError]
    /// Reconciliations that held before this sync and no longer do: changes from another
    /// device dated on or before an account's last statement (a row added, edited or deleted
    /// there while apart). Each with the book's balance on the statement's day now.
    public var brokenReconciliations: [ReconciliationBalance] = []
    /// Transactions whose fields, merged from edits made apart on two devices, no longer hold
    /// together (a transfer to its own account, a split whose parts no longer add up to its
    /// amount...), each with the rule it breaks (``BookProblem``), by id. Every book holds the
    /// same; one edit of each settles it everywhere.
    public var unsettledTransactions: [BookProblem] = []
    /// Transactions dated on or after the day their account closed, where this sync brought the
    /// row or the closing from another device (the two worked apart): `budget accounts` leaves
    /// the account out, so its balance moved out of sight. Each once, by the sync that made it so.
    public var rowsInClosedAccounts: [RowInClosedAccount] = []
    /// Imported transfers that look like one transfer imported twice: two devices, apart,
    /// each imported one account's file, whose sides of a transfer have keys of their own (one
    /// device importing both files finds the second side already imported). Both are kept, as
    /// the bank may well have made two; each pair once, by the sync that brought them together.
    public var twinTransfers: [TwinTransfers] = []
    /// Transactions that are one bank row imported on two devices apart (the same file, or two
    /// files holding the row): each has the row's import key, so the book counts the row twice.
    /// Both are kept, the smaller id holding the key (the other gets it back if it goes); each
    /// pair once, by the sync that brought them together.
    public var rowsImportedTwice: [RowImportedTwice] = []
    /// Devices whose next file is not in the folder while later ones are (a sync tool still
    /// copying it, a file moved away): their later files wait for it, and none of them was
    /// applied. By file name.
    public var missingFiles: [MissingChangesetFile] = []
}

/// Two transactions with one import key, added on two devices: one bank row imported twice.
public struct RowImportedTwice: Hashable, Sendable {
    /// The row holding the key, and the row that gave it way (the larger id).
    public let firstID: Int64, secondID: Int64
    /// The first row's date, amount, payee and account's name.
    public let date: Day
    public let amount: Money
    public let payee: String
    public let account: String
}

/// The next changeset file of a device, missing from the sync folder while later ones are there.
public struct MissingChangesetFile: Hashable, Sendable {
    /// The device that wrote it.
    public let device: DeviceID
    /// The name it goes by (its id when the book knows no name for it).
    public let name: String
    /// The missing file's name: `k7m2x9qa-000000000042.changeset`.
    public let file: String
}

/// Two imported transfers between the same accounts, the same way, on the same day, of the
/// same amount, added on two devices (their ids end in different digits).
public struct TwinTransfers: Hashable, Sendable {
    /// The smaller id, and the other.
    public let firstID: Int64, secondID: Int64
    public let date: Day
    public let amount: Money
    /// The accounts' names: from, to.
    public let account: String, transferAccount: String
}

/// A transaction dated on or after the day its account (or the account a transfer reaches)
/// was closed.
public struct RowInClosedAccount: Hashable, Sendable {
    public let transactionID: Int64
    /// The closed account's name.
    public let account: String
    /// The day it closed.
    public let closedOn: Day
}

/// An account's last reconciliation and the book's balance of the account at the end of its
/// statement's day now: the reconciliation holds while the two agree.
public struct ReconciliationBalance: Hashable, Sendable {
    public let reconciliation: Reconciliation
    public let bookBalance: Money

    /// Whether the book still has the statement's balance on its day.
    public var holds: Bool { bookBalance == reconciliation.statementBalance }
}
