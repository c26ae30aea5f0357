import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Review 56 finding 10: the doc comments that list the live results (``LiveResult``, its
/// `ChangeSet`, ``ObservableLive``) name every class conforming to `LiveResult` and its change
/// set; they had left out LiveMonthlyReport and ReportChangeSet.
@Suite struct LiveResultDocTests {
    static let folder: String = {
        let here = #filePath
        let root = here.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        return root + "/Sources/BudgetKit/Observation"
    }()

    /// Every Swift file of the folder, by name, with its text.
    static func sources() -> [String: String] {
        var files: [String: String] = [:]
        guard let directory = opendir(folder) else { return [:] }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".swift"), let file = fopen(folder + "/" + name, "rb") else { continue }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
            fclose(file)
            files[name] = String(decoding: bytes, as: UTF8.self)
        }
        return files
    }

    /// The `///` lines just before the line starting with `declaration` (and its attributes).
    static func docComment(before declaration: String, in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.trimmingPrefix(while: { $0 == " " })) }
        guard let index = lines.firstIndex(where: { $0.hasPrefix(declaration) }) else { return "" }
        let above = lines[..<index].reversed().drop { $0.hasPrefix("@") }
        return above.prefix { $0.hasPrefix("///") }.reversed().joined(separator: " ")
    }

    @Test func theDocsNameEveryLiveResultAndItsChangeSet() throws {
        let sources = Self.sources()
        let all = sources.values.joined(separator: "\n")
        // `public final class LiveX: LiveResult {`
        let results = all.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("public final class "), line.hasSuffix(": LiveResult {") else { return nil }
            return String(line.dropFirst("public final class ".count).dropLast(": LiveResult {".count))
        }
        #expect(results.sorted() == ["LiveAccounts", "LiveCategories", "LiveMonthlyReport", "LiveTransactions"])
        let protocolDoc = Self.docComment(before: "public protocol LiveResult", in: try #require(sources["LiveResult.swift"]))
        let changeSetDoc = Self.docComment(before: "associatedtype ChangeSet", in: try #require(sources["LiveResult.swift"]))
        let observableDoc = Self.docComment(before: "public final class ObservableLive", in: try #require(sources["ObservableLive.swift"]))
        for result in results {
            #expect(protocolDoc.contains("``\(result)``"), "LiveResult's doc leaves out \(result)")
            #expect(observableDoc.contains("`ObservableLive<\(result)>`"), "ObservableLive's doc leaves out \(result)")
            // Its change set: what its processPendingChanges() returns.
            let own = sources.filter { $0.key.hasPrefix(result) }.values.joined(separator: "\n")
            let changeSet = try #require(own.firstRange(of: "func processPendingChanges() throws -> ").map { range in
                String(own[range.upperBound...].prefix { $0 != "?" })
            })
            #expect(changeSetDoc.contains("``\(changeSet)``"), "LiveResult.ChangeSet's doc leaves out \(changeSet)")
        }
    }
}
