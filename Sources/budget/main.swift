import BudgetCLI

exit(BudgetCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
