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
/// Only a reader that allows it reads ahead (``ImportReader/readsAhead``, which the `budget`
/// command sets for its own input): its chunk source is then called on another thread, which a
/// closure tied to the caller's thread, task or actor must not be. The first ``startAfter`` rows
/// are read on the caller's thread, as without it: a small file (a month's statement) never
/// starts a thread. After that the reader, and the chunk source it pulls from, run on the
/// reading thread, never at the same time as the caller's code (the caller is inside `body`
/// the whole time). Rows, and the error that ended the file, reach `next` in file order: the
/// rows before a bad one are all handed over first, as without it.
///
/// Memory: rows wait in batches of at most ``batchRows`` rows or ``batchBytes`` bytes of text,
/// and the reading thread stops while ``queuedBytes`` bytes are waiting, so at most about two
/// batches (or one record at ``CSVReader``'s 4 MiB limit) are held beyond what reading one row
/// at a time holds.
///
/// When `body` returns, the reading thread is told to stop, joined, and the reader (with what it
/// learnt: format, statements, rows read) is handed back. When `body` throws (a bad row the
/// caller found), the thread is told to stop and not waited for, as the input may never come:
/// a call of the chunk source already waiting may still return, and the source is not called
/// again (the reader takes its input as ended), then the thread ends.
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
    /// The batch the reading thread is filling, and whether rows of it were handed over
    /// before the chunk source was called (the reading thread's own).
    private var building = Batch()
    private var handedOver = false
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
        let early = rows.readsAhead ? early : Int.max
        var readHere = 0
        var prefetch: ImportPrefetch?
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
        do {
            let result = try body {
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
            if let prefetch { rows = prefetch.stop() }
            return result
        } catch {
            // The reading thread may be waiting for input that comes late or never (a pipe):
            // it is told to stop and left to end on its own, not waited for. The reader stays
            // with it; the caller, with an error, has no more use for it.
            prefetch?.abandon()
            throw error
        }
    }

    private func start() {
        // The reading thread's own: unowned, as the thread holds the prefetch while it reads.
        reader.hook.willRead = { [unowned self] in self.handOverBeforeWaiting() }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, { context in
            Unmanaged<ImportPrefetch>.fromOpaque(context!).takeRetainedValue().read()
            return nil
        }, context) == 0 {
            self.thread = thread
        } else {
            // No thread: read here, one batch at a time, as `take` asks.
            reader.hook.willRead = nil
            Unmanaged<ImportPrefetch>.fromOpaque(context).release()
        }
    }

    /// The reading thread: batches until the file ends, an error ends it, or ``stop()``.
    private func read() {
        defer { reader.hook.willRead = nil }
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
        building = Batch()
        building.rows.reserveCapacity(Self.batchRows)
        do {
            handedOver = false
            while building.rows.count < Self.batchRows && building.bytes < Self.batchBytes {
                // Between rows too: a batch never reads on long after the rows are not wanted.
                if building.rows.count % 16 == 15 && isStopping { break }
                guard let row = try reader.nextUnkeyed() else {
                    building.isLast = true
                    break
                }
                building.bytes += row.textBytes
                building.rows.append(row)
                // Rows were handed over while this one was read: the batch ends with it, so
                // that the rows waiting are counted again before more are read (``read()``).
                if handedOver { break }
            }
        } catch {
            building.isLast = true
            building.error = error
        }
        defer { building = Batch() }
        return building
    }

    /// On the reading thread, before the chunk source is called (it may wait for input that
    /// comes late, or never): the rows read so far are handed over, so a bad one among them
    /// is reported at once.
    ///
    /// - Returns: `false` once the rows are no longer wanted: the chunk source is then not
    ///   called again, and the thread ends.
    private func handOverBeforeWaiting() -> Bool {
        if isStopping { return false }
        guard !building.rows.isEmpty else { return true }
        handedOver = true
        pthread_mutex_lock(&lock)
        queue.append(building)
        queued += building.bytes
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)
        building = Batch()
        building.rows.reserveCapacity(Self.batchRows)
        return true
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

    /// Tells the reading thread to stop and lets it end on its own: it calls the chunk source
    /// at most once more (a call already waiting for input), then ends.
    private func abandon() {
        guard let thread else { return }
        pthread_mutex_lock(&lock)
        stopping = true
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)
        pthread_detach(thread)
        self.thread = nil
    }

    /// Whether ``stop()`` or ``abandon()`` asked the reading thread to stop.
    private var isStopping: Bool {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return stopping
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
        reader.hook.willRead = nil
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
