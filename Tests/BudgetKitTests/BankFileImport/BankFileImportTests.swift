import Testing
@testable import BudgetKit

/// Issue 11 items 1, 2, 4 and 6: bank files found from their content, decoded, routed to the
/// account they name, and keyed by the bank's ids.
@Suite struct BankFileImportTests {
    @Test(arguments: [
        ("ofx1-us-checking-unclosed.ofx", BankFileFormat.ofx, "Checking", 4),
        ("ofx2-xml-savings.ofx", .ofx, "Main", 2),
        ("mt940-structured-86-multiline.sta", .mt940, "Giro", 3),
        ("camt053-batch-and-pending.xml", .camt053, "Main", 4),
        ("qif-us-splits-transfer.qif", .qif, "Main", 0),
    ])
    func eachFormatIsFoundFromItsContentNeverItsName(_ name: String, _ format: BankFileFormat, _ account: String, _ minimum: Int) throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        var pending: [UInt8]? = corpusBytes(name)
        var options = bankOptions()
        if format == .ofx && account == "Main" || format == .camt053 { options.account = "Main" }
        if format == .qif {
            options.dateOrder = .monthDayYear; options.createsMissingCategories = true; options.account = "Main"
            try store.addAccount(named: "Savings")   // its [Savings] transfer
            try store.addAccount(named: "Cash")      // its split's [Cash] part
        }
        var rows = ImportReader(file: "statement.csv", options: options) {
            defer { pending = nil }
            return pending
        }
        let summary = try store.importTransactions(from: &rows)
        #expect(rows.format == format)
        #expect(summary.added >= minimum)
        #expect(try store.transactions().allSatisfy { $0.account == account || $0.isTransfer })
    }

    @Test func anOFXStatementGoesToTheAccountWithItsNumberKeyedByFITID() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let summary = try importCorpus(store, "ofx1-us-checking-unclosed.ofx")
        #expect(summary.added == 4 && summary.skipped == 0)
        #expect(try flows(store) == [
            "Checking 2026-11-03 -4.75 BLUE BOTTLE COFFEE",
            "Checking 2026-11-05 -1250.00 A & B PROPERTY MGMT",
            "Checking 2026-11-15 2500.00 ACME PAYROLL",
            "Checking 2026-11-30 -0.50 First Example Bank",
        ])
        #expect(try importKeys(store) == ["0012345678|ref|202611030001", "0012345678|ref|202611050002",
                                          "0012345678|ref|202611150003", "0012345678|ref|202611300004"])
    }

    @Test func importingTheSameBankFileAgainAddsNothing() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try importCorpus(store, "mt940-structured-86-multiline.sta")
        let before = try bookDump(store, withChangeLog: false)
        let again = try importCorpus(store, "mt940-structured-86-multiline.sta")
        #expect(again.added == 0 && again.skipped == 3)
        #expect(try bookDump(store, withChangeLog: false) == before)
    }

    @Test func theSameFileInTwoBooksGivesTheSameKeys() throws {
        let dir = TemporaryDirectory()
        let first = try bankBook(dir, "first.sqlite3")
        let second = try bankBook(dir, "second.sqlite3")
        // The second book's accounts have other ids: keys never depend on them.
        try second.addAccount(named: "Spare")
        for name in ["mt940-structured-86-multiline.sta", "ofx1-us-checking-unclosed.ofx"] {
            try importCorpus(first, name)
            try importCorpus(second, name)
        }
        #expect(try importKeys(first) == importKeys(second))
        #expect(try importKeys(first).contains("37040044/0532013000|ref|2611280001"))
        // A row without the bank's id is keyed by its content, as CSV rows are.
        #expect(try importKeys(first).contains("default|2026-11-30|-3.50|Kontofuehrungsgebuehr November 2026|1"))
    }

    @Test func aStatementOfAnUnknownAccountNumberIsRefusedAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir, numbers: false)
        let before = try bookDump(store)
        let error = BudgetError.unknownAccountNumber("0012345678", location: BankFileLocation(file: "statement", line: 43))
        #expect(throws: error) { try importCorpus(store, "ofx1-us-checking-unclosed.ofx") }
        #expect(throws: error) { try importCorpus(store, "ofx1-us-checking-unclosed.ofx", dryRun: true) }
        #expect(try bookDump(store) == before)
    }

    @Test func anAccountNamedInTheOptionsTakesTheRowsOfAnyStatement() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir, numbers: false)
        try importCorpus(store, "ofx1-us-checking-unclosed.ofx", bankOptions { $0.account = "Main" })
        #expect(try store.transactions().map(\.account) == Array(repeating: "Main", count: 4))
    }

    @Test func aNumberIsMatchedIgnoringSpacesDashesAndCase() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir, numbers: false)
        try store.addAccount(named: "Giro", number: "de89 3704 0044 0532 0130 00")
        try importCorpus(store, "camt053-batch-and-pending.xml")
        #expect(try store.transactions().allSatisfy { $0.account == "Giro" })
    }

    @Test func aUTF16AndALatin1CSVFileAreDecoded() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try importCorpus(store, "csv-utf16le-bom.csv", bankOptions {
            $0.delimiter = "\t"; $0.dateColumn = ImportColumn("Date"); $0.amount = .signed(ImportColumn("Amount"))
            $0.payeeColumn = ImportColumn("Description"); $0.negate = true
        })
        try importCorpus(store, "csv-german-latin1.csv", bankOptions {
            $0.delimiter = ";"; $0.dateColumn = ImportColumn("Buchungstag"); $0.amount = .signed(ImportColumn("Betrag"))
            $0.payeeColumn = ImportColumn("Auftraggeber/Empfänger"); $0.negate = true; $0.decimalComma = true
        })
        let payees = try store.transactions().map(\.payee)
        #expect(payees.contains("Café Crème") && payees.contains("Zoë’s Books"))
        #expect(payees.contains("Bäckerei Müller") && payees.contains("Straßenbahn GmbH"))
    }

    @Test func anEncodingGivenOverridesDetection() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let bytes = Array("date,amount,payee\n2026-11-03,-1.00,Caf".utf8) + [0xE9, 0x0A]
        try importBytes(store, bytes, bankOptions { $0.negate = true; $0.encoding = .latin1 })
        #expect(try store.transactions().map(\.payee) == ["Café"])
        let before = try bookDump(store)
        #expect(throws: BudgetError.bankFile(BankFileError(BankFileLocation(file: "statement", line: 2), .invalidText(encoding: .utf8, byteOffset: 38)))) {
            try importBytes(store, bytes, bankOptions { $0.negate = true; $0.encoding = .utf8 })
        }
        #expect(try bookDump(store) == before)
    }

    @Test func aFormatGivenOverridesDetection() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let before = try bookDump(store)
        // An MT940 file read as CSV has no date column.
        #expect(throws: BudgetError.self) { try importCorpus(store, "mt940-structured-86-multiline.sta", bankOptions { $0.fileFormat = .csv }) }
        #expect(try bookDump(store) == before)
        try importCorpus(store, "mt940-structured-86-multiline.sta", bankOptions { $0.fileFormat = .mt940 })
        #expect(try store.transactions().count == 3)
    }
}
