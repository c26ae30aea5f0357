import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `budget` binary as a user's shell would: whole processes, real pipes, real files.
@Suite struct ShellSessionTests {
    /// Runs a bash script in the sandbox with `budget` (the built binary) and `DB` defined;
    /// returns the exit status, stdout and stderr.
    func shell(_ script: String, in sandbox: Sandbox) throws -> (status: Int32, out: String, err: String) {
        let binary = try #require(EndToEndTests.binary, "make test builds the budget binary beside the tests")
        let folder = sandbox.directory
        let scriptPath = sandbox.write("script.sh", "cd '\(folder)'; budget() { '\(binary)' \"$@\"; }; "
            + "export DB='\(sandbox.database)'; export BUDGET_DB=\"$DB\"; export NO_COLOR=1\n" + script + "\n")
        let status = system("bash '\(scriptPath)' > '\(folder)/out' 2> '\(folder)/err'")
        return ((status >> 8) & 0xFF, sandbox.read("out"), sandbox.read("err"))
    }

    @Test func manyProcessesAddingAtOnceLoseNothing() throws {
        let sandbox = Sandbox()
        let result = try shell("""
            budget add-category Food 300 >/dev/null 2>&1 || exit 9
            for p in 1 2 3 4 5 6 7 8; do
              ( for i in $(seq 25); do budget add 1.00 Food "p$p-$i" --date 2026-11-01 >> ids.txt || echo FAIL >> failures; done ) &
            done
            wait
            test ! -e failures || exit 8
            sort -n ids.txt | uniq | wc -l
            budget list --format csv | tail -n +2 | wc -l
            """, in: sandbox)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.split(separator: "\n").map { $0.trimmingCharacters() } == ["200", "200"])
    }

    @Test func reportCheckKeepsItsVerdictWhenTheReaderIsGone() throws {
        let sandbox = Sandbox()
        let result = try shell("""
            budget -q add-category Food 10 --from 2026-11 || exit 9
            budget -q add 25 Food --date 2026-11-02 >/dev/null || exit 8
            (sleep 0.3; budget report --month 2026-11 --check) | true
            echo "status ${PIPESTATUS[0]}"
            """, in: sandbox)
        #expect(result.out == "status 2\n")
        #expect(result.err == "budget: overspent in 2026-11: Food: 25.00 spent of 10.00 (15.00 over)\n")
    }

    @Test func theReadmeTourRunsOnAFreshDefaultDatabase() throws {
        let sandbox = Sandbox()
        let result = try shell("""
            unset BUDGET_DB
            export XDG_DATA_HOME="$PWD/data"
            budget add-category Food 300 2>/dev/null || exit 9
            budget add 12.50 Food "Lunch" || exit 8
            budget add -2.25 Food "Refund" || exit 7
            budget list --format csv | cut -d, -f3-
            stat -c %a data/budget data/budget/budget.sqlite3
            """, in: sandbox)
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "1")
        #expect(lines.dropFirst(2).prefix(3) == ["amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled",
                                                 "12.50,Food,Lunch,,expense,Main,,,,,", "-2.25,Food,Refund,,expense,Main,,,,,"])
        #expect(lines.suffix(2) == ["700", "600"])
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
