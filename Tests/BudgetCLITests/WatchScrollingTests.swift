import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// `watch` on a terminal: keys, the lines a sectioned list draws, and which of them show.
@Suite struct WatchScrollingTests {
    static let keyCases: [(String, [UInt8], [WatchKey])] = [
        ("arrows", [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42], [.up, .down]),
        ("application-mode arrows", [0x1B, 0x4F, 0x41, 0x1B, 0x4F, 0x42], [.up, .down]),
        ("an arrow with a modifier", Array("\u{1B}[1;5A".utf8), [.up]),
        ("page keys", Array("\u{1B}[5~\u{1B}[6~".utf8), [.pageUp, .pageDown]),
        ("Home and End, every form", Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF".utf8),
         [.home, .end, .home, .end, .home, .end, .home, .end]),
        ("letters", Array("kjbgGq ".utf8), [.up, .down, .pageUp, .home, .end, .quit, .pageDown]),
        ("other keys and sequences are skipped whole", Array("\u{1B}[15~x\u{1B}[2;3Bz\u{1B}[<0;12;5M".utf8), []),
        ("Alt+j is j", Array("\u{1B}j".utf8), [.down]),
        ("control characters and NUL do nothing", [0, 1, 0x7F, 0x0D, 0x0A], []),
        ("an X10 mouse report holding a q", Array("\u{1B}[Mq!!j".utf8), [.down]),
        ("a terminal's OSC string, to BEL and to ST", Array("\u{1B}]0;quit\u{07}\u{1B}]2;kkk\u{1B}\\j".utf8), [.down]),
        ("a DCS reply", Array("\u{1B}P1$rq\u{1B}\\k".utf8), [.up]),
        ("a bracketed paste", Array("\u{1B}[200~paste quickly\u{1B}[201~G".utf8), [.end]),
    ]

    @Test(arguments: keyCases)
    func keysAreDecoded(_ name: String, _ bytes: [UInt8], _ expected: [WatchKey]) {
        var decoder = WatchKeyDecoder()
        #expect(decoder.feed(bytes) == expected, "\(name)")
    }

