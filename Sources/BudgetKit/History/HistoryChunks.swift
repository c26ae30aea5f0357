#if canImport(Glibc)
import Glibc
#endif

/// The rows a bulk write adds (``BulkInsert``), as its history entry keeps them: their INSERTs
/// in SQLite's changeset format (``ChangesetWriter``), cut into pieces of ``pieceSize`` bytes,
/// each compressed with zstd (``Zstd``) into a `history_chunks` row numbered from 0.
/// `history.bulk_bytes` holds the pieces' total size before compression.
///
/// An entry's changeset is its `history.changeset` (what the write's session recorded) followed
/// by its chunks, decompressed, in order (``changeset(of:head:bulkBytes:on:)``). Written this
/// way, a million-row import's entry is about 12 MB instead of 104 MB, and it is written in
/// one pass over the new rows with one piece in memory: a single BLOB would have to be sized
/// before it is written, which took a second pass over the rows.
///
/// ```swift
/// let chunks = try HistoryChunks.Writer(entry: id, limit: Changeset.maximumByteCount, on: connection)
/// var sink = chunks
/// try ChangesetWriter.writeInserts(of: table, where: "id > ?", [.integer(maxID)], on: connection, into: &sink)
/// let total = try chunks.finish()            // then: UPDATE history SET bulk_bytes = total
/// ```
enum HistoryChunks {
    /// The size of a piece before compression: 1 MiB.
    static let pieceSize = 1 << 20

    /// A sink that compresses every ``pieceSize`` bytes it is given into the entry's next chunk.
    ///
    /// Each piece is compressed on a thread of its own while the caller encodes the next one
    /// (two cores do both at once), and written as the chunk once the next piece is full or
    /// ``finish()`` is called: at most two pieces are in memory.
    ///
    /// Not thread-safe: it belongs to its connection's thread.
    final class Writer: ChangesetSink {
        private let entry: Int64
        private let limit: Int
        private let connection: Connection
        private let zstd: Zstd
        private var pending: [UInt8] = []
        private var position: Int64 = 0
        /// The piece being compressed, written as the next chunk.
        private var compressing: Compression?
        /// The bytes given so far, before compression.
        private(set) var total = 0

        /// A writer of the chunks of history entry `entry`, whose pieces may total `limit` bytes.
        ///
        /// - Throws: ``BudgetError/missingLibrary(name:reason:)`` without libzstd.
        init(entry: Int64, limit: Int, on connection: Connection) throws {
            self.entry = entry
            self.limit = limit
            self.connection = connection
            zstd = try Zstd.shared.get()
            pending.reserveCapacity(HistoryChunks.pieceSize)
        }

        deinit {
            _ = compressing?.frame()
        }

        /// Takes the next bytes, starting to compress each piece they complete.
        ///
        /// - Throws: ``SQLiteError``: `SQLITE_TOOBIG` past the limit, a database error.
        func write(_ bytes: UnsafeRawBufferPointer) throws {
            total += bytes.count
            guard total <= limit else { throw Changeset.tooBig }
            var start = 0
            while start < bytes.count {
                let taken = Swift.min(HistoryChunks.pieceSize - pending.count, bytes.count - start)
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + taken)]))
                start += taken
                if pending.count == HistoryChunks.pieceSize { try flush() }
            }
        }

        /// Writes the last pieces.
        ///
        /// - Returns: the bytes given in all, before compression (`history.bulk_bytes`).
        /// - Throws: a database error.
        func finish() throws -> Int {
            if !pending.isEmpty { try flush() }
            try writeCompressed()
            return total
        }

        /// Starts compressing the pending piece, then writes the one before it.
        private func flush() throws {
            let started = Compression(pending, with: zstd)
            pending = []
            pending.reserveCapacity(HistoryChunks.pieceSize)
            do {
                try writeCompressed()
            } catch {
                // Its thread is joined before the error goes on: no thread is left unjoined.
                _ = started.frame()
                throw error
            }
            compressing = started
        }

        /// Waits for the piece being compressed, if any, and writes it as the next chunk.
        private func writeCompressed() throws {
            guard let piece = compressing else { return }
            compressing = nil
            try connection.cached("INSERT INTO history_chunks (entry, position, bytes) VALUES (?, ?, ?)")
                .run([.integer(entry), .integer(position), .blob(try piece.frame().get())])
            position += 1
        }
    }

    /// One piece compressed on a thread of its own; ``frame()`` waits for it.
    private final class Compression: @unchecked Sendable {
        // Written by the thread alone, read after pthread_join: the join orders the two.
        private let piece: [UInt8]
        private let zstd: Zstd
        private var result: Result<[UInt8], SQLiteError> = .failure(Changeset.noMemory)
        private var thread: pthread_t?

        /// Starts compressing `piece`; without a thread, compresses it here.
        init(_ piece: [UInt8], with zstd: Zstd) {
            self.piece = piece
            self.zstd = zstd
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            if pthread_create(&thread, nil, { context in
                Unmanaged<Compression>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context) == 0 {
                self.thread = thread
            } else {
                Unmanaged<Compression>.fromOpaque(context).release()
                run()
            }
        }

        private func run() {
            result = piece.withUnsafeBytes { bytes in Result { () throws(SQLiteError) in try zstd.compress(bytes) } }
        }

        /// The compressed piece, once the thread is done.
        func frame() -> Result<[UInt8], SQLiteError> {
            if let thread {
                pthread_join(thread, nil)
                self.thread = nil
            }
            return result
        }
    }

    /// The changeset of history entry `entry`: `head` (its `history.changeset`) followed by its
    /// chunks, when `bulkBytes` (its `history.bulk_bytes`) says it has any.
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_CORRUPT` when a chunk is missing, damaged or more than
    ///   `bulkBytes` allow (nothing is ever taken from a damaged entry), `SQLITE_TOOBIG` past
    ///   ``Changeset/maximumByteCount``; ``BudgetError/missingLibrary(name:reason:)`` without
    ///   libzstd; a database error.
    /// - Complexity: O(n) in the entry's size, all of which is in memory at the end.
    static func changeset(of entry: Int64, head: [UInt8], bulkBytes: Int64, on connection: Connection) throws -> [UInt8] {
        guard bulkBytes != 0 else { return head }
        guard bulkBytes > 0 else { throw Changeset.corrupt }
        guard bulkBytes <= Int64(Changeset.maximumByteCount - head.count) else { throw Changeset.tooBig }
        let zstd = try Zstd.shared.get()
        let expected = Int(bulkBytes)
        var bytes = head
        // Room for what the entry says, up to 64 MiB: a damaged `bulk_bytes` costs no more.
        bytes.reserveCapacity(head.count + Swift.min(expected, 64 << 20))
        var position: Int64 = 0
        try connection.cached("SELECT position, bytes FROM history_chunks WHERE entry = ? ORDER BY position")
            .forEachRow([.integer(entry)]) { row in
                let left = expected - (bytes.count - head.count)
                guard row.int64(0) == position, left > 0 else { throw Changeset.corrupt }
                bytes += try zstd.decompress(row.blob(1), limit: Swift.min(pieceSize, left))
                position += 1
            }
        guard bytes.count - head.count == expected else { throw Changeset.corrupt }
        return bytes
    }
}
