import Testing
@testable import BudgetKit

/// libxml2 is loaded when the first XML document is read, not linked (see ``LibXML2``).
@Suite struct LibXML2Tests {
    @Test func theInstalledLibraryHasEveryFunctionTheReaderCalls() throws {
        _ = try LibXML2.load(LibXML2.fileName).get()
        _ = try LibXML2.shared.get()
    }

    @Test func aLibraryThatIsNotInstalledIsAMissingLibraryNamingIt() {
        let name = "libxml2-not-installed.so.2"
        #expect(throws: BudgetError.missingLibrary(name: name, reason: "\(name): cannot open shared object file: No such file or directory")) {
            try LibXML2.load(name).get()
        }
    }

    @Test func aLibraryWithoutTheFunctionsIsAMissingLibraryNamingTheFirstOneMissing() throws {
        guard case .failure(.missingLibrary(let name, let reason)) = LibXML2.load("libsqlite3.so.0") else {
            Issue.record("libsqlite3 was taken for libxml2")
            return
        }
        #expect(name == "libsqlite3.so.0")
        #expect(reason.hasSuffix("undefined symbol: xmlCreatePushParserCtxt"))
    }
}
