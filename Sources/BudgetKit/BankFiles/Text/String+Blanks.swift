extension String {
    /// The text without trailing spaces and tabs.
    var strippingTrailingBlanks: String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }

    /// The text without surrounding spaces, tabs and line breaks.
    var strippingBlanks: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" || first == "\r\n" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" || last == "\r\n" { text.removeLast() }
        return String(text)
    }
}
