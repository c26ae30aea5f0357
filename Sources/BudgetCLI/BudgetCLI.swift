import BudgetKit
#if canImport(Glibc)
@_exported import Glibc
#endif

/// The `budget` command line: parses argv, runs the command, returns the exit status.
public enum BudgetCLI {
    public static func main(arguments: [String]) -> Int32 { 0 }
}
