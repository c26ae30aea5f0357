import Testing
@testable import BudgetKit

@Suite struct CSVWriterTests {
    @Test(arguments: [
        ("plain", "plain\n"),
        ("", "\"\"\n"),
        ("a,b", "\"a,b\"\n"),
        ("say \"hi\"", "\"say \"\"hi\"\"\"\n"),
        ("\"", "\"\"\"\"\n"),
        ("two\nlines", "\"two\nlines\"\n"),
        ("cr\rhere", "\"cr\rhere\"\n"),
        (" leading", "\" leading\"\n"),
        ("trailing ", "\"trailing \"\n"),
        ("in side", "in side\n"),
        ("Café crème 🍰", "Café crème 🍰\n"),
        ("semi;colon", "semi;colon\n"),
    ])
    func quotesAFieldOnlyWhenItMust(field: String, line: String) {
        #expect(CSVWriter().row([.text(field)]) == line)
    }

    @Test func writesTheExportHeaderAndARowAsGoldenText() {
        let writer = CSVWriter()
        var output = ""
        writer.writeRow(["id", "date", "amount", "category", "payee", "note"], to: &output)
        writer.writeRow([.number("7"), .number("2026-11-21"), .money(Money(minorUnits: -1250)), "Food",
                         "Café, \"Chez Paul\"", "two\nlines"], to: &output)
        writer.writeRow([.number("8"), .number("2026-11-22"), .money(Money(minorUnits: 5)), "Food", "", ""], to: &output)
        #expect(output == #"""
            id,date,amount,category,payee,note
            7,2026-11-21,-12.50,Food,"Café, ""Chez Paul""","two
            lines"
            8,2026-11-22,0.05,Food,,

            """#)
    }

    @Test func endsRowsWithCRLFWhenAsked() {
        let writer = CSVWriter(lineEnding: .crlf)
        #expect(writer.row(["a", "b c", "d\r\ne"]) == "a,b c,\"d\r\ne\"\r\n")
    }

    @Test func writesBytesIntoACallerSuppliedBuffer() {
        var bytes: [UInt8] = [UInt8(ascii: ">")]
        CSVWriter().writeRow(["é", "x"], to: &bytes)
        #expect(bytes == Array(">é,x\n".utf8))
    }

    @Test func quotesFieldsHoldingAnotherDelimiter() {
        let writer = CSVWriter(format: .delimited(";"))
        #expect(writer.row(["a;b", "c,d", ""]) == "\"a;b\";c,d;\n")
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("tab\there", "tab\\there"),
        ("two\nlines", "two\\nlines"),
        ("cr\rhere", "cr\\rhere"),
        ("back\\slash", "back\\\\slash"),
        ("\"quoted\", with comma", "\"quoted\", with comma"),
        (" spaces ", " spaces "),
    ])
    func escapesTSVWithBackslashesInsteadOfQuotes(field: String, written: String) {
        #expect(CSVWriter(format: .tsv).row(["x", .text(field)]) == "x\t" + written + "\n")
    }

    @Test(arguments: [
        ("=SUM(A1:A9)", "'=SUM(A1:A9)"),
        ("+33 1 23", "'+33 1 23"),
        ("-2+3", "'-2+3"),
        ("@cmd", "'@cmd"),
        ("\tlead", "\"'\tlead\""),
        ("=1,2", "\"'=1,2\""),
        ("Lunch", "Lunch"),
        ("a=b", "a=b"),
        ("", ""),
    ])
    func excelSafeGuardsTextCellsThatLookLikeFormulas(text: String, written: String) {
        let writer = CSVWriter(excelSafe: true)
        #expect(writer.row([.money(Money(minorUnits: -1250)), .text(text)]) == "-12.50," + written + "\n")
    }

    /// Issue "Trust" item 13: what a spreadsheet may run once it trims or folds the text.
    @Test(arguments: [
        (" =1+1", "\"' =1+1\""),
        ("  @SUM(A1)", "\"'  @SUM(A1)\""),
        ("\u{A0}+1", "'\u{A0}+1"),
        ("\u{3000}-1", "'\u{3000}-1"),
        ("\n=cmd", "\"'\n=cmd\""),
        ("\u{FF1D}1+1", "'\u{FF1D}1+1"),
        ("\u{FF0B}1", "'\u{FF0B}1"),
        ("\u{FF0D}1", "'\u{FF0D}1"),
        ("\u{FF20}cmd", "'\u{FF20}cmd"),
        ("\u{FF5C}cmd", "'\u{FF5C}cmd"),
        ("|cmd", "'|cmd"),
        ("\rx", "\"'\rx\""),
        (" \tx", "\"' \tx\""),
        (" x", "\" x\""),
        ("x|y", "x|y"),
        ("\u{200B}=1", "\u{200B}=1"),
        ("  ", "\"  \""),
    ])
    func excelSafeGuardsFormulasBehindWhitespaceAndFullWidthSigns(text: String, written: String) {
        #expect(CSVWriter(excelSafe: true).row([.text(text)]) == written + "\n")
    }

    @Test func excelSafeNeverChangesNumbers() {
        let writer = CSVWriter(excelSafe: true)
        #expect(writer.row([.number("-12.50"), .number("+3"), .text("-12.50")]) == "-12.50,+3,'-12.50\n")
        #expect(CSVWriter(format: .tsv, excelSafe: true).row([.number("-1"), "=x"]) == "-1\t'=x\n")
    }

    @Test func leavesTextAloneWhenExcelSafeIsOff() {
        #expect(CSVWriter().row(["=SUM(A1)", "@x"]) == "=SUM(A1),@x\n")
    }
}
