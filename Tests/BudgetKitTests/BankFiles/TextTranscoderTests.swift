import Testing
@testable import BudgetKit

@Suite struct TextTranscoderTests {
    /// Decodes `bytes` in chunks of `size`; the text and the encoding used.
    static func decode(_ bytes: [UInt8], encoding: TextEncoding? = nil, size: Int = 4096) throws -> (String, TextEncoding?) {
        var offset = 0
        var transcoder = TextTranscoder(file: "t", encoding: encoding) {
            guard offset < bytes.count else { return nil }
            defer { offset += size }
            return Array(bytes[offset..<min(bytes.count, offset + size)])
        }
        var output: [UInt8] = []
        while let chunk = try transcoder.next() {
            #expect(!chunk.isEmpty)
            output += chunk
        }
        return (String(decoding: output, as: UTF8.self), transcoder.encoding)
    }

    @Test(arguments: [
        ([0xEF, 0xBB, 0xBF] + Array("Café".utf8), "Café", TextEncoding.utf8),
        (Array("Café".utf8), "Café", .utf8),
        ([0xFF, 0xFE, 0x43, 0x00, 0xE9, 0x00], "Cé", .utf16le),
        ([0xFE, 0xFF, 0x00, 0x43, 0x00, 0xE9], "Cé", .utf16be),
        ([0x43, 0x00, 0x61, 0x00, 0x66, 0x00, 0xE9, 0x00], "Café", .utf16le),   // UTF-16 without a BOM
        ([0x00, 0x43, 0x00, 0x61, 0x00, 0x66, 0x00, 0xE9], "Café", .utf16be),
        ([0x43, 0x61, 0x66, 0xE9], "Café", .windows1252),                        // Latin-1 text
        ([0x80, 0x20, 0x35, 0x2C, 0x30, 0x30, 0x20, 0x96, 0x20, 0x93, 0x61, 0x94], "€ 5,00 – “a”", .windows1252),
        ([0xD8, 0x3D, 0xDC, 0x4D].withUTF16BOM, "👍", .utf16be),                  // a surrogate pair
    ] as [([UInt8], String, TextEncoding)])
    func detectsTheEncodingAndDecodesToUTF8(bytes: [UInt8], text: String, encoding: TextEncoding) throws {
        for size in [1, 2, 3, 4096] {
            let (decoded, detected) = try Self.decode(bytes, size: size)
            #expect(decoded == text, "chunks of \(size)")
            #expect(detected == encoding, "chunks of \(size)")
        }
    }

    @Test func pureASCIILeavesTheEncodingUndecided() throws {
        let (text, encoding) = try Self.decode(Array("date,amount\n".utf8))
        #expect(text == "date,amount\n")
        #expect(encoding == nil)
    }

    @Test(arguments: [
        (TextEncoding.latin1, [0x81, 0xE9] as [UInt8], "\u{81}é"),
        (.windows1252, [0x80, 0xE9], "€é"),
        (.utf8, [0xEF, 0xBB, 0xBF, 0x41], "A"),
        (.utf16le, [0xFF, 0xFE, 0x41, 0x00], "A"),
        (.utf16le, [0x41, 0x00], "A"),
    ])
    func anEncodingAskedForOverridesDetection(encoding: TextEncoding, bytes: [UInt8], text: String) throws {
        #expect(try Self.decode(bytes, encoding: encoding).0 == text)
    }

    @Test(arguments: [
        // Valid UTF-8 first, then a byte that is not: UTF-8 was decided.
        (Array("é\nx\n".utf8) + [0xE9], TextEncoding?.none, 3, BankFileProblem.invalidText(encoding: .utf8, byteOffset: 5)),
        (Array("a".utf8) + [0xE2, 0x82], .utf8, 1, .invalidText(encoding: .utf8, byteOffset: 1)),   // cut off at the end
        ([0xED, 0xA0, 0x80], TextEncoding.utf8, 1, .invalidText(encoding: .utf8, byteOffset: 0)),   // a surrogate
        ([0xC0, 0xAF], .utf8, 1, .invalidText(encoding: .utf8, byteOffset: 0)),                    // overlong
        (Array("ab\n".utf8) + [0xE9, 0x81], nil, 2, .invalidText(encoding: .windows1252, byteOffset: 4)),
        (Array("a\nb".utf8) + [0x00], nil, 2, .nulCharacter(byteOffset: 3)),
        ([0xFF, 0xFE, 0x41, 0x00, 0x0A, 0x00, 0x00, 0x00], nil, 2, .nulCharacter(byteOffset: 6)),
        ([0xFF, 0xFE, 0x41, 0x00, 0x00, 0xDC], nil, 1, .invalidText(encoding: .utf16le, byteOffset: 4)),   // a lone low surrogate
        ([0xFF, 0xFE, 0x41], nil, 1, .invalidText(encoding: .utf16le, byteOffset: 2)),   // an odd byte at the end
    ] as [([UInt8], TextEncoding?, Int, BankFileProblem)])
    func badBytesAreAnErrorNamingTheirOffsetAndLine(bytes: [UInt8], encoding: TextEncoding?, line: Int, problem: BankFileProblem) {
        for size in [1, 4096] {
            #expect(throws: BankFileError(BankFileLocation(file: "t", line: line), problem)) {
                _ = try Self.decode(bytes, encoding: encoding, size: size)
            }
        }
    }

    @Test(arguments: [("UTF-8", TextEncoding.utf8), ("utf8", .utf8), ("UTF-16LE", .utf16le), ("utf_16be", .utf16be),
                      ("Latin-1", .latin1), ("ISO-8859-1", .latin1), ("cp1252", .windows1252), ("Windows-1252", .windows1252)])
    func encodingsAreNamedAsPeopleWriteThem(name: String, encoding: TextEncoding) {
        #expect(TextEncoding(name: name) == encoding)
    }

    @Test func anUnknownEncodingNameIsNil() {
        #expect(TextEncoding(name: "ebcdic") == nil)
    }
}

extension Array where Element == UInt8 {
    /// UTF-16BE code units with a big-endian BOM in front.
    var withUTF16BOM: [UInt8] { [0xFE, 0xFF] + self }
}
