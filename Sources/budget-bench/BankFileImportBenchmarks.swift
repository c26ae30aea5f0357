#if canImport(Glibc)
import Glibc
#endif

/// Issue 11's import figures: `budget import` of 100,000 entries written as OFX 1.x, OFX 2.x
/// and CAMT.053, each into a fresh book (median of three, wall time, peak memory), beside
/// `budget import` of the same rows as CSV in the same run (target: at most 2x).
struct BankFileImportBenchmarks {
    let fixtures: Fixtures
    let rows = 100_000

    func run() {
        let files = [
            ("CSV", "import-bank.csv", BankFileSamples.csv(rows: rows), ["--negate"]),
            ("OFX 1.x (SGML)", "import-bank.ofx", BankFileSamples.ofxSGML(rows: rows), []),
            ("OFX 2.x (XML)", "import-bank-xml.ofx", BankFileSamples.ofxXML(rows: rows), []),
            ("CAMT.053", "import-bank.xml", BankFileSamples.camt053(rows: rows), []),
        ].map { label, name, text, options in
            let path = fixtures.folder + "/" + name
            writeFile(path, text)
            return (label, path, options)
        }
        var baseline: (seconds: Double, peak: Int)?
        for (label, path, options) in files {
            var samples = Samples()
            var peak = 0
            for run in 0..<3 {
                let book = fixtures.largeBook(named: "bank-import-\(run).sqlite3", rows: 0)
                let result = Processes.measure([fixtures.budget, "--db", book, "-q", "import", path, "--account", "Main",
                                                "--default-category", "Food"] + options)
                precondition(result.status == 0 || result.status == 3, "\(label) import failed: exit \(result.status)")
                samples.add(result.seconds)
                peak = max(peak, result.peakBytes)
                _ = system("rm -f '\(book)'*")
            }
            guard let csv = baseline else {
                baseline = (samples.median, peak)
                say("bank import: \(rows / 1000)k entries as CSV: \(milliseconds(samples.median)) median of 3, peak RSS \(megabytes(peak))")
                continue
            }
            say("bank import: \(label): \(milliseconds(samples.median))   baseline CSV import: \(milliseconds(csv.seconds))   "
                + "ratio \(ratio(samples.median, csv.seconds)) (target <= 2x); peak RSS \(megabytes(peak)) (target <= 64 MB)")
        }
    }
}
