/// In which order the day, month and year of numeric dates come in a bank file
/// (`--date-format`).
public enum DateOrder: String, CaseIterable, Hashable, Sendable {
    /// `31.12.2026`, `31/12/2026`, `311226`: day first.
    case dayMonthYear
    /// `12/31/2026`, `123126`: month first, as in the United States.
    case monthDayYear
    /// `2026-12-31`, `261231`: year first.
    case yearMonthDay
    /// Each date says by itself: four digits first is the year (`2026-12-31`, `20261231`);
    /// points mean day first (`31.12.2026`, as German, Swiss and Austrian banks write); a month
    /// name settles the month; otherwise day and month are whichever reading gives a real date
    /// (and with two-digit parts first and last between dashes, `26-01-15`, the year may come
    /// first too), and a date two readings fit (`03/04/2026`, `050607`, `26-01-15`) is an error
    /// (``BankFileProblem/ambiguousDate(_:readings:)``), never a guess.
    case detect
}
