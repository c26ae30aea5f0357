import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The package's top level holds Package.swift, Sources, Tests, README.md and the Makefile, and
/// dotfiles (.ci, .gitignore, .build): a scratch file a manual test left there (a review once
/// committed two QIF files) fails here before it lands.
@Suite struct TopLevelTests {
    static let allowed: Set<String> = ["Package.swift", "Package.resolved", "Sources", "Tests", "README.md", "Makefile"]

    @Test func theTopLevelHoldsOnlyThePackagesOwnFiles() throws {
        let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        let directory = try #require(opendir(root))
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        #expect(names.contains("Package.swift"))
        #expect(names.filter { !Self.allowed.contains($0) }.sorted() == [])
    }
}
