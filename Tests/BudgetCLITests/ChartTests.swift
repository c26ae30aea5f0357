@testable import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// `report --format svg` and the sparklines of a trend on a terminal.
@Suite struct ChartTests {
    /// Every element's name and every text, read back with libxml2 (through the bank files' XML
    /// reader): it throws unless the document is well-formed.
    struct Parsed {
        var root: (name: String, namespace: String?)?
        var elements: [String: Int] = [:]
        var texts: [String] = []
        /// Every element in document order, with its attributes and its own text.
        var items: [(name: String, attributes: [String: String], text: String)] = []

        /// The elements named `name`.
        func all(_ name: String) -> [(name: String, attributes: [String: String], text: String)] {
            items.filter { $0.name == name }
        }
    }

    func parse(_ svg: String) throws -> Parsed {
        var chunks: [[UInt8]] = [Array(svg.utf8)]
        var reader = XMLStreamReader(file: "chart.svg") { chunks.isEmpty ? nil : chunks.removeFirst() }
        var parsed = Parsed()
        var open: [Int] = []
        while let event = try reader.next() {
            switch event.kind {
            case .start(let name, let namespace, let attributes):
                if parsed.root == nil { parsed.root = (name, namespace) }
                parsed.elements[name, default: 0] += 1
                open.append(parsed.items.count)
                parsed.items.append((name, Dictionary(attributes.map { ($0.name, $0.value) }) { $1 }, ""))
            case .text(let text):
                parsed.texts.append(text)
                if let last = open.last { parsed.items[last].text += text }
            case .end: open.removeLast()
            }
        }
        return parsed
    }

    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "300")
        sandbox.succeed("add-category", "</svg><script>alert(1)</script> & \"Rent\"", "900")
        sandbox.succeed("add-category", "Salary", "0", "--income")
        for month in 1...6 {
            sandbox.succeed("add", "10\(month).50", "Food", "Shop", "--date", "2026-0\(month)-03")
            sandbox.succeed("add", "2000", "Salary", "Work \u{202E}evil", "--date", "2026-0\(month)-01")
        }
        sandbox.succeed("add", "950", "</svg><script>alert(1)</script> & \"Rent\"", "Landlord", "--date", "2026-03-01")
        return sandbox
    }

    @Test func theMonthIsAWellFormedPictureWithEveryAmountWritten() throws {
        let sandbox = book()
        let result = sandbox.run("report", "--month", "2026-03", "--format", "svg")
        #expect(result.status == 0 && result.stderr.isEmpty)
        let parsed = try parse(result.stdout)
        #expect(parsed.root?.name == "svg" && parsed.root?.namespace == "http://www.w3.org/2000/svg")
        #expect(parsed.elements["script"] == nil)
        // Two bars per category: available, then actual.
        #expect(parsed.elements["rect"] == 1 + 2 * 3)
        #expect(parsed.texts.contains("</svg><script>alert(1)</script> & \"Rent\"*"))
        #expect(parsed.texts.contains("950.00 of 0.00"))
        #expect(parsed.texts.contains("103.50 of 0.00"))
        #expect(parsed.texts.contains("2000.00 of 0.00"))
        #expect(parsed.texts.contains("Total expenses: 1053.50 of 0.00"))
        #expect(parsed.texts.contains("Net: 946.50"))
        #expect(parsed.texts.contains("Food: actual 103.50"))
        // A month's total is the table's.
        let table = sandbox.succeed("report", "--month", "2026-03")
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("Total expenses") && $0.contains("  1053.50  ") })
    }

    @Test func theTrendAndNetWorthAreLinesWithEachPointsAmount() throws {
        let sandbox = book()
        let trend = try parse(sandbox.succeed("report", "--from", "2026-01", "--to", "2026-06", "--format", "svg"))
        #expect(trend.root?.name == "svg")
        #expect(trend.elements["polyline"] == 4)   // Food, Rent, Salary, Net
        #expect(trend.elements["circle"] == 4 * 6)
        #expect(trend.texts.contains("Food 2026-06: 106.50"))
        #expect(trend.texts.contains("Net 2026-03: 946.50"))
        #expect(trend.texts.contains("Food  (total 624.00)"))
        let byPayee = try parse(sandbox.succeed("report", "--from", "2026-01", "--to", "2026-06", "--by", "payee", "--format", "svg"))
        // The bidi override is shown, never obeyed.
        #expect(byPayee.texts.contains { $0.hasPrefix("Work \\u{202e}evil") })
        #expect(!byPayee.texts.contains { $0.unicodeScalars.contains("\u{202E}") })
        let worth = try parse(sandbox.succeed("report", "--net-worth", "--from", "2026-01", "--to", "2026-06", "--format", "svg"))
        #expect(worth.elements["polyline"] == 2)   // the account and the total
        #expect(worth.texts.contains("Total 2026-06: 10426.00"))
    }

    /// The texts not wholly inside the picture, with where they would be drawn. A text's width
    /// is estimated as ``SVGDocument/estimatedWidth(of:size:)`` documents it: 0.7 em per
    /// terminal column (two columns for a wide character), plus a pixel.
    func textsOutside(_ parsed: Parsed) -> [String] {
        let width = parsed.all("svg").first.flatMap { Int($0.attributes["width"] ?? "") } ?? 0
        return parsed.all("text").compactMap { text in
            let x = Int(text.attributes["x"] ?? "") ?? -1, size = Int(text.attributes["font-size"] ?? "") ?? 12
            let estimated = DisplayWidth.of(text.text) * size * 7 / 10 + 1
            let start = switch text.attributes["text-anchor"] {
            case "end": x - estimated
            case "middle": x - estimated / 2
            default: x
            }
            return start >= 0 && start + estimated <= width ? nil : "\(text.text) at \(start)...\(start + estimated) of \(width)"
        }
    }

    /// The attributes of the element whose tooltip is `title`.
    func element(titled title: String, in parsed: Parsed) -> [String: String]? {
        guard let index = parsed.items.firstIndex(where: { $0.name == "title" && $0.text == title }), index > 0 else { return nil }
        return parsed.items[index - 1].attributes
    }

    @Test func everyTextIsInsideThePictureWhateverTheAmountsAndNames() throws {
        let sandbox = Sandbox()
        let long = (1...30).map { "Word\($0)" }.joined(separator: "-")
        sandbox.succeed("add-category", "Big", "90000000000.00", "--from", "2026-01")
        sandbox.succeed("add-category", "Other", "90000000000.00", "--from", "2026-01")
        sandbox.succeed("add-category", long, "5", "--from", "2026-01")
        sandbox.succeed("add-category", "Pay", "90000000000.00", "--income", "--from", "2026-01")
        sandbox.succeed("add", "90000000000.00", "Big", "x", "--date", "2026-11-02")
        sandbox.succeed("add", "89999999999.99", "Other", "x", "--date", "2026-11-02")
        sandbox.succeed("add", "1", "Pay", "x", "--date", "2026-11-02")
        sandbox.succeed("add", "-1.50", long, long, "--date", "2026-10-02")
        let month = try parse(sandbox.succeed("report", "--month", "2026-11", "--format", "svg"))
        #expect(textsOutside(month) == [])
        #expect(month.texts.contains("Total expenses: 179999999999.99 of 180000000005.00"))
        #expect(month.texts.contains("Total income: 1.00 of 90000000000.00"))
        #expect(month.texts.contains("Net: -179999999998.99"))
        #expect(month.texts.contains("89999999999.99 of 90000000000.00 (100.0%)"))
        // A name too long for the label column is shortened; its text's tooltip has it whole.
        #expect(month.all("text").contains { $0.text.hasPrefix("Word1-Word2-") && $0.text.hasSuffix("…") })
        #expect(month.all("title").contains { $0.text == long })
        let trend = try parse(sandbox.succeed("report", "--from", "2026-10", "--to", "2026-11", "--format", "svg"))
        #expect(textsOutside(trend) == [])
        #expect(trend.texts.contains("-179999999998.99"))
        let byPayee = try parse(sandbox.succeed("report", "--from", "2026-10", "--to", "2026-11", "--by", "payee", "--format", "svg"))
        #expect(textsOutside(byPayee) == [])
        let worth = try parse(sandbox.succeed("report", "--net-worth", "--from", "2026-10", "--to", "2026-11", "--format", "svg"))
        #expect(textsOutside(worth) == [])
    }

    @Test func aSmallAmountIsNeverZeroPixelsWideAndAnOverspentOneIsRed() throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Rent", "3000", "--from", "2026-01")
        sandbox.succeed("add-category", "Tiny", "1", "--from", "2026-01")
        sandbox.succeed("add-category", "Zero", "0", "--from", "2026-01")
        sandbox.succeed("add", "2000", "Rent", "--date", "2026-11-02")
        sandbox.succeed("add", "5", "Zero", "--date", "2026-11-02")
        let parsed = try parse(sandbox.succeed("report", "--month", "2026-11", "--format", "svg"))
        // 5.00 on a scale where 3000.00 is 460 px is 0.77 px.
        let zero = try #require(element(titled: "Zero: actual 5.00", in: parsed))
        #expect(zero["fill"] == "#d62728")
        #expect(Int(zero["width"] ?? "") ?? 0 >= 1)
        // Its amounts are written in red too.
        #expect(parsed.all("text").first { $0.text == "5.00 of 0.00" }?.attributes["fill"] == "#d62728")
        #expect(parsed.all("text").first { $0.text == "2000.00 of 3000.00 (66.7%)" }?.attributes["fill"] == "#222")
        let tiny = try #require(element(titled: "Tiny: available 1.00", in: parsed))
        #expect(Int(tiny["width"] ?? "") ?? 0 >= 1)
        // Nothing is drawn for a zero amount.
        #expect(element(titled: "Tiny: actual 0.00", in: parsed)?["width"] == "0")
        #expect(element(titled: "Zero: available 0.00", in: parsed)?["width"] == "0")
    }

    @Test func everyLineOfAChartOfThirtyTwoHasAStyleOfItsOwnAndItsLegendShowsIt() throws {
        let months = [Month(year: 2026, month: 1)!, Month(year: 2026, month: 2)!]
        let series = (1...32).map { Charts.Series(name: "C\($0)", values: [Money(minorUnits: Int64($0)), .zero]) }
            + [Charts.Series(name: "Net", values: [.zero, .zero], isTotal: true)]
        let parsed = try parse(Charts.lines(title: "t", months: months, series: series))
        func style(_ attributes: [String: String]) -> String {
            "\(attributes["stroke"] ?? "") \(attributes["stroke-dasharray"] ?? "solid")"
        }
        let lines = parsed.all("polyline").map { style($0.attributes) }
        #expect(lines.count == 33)
        #expect(Set(lines).count == 33)
        // The legend's samples: short lines, one per series, in the same styles.
        let samples = parsed.all("line").filter { (Int($0.attributes["x2"] ?? "") ?? 0) - (Int($0.attributes["x1"] ?? "") ?? 0) < 50 }
        #expect(samples.map { style($0.attributes) } == lines)
    }

    @Test func aPayeeTrendsLegendSaysTheKindAndNamesTheEmptyPayee() throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-category", "Food", "100", "--from", "2026-01")
        sandbox.succeed("add-category", "Sal", "100", "--income", "--from", "2026-01")
        sandbox.succeed("add", "10", "Food", "ACME", "--date", "2026-11-01")
        sandbox.succeed("add", "7", "Sal", "ACME", "--date", "2026-11-02")
        sandbox.succeed("add", "3", "Food", "", "--date", "2026-11-02")
        let long = String(repeating: "Shop", count: 40)
        sandbox.succeed("add", "2", "Food", long, "--date", "2026-11-03")
        let parsed = try parse(sandbox.succeed("report", "--from", "2026-10", "--to", "2026-11", "--by", "payee", "--format", "svg"))
        #expect(parsed.texts.contains("ACME (expense)  (total 10.00)"))
        #expect(parsed.texts.contains("ACME (income)  (total 7.00)"))
        #expect(parsed.texts.contains("(no payee) (expense)  (total 3.00)"))
        #expect(parsed.texts.contains("ACME (income) 2026-11: 7.00"))
        // A name shortened to fit keeps its kind; its tooltip has both whole.
        #expect(parsed.texts.contains { $0.hasPrefix("ShopShop") && $0.hasSuffix("… (expense)  (total 2.00)") })
        #expect(parsed.all("title").contains { $0.text == long + " (expense)" })
        // A category trend's names stay as they are: a category has one kind.
        let byCategory = try parse(sandbox.succeed("report", "--from", "2026-10", "--to", "2026-11", "--format", "svg"))
        #expect(byCategory.texts.contains("Sal  (total 7.00)"))
    }

    @Test func chartTextIsEscapedForXMLAndForTheEye() {
        #expect(SVGDocument.escaped("a<b>&\"c\"'d'") == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;")
        #expect(SVGDocument.escaped("x\u{1B}[2J\u{0}\u{FFFE}") == "x\\u{1b}[2J\\u{0}\\u{fffe}")
    }

    static let sparklineCases: [([Int64], String)] = [
        ([0, 50, 100], "▁▄█"),
        ([0, 0, 0], "▁▁▁"),
        ([100, 100], "██"),
        ([-100, 0, 100], "▁▄█"),
        ([Int64.min, 0, Int64.max], "▁▄█"),
        ([7], "█"),
    ]

    @Test(arguments: sparklineCases)
    func aSparklineRunsFromZeroToTheLargest(_ units: [Int64], _ expected: String) {
        #expect(Charts.sparkline(units.map { Money(minorUnits: $0) }) == expected)
    }

    @Test func scalesOfTheLargestAmountsNeitherTrapNorLeaveTheAxis() {
        let scale = ChartScale(values: [Money(minorUnits: .min), Money(minorUnits: .max)], start: 400, end: 0)
        #expect(scale.pixel(Money(minorUnits: .min)) == 400)
        #expect(scale.pixel(Money(minorUnits: .max)) == 0)
        #expect(scale.ticks(4).first == Money(minorUnits: .min) && scale.ticks(4).last == Money(minorUnits: .max))
        _ = Charts.lines(title: "t", months: [Month(year: 2026, month: 1)!],
                         series: [Charts.Series(name: "x", values: [Money(minorUnits: .max)])])
    }

    @Test func aTrendOnATerminalEndsEachRowWithASparklineAndAPipeGetsNone() {
        let sandbox = book()
        let drawn = sandbox.run("report", "--from", "2026-01", "--to", "2026-06", terminal: true)
        #expect(drawn.status == 0)
        let lines = drawn.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("AVERAGE  TREND") == true)
        #expect(lines.contains { $0.hasPrefix("Salary") && $0.hasSuffix("██████") })
        #expect(lines.contains { $0.hasPrefix("Net ") && $0.hasSuffix("█▇▄▇▇▇") })
        let piped = sandbox.succeed("report", "--from", "2026-01", "--to", "2026-06")
        #expect(!piped.contains("TREND") && !piped.contains("█"))
        let csv = sandbox.succeed("report", "--net-worth", "--from", "2026-01", "--to", "2026-06", "--format", "csv")
        #expect(!csv.contains("trend"))
    }
}
