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
        var bytes: [UInt8] = Array("x".utf8)
        JSON.appendString(text, to: &bytes)
        #expect(bytes == Array(("x" + json).utf8))
    }

    @Test func everyControlCharacterIsEscapedAndDELAndNonASCIIAreNot() {
        let named: [UInt8: String] = [0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r"]
        let hex = Array("0123456789abcdef")
        for byte in UInt8(0)..<0x20 {
            var bytes: [UInt8] = []
            JSON.appendString(String(UnicodeScalar(byte)), to: &bytes)
            let escape = named[byte] ?? "\\u00" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            #expect(String(decoding: bytes, as: UTF8.self) == "\"" + escape + "\"", "\(byte)")
        }
        var bytes: [UInt8] = []
        JSON.appendString("\u{7F}\u{80}\u{9B}\u{202E}\u{FEFF}", to: &bytes)
        #expect(bytes == Array("\"\u{7F}\u{80}\u{9B}\u{202E}\u{FEFF}\"".utf8))
    }

    @Test func jsonAmountsAreNumberLiteralsAndMissingPercentIsNull() {
        var output: [UInt8] = []
        for cell in [Cell.money(Money(minorUnits: 1250)), .money(Money(minorUnits: -5)), .percent(nil),
                     .percent(PercentTenths(tenths: 1042)), .flag(true), .flag(false), .integer(7), .integer(0), .integer(-42),
                     .integer(.min), .integer(.max), .sql(nil), .sql(.null), .sql(.integer(-3)), .sql(.text("7")),
                     .text("a\"b"), .date("2026-11-27")] {
            JSON.appendValue(cell, to: &output)
            output += Array(" ".utf8)
        }
        #expect(String(decoding: output, as: UTF8.self) == "12.50 -0.05 null 104.2 true false 7 0 -42 -9223372036854775808 "
                + "9223372036854775807 null null -3 \"7\" \"a\\\"b\" \"2026-11-27\" ")
    }

    @Test func aJSONObjectHasItsKeysInOrderAndIsTheSameAsBytesOrText() {
        let keys = ["id", "payee", "we\"ird"], cells: [Cell] = [.integer(12), .text("Caf\u{e9}"), .money(Money(minorUnits: 100))]
        var text = "", bytes: [UInt8] = []
        JSON.appendObject(keys: keys, cells: cells, to: &text)
        JSON.ObjectKeys(keys).appendObject(cells, to: &bytes)
        #expect(text == "{\"id\": 12, \"payee\": \"Caf\u{e9}\", \"we\\\"ird\": 1.00}")
        #expect(bytes == Array(text.utf8))
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
