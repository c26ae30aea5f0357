import Testing
@testable import BudgetKit

/// The one place rules match: fields, modes, directions, per-action first match, patterns.
@Suite struct RuleMatcherTests {
    func definition(_ id: Int64, _ pattern: String, field: ImportRule.Field = .payee, mode: ImportRule.Mode = .contains,
                    direction: ImportRule.Direction? = nil, payee: String? = nil, category: String? = nil) -> RuleMatcher.Definition {
        RuleMatcher.Definition(id: id, field: field, mode: mode, pattern: pattern, direction: direction, payee: payee,
                               categoryID: category == nil ? nil : id, categoryName: category, categoryKind: category == nil ? nil : .expense)
    }

    @Test(arguments: [
        // (mode, pattern, text, matches)
        (ImportRule.Mode.contains, "mktplace", "AMAZON MKTPLACE PMTS 1234", true),
        (.contains, "strasse", "Hauptstraße 1", true),
        (.exact, "amazon", "AMAZON", true),
        (.exact, "amazon", "AMAZON MKTPLACE", false),
        (.pattern, "^amazon (mktplace|marketplace) pmts [0-9]+$", "AMAZON MKTPLACE PMTS 1234", true),
        (.pattern, "^amazon$", "AMAZON MKTPLACE", false),
        (.pattern, "^caf.$", "CAFÉ", true),
        (.pattern, "é", "É", true),
        (.pattern, "[[:digit:]]{4}", "PMTS 1234", true),
    ])
    func eachModeComparesIgnoringCase(mode: ImportRule.Mode, pattern: String, text: String, matches: Bool) throws {
        let matcher = try RuleMatcher([definition(1, pattern, mode: mode, category: "Shopping")])
        #expect((matcher.match(payee: text, note: "", direction: .moneyOut).category != nil) == matches)
    }

    @Test func eachActionTakesTheFirstMatchingRuleThatHasIt() throws {
        let matcher = try RuleMatcher([
            definition(1, "amazon", payee: "Amazon"),
            definition(2, "amazon", category: "Shopping"),
            definition(3, "amazon", payee: "Later", category: "Later"),
        ])
        let match = matcher.match(payee: "AMAZON MKTPLACE PMTS 1234", note: "", direction: .moneyOut)
        #expect(match.payee?.rule == 1 && match.payee?.name == "Amazon")
        #expect(match.category?.rule == 2 && match.category?.name == "Shopping")
    }

    @Test func aRuleCanLookAtTheNoteOrEitherAndRequireADirection() throws {
        let matcher = try RuleMatcher([
            definition(1, "refund", field: .note, direction: .moneyIn, category: "Refunds"),
            definition(2, "rent", field: .any, category: "Rent"),
        ])
        #expect(matcher.match(payee: "Shop", note: "Refund 12", direction: .moneyIn).category?.rule == 1)
        #expect(matcher.match(payee: "Shop", note: "Refund 12", direction: .moneyOut).category == nil)
        #expect(matcher.match(payee: "Refund", note: "", direction: .moneyIn).category == nil)
        #expect(matcher.match(payee: "x", note: "November rent", direction: nil).category?.rule == 2)
        #expect(matcher.match(payee: "RENT Co", note: "", direction: nil).category?.rule == 2)
    }

    @Test func theDirectionOfAnAmountFollowsItsCategoryKind() {
        let spent = try! Money(parsing: "12.50")
        #expect(ImportRule.Direction(amount: spent, kind: .expense) == .moneyOut)
        #expect(ImportRule.Direction(amount: -spent, kind: .expense) == .moneyIn)
        #expect(ImportRule.Direction(amount: spent, kind: .income) == .moneyIn)
        #expect(ImportRule.Direction(amount: -spent, kind: .income) == .moneyOut)
        #expect(ImportRule.Direction(amount: .zero, kind: .income) == nil)
    }

    @Test(arguments: [
        ("(unclosed", "unmatched ( or \\("),
        ("[abc", "unmatched [, [^, [:, [., or [="),
        ("a{2,1}", "invalid content of \\{\\}"),
        ("(a)\\1", "back-references like \\1 are not supported"),
        ("a{1000}{2}", "its {m,n} repetitions multiply to more than 1000"),
        (String(repeating: "a", count: 257), "longer than 256 bytes"),
        ("a\u{0}b", "it holds a NUL byte"),
        ("cash\\'", "\\' is not supported: use ^ and $"),
        ("\\`cash", "\\` is not supported: use ^ and $"),
    ])
    func aBadPatternIsRefusedNamingItAndWhy(pattern: String, reason: String) {
        #expect(throws: BudgetError.invalidRuleExpression(pattern, reason: reason)) { _ = try RulePattern(pattern) }
    }

