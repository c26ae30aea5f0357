#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// A fresh folder under /tmp for one test, removed (with everything in it) when released.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/budget-test-XXXXXX".utf8CString)
        let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(result != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        _ = system("rm -rf '\(path)'")
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// A store on a new database file in the folder.
    func store(_ name: String = "budget.sqlite3") throws -> BudgetStore {
        try BudgetStore(path: file(name))
    }
}
