import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `budget` binary as a user's shell would: whole processes, real pipes, real files.
@Suite struct ShellSessionTests {
    /// The `budget` executable built beside the test bundle.
    static let binary: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(count > 0, "readlink /proc/self/exe")
        var path = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while !path.isEmpty && access(path + "/budget", X_OK) != 0 {
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        precondition(access(path + "/budget", X_OK) == 0, "the budget binary is not built beside the tests")
        return path + "/budget"
    }()

    /// A fresh folder removed afterwards.
    final class Folder {
        let path: String
        init() {
            var template = Array("/tmp/budget-e2e-XXXXXX".utf8CString)
            precondition(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) } != nil)
            path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        deinit { _ = system("rm -rf '\(path)'") }
    }

    /// Runs a bash script with `budget` and `DB` defined; returns the exit status, stdout and stderr.
    func shell(_ script: String, in folder: Folder) -> (status: Int32, out: String, err: String) {
        let full = "cd '\(folder.path)'; budget() { '\(Self.binary)' \"$@\"; }; export DB='\(folder.path)/budget.sqlite3'; export BUDGET_DB=\"$DB\"; export NO_COLOR=1\n"
            + script + "\n"
        let scriptPath = folder.path + "/script.sh"
        let fd = open(scriptPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = full.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        let status = system("bash '\(scriptPath)' > '\(folder.path)/out' 2> '\(folder.path)/err'")
        return ((status >> 8) & 0xFF, read(folder.path + "/out"), read(folder.path + "/err"))
    }

    func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func manyProcessesAddingAtOnceLoseNothing() {
        let folder = Folder()
        let result = shell("""
            budget add-category Food 300 >/dev/null 2>&1 || exit 9
            for p in 1 2 3 4 5 6 7 8; do
              ( for i in $(seq 25); do budget add 1.00 Food "p$p-$i" --date 2026-11-01 >> ids.txt || echo FAIL >> failures; done ) &
            done
            wait
            test ! -e failures || exit 8
            sort -n ids.txt | uniq | wc -l
            budget list --format csv | tail -n +2 | wc -l
            """, in: folder)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.split(separator: "\n").map { $0.trimmingCharacters() } == ["200", "200"])
    }

    @Test func reportCheckKeepsItsVerdictWhenTheReaderIsGone() {
        let folder = Folder()
        let result = shell("""
            budget -q add-category Food 10 --from 2026-11 || exit 9
            budget -q add 25 Food --date 2026-11-02 >/dev/null || exit 8
            (sleep 0.3; budget report --month 2026-11 --check) | true
            echo "status ${PIPESTATUS[0]}"
            """, in: folder)
        #expect(result.out == "status 2\n")
        #expect(result.err == "budget: overspent in 2026-11: Food: 25.00 spent of 10.00 (15.00 over)\n")
    }

    @Test func theReadmeTourRunsOnAFreshDefaultDatabase() {
        let folder = Folder()
        let result = shell("""
            unset BUDGET_DB
            export XDG_DATA_HOME="$PWD/data"
            budget add-category Food 300 2>/dev/null || exit 9
            budget add 12.50 Food "Lunch" || exit 8
            budget add -2.25 Food "Refund" || exit 7
            budget list --format csv | cut -d, -f3-
            stat -c %a data/budget data/budget/budget.sqlite3
            """, in: folder)
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "1")
        #expect(lines.dropFirst(2).prefix(3) == ["amount,category,payee,note", "12.50,Food,Lunch,", "-2.25,Food,Refund,"])
        #expect(lines.suffix(2) == ["700", "600"])
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
