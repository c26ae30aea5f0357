/// Recognises the header of a bank's CSV file: the common English, German and French column
/// names, compared ignoring case, accents' absence aside, and surrounding spaces; a name
/// followed by a currency in parentheses (`Betrag (EUR)`) counts as the name.
enum CSVHeaderRecognizer {
    /// The column roles, each with the names that play it, best first.
    static let dates = ["booking date", "posting date", "transaction date", "posted date", "trans. date", "date",
                        "buchungstag", "buchungsdatum", "datum", "date d'opération", "date de l'opération", "date opération",
                        "date comptable", "date d'operation", "date operation"]
    static let amounts = ["amount", "transaction amount", "betrag", "umsatz", "montant", "montant de l'opération"]
    static let debits = ["debit", "debit amount", "withdrawal", "withdrawals", "money out", "paid out", "outflow", "soll",
                         "ausgang", "débit", "debit (eur)"]
    static let credits = ["credit", "credit amount", "deposit", "deposits", "money in", "paid in", "inflow", "haben", "eingang",
                          "crédit"]
    static let payees = ["payee", "beneficiary", "recipient", "merchant", "counterparty", "name", "description",
                         "empfänger", "begünstigter", "beguenstigter/zahlungspflichtiger", "begünstigter/zahlungspflichtiger",
                         "name zahlungsbeteiligter", "auftraggeber/empfänger", "empfänger/zahlungspflichtiger",
                         "zahlungsempfänger", "bénéficiaire", "tiers", "libellé", "libelle"]
    // Not here, though banks write them: `Auftraggeber / Begünstigter` (DKB), `Begünstigter /
    // Auftraggeber` (Deutsche Bank). Earlier versions found no payee in those files, and an
    // import key holds the payee: found now, every row of a statement imported before would
    // have a new key, and the next overlapping statement would import its days again. They
    // need a way to match those keys first; until then `--payee-column` names them.
    // (`Empfänger/Zahlungspflichtiger` is a cooperative bank's, whose signless amounts were
    // read with the wrong sign before the sign column: their keys change anyway.)
    static let payers = ["payer", "remitter", "auftraggeber", "zahlungspflichtiger", "émetteur", "donneur d'ordre"]
    // `Beschreibung` (German for description) is a note, last, though `Description` is a payee:
    // a file whose header names it and no payee column was recognised before with an empty
    // payee, and, read as the payee now, every row of a statement imported before would have a
    // new key (see above). Read as the note, its text is kept (rules on the note see it, and may
    // name the payee) and no key changes; `--payee-column` names it for a first import.
    static let notes = ["memo", "note", "notes", "reference", "details", "verwendungszweck", "vorgang/verwendungszweck",
                        "buchungstext", "vorgang",
                        "référence", "libellé complémentaire", "motif", "beschreibung"]
    static let statuses = ["status", "buchungsstatus", "statut"]
    /// The bank's (or another tool's) own category of each row: Chase, Capital One, Amex,
    /// Monzo and N26 write one. Read as a category column is in budget's own layout (it beats
    /// the rules; an empty cell leaves the row to them), unless
    /// ``ImportOptions/ignoresCategoryColumn``.
    static let categories = ["category", "kategorie", "catégorie", "categorie"]
    /// A column beside a signless amount saying which way its money went (`S` or `H`, `D` or
    /// `C`: see ``ImportMapper/applyingSign(_:word:column:named:fail:)``). A column with no name
    /// right after the amount is taken as one too, as German cooperative banks write it
    /// (`Umsatz;" "` with `54,37;S`).
    static let signs = ["soll/haben", "s/h", "soll-haben", "soll/haben-kennzeichen", "debit/credit", "credit/debit",
                        "dr/cr", "cr/dr", "d/c", "c/d"]
    /// A column of transaction types that may say which way a signless amount went: Mint
    /// writes every amount without a sign and `debit` or `credit` here. Read as the unnamed
    /// column is, its other words leaving the amount as written (N26 wrote `MasterCard
    /// Payment` or `Income` beside signed amounts).
    static let types = ["transaction type"]

