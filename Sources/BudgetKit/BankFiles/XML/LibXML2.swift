import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// The libxml2 functions ``XMLParser`` calls, looked up in `libxml2.so.2` when the first XML
/// document of the process is read.
///
/// `budget` does not link libxml2: a linked libxml2 is loaded by every process, with ICU,
/// libstdc++, liblzma and zlib behind it, which cost each command about 2.5 ms of CPU (a third
/// of a `budget add`), though only reading OFX 2, QFX and CAMT files needs it. Loaded here, the
/// library stays for the rest of the process (it is never closed).
///
/// Thread-safe: loaded once, by the first reader to ask; the functions are plain C pointers.
struct LibXML2: Sendable {
    let createPushParser: clibxml2_create_push_parser
    let useOptions: clibxml2_use_options
    let parseChunk: clibxml2_parse_chunk
    let stopParser: clibxml2_stop_parser
    let lastError: clibxml2_last_error
    let lineNumber: clibxml2_line_number
    let freeParser: clibxml2_free_parser

    /// The library's file name: its soname, the same for every libxml2 2.x.
    static let fileName = "libxml2.so.2"

    /// The functions, or why they cannot be had (``BudgetError/missingLibrary(name:reason:)``).
    static let shared: Result<LibXML2, BudgetError> = load(fileName)

    /// Opens the library `fileName` and finds the functions in it.
    ///
    /// - Returns: the functions, or ``BudgetError/missingLibrary(name:reason:)`` with what the
    ///   dynamic loader said (no such file, a function missing).
    static func load(_ fileName: String) -> Result<LibXML2, BudgetError> {
        guard let library = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.missingLibrary(name: fileName, reason: loaderMessage()))
        }
        func function<F>(_ name: String, _: F.Type) throws(BudgetError) -> F {
            guard let address = dlsym(library, name) else { throw .missingLibrary(name: fileName, reason: loaderMessage()) }
            return unsafeBitCast(address, to: F.self)
        }
        do throws(BudgetError) {
            return .success(LibXML2(
                createPushParser: try function("xmlCreatePushParserCtxt", clibxml2_create_push_parser.self),
                useOptions: try function("xmlCtxtUseOptions", clibxml2_use_options.self),
                parseChunk: try function("xmlParseChunk", clibxml2_parse_chunk.self),
                stopParser: try function("xmlStopParser", clibxml2_stop_parser.self),
                lastError: try function("xmlCtxtGetLastError", clibxml2_last_error.self),
                lineNumber: try function("xmlSAX2GetLineNumber", clibxml2_line_number.self),
                freeParser: try function("xmlFreeParserCtxt", clibxml2_free_parser.self)))
        } catch {
            dlclose(library)
            return .failure(error)
        }
    }

    /// What the dynamic loader said about the last failure.
    private static func loaderMessage() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown error"
    }
}
