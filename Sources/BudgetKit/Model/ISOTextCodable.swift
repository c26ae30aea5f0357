/// A value written as one ISO text (`2026-11-21`, `2026-11`): that is how it is stored in the
/// book, encoded in JSON and decoded, in one place for ``Day`` and ``Month``.
public protocol ISOTextCodable: Codable, CustomStringConvertible {
    /// Parses exactly the ISO form; `nil` for anything else.
    init?(iso text: String)
    /// What the text looks like, for decoding errors: `YYYY-MM-DD date`.
    static var isoShape: String { get }
}

extension ISOTextCodable {
    /// Decodes the ISO text.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the shape and the text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a \(Self.isoShape): \(text)"))
        }
        self = value
    }

    /// Encodes the ISO text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