    /// The normalized name: lowercased, trimmed, a trailing `(EUR)`-like part dropped.
    static func key(_ field: String) -> String {
        var text = ImportMapper.trimmed(field).lowercased()
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            text = String(text[..<open])
            while text.hasSuffix(" ") { text.removeLast() }
        }
        return text
    }

    /// The layout a header gives, or `nil` when it names no date column, or no amount column
    /// and no debit and credit pair.
    static func recognize(_ fields: [String], line: Int, delimiter: Unicode.Scalar) -> (CSVLayout, ImportMapper.Columns)? {
        let keys = fields.map(key)
        var taken = Set<Int>()
        func find(_ names: [String]) -> Int? {
            for name in names {
                if let index = keys.indices.first(where: { keys[$0] == name && !taken.contains($0) }) {
                    taken.insert(index)
                    return index
                }
            }
            return nil
        }
        guard let date = find(dates) else { return nil }
        var columns = ImportMapper.Columns(date: date)
        var typed = false
        if let amount = find(amounts) {
            columns.amount = amount
            if let sign = find(signs) {
                columns.sign = sign
                columns.signNamed = true
            } else if let type = find(types) {
                columns.sign = type
                typed = true
            } else if amount + 1 < keys.count, keys[amount + 1].isEmpty {
                columns.sign = amount + 1
                taken.insert(amount + 1)
            }
        } else {
            guard let debit = find(debits), let credit = find(credits) else { return nil }
            columns.debit = debit
            columns.credit = credit
        }
        columns.payer = find(payers)
        columns.payee = find(payees)
        columns.note = find(notes)
        columns.status = find(statuses)
        columns.category = find(categories)
        func name(_ index: Int?) -> String? { index.map { fields[$0] } }
        let layout = CSVLayout(delimiter: delimiter, headerLine: line, date: fields[date], amount: name(columns.amount),
                               debit: name(columns.debit), credit: name(columns.credit), payee: name(columns.payee),
                               payer: name(columns.payer), category: name(columns.category), note: name(columns.note),
                               status: name(columns.status),
                               sign: columns.signNamed || typed ? name(columns.sign) : nil, signColumn: columns.sign.map { $0 + 1 })
        return (layout, columns)
    }

    /// The field separator of a file's first lines, of `,`, `;` and tab: the one that splits
    /// the first line that is a header (budget's own, or one ``recognize(_:line:delimiter:)``
    /// knows) into its names; when no line is, the one found most often on one line (a comma on
    /// a tie). Counting alone took budget's own `date,amount,category,payee` header for a `;` file
    /// when its payees held more semicolons than the header commas.
    static func delimiter(of head: [UInt8]) -> Unicode.Scalar {
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
        for (number, line) in head.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(CSVLayout.preambleLimit).enumerated() {
            let text = line.last == 0x0D ? line.dropLast() : line[...]
            for candidate in candidates {
                let fields = headerFields(text, delimiter: candidate)
                guard fields.count > 1 else { continue }
                if ImportMapper.isOwnHeader(fields) || recognize(fields, line: number + 1, delimiter: Unicode.Scalar(candidate)) != nil {
                    return Unicode.Scalar(candidate)
                }
            }
        }
        return mostFrequentDelimiter(of: head, candidates)
    }

    /// A line's fields split at `delimiter` outside double quotes, each without its quotes (a
    /// quote inside a field is dropped too: no header name holds one).
    private static func headerFields(_ line: ArraySlice<UInt8>, delimiter: UInt8) -> [String] {
        var fields: [String] = [], field: [UInt8] = []
        var inQuotes = false
        for byte in line {
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if byte == delimiter && !inQuotes {
                fields.append(String(decoding: field, as: UTF8.self))
                field = []
            } else {
                field.append(byte)
            }
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
    }

    /// Of `candidates`, the one found most often on one of the head's lines (the first on a tie).
    private static func mostFrequentDelimiter(of head: [UInt8], _ candidates: [UInt8]) -> Unicode.Scalar {
        var best: (delimiter: UInt8, count: Int) = (candidates[0], 0)
        var counts = [0, 0, 0]
        var lines = 0
        var inQuotes = false
        func endLine() {
            for (index, count) in counts.enumerated() where count > best.count { best = (candidates[index], count) }
            counts = [0, 0, 0]
        }
        for byte in head {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if inQuotes { continue }
            if byte == 0x0A {
                endLine()
                lines += 1
                if lines >= CSVLayout.preambleLimit { break }
            } else if let index = candidates.firstIndex(of: byte) {
                counts[index] += 1
            }
        }
        endLine()
        return Unicode.Scalar(best.delimiter)
    }
}
