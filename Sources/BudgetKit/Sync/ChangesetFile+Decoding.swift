extension ChangesetFile {
    /// What a file's header says, checked.
    struct Header: Hashable, Sendable {
        let schemaVersion: Int
        let sequence: UInt64
        let clock: HybridLogicalClock
        let payloadLength: Int
        let payloadChecksum: UInt32

        /// The whole file's size in bytes.
        var fileSize: Int64 { Int64(ChangesetFile.headerSize + payloadLength) }
    }

    /// Reads a whole file's bytes.
    ///
    /// - Parameter path: the file's path, for errors, and whose last component, when it is a
    ///   changeset file name, must agree with the header.
    /// - Throws: ``SyncError/invalidChangesetFile(path:problem:)``.
    init(decoding bytes: [UInt8], path: String) throws(SyncError) {
        let header = try Self.header(Array(bytes.prefix(Self.maximumHeaderSize)), fileSize: Int64(bytes.count), path: path)
        try self.init(header: header, payload: Array(bytes[Self.headerSize...]), path: path)
    }

    /// A file from its checked header and the bytes after it.
    ///
    /// - Throws: ``SyncError/invalidChangesetFile(path:problem:)`` with
    ///   ``ChangesetFileProblem/damagedChanges`` when the checksum does not match or the bytes are
    ///   not a well-formed changeset.
    init(header: Header, payload: [UInt8], path: String) throws(SyncError) {
        precondition(payload.count == header.payloadLength)
        guard CRC32.checksum(payload) == header.payloadChecksum,
              let changeset = try? Changeset(bytes: payload) else {
            throw .invalidChangesetFile(path: path, problem: .damagedChanges)
        }
        self.init(schemaVersion: header.schemaVersion, sequence: header.sequence, clock: header.clock, changeset: changeset)
    }

    /// Checks the first bytes of a file (up to ``maximumHeaderSize``) against its size.
    ///
    /// In this order, so each file gets the most telling problem: the magic (a prefix of it in
    /// a file shorter than the magic is a truncation); the header's size and its checksum, which
    /// every format version keeps where format 1 has them, so a damaged version number reads as
    /// damage, not as a newer format; the format version; the fields; the announced length
    /// against the limit, then against the file's size; the name against the header.
    ///
    /// - Throws: ``SyncError/invalidChangesetFile(path:problem:)``.
    static func header(_ prefix: [UInt8], fileSize: Int64, path: String) throws(SyncError) -> Header {
        func refuse(_ problem: ChangesetFileProblem) -> SyncError { .invalidChangesetFile(path: path, problem: problem) }
        guard prefix.count >= magic.count else {
            throw refuse(magic.starts(with: prefix) ? .truncated(size: fileSize, expected: Int64(headerSize)) : .notAChangesetFile)
        }
        guard prefix.starts(with: magic) else { throw refuse(.notAChangesetFile) }
        guard prefix.count >= 12 else { throw refuse(.truncated(size: fileSize, expected: Int64(headerSize))) }
        let size = Int(number(prefix, at: 10, 2))
        guard size >= headerSize, size <= maximumHeaderSize else { throw refuse(.damagedHeader) }
        guard prefix.count >= size else { throw refuse(.truncated(size: fileSize, expected: Int64(size))) }
        guard number(prefix, at: size - 4, 4) == UInt64(CRC32.checksum(Array(prefix[..<(size - 4)]))) else {
            throw refuse(.damagedHeader)
        }
        let version = Int(number(prefix, at: 8, 2))
        guard version <= formatVersion else { throw refuse(.newerFormat(version: version, supported: formatVersion)) }
        guard version >= 1, size == headerSize, let device = DeviceID(rawValue: number(prefix, at: 16, 8)) else {
            throw refuse(.damagedHeader)
        }
        let sequence = number(prefix, at: 24, 8)
        let time = number(prefix, at: 32, 8)
        guard (1...maximumSequence).contains(sequence), time <= UInt64(Int64.max),
              let clock = HybridLogicalClock(time: Int64(time), device: Int64(device.rawValue)) else { throw refuse(.damagedHeader) }
        let length = number(prefix, at: 40, 8)
        guard length <= UInt64(Changeset.maximumByteCount) else {
            throw refuse(.tooLarge(length: Int64(clamping: length), limit: Int64(Changeset.maximumByteCount)))
        }
        let header = Header(schemaVersion: Int(number(prefix, at: 12, 4)), sequence: sequence, clock: clock,
                            payloadLength: Int(length), payloadChecksum: UInt32(number(prefix, at: 48, 4)))
        guard fileSize >= header.fileSize else { throw refuse(.truncated(size: fileSize, expected: header.fileSize)) }
        guard fileSize == header.fileSize else { throw refuse(.trailingBytes(size: fileSize, expected: header.fileSize)) }
        let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if let named = parseName(name), named.device != device || named.sequence != sequence {
            throw refuse(.misnamed(device: device, sequence: sequence))
        }
        return header
    }

    private static func number(_ bytes: [UInt8], at offset: Int, _ count: Int) -> UInt64 {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
