@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

extension Sandbox {
    /// What a run wrote to one file that both its stdout and its stderr went to.
    struct OneFileRun {
        var status: Int32
        var text: String
    }

    /// Runs `budget` with stdout and stderr writing to one file, as `budget ... > log 2>&1` does
    /// (two buffered ``Output``s on one descriptor, one file offset): the file shows the order in
    /// which their lines reached it.
    func runIntoOneFile(_ arguments: String..., tableBufferedRows: Int = TableWriter.bufferedRows) -> OneFileRun {
        let path = directory + "/stdout-and-stderr.log"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot open \(path)")
        let status = BudgetCLI.run(arguments, environment: environment, stdout: Output(fileDescriptor: descriptor),
                                   stderr: Output(fileDescriptor: descriptor), tableBufferedRows: tableBufferedRows)
        close(descriptor)
        return OneFileRun(status: status, text: read(path))
    }
}
