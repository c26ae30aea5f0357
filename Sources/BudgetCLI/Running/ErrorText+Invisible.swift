import BudgetKit

extension ErrorText {
    /// `'Fo\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible`: a name holding a
    /// character that draws nothing where it stands (``InvisibleCharacters``), shown where it is
    /// and named, in a pipe too, as a new name's refusal shows it; `nil` for any other name.
    static func invisibleCharacter(in name: String) -> String? {
        guard let character = InvisibleCharacters.first(in: name) else { return nil }
        return "'\(InvisibleCharacters.shown(in: name))': it holds \(InvisibleCharacters.label(character)), which is invisible"
    }

    /// `no category named 'Fod'` and `hint`. A name holding an invisible character is not in the
    /// book because no new name may hold one: the message names the character, and the hint
    /// says to type the name without it, not to add it.
    init(noneNamed name: String, noun: String, hint: String, suggesting names: [String] = []) {
        if let shown = Self.invisibleCharacter(in: name) {
            self.init(message: "no \(noun) named \(shown)", hint: Self.invisibleCharacterHint)
        } else {
            self.init(message: "no \(noun) named '\(name)'" + Suggestion.phrase(for: name, among: names), hint: hint)
        }
    }

    /// `error`'s words, and after an unknown category or account (or an import's missing
    /// categories) the closest of `names`, when one is close enough: `no category named 'Fod';
    /// did you mean 'Food'?`. Not after a name holding an invisible character: the hint already
    /// says to type it without.
    init(_ error: BudgetError, suggesting names: [String]) {
        switch error {
        case .unknownCategory(let name) where !names.isEmpty:
            self.init(noneNamed: name, noun: "category", hint: Self.categoriesHint, suggesting: names)
        case .unknownAccount(let name) where !names.isEmpty:
            self.init(noneNamed: name, noun: "account", hint: Self.accountsHint, suggesting: names)
        case .missingCategories(let file, let categories, let more) where !names.isEmpty:
            self.init(missingCategories: file, categories, more: more, suggesting: names)
        default:
            self.init(error)
        }
    }

    /// One `FILE:LINE:COLUMN: no category named 'Fod'` line per category an import names and the
    /// book lacks, as compilers list their errors, and a hint. When the file's header gave the
    /// column (``MissingCategory/header``: a bank's `Category` holds the bank's names), the hint
    /// names it and `--ignore-category-column` beside `--create-categories`. A name holding an invisible
    /// character is named with it, and the hint does not offer `--create-categories` for it:
    /// that refuses such a name as `add-category` does.
    ///
    /// `names`: the book's categories; a name close to one is offered it (`no category named
    /// 'Fod'; did you mean 'Food'?`).
    init(missingCategories file: String, _ categories: [MissingCategory], more: Int, suggesting names: [String] = []) {
        var invisible = 0
        var lines = categories.map { category -> String in
            let location = "\(file):\(category.line):\(category.column)"
            guard let shown = Self.invisibleCharacter(in: category.name) else {
                return "\(location): no category named '\(category.name)'" + Suggestion.phrase(for: category.name, among: names)
            }
            invisible += 1
            return "\(location): no category named \(shown)"
        }
        if more > 0 { lines.append("\(file): and \(more) more missing categor\(more == 1 ? "y" : "ies")") }
        let others = categories.count + more - invisible
        let create = "add \(others == 1 ? "it" : "them") with 'budget add-category', or import with --create-categories to create "
            + "\(others == 1 ? "it" : "them") from the file"
        let hint: String
        switch (invisible, others) {
        case (0, _):
            // A column the header gave by itself may hold a bank's names, not the book's.
            if let header = categories.first?.header {
                let one = others == 1
                hint = "\(one ? "this name is" : "these names are") from the file's column '\(header)': "
                    + "add \(one ? "it" : "them") with 'budget add-category', import with --create-categories to create "
                    + "\(one ? "it" : "them") from the file, or import with --ignore-category-column to leave "
                    + "\(one ? "its" : "their") rows to rules and --default-category"
            } else {
                hint = create
            }
        case (1, 0):
            hint = "remove the invisible character from the name in the file: it makes one name look like another, "
                + "and --create-categories refuses such a name too"
        case (_, 0):
            hint = "remove the invisible characters from the names in the file: they make one name look like another, "
                + "and --create-categories refuses such names too"
        default:
            hint = "remove the invisible character\(invisible == 1 ? " from the name" : "s from the names") holding one in the file "
                + "(--create-categories refuses such names too); for the other\(others == 1 ? "" : "s"), " + create
        }
        self.init(lines: lines, hint: hint + "; nothing was imported")
    }
}
