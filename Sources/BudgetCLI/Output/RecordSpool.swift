#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Records set aside in an anonymous temporary file while a command works, to be written out
/// once it is done (`rule apply` lists its changes after they are committed), as many times as
/// needed (a table measures every row before it writes the first): memory stays bounded
/// whatever their number.
///
/// ```swift
/// let spool = try RecordSpool()
/// try spool.append(["12", "Lunch"])
/// try spool.forEach { texts in print(texts) }   // ["12", "Lunch"]
/// ```
///
/// Each record is a list of texts, written as their byte counts and bytes. The file is
/// `tmpfile(3)`'s: deleted as it is made, gone when the spool is.
///
/// Not thread-safe: one command writes to it at a time.
final class RecordSpool {
    private let file: UnsafeMutablePointer<FILE>
    /// How many records were appended.
    private(set) var count = 0
    /// One record's bytes on their way to the file, kept to reuse its storage.
    private var bytes: [UInt8] = []

    /// An empty spool in a new temporary file.
    ///
    /// - Throws: ``OutputError/failed(errno:)`` when no temporary file can be made.
    init() throws(OutputError) {
        guard let file = tmpfile() else { throw .failed(errno: errno) }
        self.file = file
    }

    deinit { fclose(file) }

    /// Appends a record.
    ///
    /// - Throws: ``OutputError/failed(errno:)`` when the file cannot take it (`ENOSPC`).
    func append(_ texts: [String]) throws(OutputError) {
        bytes.removeAll(keepingCapacity: true)
        appendCount(texts.count)
        for text in texts {
            appendCount(text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw .failed(errno: errno) }
        count += 1
    }

    /// Calls `body` with each record, in the order they were appended; later appends go after them.
    ///
    /// - Throws: ``OutputError/failed(errno:)`` when the file cannot be read, or what `body` throws.
    func forEach(_ body: ([String]) throws(OutputError) -> Void) throws(OutputError) {
        guard fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else { throw .failed(errno: errno) }
        defer { fseek(file, 0, SEEK_END) }
        for _ in 0..<count {
            var texts: [String] = []
            for _ in 0..<(try readCount()) { texts.append(try readText(byteCount: try readCount())) }
            try body(texts)
        }
    }

    private func appendCount(_ value: Int) {
        precondition(value <= UInt32.max, "a text of 4 GB or more in a spooled record")
        withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    private func readCount() throws(OutputError) -> Int {
        var value: UInt32 = 0
        let read = withUnsafeMutableBytes(of: &value) { fread($0.baseAddress, 1, 4, file) }
        guard read == 4 else { throw readFailure }
        return Int(UInt32(littleEndian: value))
    }

    private func readText(byteCount: Int) throws(OutputError) -> String {
        guard byteCount > 0 else { return "" }
        var complete = false
        let text = String(unsafeUninitializedCapacity: byteCount) { buffer in
            complete = fread(buffer.baseAddress, 1, byteCount, file) == byteCount
            return complete ? byteCount : 0
        }
        guard complete else { throw readFailure }
        return text
    }

    private var readFailure: OutputError { .failed(errno: ferror(file) != 0 ? errno : EIO) }
}
