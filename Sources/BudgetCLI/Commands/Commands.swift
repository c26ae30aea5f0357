/// Every command of `budget`, in the order `budget --help` lists them: the one tree the parser
/// walks and help, completions and the man page describe.
///
/// Adding a command: write its ``BudgetCommand`` type and list it here.
enum Commands {
    static let tree: [CommandTree] = [
        .command(AddCategory.self), .command(Categories.self), .command(ShowCategory.self), .command(SetBudget.self),
        .command(RemoveBudget.self), .command(SetRollover.self), .command(RenameCategory.self), .command(DeleteCategory.self),
        .command(AddAccount.self), .command(Accounts.self), .command(RenameAccount.self), .command(CloseAccount.self),
        .command(DeleteAccount.self), .command(SetDefaultAccount.self), .command(SetOpeningBalance.self), .command(SetAccountNumber.self),
        .command(Add.self), .command(Transfer.self), .command(Edit.self), .command(Delete.self), .command(List.self), .command(Export.self),
        .command(Import.self), ImportProfileCommands.tree, .command(Reconcile.self), RuleCommands.tree, .command(Payees.self),
        .command(MergePayees.self), .command(Report.self), .command(Watch.self), .command(Backup.self),
        .command(Restore.self),
        .command(Check.self), .command(Log.self), .command(Undo.self), .command(Redo.self),
        .command(Sync.self), .command(Conflicts.self), .command(DeviceCommand.self),
        .command(Completions.self), .command(Help.self), .command(Complete.self),
    ]

    /// What help knows of every command, in order.
    static let info: [CommandInfo] = tree.map { $0.info() }
}