    @Test func aSequenceCutBetweenTwoReadsIsReadWhole() {
        var decoder = WatchKeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed([0x5B, 0x35]) == [])
        #expect(decoder.feed([0x7E, UInt8(ascii: "j")]) == [.pageUp, .down])
        #expect(decoder.feed(Array("\u{1B}[200~qqq".utf8)) == [])
        #expect(decoder.feed(Array("q\u{1B}[20".utf8)) == [])
        #expect(decoder.feed(Array("1~k".utf8)) == [.up])
    }

    @Test func anEndlessEscapeSequenceIsDroppedNotKept() {
        var decoder = WatchKeyDecoder()
        #expect(decoder.feed([0x1B, 0x5B] + [UInt8](repeating: UInt8(ascii: "1"), count: 5000)) == [])
        #expect(decoder.feed(Array("j".utf8)) == [.down])
    }

    static let sections = [TransactionSection(name: "Food", range: 0..<3), TransactionSection(name: "Rent", range: 3..<5)]

    @Test func aSectionedListDrawsEachHeaderBeforeItsRows() {
        let layout = WatchLayout(rowCount: 5, sections: Self.sections)
        #expect(layout.lineCount == 7)
        #expect(layout.lines(from: 0, count: 10) == [.header(0), .row(0), .row(1), .row(2), .header(1), .row(3), .row(4)])
        #expect(layout.lines(from: 2, count: 3) == [.row(1), .row(2), .header(1)])
        #expect(layout.lines(from: 5, count: 3) == [.row(3), .row(4)])
        #expect((0..<5).map(layout.line(ofRow:)) == [1, 2, 3, 5, 6])
        let plain = WatchLayout(rowCount: 4, sections: nil)
        #expect(plain.lines(from: 2, count: 5) == [.row(2), .row(3)])
    }

    @Test func itStartsAtTheNewestEndAndFollowsUntilScrolledAway() {
        var viewport = WatchViewport(newestAtTop: false)
        viewport.fit(lineCount: 100, height: 10)
        #expect(viewport.top == 90 && viewport.isFollowing)
        viewport.fit(lineCount: 101, height: 10)
        #expect(viewport.top == 91)
        viewport.scroll(.up, lineCount: 101, height: 10)
        #expect(viewport.top == 90 && !viewport.isFollowing)
        viewport.fit(lineCount: 102, height: 10, anchor: 90)
        #expect(viewport.top == 90)
        viewport.scroll(.pageUp, lineCount: 102, height: 10)
        #expect(viewport.top == 81)
        viewport.scroll(.home, lineCount: 102, height: 10)
        #expect(viewport.top == 0)
        viewport.scroll(.up, lineCount: 102, height: 10)
        #expect(viewport.top == 0)
        viewport.scroll(.end, lineCount: 102, height: 10)
        #expect(viewport.top == 92 && viewport.isFollowing)
        // Scrolled away, then rows go until the top is the newest end: it follows again.
        viewport.scroll(.up, lineCount: 102, height: 10)
        viewport.fit(lineCount: 100, height: 10, anchor: 91)
        #expect(viewport.top == 90 && viewport.isFollowing)

        var descending = WatchViewport(newestAtTop: true)
        descending.fit(lineCount: 100, height: 10)
        #expect(descending.top == 0 && descending.isFollowing)
        descending.scroll(.pageDown, lineCount: 100, height: 10)
        #expect(descending.top == 9 && !descending.isFollowing)
        descending.scroll(.end, lineCount: 100, height: 10)
        #expect(descending.top == 90)
        descending.scroll(.home, lineCount: 100, height: 10)
        #expect(descending.top == 0 && descending.isFollowing)
    }

    @Test func aShortListNeverScrolls() {
        var viewport = WatchViewport(newestAtTop: false)
        for key in [WatchKey.down, .pageDown, .end, .up] {
            viewport.scroll(key, lineCount: 3, height: 10)
            #expect(viewport.top == 0 && viewport.isFollowing)
        }
    }

    func session(_ sandbox: Sandbox, _ request: TransactionRequest) throws -> WatchSession {
        let session = try WatchSession(store: BudgetStore(path: sandbox.database), view: .list(request),
                                       output: Output(capturingAsTerminal: true), terminal: true, usesColor: false)
        try session.start()
        return session
    }

    func bookOfNine() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300")
        sandbox.succeed("add-category", "Rent", "900")
        for day in 1...9 {
            sandbox.succeed("add", "\(day)", day % 3 == 0 ? "Rent" : "Food", "Shop \(day)", "--date", "2026-11-0\(day)")
        }
        return sandbox
    }

    func payees(_ lines: [String]) -> [String] {
        lines.dropFirst(3).compactMap { line in line.firstRange(of: "Shop ").map { String(line[$0.lowerBound...]) } }
    }

    @Test func descendingShowsTheNewestRowsAtTheTop() throws {
        let session = try session(bookOfNine(), TransactionRequest(sort: TransactionSort(.date, ascending: false)))
        let lines = session.listLines(rows: 6)
        #expect(lines.first == "budget watch list: 9 transactions, 1-3 shown, newest as they come    (Ctrl-C to quit)")
        #expect(payees(lines) == ["Shop 9", "Shop 8", "Shop 7"])
    }

    @Test func aTerminalTooShortForAnyRowClaimsNoneShown() throws {
        let session = try session(bookOfNine(), TransactionRequest())
        for rows in 1...3 {
            let lines = session.listLines(rows: rows)
            #expect(lines.first == "budget watch list: 9 transactions    (Ctrl-C to quit)")
            #expect(payees(lines).isEmpty)
        }
    }

    @Test func scrollingKeepsTheTopRowWhenRowsArriveAboveIt() throws {
        let sandbox = bookOfNine()
        let session = try session(sandbox, TransactionRequest())
        #expect(payees(session.listLines(rows: 6)) == ["Shop 7", "Shop 8", "Shop 9"])
        session.scroll(.pageUp, rows: 6)
        #expect(payees(session.listLines(rows: 6)) == ["Shop 5", "Shop 6", "Shop 7"])
        // A row dated before the top one arrives: the same rows stay in view.
        sandbox.succeed("add", "1", "Food", "Shop early", "--date", "2026-10-01")
        try #require(try session.live?.processPendingChanges() != nil)
        let lines = session.listLines(rows: 6)
        #expect(payees(lines) == ["Shop 5", "Shop 6", "Shop 7"])
        #expect(lines.first == "budget watch list: 10 transactions, 6-8 shown    (Ctrl-C to quit)")
        // Back at the end, it follows again.
        session.scroll(.end, rows: 6)
        sandbox.succeed("add", "1", "Food", "Shop late", "--date", "2026-12-01")
        _ = try session.live?.processPendingChanges()
        #expect(payees(session.listLines(rows: 6)) == ["Shop 8", "Shop 9", "Shop late"])
    }

    @Test func sectionHeadersAreDrawnBetweenTheRowsAndEscaped() throws {
        let sandbox = bookOfNine()
        // Only the sqlite3 shell can write a name with an escape in it: `budget` refuses one.
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE categories SET name = 'Rent' || char(27) || '[31m' WHERE name = 'Rent'\"") == 0)
        let session = try session(sandbox, TransactionRequest(sectioning: .category))
        let lines = session.listLines(rows: 40, scrollable: true)
        #expect(lines.first == "budget watch list: 9 transactions    (Ctrl-C to quit)")
        let headers = lines.filter { $0.hasPrefix("==") }
        #expect(headers == ["== Food: 6 transactions ==", "== Rent\\u{1b}[31m: 3 transactions =="])
        #expect(lines.firstIndex(of: headers[1])! == lines.firstIndex { $0.contains("Shop 8") }! + 1)
        session.scroll(.home, rows: 5)
        #expect(session.listLines(rows: 5, scrollable: true).first
                == "budget watch list: 9 transactions, 1-1 shown    (arrows, PgUp/PgDn, Home/End or j/k scroll; q quits)")
    }
}
