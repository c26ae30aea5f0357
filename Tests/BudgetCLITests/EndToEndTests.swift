import BudgetKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A few runs of the built `budget` binary, through a shell: real argv, real pipes, real signals.
@Suite(.serialized) struct EndToEndTests {
    /// The built binary next to the test bundle, if it was built.
    static let binary: String? = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        var path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while let slash = path.lastIndex(of: "/"), !path.hasSuffix("/debug"), !path.hasSuffix("/release") {
            path = String(path[..<slash])
        }
        let candidate = path + "/budget"
        return access(candidate, X_OK) == 0 ? candidate : nil
    }()

    /// Runs a shell command line; returns its stdout and exit status.
    func shell(_ command: String) -> (output: String, status: Int32) {
        guard let stream = popen(command, "r") else { return ("", -1) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, stream)
            if count <= 0 { break }
            output += buffer[..<count]
        }
        let status = pclose(stream)
        return (String(decoding: output, as: UTF8.self), (status >> 8) & 0xFF)
    }

    @Test func exportIntoHeadEndsQuietlyAndDiskFullIsExit74() throws {
        let binary = try #require(Self.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let budget = "BUDGET_DB=\(sandbox.database) \(binary)"
        #expect(shell("\(budget) add-category Food 300 2>&1").output == "Added expense category Food: 300.00 a month from \(currentMonth()).\n")
        for _ in 0..<3 { _ = shell("\(budget) -q add 12.50 Food Lunch") }
        #expect(shell("\(budget) add -2.25 Food Refund 2>/dev/null") == ("4\n", 0))
        // An export far larger than a pipe's buffer into head: the reader goes away early;
        // SIGPIPE is ignored and EPIPE ends the export without a message, exit 0.
        let store = try BudgetStore(path: sandbox.database)
        let payee = String(repeating: "p", count: 200)
        for _ in 0..<2000 { try store.addTransaction(amount: Money(minorUnits: 1), category: "Food", payee: payee) }
        let early = shell("bash -c 'set -o pipefail; \(budget) export --format json 2>&1 | head -c 10'")
        #expect(early == ("[\n  {\"id\":", 0))
        let head = shell("bash -c 'set -o pipefail; \(budget) export 2>&1 | head -1'")
        #expect(head == ("id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled\n", 0))
        let full = shell("\(budget) export 2>&1 >/dev/full; echo \"exit $?\"")
        #expect(full.output == "budget: error: cannot write output: No space left on device\nexit 74\n")
    }

    /// `backup -` into a reader that quits before the end: the reader holds a truncated book, so
    /// this is a failure (74), not the quiet 0 of `export | head -1`; the book and TMPDIR keep nothing new.
    @Test func aBackupToADashWhoseReaderQuitsEarlyExits74() throws {
        let binary = try #require(Self.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let tmp = sandbox.directory + "/tmp"
        #expect(mkdir(tmp, 0o700) == 0)
        let budget = "TMPDIR=\(tmp) BUDGET_DB=\(sandbox.database) \(binary)"
        _ = shell("\(budget) -q add-category Food 300")
        let store = try BudgetStore(path: sandbox.database)
        let payee = String(repeating: "p", count: 200)
        for _ in 0..<2000 { try store.addTransaction(amount: Money(minorUnits: 1), category: "Food", payee: payee) }
        let before = try sandbox.snapshot()
        let errors = sandbox.directory + "/errors"
        let cut = shell("bash -c '\(budget) backup - 2>\(errors) | head -c 4096 >/dev/null; echo \"exit ${PIPESTATUS[0]}\"'")
        #expect(cut == ("exit 74\n", 0))
        #expect(sandbox.read(errors) == """
            budget: error: the backup on standard output is incomplete: the reader closed the pipe before its end
            hint: what the reader got is not a usable book: let it read to the end (budget backup - | gzip > budget.sqlite3.gz)

            """)
        #expect(try sandbox.snapshot() == before)
        #expect(Sandbox.names(in: tmp) == [])
        // Read to its end, the same backup still succeeds quietly.
        let whole = shell("bash -c 'set -o pipefail; \(budget) -q backup - | wc -c >/dev/null; echo \"exit $?\"'")
        #expect(whole == ("exit 0\n", 0))
    }

    /// `import -` with standard input closed (`<&-`) is an error naming it, exit 1, not "Imported
    /// 0 transactions"; nothing is imported, and no book is left where none was.
    @Test func anImportOfAClosedStandardInputFailsAndImportsNothing() throws {
        let binary = try #require(Self.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let budget = "BUDGET_DB=\(sandbox.database) \(binary)"
        _ = shell("\(budget) -q add-category Food 300")
        let before = try sandbox.snapshot()
        let closed = shell("\(budget) import - <&- 2>&1; echo \"exit $?\"")
        #expect(closed.output == """
            budget: error: cannot read <stdin>: standard input is closed
            hint: give the file's path, or send it in: budget import - < FILE
            exit 1

            """)
        #expect(try sandbox.snapshot() == before)
        let fresh = sandbox.directory + "/new.sqlite3"
        let created = shell("\(binary) --db \(fresh) import - --create-categories <&- 2>&1; echo \"exit $?\"")
        #expect(created.output.hasSuffix("exit 1\n"))
        #expect(access(fresh, F_OK) != 0)
        // An empty standard input that is open is an empty file: an error too, exit 65.
        #expect(shell("\(budget) import - </dev/null 2>&1; echo \"exit $?\"").output == """
            budget: error: <stdin> is empty: there is nothing to import
            hint: a download or an export that failed can leave an empty file; check where it came from
            exit 65

            """)
        #expect(try sandbox.snapshot() == before)
    }

    /// A book in a folder its user may not write (README: "a write-protected book can still be
    /// read"): SQLite says READONLY, not CANTOPEN, to a non-root user, so this runs the binary as
    /// nobody through setpriv (root writes anywhere). It is read, checked and backed up, and
    /// nothing is made in the folder.
    @Test(.enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0))
    func aBookInAFolderItsUserMayNotWriteIsReadCheckedAndBackedUp() throws {
        let binary = try #require(Self.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let books = sandbox.directory + "/books", out = sandbox.directory + "/out"
        #expect(chmod(sandbox.directory, 0o755) == 0)
        for folder in [books, out] {
            #expect(mkdir(folder, 0o700) == 0)
            #expect(chown(folder, 65534, 65534) == 0)
        }
        let nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=\(out) \(binary) --db \(books)/b.sqlite3"
        #expect(shell("\(nobody) -q add-category Food 10 2>&1; \(nobody) -q add 3 Food x --date 2026-11-02 2>&1").output == "1\n")
        #expect(chmod(books, 0o500) == 0)
        #expect(shell("\(nobody) export 2>&1; echo \"exit $?\"").output == """
            id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled
            1,2026-11-02,3.00,Food,x,,expense,Main,,,,,
            exit 0

            """)
        #expect(shell("\(nobody) check 2>&1; echo \"exit $?\"").output == "ok\nexit 0\n")
        #expect(shell("\(nobody) backup \(out)/copy.sqlite3 2>&1; echo \"exit $?\"").output
                == "Backed up \(books)/b.sqlite3 to \(out)/copy.sqlite3.\nexit 0\n")
        #expect(Sandbox.names(in: books) == ["b.sqlite3"])
        #expect(chmod(books, 0o700) == 0)
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedBeforeAnythingIsStored() throws {
        let binary = try #require(Self.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let budget = "BUDGET_DB=\(sandbox.database) \(binary)"
        _ = shell("\(budget) -q add-category Food 300")
        let before = try sandbox.snapshot()
        let result = shell("\(budget) add 5 Food \"$(printf 'Caf\\351')\" 2>&1; echo \"exit $?\"")
        #expect(result.output == "budget: error: argument 4 is not valid UTF-8 text\n"
            + "hint: budget stores text as UTF-8: convert the argument, for example with iconv\nexit 64\n")
        #expect(try sandbox.snapshot() == before)
        let environment = shell("BUDGET_DB=\"$(printf '/tmp/caf\\351.sqlite3')\" \(binary) list 2>&1; echo \"exit $?\"")
        #expect(environment.output == "budget: error: BUDGET_DB is not valid UTF-8 text\nhint: set BUDGET_DB to a UTF-8 path\nexit 64\n")
    }

    /// libxml2 (with ICU and libstdc++ behind it) costs a process about 2.5 ms to load: only a
    /// command reading an XML bank file loads it, when it reads one.
    @Test func onlyACommandReadingXMLLoadsLibxml2() throws {
        let binary = try #require(Self.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let budget = "BUDGET_DB=\(sandbox.database) LD_DEBUG=libs \(binary)"
        for words in ["--version", "-q add-category Food 300", "-q add 12.50 Food Lunch", "report", "list", "--help"] {
            let run = shell("\(budget) \(words) 2>&1")
            #expect(run.status == 0, "budget \(words)")
            #expect(run.output.contains("libsqlite3.so.0"), "budget \(words): LD_DEBUG=libs reports what is loaded")
            #expect(!run.output.contains("libxml2"), "budget \(words)")
        }
        let file = sandbox.write("bank.ofx", """
            <?xml version="1.0"?>
            <?OFX OFXHEADER="200" VERSION="220"?>
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF>
            <BANKACCTFROM><BANKID>1</BANKID><ACCTID>1234</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261103</DTPOSTED>
            <TRNAMT>-4.75</TRNAMT><FITID>1</FITID><NAME>Coffee</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """)
        let run = shell("\(budget) -q import \(file) --account Main --default-category Food 2>&1")
        #expect(run.status == 0)
        #expect(run.output.contains("libxml2.so.2"))
        #expect(shell("BUDGET_DB=\(sandbox.database) \(binary) list --format csv --from 2026-11-01 --to 2026-11-30").output
            .contains("2026-11-03,4.75,Food,Coffee"))
    }

    /// `make bench` measures history's cost against the same binary with
    /// `BUDGET_BENCH_NO_HISTORY=1`: the variable must reach the store, or the baseline is the
    /// measured run itself.
    @Test func theBenchmarksHistorySwitchReallyTurnsHistoryOff() throws {
        let binary = try #require(Self.binary, "make test builds the budget binary beside the tests")
        let sandbox = Sandbox()
        let budget = "BUDGET_DB=\(sandbox.database) \(binary)"
        _ = shell("\(budget) -q add-category Food 300")
        _ = shell("BUDGET_BENCH_NO_HISTORY=1 \(budget) -q add 5 Food Lunch")
        let store = try BudgetStore(path: sandbox.database)
        #expect(try store.history().map(\.command) == ["budget -q add-category Food 300"])
        #expect(try store.transactions().count == 1)
    }

    private func currentMonth() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let month = Int(parts.tm_mon) + 1
        return "\(Int(parts.tm_year) + 1900)-\(month < 10 ? "0" : "")\(month)"
    }
}
