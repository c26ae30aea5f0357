/// Month names in English, German and French, full and abbreviated, as banks write them in
/// dates (`3 Nov 2026`, `3. März 2026`, `03-Mrz-2026`, `3 déc. 2026`).
///
/// Matching ignores case and a trailing point. German `März` is also written `Maerz`, `Mär` and
/// `Mrz`; Austrian `Jänner`, `Jän` and `Feber` are there too.
enum MonthNames {
    private static let table: [String: Int] = {
        let names: [(Int, [String])] = [
            (1, ["january", "jan", "januar", "jänner", "jaenner", "jän", "janvier", "janv"]),
            (2, ["february", "feb", "febr", "februar", "feber", "février", "fevrier", "févr", "fevr", "fév", "fev"]),
            (3, ["march", "mar", "märz", "maerz", "mär", "mrz", "mars"]),
            (4, ["april", "apr", "avril", "avr"]),
            (5, ["may", "mai"]),
            (6, ["june", "jun", "juni", "juin"]),
            (7, ["july", "jul", "juli", "juillet", "juil"]),
            (8, ["august", "aug", "août", "aout"]),
            (9, ["september", "sep", "sept", "septembre"]),
            (10, ["october", "oct", "oktober", "okt", "octobre"]),
            (11, ["november", "nov", "novembre"]),
            (12, ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc"]),
        ]
        var table: [String: Int] = [:]
        for (month, words) in names { for word in words { table[word] = month } }
        return table
    }()

    /// The month a word names (1...12), or `nil`.
    static func month(_ word: String) -> Int? {
        var key = word.lowercased()
        if key.hasSuffix(".") { key.removeLast() }
        return table[key]
    }
}
