import Testing
@testable import BudgetKit

/// The XML layer under the CAMT and OFX 2.x readers: names as ids, paths as stacks.
@Suite struct XMLCursorTests {
    static let vocabulary = XMLVocabulary(["Ntry", "Amt", "Dt"])

    /// Every token as `<id:name@depth path>`, `'text'` or `</name@depth>`.
    static func tokens(_ text: String, vocabulary: XMLVocabulary = vocabulary, size: Int = 65536) throws -> [String] {
        let bytes = Array(text.utf8)
        var offset = 0
        var cursor = XMLCursor(file: "x.xml", vocabulary: vocabulary) {
            guard offset < bytes.count else { return nil }
            defer { offset += size }
            return Array(bytes[offset..<min(bytes.count, offset + size)])
        }
        var tokens: [String] = []
        while let kind = try cursor.next() {
            switch kind {
            case .start:
                let ccy = cursor.attribute("Ccy").map { " Ccy=\($0)" } ?? ""
                tokens.append("<\(cursor.id):\(cursor.name)@\(cursor.depth) \(cursor.pathText)\(ccy)>")
            case .text: tokens.append("'\(cursor.trimmedText)'")
            case .end, .namespace, .attribute: tokens.append("</\(cursor.name)@\(cursor.depth)>")
            }
        }
        return tokens
    }

    @Test func listedNamesHaveTheirIdsInOrderAndOthersNone() {
        #expect(Self.vocabulary.count == 4)
        #expect(["Ntry", "Amt", "Dt"].map { Self.vocabulary.id($0) } == [1, 2, 3])
        for name in ["ntry", "NTRY", "Nt", "Ntryx", "", "Dtt"] {
            #expect(Array(name.utf8).withUnsafeBufferPointer { Self.vocabulary.id(of: $0) } == XMLVocabulary.unknown)
        }
    }

    @Test func aVocabularyIgnoringCaseFindsEverySpellingAndGivesCapitals() {
        let names = (0..<300).map { "TAG\($0)" } + ["STMTTRN", "INTU.BID"]
        let vocabulary = XMLVocabulary(names, ignoringCase: true)
        for (index, name) in names.enumerated() {
            for spelling in [name, name.lowercased()] {
                #expect(Array(spelling.utf8).withUnsafeBufferPointer { vocabulary.id(of: $0) } == index + 1)
            }
            #expect(vocabulary.name(index + 1) == name)
        }
        #expect(Array("ſtmttrn".utf8).withUnsafeBufferPointer { vocabulary.id(of: $0) } == XMLVocabulary.unknown)
    }

    @Test func aPathTableFindsFieldsBelowEachContextAndNothingElsewhere() {
        let vocabulary = XMLVocabulary(["RltdPties", "Dbtr", "Nm", "Amt"])
        let table = XMLPathTable(vocabulary: vocabulary, contexts: [[("RltdPties/Dbtr/Nm", "debtor"), ("Amt", "amount")], [("Nm", "name")]])
        func walk(_ context: Int, _ names: [String]) -> String? {
            let node = names.reduce(table.root(context)) { table.child(of: $0, vocabulary.id($1)) }
            return table.field(at: node)
        }
        #expect(walk(0, ["RltdPties", "Dbtr", "Nm"]) == "debtor")
        #expect(walk(0, ["Amt"]) == "amount")
        #expect(walk(0, ["RltdPties", "Dbtr"]) == nil)
        #expect(walk(0, ["Nm"]) == nil)
        #expect(walk(1, ["Nm"]) == "name")
        #expect(walk(0, ["Amt", "Nm"]) == nil)
        #expect(table.child(of: XMLPathTable<String>.dead, XMLVocabulary.unknown) == XMLPathTable<String>.dead)
        #expect(table.field(at: table.child(of: table.root(0), XMLVocabulary.unknown)) == nil)
    }

    @Test func theCursorKeepsThePathOfListedAndUnlistedNamesAndEndsAnElementAfterItsEnd() throws {
        let xml = "<?xml version=\"1.0\"?>\n<d:Doc xmlns:d=\"urn:x\"><Ntry><Amt Ccy=\"EUR\"> 1.00 </Amt><Other><Dt>2026</Dt></Other></Ntry></d:Doc>"
        for size in [1, 7, 65536] {
            #expect(try Self.tokens(xml, size: size) == [
                "<0:Doc@1 Doc>", "<1:Ntry@2 Doc/Ntry>", "<2:Amt@3 Doc/Ntry/Amt Ccy=EUR>", "'1.00'", "</Amt@3>",
                "<0:Other@3 Doc/Ntry/Other>", "<3:Dt@4 Doc/Ntry/Other/Dt>", "'2026'", "</Dt@4>", "</Other@3>", "</Ntry@2>", "</Doc@1>",
            ])
        }
    }

    @Test func aVocabularyIgnoringCaseKeepsNamesAsWrittenInThePath() throws {
        let vocabulary = XMLVocabulary(["STMTTRN"], ignoringCase: true)
        #expect(try Self.tokens("<OFX><stmttrn>x</stmttrn></OFX>", vocabulary: vocabulary)
                == ["<0:OFX@1 OFX>", "<1:stmttrn@2 OFX/stmttrn>", "'x'", "</stmttrn@2>", "</OFX@1>"])
    }

    @Test func pathIsComparesWithoutMakingThePath() throws {
        let bytes = Array("<Doc><Ntry><Amt>1</Amt></Ntry></Doc>".utf8)
        var fed = false
        var cursor = XMLCursor(file: "x.xml", vocabulary: Self.vocabulary) {
            defer { fed = true }
            return fed ? nil : bytes
        }
        while let kind = try cursor.next(), !(kind == .start && cursor.id == Self.vocabulary.id("Amt")) {}
        #expect(cursor.pathIs("Doc/Ntry/Amt"))
        for other in ["Doc/Ntry", "Doc/Ntry/Amtx", "Doc/Ntry/Am", "Doc/Ntry/Amt/", "doc/Ntry/Amt", ""] { #expect(!cursor.pathIs(other)) }
        #expect(cursor.path(below: 0) == "Ntry/Amt" && cursor.path(below: 2) == "")
    }

    @Test func anUnclosedListedElementIsNamedAtThePrematureEnd() {
        #expect(throws: BankFileError(BankFileLocation(file: "x.xml", line: 2), .unexpectedEnd(expected: "</Amt>"))) {
            _ = try Self.tokens("<Ntry>\n<Amt>")
        }
    }
}
