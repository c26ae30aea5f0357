#if canImport(Glibc)
import Glibc
#endif

/// Reads an ``ImportReader``'s rows on a thread of its own, a little ahead of the thread that
/// stages them, so that parsing a large file (decoding, splitting fields, reading dates and
/// amounts) overlaps with writing its rows to SQLite.
///
/// ```swift
/// try ImportPrefetch.rows(of: &reader) { next in
///     while let row = try next() { try stage(row) }
/// }
/// ```
///
/// The first ``startAfter`` rows are read on the caller's thread, as without it: a small file
/// (a month's statement) never starts a thread. After that the reader, and the chunk source it
/// pulls from, run on the reading thread, never at the same time as the caller's code (the
/// caller is inside `body` the whole time). Rows, and the error that ended the file, reach
/// `next` in file order: the rows before a bad one are all handed over first, as without it.
///
/// Memory: rows wait in batches of at most ``batchRows`` rows or ``batchBytes`` bytes of text,
/// and the reading thread stops while ``queuedBytes`` bytes are waiting, so at most about two
/// batches (or one record at ``CSVReader``'s 4 MiB limit) are held beyond what reading one row
/// at a time holds.
///
/// When `body` returns or throws, the reading thread is told to stop, joined, and the reader
/// (with what it learnt: format, statements, rows read) is handed back.
final class ImportPrefetch: @unchecked Sendable {
    /// Rows read on the caller's thread before the reading thread starts.
    static let startAfter = 4_096
    static let batchRows = 256
    static let batchBytes = 256 << 10
    static let queuedBytes = 512 << 10

    private struct Batch {
        var rows: [ImportRow] = []
        var bytes = 0
        /// The last batch: the file ended, or `error` ended it.
        var isLast = false
        var error: (any Error)?
    }

    // `reader` belongs to the reading thread from start to join; the rest is guarded by `lock`.
    private var reader: ImportReader
    private var lock = pthread_mutex_t()
    private var changed = pthread_cond_t()
    private var queue: [Batch] = []
    private var queued = 0
    private var stopping = false
    private var thread: pthread_t?

    private init(reader: ImportReader) {
        self.reader = reader
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&lock)
    }

    /// Calls `body` with a function giving `rows`' next row (`nil` at the end), read ahead on
    /// a thread of its own once ``startAfter`` rows were read.
    static func rows<T>(of rows: inout ImportReader, startingAfter early: Int = startAfter,
                        _ body: (() throws -> ImportRow?) throws -> T) throws -> T {
        var readHere = 0
        var prefetch: ImportPrefetch?
        defer {
            if let prefetch { rows = prefetch.stop() }
        }
        var batch = Batch(), index = 0
        func prefetched(_ prefetch: ImportPrefetch) throws -> ImportRow? {
            while true {
                if index < batch.rows.count {
                    index += 1
                    return batch.rows[index - 1]
                }
                if batch.isLast {
                    if let error = batch.error {
                        batch.error = nil
                        throw error
                    }
                    return nil
                }
                batch = prefetch.take()
                index = 0
            }
        }
        return try body {
            if let prefetch { return try prefetched(prefetch) }
            if readHere < early {
                readHere += 1
                return try rows.nextUnkeyed()
            }
            let started = ImportPrefetch(reader: rows)
            prefetch = started
            started.start()
            return try prefetched(started)
        }
    }

    private func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, { context in
            Unmanaged<ImportPrefetch>.fromOpaque(context!).takeRetainedValue().read()
            return nil
        }, context) == 0 {
            self.thread = thread
        } else {
            // No thread: read here, one batch at a time, as `take` asks.
            Unmanaged<ImportPrefetch>.fromOpaque(context).release()
        }
    }

    /// The reading thread: batches until the file ends, an error ends it, or ``stop()``.
    private func read() {
        while true {
            pthread_mutex_lock(&lock)
            while queued >= Self.queuedBytes && !stopping { pthread_cond_wait(&changed, &lock) }
            let stop = stopping
            pthread_mutex_unlock(&lock)
            if stop { return }
            let batch = readBatch()
            pthread_mutex_lock(&lock)
            queue.append(batch)
            queued += batch.bytes
            pthread_cond_broadcast(&changed)
            pthread_mutex_unlock(&lock)
            if batch.isLast { return }
        }
    }

    private func readBatch() -> Batch {
        var batch = Batch()
        batch.rows.reserveCapacity(Self.batchRows)
        do {
            while batch.rows.count < Self.batchRows && batch.bytes < Self.batchBytes {
                guard let row = try reader.nextUnkeyed() else {
                    batch.isLast = true
                    break
                }
                batch.bytes += row.textBytes
                batch.rows.append(row)
            }
        } catch {
            batch.isLast = true
            batch.error = error
        }
        return batch
    }

    /// The next batch, waiting for it.
    private func take() -> Batch {
        guard thread != nil else { return readBatch() }
        pthread_mutex_lock(&lock)
        while queue.isEmpty { pthread_cond_wait(&changed, &lock) }
        let batch = queue.removeFirst()
        queued -= batch.bytes
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)
        return batch
    }

    /// Stops the reading thread, joins it, and hands back the reader.
    private func stop() -> ImportReader {
        if let thread {
            pthread_mutex_lock(&lock)
            stopping = true
            pthread_cond_broadcast(&changed)
            pthread_mutex_unlock(&lock)
            pthread_join(thread, nil)
            self.thread = nil
        }
        return reader
    }
}

extension ImportRow {
    /// The bytes of its texts, for ``ImportPrefetch``'s bound on rows waiting.
    var textBytes: Int {
        var bytes = payee.utf8.count + note.utf8.count + importKey.utf8.count + splitNote.utf8.count
        for text in [category, account, transferAccount] { bytes += text?.utf8.count ?? 0 }
        return bytes + 64
    }
}
