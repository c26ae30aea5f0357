import BudgetKit
import Testing
@testable import BudgetCLI

@Suite struct TableWriterTests {
    static let columns: [(title: String, alignment: Table.Alignment)] = [("NAME", .left), ("AMOUNT", .right), ("NOTE", .left)]

    /// The rows every test starts with: wide characters, a control character, an empty note.
    static let rows: [[Cell]] = [
        [.text("日本食"), .money(Money(minorUnits: 100)), .text("a")],
        [.text("Café"), .money(Money(minorUnits: -123456)), .text("")],
        [.text("new\nline"), .money(.zero), .text("b")],
    ]

    static let footer: [Table.Row] = [.rule, .cells(["Total", "-1233.56"])]

    /// What the writer wrote, with everything it holds ended by `footer`.
    static func written(_ rows: [[Cell]], bufferedRows: Int, totalling: [Int] = [], footer: [Table.Row] = footer) throws -> String {
        let output = Output()
        var writer = TableWriter(columns: columns, output: output, bufferedRows: bufferedRows, totalling: totalling)
        for row in rows { try writer.append(row) }
        try writer.finish(footer: footer)
        try output.flush()
        return output.text
    }

    /// The same rows rendered whole by ``Table``.
    static func rendered(_ rows: [[Cell]], footer: [Table.Row] = footer) -> String {
        var table = Table(columns: columns)
        for row in rows { table.append(row) }
        table.rows += footer
        return table.render()
    }

    @Test(arguments: [0, 1, 3])
    func aTableWithinItsBufferedRowsIsWrittenExactlyAsTableRendersIt(count: Int) throws {
        let rows = Array(Self.rows.prefix(count))
        #expect(try Self.written(rows, bufferedRows: 3) == Self.rendered(rows))
        #expect(try Self.written(rows, bufferedRows: 3, footer: []) == Self.rendered(rows, footer: []))
        #expect(try Self.written(rows, bufferedRows: TableWriter.bufferedRows) == Self.rendered(rows))
    }

    @Test func aLinesTrailingSpacesGoButASpaceJoinedToTheCharacterBeforeItStays() throws {
        // "Lunch  " ends the line: its own spaces go with the padding. U+0600 (a prepended mark)
        // joins the space after it in one character, which is not a space: that one stays.
        var table = Table(columns: [("NAME", .left), ("NOTE", .left)])
        table.append([.text("Lunch  "), .text("")])
        table.append([.text("a"), .text("x  ")])
        table.append([.text("b"), .text("\u{600}")])
        table.append([.text("cc"), .text("  ")])
        #expect(table.render() == "NAME     NOTE\nLunch\na        x\nb        \u{600} \ncc\n")
    }