    @Test func catastrophicPatternsStayFastOnLongTexts() throws {
        // Backtracking engines take exponential time on these; glibc's matcher does not.
        let text = String(repeating: "a", count: 20_000) + "!"
        for pattern in ["^(a+)+$", "^(a|aa)*$", "^(a*)*b", "(x+x+)+y"] {
            #expect(try RulePattern(pattern).matches(text) == false)
        }
    }

    /// glibc tries a pattern not anchored with `^` from every place in the text: `a.*b` over a
    /// 1 MiB payee (a field's limit) took over an hour. Only the first 512 bytes are matched.
    @Test func unanchoredPatternsMatchOnlyATextsFirstBytes() throws {
        let huge = String(repeating: "pay ", count: 262_144)
        #expect(try RulePattern("pay.*pal").matches(huge) == false)
        #expect(try RulePattern("(.*a){1000}x").matches(String(repeating: "a ", count: 524_288)) == false)
        let late = String(repeating: "a ", count: 300) + "x"
        #expect(try RulePattern("x").matches(late) == false)
        #expect(try RulePattern("^(a )+").matches(late))
        // `$` is the text's end, never the place it was cut.
        #expect(try RulePattern("^(a )+$").matches(late) == false)
        #expect(try RulePattern("^(a )+$").matches(String(repeating: "a ", count: 300)) == false)
        #expect(try RulePattern("^(a )+$").matches(String(repeating: "a ", count: 250)))
        // Cut after a character that is no part of a word, never inside a character or a word:
        // `cash\b` must not match a `cashback` cut after `cash`.
        let accented = String(repeating: "a", count: 507) + " bb " + "é"
        #expect(RulePattern.bounded(accented) == String(repeating: "a", count: 507) + " bb ")
        // 512 bytes of one word hold no place to cut: nothing of it is matched (a miss, never a
        // word taken for whole).
        #expect(RulePattern.bounded(String(repeating: "a", count: 600)) == "")
        // Nor is it taken for an empty text: a pattern that matches one (`x*`, `^`) matched it.
        for pattern in ["^$", "^\\s*$", "^[^0-9]*$", "a", "x*", "^", "(b|)"] {
            #expect(try RulePattern(pattern).matches(String(repeating: "a", count: 600)) == false, "\(pattern)")
        }
        #expect(RulePattern.bounded("short é") == "short é")
        let cashback = String(repeating: "x", count: 507) + " cashback"
        for pattern in ["\\bcash\\b", "cash\\>", "cash$", "h$"] {
            #expect(try RulePattern(pattern).matches(cashback) == false, "\(pattern)")
        }
    }

    /// A pattern matches as `payees` groups and contains rules match: canonically equivalent
    /// texts alike, and case-folded (`ß` as `ss`) when the text as written does not match.
    @Test(arguments: [
        ("café", "Cafe\u{301}", true),
        ("cafe\u{301}", "CAFÉ", true),
        ("STRASSE$", "Hauptstraße", true),
        ("straße", "HAUPTSTRASSE 1", true),
        ("stra.e", "Straße", true),
        ("^\\S+$", "Straße", true),
        ("^\\S+$", "Haupt Straße", false),
        ("[ß]", "ss", false),
        ("[ß]", "Maß", true),
        ("^strasse$", "Strase", false),
        // Folding changes lengths: a pattern that counts or classes characters never sees a
        // folded text (`^[^ß]+$` matched `Fuß` as `fuss`; `^.{4}$` matched `Fuß`).
        ("^[^ß]+$", "Fuß", false),
        ("^[^ß]+$", "Straße", false),
        ("^[^ß]+$", "Mase", true),
        ("^.{4}$", "Fuß", false),
        ("^.{4}$", "ﬁsh", false),
        ("^Maß*e$", "Mase", false),
        ("^Maß*e$", "Maße", true),
        ("^strass?e$", "Straße", true),
    ])
    func patternsMatchComposedAndFoldedText(pattern: String, text: String, matches: Bool) throws {
        #expect(try RulePattern(pattern).matches(text) == matches)
    }

    @Test func aPayeeWithNULOrControlCharactersIsMatchedWhole() throws {
        let pattern = try RulePattern("shop$")
        #expect(pattern.matches("Corner\u{0}Shop"))
        #expect(pattern.matches("\u{202E}Evil\u{1B}[31m Shop"))
        #expect(!pattern.matches("Shop\u{0}x"))
    }
}
