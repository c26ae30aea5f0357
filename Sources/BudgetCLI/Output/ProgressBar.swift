#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar redrawn in place on a terminal's stderr, for long reads:
///
/// ```
/// Importing  42% [############                  ] 12.6 of 30.0 MB
/// ```
///
/// It is made only for a terminal and a large input of known size (``make(for:on:)``), so pipes,
/// files and tests never see it. It redraws at most ten times a second (the first time after a
/// tenth of a second, so a quick run never flashes it) and erases itself when done, leaving the
/// line to the summary or the error that follows. Failures to draw are ignored: progress is a
/// courtesy, never a reason to stop.
///
/// Not thread-safe.
final class ProgressBar {
    /// Inputs smaller than this get no bar: 1 MiB.
    static let minimumSize = 1 << 20
    /// The least time between two draws: a tenth of a second.
    static let interval: UInt64 = 100_000_000
    /// The bar's width in characters, between the brackets.
    static let width = 30

    private let output: Output
    private let total: Int
    private let clock: () -> UInt64
    private var lastDraw: UInt64
    private var drawn = false
    /// Set by ``stop()``: nothing is drawn any more.
    private var stopped = false

    /// A bar over `total` bytes; `clock` gives monotonic nanoseconds (injected by tests).
    init(output: Output, total: Int, clock: @escaping () -> UInt64 = ProgressBar.monotonicNanoseconds) {
        precondition(total > 0, "a progress bar needs a size")
        self.output = output
        self.total = total
        self.clock = clock
        lastDraw = clock()
    }

    /// A bar for reading `input`, or `nil` unless `output` is a terminal and the input is a file
    /// of at least ``minimumSize`` bytes.
    static func make(for input: Input, on output: Output) -> ProgressBar? {
        guard output.isTerminal, let size = input.size, size >= minimumSize else { return nil }
        return ProgressBar(output: output, total: size)
    }

    /// Records that `done` bytes are through, redrawing when a tenth of a second has passed.
    func update(done: Int) {
        guard !stopped else { return }
        let now = clock()
        guard now &- lastDraw >= Self.interval else { return }
        lastDraw = now
        draw(Self.line(done: done, total: total))
    }

    /// The whole input is read: draws the full bar at once (if a bar is showing), however little
    /// time passed since the last draw, so the bar never sits below 100% while the rows are saved.
    func completeReading() {
        guard drawn else { return }
        draw(Self.line(done: total, total: total) + " saving")
    }

    private func draw(_ line: String) {
        drawn = true
        try? output.write(TerminalText(rendered: "\r" + line))
        try? output.flush()
    }

    /// Erases the bar, if it was drawn, for good: later updates draw nothing. For output that
    /// starts going to the same terminal while the input is still read (a long table): its lines
    /// are the progress then.
    func stop() {
        stopped = true
        finish()
    }

    /// Erases the bar, if it was drawn.
    func finish() {
        guard drawn else { return }
        drawn = false
        try? output.write(TerminalText(rendered: "\r\u{1B}[K"))
        try? output.flush()
    }

    /// `Importing  42% [############                  ] 12.6 of 30.0 MB`: never narrower than an
    /// earlier line of the same total (done only grows), so each draw covers the last.
    static func line(done: Int, total: Int) -> String {
        let done = min(max(done, 0), total)
        let percent = String(done * 100 / total)
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        return "Importing " + String(repeating: " ", count: 3 - percent.count) + percent + "% [" + bar + "] "
            + megabytes(done) + " of " + megabytes(total) + " MB"
    }

    /// Bytes in megabytes (10^6) with one decimal, truncated: `12.6`.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = bytes / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
