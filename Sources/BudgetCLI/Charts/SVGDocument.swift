import BudgetKit

/// An SVG picture being written, element by element, in whole pixels.
///
/// Every text and attribute value from a book passes through ``escaped(_:)``: control, bidi,
/// invisible and XML-forbidden characters become visible escapes (``VisibleText``), and `& < > " '` become
/// entities, so a category named `</svg><script>` is drawn as those characters and the document
/// stays well-formed. No DOCTYPE, no script, no external reference: a mail reader or a browser
/// can open it as it is.
struct SVGDocument {
    /// Where a text sits against its x coordinate.
    enum Anchor: String {
        case start, middle, end
    }

    let width: Int
    let height: Int
    private var body = ""

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The text made safe for XML text and attribute values.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in VisibleText.visible(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            // Not characters XML 1.0 allows, whatever their encoding.
            case "\u{FFFE}", "\u{FFFF}": result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A `<title>` child: the tooltip a browser shows over the element.
    private static func tooltip(_ title: String?) -> String {
        title.map { "<title>\(escaped($0))</title>" } ?? ""
    }

    mutating func rect(x: Int, y: Int, width: Int, height: Int, fill: String, title: String? = nil) {
        body += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(Swift.max(0, width))\" height=\"\(Swift.max(0, height))\" fill=\"\(fill)\">"
            + Self.tooltip(title) + "</rect>\n"
    }

    /// A line; `dashes` is a `stroke-dasharray` (`"6 3"`), `nil` for a solid line.
    mutating func line(x1: Int, y1: Int, x2: Int, y2: Int, stroke: String, dashes: String? = nil) {
        body += "<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"\(stroke)\""
            + (dashes.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>\n"
    }

    /// Connected segments; `dashes` as in ``line(x1:y1:x2:y2:stroke:dashes:)``.
    mutating func polyline(_ points: [(x: Int, y: Int)], stroke: String, width: Int = 2, dashes: String? = nil, title: String? = nil) {
        let list = points.map { "\($0.x),\($0.y)" }.joined(separator: " ")
        body += "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(width)\""
            + (dashes.map { " stroke-dasharray=\"\($0)\"" } ?? "") + ">" + Self.tooltip(title) + "</polyline>\n"
    }

    mutating func circle(x: Int, y: Int, radius: Int, fill: String, title: String? = nil) {
        body += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(radius)\" fill=\"\(fill)\">" + Self.tooltip(title) + "</circle>\n"
    }

    /// A text; with `title`, a tooltip (the whole of a text shortened to fit).
    mutating func text(_ text: String, x: Int, y: Int, anchor: Anchor = .start, size: Int = 12, bold: Bool = false,
                       fill: String = "#222", title: String? = nil) {
        body += "<text x=\"\(x)\" y=\"\(y)\" text-anchor=\"\(anchor.rawValue)\" font-size=\"\(size)\""
            + (bold ? " font-weight=\"bold\"" : "") + " fill=\"\(fill)\">" + Self.tooltip(title) + "\(Self.escaped(text))</text>\n"
    }

    /// How wide `text` is drawn at `size` pixels, estimated generously in whole pixels: 0.7 em per
    /// terminal column of its visible form (``VisibleText``; a wide character is two columns),
    /// rounded up, plus a pixel.
    ///
    /// A picture cannot measure its text without a renderer, so layouts use this. Sans-serif
    /// digits are 0.55 to 0.7 em wide (DejaVu Sans Bold's, the widest common ones, 0.696 em) and
    /// most letters are narrower; only a run of the widest capitals (`W`, `M`) draws wider.
    static func estimatedWidth(of text: String, size: Int) -> Int {
        estimatedWidth(columns: DisplayWidth.of(VisibleText.visible(text)), size: size)
    }

    private static func estimatedWidth(columns: Int, size: Int) -> Int {
        (columns * size * 7 + 9) / 10 + 1
    }

    /// `text`'s visible form, shortened with `…` when its ``estimatedWidth(of:size:)`` is above `width`.
    ///
    /// - Complexity: O(n) in the text's length.
    static func shortened(_ text: String, size: Int, toWidth width: Int) -> String {
        let visible = VisibleText.visible(text)
        guard estimatedWidth(of: visible, size: size) > width else { return visible }
        var shown = "", columns = DisplayWidth.of("…")
        for character in visible {
            let next = columns + DisplayWidth.of(String(character))
            guard estimatedWidth(columns: next, size: size) <= width else { break }
            shown.append(character)
            columns = next
        }
        return shown + "…"
    }

    /// The whole document.
    func rendered() -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
        font-family="sans-serif">
        <rect x="0" y="0" width="\(width)" height="\(height)" fill="#fff"/>

        """ + body + "</svg>\n"
    }
}

/// Amounts to pixels along one axis, in integers: `low` at `start`, `high` at `end` (either may
/// be the larger pixel). Money never becomes a Double on its way to a coordinate.
struct ChartScale {
    /// The smallest and largest amounts shown, in minor units; `high > low`.
    let low: Int64
    let high: Int64
    let start: Int
    let end: Int

    /// A scale over `values` and zero, so a bar or a line is read against zero; one unit wide
    /// when every value is the same.
    init(values: [Money], start: Int, end: Int) {
        let units = values.map(\.minorUnits)
        let low = Swift.min(0, units.min() ?? 0)
        let high = Swift.max(0, units.max() ?? 0)
        self.low = low
        self.high = high > low ? high : low &+ 100
        self.start = start
        self.end = end
    }

    /// The pixel of `value`.
    func pixel(_ value: Money) -> Int {
        let span = Int128(high) - Int128(low)
        let offset = (Int128(value.minorUnits) - Int128(low)) * Int128(end - start) / span
        return start + Int(offset)
    }

    /// `count + 1` evenly spaced amounts from `low` to `high`, each exact (rounded down to a minor unit).
    func ticks(_ count: Int) -> [Money] {
        (0...count).map { index in
            Money(minorUnits: Int64(Int128(low) + (Int128(high) - Int128(low)) * Int128(index) / Int128(count)))
        }
    }
}
