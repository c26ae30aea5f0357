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
/// let spool = try RecordSpool(in: ["/tmp"])
/// try spool.append(["12", "Lunch"])
/// try spool.forEach { texts in print(texts) }   // ["12", "Lunch"]
/// ```
///
/// Each record is a list of texts, written as their byte counts and bytes. The file is made by
/// `mkstemp(3)` (readable by its owner alone) in the first folder given that takes it (`$TMPDIR`,
/// then `/tmp`: ``CommandContext/temporaryFolders``; `tmpfile(3)` would ignore `$TMPDIR`) and
/// unlinked at once: it has no name while the spool works, and its space is freed when the
/// spool goes, or the process ends however it ends.
///
/// Not thread-safe: one command writes to it at a time.
final class RecordSpool {
    private let file: UnsafeMutablePointer<FILE>
    /// How many records were appended.
    private(set) var count = 0
    /// One record's bytes on their way to the file, kept to reuse its storage.
    private var bytes: [UInt8] = []

    /// An empty spool in a new temporary file in the first of `folders` where one can be made.
    ///
    /// - Throws: ``OutputError/failed(errno:)`` with the first folder's reason when no temporary
    ///   file can be made in any of them.
    init(in folders: [String]) throws(OutputError) {
        var firstFailure: Int32?
        for folder in folders {
            var template = Array("\(folder)/budget-spool-XXXXXX".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                firstFailure = firstFailure ?? errno
                continue
            }
            unlink(template)
            guard let file = fdopen(descriptor, "w+") else {
                let code = errno
                close(descriptor)
                throw .failed(errno: code)
            }
            self.file = file
            return
        }
        throw .failed(errno: firstFailure ?? ENOENT)
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
