#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChangesetFile {
    /// A changeset file found in a folder, by its name alone (nothing read yet).
    struct Entry: Hashable, Sendable {
        let device: DeviceID
        let sequence: UInt64
        /// The file's path: the folder, a slash, the name.
        let path: String
    }

    /// The changeset files in `folder`, by device then sequence number (their names' order).
    /// Other names are passed over: temporary files (`NAME.partial-…`), a sync tool's conflict
    /// copies and its own files, notes. What is under each name is not looked at.
    ///
    /// - Throws: ``SyncError/cannotOpenSyncFolder(path:reason:)`` when the folder is missing,
    ///   not a folder, or cannot be read.
    /// - Complexity: O(n log n) in the folder's names.
    static func entries(in folder: String) throws(SyncError) -> [Entry] {
        guard let directory = opendir(folder) else {
            throw .cannotOpenSyncFolder(path: folder, reason: BookFile.words(for: errno))
        }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let (device, sequence) = parseName(name) {
                entries.append(Entry(device: device, sequence: sequence, path: folder + "/" + name))
            }
        }
        return entries.sorted { ($0.device, $0.sequence) < ($1.device, $1.sequence) }
    }

    /// Removes the temporary files `device`'s writes left in `folder` when they were killed
    /// (`DEVICE-SEQUENCE.changeset.partial-…`), and no other file: never another device's.
    ///
    /// - Returns: how many were removed.
    /// - Throws: ``SyncError/cannotOpenSyncFolder(path:reason:)`` when the folder cannot be listed.
    @discardableResult
    static func removeLeftovers(of device: DeviceID, in folder: String) throws(SyncError) -> Int {
        guard let directory = opendir(folder) else {
            throw .cannotOpenSyncFolder(path: folder, reason: BookFile.words(for: errno))
        }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            // A changeset file's name (its length is fixed), then ".partial-" (BookFile.temporary).
            let bytes = Array(name.utf8)
            let length = DeviceID.textLength + 13 + nameSuffix.utf8.count
            guard bytes.count > length, bytes[length...].starts(with: ".partial-".utf8),
                  let (owner, _) = parseName(String(decoding: bytes[..<length], as: UTF8.self)),
                  owner == device else { continue }
            names.append(name)
        }
        closedir(directory)
        return names.filter { unlink(folder + "/" + $0) == 0 }.count
    }

    /// Writes the file into `folder` under ``name``, whole or not at all: into a temporary file
    /// beside it, synced, then linked to its name only if nothing has that name yet (never
    /// replacing a file, even one of another device), then the folder synced.
    ///
    /// - Returns: the new file's path.
    /// - Throws: ``SyncError/changesetFileExists(path:)`` when the name is taken (the file there
    ///   is left as it was); ``SyncError/cannotOpenSyncFolder(path:reason:)`` when the folder is
    ///   missing; ``SyncError/cannotWriteChangesetFile(path:reason:)`` when it is read-only or the
    ///   disk is full. No temporary file is left behind.
    @discardableResult
    func write(into folder: String) throws(SyncError) -> String {
        let path = folder + "/" + name
        guard !BookFile.exists(path) else { throw .changesetFileExists(path: path) }
        let temporary: (path: String, descriptor: Int32)
        do {
            temporary = try BookFile.temporary(beside: path)
        } catch {
            if error.code == ENOENT || error.code == ENOTDIR { throw .cannotOpenSyncFolder(path: folder, reason: error.message) }
            throw .cannotWriteChangesetFile(path: path, reason: error.message)
        }
        var published = false
        defer { if !published { unlink(temporary.path) } }
        do throws(BookFile.Failure) {
            let bytes = encoded()
            do throws(BookFile.Failure) {
                // Array.withUnsafeBytes rethrows untyped errors: carry the typed one out in a Result.
                try bytes.withUnsafeBytes { buffer in
                    Result { () throws(BookFile.Failure) in try BookFile.writeAll(temporary.descriptor, buffer) }
                }.get()
                guard fsync(temporary.descriptor) == 0 else { throw BookFile.Failure(code: errno) }
            } catch {
                close(temporary.descriptor)
                throw error
            }
            guard close(temporary.descriptor) == 0 else { throw BookFile.Failure(code: errno) }
            try BookFile.publish(temporary.path, as: path)
            published = true
        } catch {
            if error.code == EEXIST { throw .changesetFileExists(path: path) }
            throw .cannotWriteChangesetFile(path: path, reason: error.message)
        }
        return path
    }

    /// Reads and checks the changeset file at `path`.
    ///
    /// The header is read and checked first, so a file that announces more than
    /// ``Changeset/maximumByteCount`` bytes, or is shorter than it announces, is refused before
    /// its changes are read.
    ///
    /// - Throws: ``SyncError/invalidChangesetFile(path:problem:)`` for a file that is not a
    ///   whole, undamaged changeset file of a format this code reads;
    ///   ``SyncError/cannotReadChangesetFile(path:reason:)`` when it cannot be read at all
    ///   (missing, no permission, a folder or FIFO).
    static func read(_ path: String) throws(SyncError) -> ChangesetFile {
        // O_NONBLOCK: a FIFO under a changeset's name must not block the open.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .cannotReadChangesetFile(path: path, reason: BookFile.words(for: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotReadChangesetFile(path: path, reason: BookFile.words(for: errno)) }
        if let kind = FileKind(mode: UInt32(info.st_mode)) {
            throw .cannotReadChangesetFile(path: path, reason: "it is \(kind.phrase)")
        }
        let size = Int64(info.st_size)
        let prefix = try readBytes(descriptor, count: Int(min(size, Int64(maximumHeaderSize))), at: 0, path: path)
        let header = try header(prefix, fileSize: size, path: path)
        let payload = try readBytes(descriptor, count: header.payloadLength, at: Int64(headerSize), path: path)
        guard payload.count == header.payloadLength else {
            // The file shrank between fstat and read.
            throw .invalidChangesetFile(path: path, problem: .truncated(size: Int64(headerSize + payload.count), expected: header.fileSize))
        }
        return try ChangesetFile(header: header, payload: payload, path: path)
    }

    /// Up to `count` bytes from `offset`: fewer only at the end of the file.
    private static func readBytes(_ descriptor: Int32, count: Int, at offset: Int64, path: String) throws(SyncError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .cannotReadChangesetFile(path: path, reason: BookFile.words(for: errno))
            }
            if result == 0 { break }
            done += result
        }
        return Array(bytes[..<done])
    }
}
