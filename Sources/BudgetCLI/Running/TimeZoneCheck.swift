#if canImport(Glibc)
import Glibc
#endif

/// Whether `TZ` names a time zone, so that "today", `yesterday`, `--month this` and `last` are
/// the days the user means. The C library takes a `TZ` it cannot read (`Europe/Berln`, a zone
/// this machine has no file for, an empty value) as UTC without a word: a cron job at 00:05 on
/// the 1st in Berlin would then report the month before last as "last month".
///
/// `TZ` names a zone when it is a file (an absolute path, or a name under `TZDIR`, else
/// `/usr/share/zoneinfo`; a leading `:` is dropped), or a POSIX rule: a name of three or more
/// letters, or one in `<...>`, followed by an offset (`EST5EDT`, `CET-1`, `<+0530>-5:30`).
/// Unset, it is the machine's zone (`/etc/localtime`).
enum TimeZoneCheck {
    /// The warning to write when `TZ` is set and names no zone; `nil` otherwise.
    static func warning(_ environment: [String: String]) -> String? {
        guard let value = environment["TZ"] else { return nil }
        if value.isEmpty {
            return "budget: warning: TZ is set but empty, so days are taken in UTC; unset it for this machine's time zone, "
                + "or name one (TZ=Europe/Berlin)"
        }
        if namesZone(value, folder: environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo") { return nil }
        return "budget: warning: TZ='\(value)' names no time zone this machine knows, so days are taken in UTC; "
            + "name one as in /usr/share/zoneinfo (TZ=Europe/Berlin), or unset TZ for this machine's own"
    }

    static func namesZone(_ value: String, folder: String) -> Bool {
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        guard !name.isEmpty else { return false }
        if name.hasPrefix("/") { return isFile(name) }
        if !name.split(separator: "/").contains(".."), isFile(folder + "/" + name) { return true }
        return !value.hasPrefix(":") && isPOSIXRule(name)
    }

    /// Whether `text` starts as a POSIX `TZ` rule does: a zone name, then an offset.
    static func isPOSIXRule(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("<") {
            guard let close = rest.firstIndex(of: ">"), rest.distance(from: rest.startIndex, to: close) >= 4 else { return false }
            rest = rest[rest.index(after: close)...]
        } else {
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            guard letters.count >= 3 else { return false }
            rest = rest.dropFirst(letters.count)
        }
        guard let first = rest.first else { return false }
        return first.isASCII && (first.isNumber || first == "+" || first == "-")
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
