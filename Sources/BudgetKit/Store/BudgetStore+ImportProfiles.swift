/// A saved set of `budget import` options, under a name (unique ignoring case).
///
/// The library keeps the words as given; what they mean (and whether they are valid) is the
/// import command's business, checked when the profile is saved and again when it is used.
public struct ImportProfile: Hashable, Sendable {
    /// The name, as saved.
    public let name: String
    /// The options, one command-line word each, in order.
    public let options: [String]

    /// Creates a profile value.
    public init(name: String, options: [String]) {
        self.name = name
        self.options = options
    }
}

extension BudgetStore {
    /// Saves import options under `name`, replacing the profile of that name (ignoring case)
    /// if there is one.
    ///
    /// ```swift
    /// try store.saveImportProfile(named: "giro", options: ["--delimiter", ";", "--decimal-comma"])
    /// ```
    ///
    /// - Returns: whether a profile was replaced.
    /// - Throws: ``BudgetError/invalidProfileName(_:)`` for a name that is empty or holds
    ///   control characters; ``BudgetError/invisibleCharacterInProfileName(_:_:)`` for one holding
    ///   a character that draws nothing (``InvisibleCharacters``), as a new category or account
    ///   name may not: `gi\u{200B}ro` would look like `giro` and never be found by it.
    @discardableResult
    public func saveImportProfile(named name: String, options: [String]) throws -> Bool {
        let name = try Self.validProfileName(name)
        return try writing {
            let key = BudgetCategory.nameKey(name)
            let replaced = try connection.int64("SELECT id FROM import_profiles WHERE name_key = ?", [.text(key)]) != nil
            try connection.run("DELETE FROM import_profiles WHERE name_key = ?", [.text(key)])
            try connection.run("INSERT INTO import_profiles (id, name, name_key) VALUES (?, ?, ?)",
                               [try nextID(for: "import_profiles"), .text(name), .text(key)])
            let id = connection.lastInsertRowID
            let insert = try connection.prepare("INSERT INTO import_profile_options (profile_id, position, word) VALUES (?, ?, ?)")
            for (position, word) in options.enumerated() {
                try insert.run([.integer(id), .integer(Int64(position + 1)), .text(word)])
            }
            return replaced
        }
    }

    /// Every import profile, by name ignoring case.
    public func importProfiles() throws -> [ImportProfile] {
        try reading {
            let names = try connection.prepare("SELECT name FROM import_profiles ORDER BY name_key").map { $0.text(0) }
            return try names.map { try fetchImportProfile(named: $0) }
        }
    }

    /// The import profile named `name`, ignoring case.
    ///
    /// - Throws: ``BudgetError/unknownImportProfile(_:)``.
    public func importProfile(named name: String) throws -> ImportProfile {
        try reading { try fetchImportProfile(named: name) }
    }

    /// Removes the import profile named `name`, ignoring case.
    ///
    /// - Returns: the profile removed.
    /// - Throws: ``BudgetError/unknownImportProfile(_:)``.
    @discardableResult
    public func removeImportProfile(named name: String) throws -> ImportProfile {
        try writing {
            let profile = try fetchImportProfile(named: name)
            try connection.run("DELETE FROM import_profiles WHERE name_key = ?", [.text(BudgetCategory.nameKey(profile.name))])
            return profile
        }
    }

    func fetchImportProfile(named name: String) throws -> ImportProfile {
        enum Column: Int32, SelectedColumns { case id, name }
        let key = BudgetCategory.nameKey(name.trimmingSpaces())
        guard let found = try connection.prepare("SELECT id, name FROM import_profiles WHERE name_key = ?").first([.text(key)], {
            (id: $0.int64(Column.id), name: $0.text(Column.name))
        }) else { throw BudgetError.unknownImportProfile(name) }
        let words = try connection.prepare("SELECT word FROM import_profile_options WHERE profile_id = ? ORDER BY position")
            .map([.integer(found.id)]) { $0.text(0) }
        return ImportProfile(name: found.name, options: words)
    }

    /// A new profile name trimmed of surrounding spaces.
    ///
    /// - Throws: ``BudgetError/invalidProfileName(_:)`` when empty or holding control characters;
    ///   ``BudgetError/invisibleCharacterInProfileName(_:_:)`` when holding a character that draws nothing.
    static func validProfileName(_ name: String) throws -> String {
        let trimmed = name.trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw BudgetError.invalidProfileName(name)
        }
        if let character = InvisibleCharacters.first(in: trimmed) { throw BudgetError.invisibleCharacterInProfileName(name, character) }
        return trimmed
    }
}
