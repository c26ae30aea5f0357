#if canImport(Glibc)
import Glibc
#endif

/// The zstd functions that compress the rows a bulk write adds to its history entry
/// (``HistoryChunks``), looked up in `libzstd.so.1` when the first entry is written or read.
///
/// Loaded, not linked, like ``LibXML2``: a linked library is loaded by every process, and only
/// imports and the commands that read their entries need this one. `libzstd.so.1` is on every
/// Debian and Ubuntu system (dpkg itself needs it); `make deps` checks. The five functions used
/// are zstd's stable API, the same in every 1.x release, so they are declared here rather than
/// through its header.
///
/// Thread-safe: loaded once, by the first caller; the functions are plain C pointers, and each
/// call works on buffers of its own.
struct Zstd: Sendable {
    typealias Compress = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int, Int32) -> Int
    typealias Decompress = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int) -> Int
    typealias Bound = @convention(c) (Int) -> Int
    typealias IsError = @convention(c) (Int) -> UInt32
    typealias ContentSize = @convention(c) (UnsafeRawPointer?, Int) -> UInt64

    let compressFunction: Compress
    let decompressFunction: Decompress
    let bound: Bound
    let isError: IsError
    let contentSize: ContentSize

    /// The library's file name: its soname, the same for every zstd 1.x.
    static let fileName = "libzstd.so.1"

    /// The functions, or why they cannot be had (``BudgetError/missingLibrary(name:reason:)``).
    static let shared: Result<Zstd, BudgetError> = load(fileName)

    /// The level entries are compressed at: zstd's fastest standard level. A million-row
    /// import's 104 MB of INSERTs become about 12 MB in about 0.2 s here.
    static let level: Int32 = 1

    /// Opens the library `fileName` and finds the functions in it.
    ///
    /// - Returns: the functions, or ``BudgetError/missingLibrary(name:reason:)`` with what the
    ///   dynamic loader said.
    static func load(_ fileName: String) -> Result<Zstd, BudgetError> {
        guard let library = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.missingLibrary(name: fileName, reason: loaderMessage()))
        }
        func function<F>(_ name: String, _: F.Type) throws(BudgetError) -> F {
            guard let address = dlsym(library, name) else { throw .missingLibrary(name: fileName, reason: loaderMessage()) }
            return unsafeBitCast(address, to: F.self)
        }
        do throws(BudgetError) {
            return .success(Zstd(compressFunction: try function("ZSTD_compress", Compress.self),
                                 decompressFunction: try function("ZSTD_decompress", Decompress.self),
                                 bound: try function("ZSTD_compressBound", Bound.self),
                                 isError: try function("ZSTD_isError", IsError.self),
                                 contentSize: try function("ZSTD_getFrameContentSize", ContentSize.self)))
        } catch {
            dlclose(library)
            return .failure(error)
        }
    }

    /// What the dynamic loader said about the last failure.
    private static func loaderMessage() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown error"
    }

    /// `bytes` as one zstd frame (which records its content size).
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_NOMEM` when zstd fails (it only fails to allocate).
    func compress(_ bytes: UnsafeRawBufferPointer) throws(SQLiteError) -> [UInt8] {
        let capacity = bound(bytes.count)
        var failed = false
        let frame = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let written = compressFunction(buffer.baseAddress, capacity, bytes.baseAddress, bytes.count, Zstd.level)
            failed = isError(written) != 0
            count = failed ? 0 : written
        }
        guard !failed else { throw Changeset.noMemory }
        return frame
    }

    /// The bytes of one zstd frame, which must say its content size and hold at most `limit`
    /// bytes: a frame from a damaged or hostile file never makes a larger allocation.
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_CORRUPT` for anything but one whole, valid frame of at
    ///   most `limit` bytes.
    func decompress(_ frame: [UInt8], limit: Int) throws(SQLiteError) -> [UInt8] {
        let size = frame.withUnsafeBytes { contentSize($0.baseAddress, $0.count) }
        // ZSTD_CONTENTSIZE_UNKNOWN and _ERROR are the two largest values, far above any limit.
        guard size <= UInt64(limit) else { throw Changeset.corrupt }
        let expected = Int(size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            let written = frame.withUnsafeBytes { decompressFunction(buffer.baseAddress, expected, $0.baseAddress, $0.count) }
            failed = isError(written) != 0 || written != expected
            count = failed ? 0 : written
        }
        guard !failed else { throw Changeset.corrupt }
        return bytes
    }
}
