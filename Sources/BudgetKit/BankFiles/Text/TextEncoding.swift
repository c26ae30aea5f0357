/// The text encodings a bank file may be in (`--encoding` names them).
///
/// Left unset, ``TextTranscoder`` detects one: a byte order mark says UTF-8, UTF-16LE or
/// UTF-16BE; UTF-16 without one shows as NUL bytes in every other place near the start; else the
/// first byte above 0x7F decides, UTF-8 when it starts a valid UTF-8 sequence, Windows-1252
/// otherwise (see ``windows1252`` for why not Latin-1).
public enum TextEncoding: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// UTF-8, with or without a byte order mark (which is dropped).
    case utf8 = "utf-8"
    /// UTF-16, little-endian (what Windows calls "Unicode"); a byte order mark is dropped.
    case utf16le = "utf-16le"
    /// UTF-16, big-endian; a byte order mark is dropped.
    case utf16be = "utf-16be"
    /// ISO 8859-1: every byte is the code point of the same value, 0x80–0x9F being the C1
    /// control characters. Chosen only when asked for.
    case latin1 = "latin1"
    /// Windows-1252, what is detected for text that is not UTF-8. It agrees with Latin-1 except in
    /// 0x80–0x9F, where Latin-1 has invisible control characters that real text never holds
    /// and Windows-1252 has `€`, `‚`, `„`, `…`, `‘`, `’`, `“`, `”`, `–`, `—`, `™`, `Š`, `Ž`...
    /// which German and French bank exports do hold. Its five undefined bytes (0x81, 0x8D,
    /// 0x8F, 0x90, 0x9D) are an error naming their offset: a file holding them is in some other
    /// encoding, and guessing would corrupt payees silently (``latin1`` reads them as C1
    /// controls, when that is really meant).
    case windows1252 = "windows-1252"

    /// The name glibc's iconv knows it by.
    var iconvName: String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf16le: return "UTF-16LE"
        case .utf16be: return "UTF-16BE"
        case .latin1: return "ISO-8859-1"
        case .windows1252: return "WINDOWS-1252"
        }
    }

    /// Reads a name as people write it: `utf-8`/`utf8`, `utf-16le`, `utf-16be`, `latin1`/
    /// `latin-1`/`iso-8859-1`, `windows-1252`/`cp1252`, ignoring case; `nil` for any other.
    public init?(name: String) {
        let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" })
        switch key {
        case "utf8": self = .utf8
        case "utf16le": self = .utf16le
        case "utf16be": self = .utf16be
        case "latin1", "iso88591", "l1": self = .latin1
        case "windows1252", "cp1252", "win1252": self = .windows1252
        default: return nil
        }
    }

    /// The canonical name (`utf-8`, `windows-1252`...).
    public var description: String { rawValue }
}
