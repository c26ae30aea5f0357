import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct FormatTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("quote \" and \\ backslash", "\"quote \\\" and \\\\ backslash\""),
        ("line\nbreak\ttab\rcr", "\"line\\nbreak\\ttab\\rcr\""),
        ("\u{01}\u{1F}\u{1B}[31m", "\"\\u0001\\u001f\\u001b[31m\""),
        ("Café 日本 🍕", "\"Café 日本 🍕\""),
        // A combining mark after an escaped character makes one Character of the two: the
        // escape and the mark each come out once, byte for byte.
        ("\"\u{301}x\u{8}\u{301}", "\"\\\"\u{301}x\\b\u{301}\""),
        ("a\r\nb", "\"a\\r\\nb\""),
        ("", "\"\""),
        ("\\", "\"\\\\\""),
    ])
    func jsonStringsAreEscaped(text: String, json: String) {
        var output = ""
        JSON.appendString(text, to: &output)
        #expect(Array(output.utf8) == Array(json.utf8))
    }

    @Test func jsonAmountsAreNumberLiteralsAndMissingPercentIsNull() {
        var output = ""
        for cell in [Cell.money(Money(minorUnits: 1250)), .money(Money(minorUnits: -5)), .percent(nil),
                     .percent(PercentTenths(tenths: 1042)), .flag(true), .integer(7)] {
            JSON.appendValue(cell, to: &output)
            output += " "
        }
        #expect(output == "12.50 -0.05 null 104.2 true 7 ")
    }

    @Test func anEmptyJSONArrayIsBrackets() throws {
        let output = Output()
        let writer = try RecordWriter(format: .json, record: RecordDescription<ImportRule>.rule, output: output)
        try writer.finish()
        try output.flush()
        #expect(output.text == "[]\n")
    }

    @Test(arguments: [("abc", 3), ("Café", 4), ("Cafe\u{301}", 4), ("日本", 4), ("🍕x", 3), ("\u{1B}[31mred\u{1B}[0m", 3)])
    func displayWidthCountsColumns(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func tablesAlignByDisplayWidth() {
        var table = Table(columns: [("NAME", .left), ("AMOUNT", .right)])
        table.append([.text("日本食"), .money(Money(minorUnits: 100))])
        table.append([.text("Café"), .money(Money(minorUnits: -123456))])
        table.append([.text("new\nline"), .money(.zero)])
        table.appendRule()
        table.append(texts: ["Total"])
        #expect(table.render() == """
        NAME         AMOUNT
        日本食         1.00
        Café       -1234.56
        new\\nline      0.00
        ---------  --------
        Total

        """)
    }

    /// A line with `actual` spent (or received) of `available`, in minor units.
    func line(_ actual: Int64, of available: Int64, kind: BudgetCategory.Kind = .expense) -> ReportLine {
        ReportLine(category: "x", kind: kind, budget: Money(minorUnits: available), rollover: .zero, actual: Money(minorUnits: actual))
    }

    @Test func percentBarsFillByEighthsAndColourOnlyWhenAsked() {
        let plain = PercentBar(colored: false)
        #expect(plain.render(line(500, of: 1000)) == "│█████     │")
        #expect(plain.render(line(1500, of: 1000)) == "│██████████│")
        #expect(plain.render(line(125, of: 1000)) == "│█▎        │")
        #expect(plain.render(line(0, of: 0)) == "")
        let colored = PercentBar(colored: true)
        #expect(colored.render(line(1500, of: 1000)) == "\u{1B}[31m│██████████│\u{1B}[0m")
        #expect(colored.render(line(950, of: 1000)).hasPrefix("\u{1B}[33m"))
        #expect(colored.render(line(100, of: 1000)).hasPrefix("\u{1B}[32m"))
        #expect(colored.render(line(100, of: 1000, kind: .income)) == "│█         │")
    }
}
