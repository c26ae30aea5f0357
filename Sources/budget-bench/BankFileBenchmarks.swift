import BudgetKit
#if canImport(Glibc)
import Glibc
#endif

/// Issue 11's reader figures: 100,000 entries written as CSV, OFX (1.x SGML and 2.x XML) and
/// CAMT.053, each read into neutral values in this process (median of three), beside the CSV
/// reader doing the same for the same rows in the same run (``CSVReader`` plus ISO dates and
/// plain amounts parsed: the work of a CSV import before SQLite); and each reader's peak
/// resident memory as a process of its own (`budget-bench --read-bank-file`), beside that of
/// reading the CSV.
struct BankFileBenchmarks {
    let folder: String
    let rows = 100_000

    func run() {
        let csv = write("bank.csv", BankFileSamples.csv(rows: rows))
        let ofx1 = write("bank.ofx", BankFileSamples.ofxSGML(rows: rows))
        let ofx2 = write("bank-xml.ofx", BankFileSamples.ofxXML(rows: rows))
        let camt = write("bank.xml", BankFileSamples.camt053(rows: rows))
        let baseline = median { readCSV(csv) }
        say("bank files: \(rows / 1000)k entries, CSV reader (records, ISO dates, amounts): \(milliseconds(baseline)) CPU time, median of 3  (\(size(csv)))")
        for (label, path) in [("OFX 1.x (SGML)", ofx1), ("OFX 2.x (XML)", ofx2), ("CAMT.053", camt), ("CSV through the transcoder", csv)] {
            let seconds = median { readBankFile(path, csvThroughTranscoder: path == csv) }
            say("bank files: \(label): \(milliseconds(seconds))   baseline CSV reader: \(milliseconds(baseline))   ratio \(ratio(seconds, baseline)) (target <= 2x)  (\(size(path)))")
        }
        let csvPeak = peak(csv, "csv")
        for (label, path) in [("OFX 1.x", ofx1), ("OFX 2.x", ofx2), ("CAMT.053", camt)] {
            say("bank files: \(label) peak RSS: \(megabytes(peak(path, "bank")))   baseline CSV reader process: \(megabytes(csvPeak)) (target <= 64 MB)")
        }
    }

    private func write(_ name: String, _ text: String) -> String {
        let path = folder + "/" + name
        writeFile(path, text)
        return path
    }

    private func size(_ path: String) -> String {
        var info = stat()
        stat(path, &info)
        return megabytes(Int(info.st_size))
    }

    /// The median CPU time (user and system) of three runs: the machine is shared, and wall
    /// time here measures the neighbours as much as the reader.
    private func median(_ body: () -> Void) -> Double {
        var samples = Samples()
        for _ in 0..<3 {
            let start = cpuSeconds()
            body()
            samples.add(cpuSeconds() - start)
        }
        return samples.median
    }

    private func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// A reader's peak resident memory as a process of its own, which reports its VmHWM:
    /// wait4's `ru_maxrss` would keep this (large) process's size from before the exec.
    private func peak(_ path: String, _ kind: String) -> Int {
        let report = folder + "/peak.txt"
        Processes.mustRun([selfPath(), "--read-bank-file", path, kind], stdoutPath: report)
        guard let file = fopen(report, "r") else { return 0 }
        defer { fclose(file) }
        var kilobytes = 0
        _ = withVaList([withUnsafeMutablePointer(to: &kilobytes) { $0 }]) { vfscanf(file, "%ld", $0) }
        return kilobytes * 1024
    }

    private func selfPath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return String(decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// This process's peak resident memory in KiB (VmHWM in /proc/self/status).
func peakKilobytes() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") { return Int(text.dropFirst(6).filter { $0.isNumber }) ?? 0 }
    }
    return 0
}

/// The CSV baseline: records, then the date and the amount of each parsed into values.
@discardableResult
func readCSV(_ path: String) -> Int {
    let file = ChunkFile(path)
    var reader = CSVReader(file: path, chunks: file.read)
    var count = 0
    var total = Money.zero
    do {
        _ = try reader.next()
        while let record = try reader.next() {
            guard Day(iso: record.fields[0]) != nil else { fatalError("bad date") }
            total += try Money(parsing: record.fields[1])
            count += 1
        }
    } catch {
        fatalError("\(error)")
    }
    return count
}

/// A bank file read to its end through ``BankFileReader``; the entries counted.
@discardableResult
func readBankFile(_ path: String, csvThroughTranscoder: Bool = false) -> Int {
    let file = ChunkFile(path)
    do {
        var reader = try BankFileReader(file: path, chunks: file.read)
        if csvThroughTranscoder {
            var records = CSVReader(file: path, chunks: reader.decodedText())
            var count = 0
            _ = try records.next()
            while let record = try records.next() {
                guard Day(iso: record.fields[0]) != nil else { fatalError("bad date") }
                _ = try Money(parsing: record.fields[1])
                count += 1
            }
            return count
        }
        var count = 0
        while let item = try reader.next() {
            if case .entry = item { count += 1 }
        }
        return count
    } catch {
        fatalError("\(error)")
    }
}

/// A file read in 64 KiB chunks. Not thread-safe.
final class ChunkFile {
    private let handle: UnsafeMutablePointer<FILE>?

    init(_ path: String) {
        handle = fopen(path, "rb")
        precondition(handle != nil, "cannot open \(path)")
    }

    deinit { fclose(handle) }

    func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = fread(&buffer, 1, buffer.count, handle)
        guard count > 0 else { return nil }
        buffer.removeLast(buffer.count - count)
        return buffer
    }
}
