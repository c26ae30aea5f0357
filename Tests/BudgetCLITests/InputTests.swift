import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// ``Input/again()``: the file an import opened, read again from its start, never another file
/// and never a stream that cannot be read twice.
@Suite struct InputTests {
    func readAll(_ input: Input) throws -> String {
        var bytes: [UInt8] = []
        while let chunk = try input.read(upTo: 4) { bytes += chunk }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aFileIsReadAgainFromItsStartEvenAfterItsPathNamesAnotherFile() throws {
        let sandbox = Sandbox()
        let path = sandbox.write("bank.csv", "date,amount\n")
        let input = try Input.open(path: path)
        #expect(try readAll(input) == "date,amount\n")
        let other = sandbox.write("other.csv", "another file\n")
        #expect(rename(other, path) == 0)
        let again = try #require(input.again())
        #expect(again.name == path && again.size == 12)
        #expect(try readAll(again) == "date,amount\n")
        #expect(try readAll(try #require(again.again())) == "date,amount\n")
        // The first reading's position is its own.
        #expect(try input.read() == nil)
    }

    @Test func aFileWrittenToSinceItWasOpenedIsNotReadAgain() throws {
        let sandbox = Sandbox()
        let path = sandbox.write("bank.csv", "date,amount\n")
        let input = try Input.open(path: path)
        _ = try readAll(input)
        let file = try #require(fopen(path, "ab"))
        fputs("2026-11-03,1.00\n", file)
        fclose(file)
        #expect(input.again() == nil)
    }

    @Test func aPipeStandardInputOrMemoryIsReadOnce() throws {
        // Closed on exec, as every descriptor a test holds: the processes other tests start
        // meanwhile do not keep them.
        let pipe = ChildPipe()
        defer { close(pipe.readEnd); close(pipe.writeEnd) }
        #expect(Input(fileDescriptor: pipe.readEnd).again() == nil)
        let sandbox = Sandbox()
        let descriptor = open(sandbox.write("bank.csv", "date,amount\n"), O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(Input(fileDescriptor: descriptor).again() == nil)
        #expect(Input(bytes: Array("date,amount\n".utf8)).again() == nil)
    }
}
