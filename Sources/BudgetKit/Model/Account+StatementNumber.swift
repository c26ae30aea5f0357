/// Which account a bank file's account number names.
extension Account {
    /// Whether the account number a bank file gives (OFX `ACCTID`, CAMT `IBAN`, MT940 `:25:`)
    /// is this account's ``number``: equal ignoring spaces, dashes and case (``numberKey(_:)``),
    /// or a German IBAN and the `BLZ/KONTO` form of the same account, which German banks'
    /// MT940 files write in `:25:` (`DE89 3704 0044 0532 0130 00` is `37040044/0532013000`,
    /// its account number with or without the leading zeros), or two `BLZ/KONTO` forms that
    /// differ only in those zeros.
    ///
    /// ```swift
    /// giro.number                                                // "DE89 3704 0044 0532 0130 00"
    /// giro.isNamed(byStatementNumber: "37040044/532013000")      // true
    /// ```
    ///
    /// - Complexity: O(n) in the numbers' lengths.
    public func isNamed(byStatementNumber statementNumber: String) -> Bool {
        match(statementNumber) != nil
    }

    /// The account of `accounts` a bank file's account number names (see
    /// ``isNamed(byStatementNumber:)``): one whose number is equal ignoring spaces, dashes and
    /// case first, else one that is the same German account as an IBAN and `BLZ/KONTO`, else
    /// one whose `BLZ/KONTO` differs only in leading zeros. Each kind of match is looked for
    /// after the closer ones, so an account added later never takes a statement from one
    /// that matched it more closely.
    static func named(byStatementNumber number: String, in accounts: [Account]) -> Account? {
        guard !Account.numberKey(number).isEmpty else { return nil }
        var best: (account: Account, match: Match)?
        for account in accounts {
            guard let match = account.match(number), best.map({ match < $0.match }) ?? true else { continue }
            best = (account, match)
            if match == .exact { break }
        }
        return best?.account
    }

    /// How closely a statement's account number names an account, closest first.
    private enum Match: Int, Comparable {
        case exact, ibanAndShort, leadingZeros

        static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
    }

    /// How this account's number names `statementNumber`'s account, or `nil` when it does not.
    private func match(_ statementNumber: String) -> Match? {
        guard let number else { return nil }
        let own = Account.numberKey(number), given = Account.numberKey(statementNumber)
        guard !given.isEmpty else { return nil }
        if own == given { return .exact }
        if let iban = Self.germanParts(own), let short = Self.bankCodeAndAccount(given) { return iban == short ? .ibanAndShort : nil }
        if let iban = Self.germanParts(given), let short = Self.bankCodeAndAccount(own) { return iban == short ? .ibanAndShort : nil }
        // Both `BLZ/KONTO`, one with the account's leading zeros and one without.
        if let own = Self.bankCodeAndAccount(own), let given = Self.bankCodeAndAccount(given) { return own == given ? .leadingZeros : nil }
        return nil
    }

    /// The bank code and the 10-digit account number of a German IBAN (`DE`, 2 check digits, 8
    /// of the bank code, 10 of the account), or `nil` for any other number.
    private static func germanParts(_ key: String) -> BankCodeAndAccount? {
        let scalars = Array(key.unicodeScalars)
        guard scalars.count == 22, key.hasPrefix("DE"), scalars.dropFirst(2).allSatisfy(isDigit) else { return nil }
        return BankCodeAndAccount(bankCode: String(String.UnicodeScalarView(scalars[4..<12])),
                                  account: String(String.UnicodeScalarView(scalars[12...])))
    }

    /// `BLZ/KONTO` (8 digits, a slash, 1 to 10 digits) as a bank code and a 10-digit account
    /// number, or `nil` for any other number.
    private static func bankCodeAndAccount(_ key: String) -> BankCodeAndAccount? {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, (1...10).contains(parts[1].count),
              parts.allSatisfy({ $0.unicodeScalars.allSatisfy(isDigit) }) else { return nil }
        return BankCodeAndAccount(bankCode: String(parts[0]), account: String(repeating: "0", count: 10 - parts[1].count) + parts[1])
    }

    private struct BankCodeAndAccount: Equatable {
        let bankCode: String
        let account: String
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }
}
