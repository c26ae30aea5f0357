extension String {
    /// The text without trailing spaces and tabs.
    var strippingTrailingBlanks: String {
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, case let byte = bytes[bytes.index(before: end)], byte == 0x20 || byte == 0x09 {
            end = bytes.index(before: end)
        }
        return end == bytes.endIndex ? self : String(self[..<end])
    }

    /// The text without surrounding spaces, tabs and line breaks.
    var strippingBlanks: String {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end && isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return start == bytes.startIndex && end == bytes.endIndex ? self : String(self[start..<end])
    }
}