    @Test func aTableOfExactlyItsBufferedRowsIsAlignedByItsFooterToo() throws {
        // The footer's total is wider than every row: the whole table widens, as Table does.
        let footer: [Table.Row] = [.rule, .cells(["Total", "-1234567.89"])]
        #expect(try Self.written(Self.rows, bufferedRows: 3, footer: footer) == """
        NAME            AMOUNT  NOTE
        日本食            1.00  a
        Café          -1234.56
        new\\nline         0.00  b
        ---------  -----------  ----
        Total      -1234567.89

        """)
        #expect(try Self.written(Self.rows, bufferedRows: 3, footer: footer) == Self.rendered(Self.rows, footer: footer))
    }

    @Test func aLongerTableIsAlignedByItsFirstRowsAndALaterWiderCellWidensItsColumnFromThere() throws {
        let rows = Self.rows + [
            [.text("Rent"), .money(Money(minorUnits: 100_000_00)), .text("c")],
            [.text("A much longer name"), .money(Money(minorUnits: 5)), .text("d\u{1B}[2J")],
            [.text("Tea"), .money(Money(minorUnits: 250)), .text("e")],
        ]
        // Aligned by the first 3 rows; the 4th widens AMOUNT, the 5th NAME (its note escaped).
        #expect(try Self.written(rows, bufferedRows: 3, footer: []) == """
        NAME         AMOUNT  NOTE
        日本食         1.00  a
        Café       -1234.56
        new\\nline      0.00  b
        Rent       100000.00  c
        A much longer name       0.05  d\\u{1b}[2J
        Tea                      2.50  e

        """)
    }

    @Test func theFooterAfterManyRowsLinesUpWithTheFinalWidths() throws {
        // 500 rows of 9,999.99, aligned by the first 2; a wide name late, then the total.
        var rows = [[Cell]](repeating: [.text("Shop"), .money(Money(minorUnits: 999_999)), .text("x")], count: 500)
        rows[400] = [.text("Department store"), .money(Money(minorUnits: 999_999)), .text("x")]
        let text = try Self.written(rows, bufferedRows: 2, footer: [.rule, .cells(["Total", "4999995.00"])])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1 + 500 + 2 + 1)
        #expect(lines[0] == "NAME   AMOUNT  NOTE")
        #expect(lines[1] == "Shop  9999.99  x")
        #expect(lines[400] == "Shop  9999.99  x")
        #expect(lines[401] == "Department store  9999.99  x")
        #expect(lines[500] == "Shop              9999.99  x")
        #expect(lines[501] == "----------------  ----------  ----")
        #expect(lines[502] == "Total             4999995.00")
        #expect(lines[503] == "")
    }

    @Test(arguments: [0, 1, 3])
    func aTableWithinItsBufferedRowsLeavesNoRoomForItsTotals(count: Int) throws {
        let rows = Array(Self.rows.prefix(count))
        let footer: [Table.Row] = [.rule, .cells(["Total", "-1234567.89"])]
        #expect(try Self.written(rows, bufferedRows: 3, totalling: [1], footer: footer) == Self.rendered(rows, footer: footer))
        #expect(try Self.written(rows, bufferedRows: 3, totalling: [1], footer: []) == Self.rendered(rows, footer: []))
    }

    @Test func aStreamedTableLeavesItsTotalledColumnsRoomForTheirTotals() throws {
        // Aligned by the first 3 rows, AMOUNT 4 wider than they need: the total fits below them.
        let rows = Self.rows + [[.text("Tea"), .money(Money(minorUnits: 250)), .text("e")]]
        let footer: [Table.Row] = [.rule, .cells(["Total", "-1234567.89"]), .cells(["Count", "4"])]
        #expect(try Self.written(rows, bufferedRows: 3, totalling: [1], footer: footer) == """
        NAME             AMOUNT  NOTE
        日本食             1.00  a
        Café           -1234.56
        new\\nline          0.00  b
        Tea                2.50  e
        ---------  ------------  ----
        Total       -1234567.89
        Count                 4

        """)
    }

    @Test func aTotalWiderThanItsRoomWidensItsColumnInTheFooter() throws {
        let rows = Self.rows + [[.text("Tea"), .money(Money(minorUnits: 250)), .text("e")]]
        let footer: [Table.Row] = [.rule, .cells(["Total", "-123456789.00"])]
        #expect(try Self.written(rows, bufferedRows: 3, totalling: [1], footer: footer) == """
        NAME             AMOUNT  NOTE
        日本食             1.00  a
        Café           -1234.56
        new\\nline          0.00  b
        Tea                2.50  e
        ---------  -------------  ----
        Total      -123456789.00

        """)
    }

    @Test func theRoomForTotalsIsLeftOnceWhenTheTableStartsStreaming() throws {
        // 500 rows of 42.25, aligned by the first 2 (AMOUNT: its title, 6, and 4 more): a late
        // wider amount widens AMOUNT from its row on; the total fits the final width.
        var rows = [[Cell]](repeating: [.text("Shop"), .money(Money(minorUnits: 42_25)), .text("x")], count: 500)
        rows[400] = [.text("Shop"), .money(Money(minorUnits: 12_345_678_90)), .text("x")]
        let text = try Self.written(rows, bufferedRows: 2, totalling: [1], footer: [.rule, .cells(["Sum", "12366761.65"])])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1 + 500 + 2 + 1)
        #expect(lines[0] == "NAME      AMOUNT  NOTE")
        #expect(lines[1] == "Shop       42.25  x")
        #expect(lines[400] == "Shop       42.25  x")
        #expect(lines[401] == "Shop  12345678.90  x")
        #expect(lines[500] == "Shop        42.25  x")
        #expect(lines[501] == "----  -----------  ----")
        #expect(lines[502] == "Sum   12366761.65")
        #expect(lines[503] == "")
    }

    @Test(arguments: [3, 2])
    func finishingWritesTheWholeTableOut(bufferedRows: Int) throws {
        // Written whole (3 rows held), then streamed (2): an in-memory output holds only what was
        // flushed, so after finish it holds every line, the footer's last.
        let output = Output()
        var writer = TableWriter(columns: Self.columns, output: output, bufferedRows: bufferedRows, totalling: [1])
        for row in Self.rows { try writer.append(row) }
        try writer.finish(footer: Self.footer)
        #expect(output.text == (bufferedRows == 3 ? """
        NAME         AMOUNT  NOTE
        日本食         1.00  a
        Café       -1234.56
        new\\nline      0.00  b
        ---------  --------  ----
        Total      -1233.56

        """ : """
        NAME          AMOUNT  NOTE
        日本食          1.00  a
        Café        -1234.56
        new\\nline          0.00  b
        ---------  ------------  ----
        Total          -1233.56

        """))
    }

    @Test func heldRowsGoOutWhenTheTableOutgrowsThemAndLaterRowsAtOnce() throws {
        let output = Output()
        var calls: [String] = []   // what was written when willStream was called
        var writer = TableWriter(columns: Self.columns, output: output, bufferedRows: 2) {
            try? output.flush()
            calls.append(output.text)
        }
        try writer.append(Self.rows[0])
        try writer.append(Self.rows[1])
        try output.flush()
        #expect(output.text == "" && !writer.isStreaming && calls.isEmpty)
        try writer.append(Self.rows[2])
        try output.flush()
        // The 3rd row is the first streamed: the widths are the header's and the 2 held rows'.
        #expect(writer.isStreaming && calls == [""])
        #expect(output.text == """
        NAME      AMOUNT  NOTE
        日本食      1.00  a
        Café    -1234.56
        new\\nline      0.00  b

        """)
        try writer.append([.text("Tea"), .money(Money(minorUnits: 250))])
        try output.flush()
        #expect(output.text.hasSuffix("b\nTea            2.50\n"))
        try writer.finish()
        #expect(calls.count == 1)
    }
}
