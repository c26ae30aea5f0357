import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ProgressBarTests {
    /// A clock the test moves by hand, in nanoseconds.
    final class FakeClock {
        var now: UInt64 = 1_000_000_000
    }

    @Test func itRedrawsAtMostTenTimesASecondAndErasesItselfAtTheEnd() {
        let output = Output(capturingAsTerminal: true)
        let clock = FakeClock()
        let bar = ProgressBar(output: output, total: 30_000_000) { clock.now }
        bar.update(done: 1_000_000)   // too soon after the start: a quick import never shows a bar
        clock.now += 100_000_000
        bar.update(done: 12_600_000)
        clock.now += 50_000_000
        bar.update(done: 13_000_000)   // too soon after the last draw
        clock.now += 60_000_000
        bar.update(done: 30_000_000)
        bar.finish()
        bar.finish()
        #expect(output.text == "\rImporting  42% [############                  ] 12.6 of 30.0 MB"
            + "\rImporting 100% [##############################] 30.0 of 30.0 MB"
            + "\r\u{1B}[K")
    }

    @Test func onceTheInputIsReadTheBarShowsAHundredPercentAtOnce() {
        let output = Output(capturingAsTerminal: true)
        let clock = FakeClock()
        let bar = ProgressBar(output: output, total: 30_000_000) { clock.now }
        clock.now += 100_000_000
        bar.update(done: 29_400_000)   // 98%: the last draw before the rows are saved
        clock.now += 1_000_000
        bar.update(done: 30_000_000)   // too soon to draw
        bar.completeReading()          // drawn anyway: reading is done
        #expect(output.text.hasSuffix("\rImporting 100% [##############################] 30.0 of 30.0 MB saving"))
        let silent = Output(capturingAsTerminal: true)
        ProgressBar(output: silent, total: 10).completeReading()   // never shown: stays hidden
        #expect(silent.text == "")
    }

    @Test func aStoppedBarIsErasedAndNeverDrawnAgain() {
        let output = Output(capturingAsTerminal: true)
        let clock = FakeClock()
        let bar = ProgressBar(output: output, total: 30_000_000) { clock.now }
        clock.now += 100_000_000
        bar.update(done: 12_600_000)
        bar.stop()                     // a long table starts going to the same terminal
        clock.now += 100_000_000
        bar.update(done: 20_000_000)
        bar.completeReading()
        bar.finish()
        #expect(output.text == "\rImporting  42% [############                  ] 12.6 of 30.0 MB" + "\r\u{1B}[K")
    }

    @Test func aBarNeverDrawnIsNeverErased() {
        let output = Output(capturingAsTerminal: true)
        ProgressBar(output: output, total: 10).finish()
        #expect(output.text == "")
    }

    @Test(arguments: [
        (true, ProgressBar.minimumSize, true),
        (true, ProgressBar.minimumSize - 1, false),
        (false, ProgressBar.minimumSize * 4, false),
    ])
    func onlyALargeInputOnATerminalGetsABar(terminal: Bool, size: Int, shown: Bool) {
        let input = Input(bytes: [UInt8](repeating: 0x41, count: size))
        #expect((ProgressBar.make(for: input, on: Output(capturingAsTerminal: terminal)) != nil) == shown)
    }

    @Test func anInputOfUnknownSizeGetsNoBar() {
        // Standard input from a pipe has no size in advance.
        let ends = ChildPipe()
        defer { close(ends.readEnd); close(ends.writeEnd) }
        let input = Input(fileDescriptor: ends.readEnd)
        #expect(input.size == nil)
        #expect(ProgressBar.make(for: input, on: Output(capturingAsTerminal: true)) == nil)
    }

    @Test(arguments: [(0, "0.0"), (99_999, "0.0"), (1_250_000, "1.2"), (123_456_789, "123.4")])
    func megabytesAreTruncatedToOneDecimal(bytes: Int, text: String) {
        #expect(ProgressBar.megabytes(bytes) == text)
    }
}
