#if canImport(Glibc)
import Glibc
#endif

/// One iconv conversion descriptor, from an encoding to UTF-8, closed when released.
///
/// Not thread-safe: iconv keeps shift state in the descriptor.
final class IconvConverter {
    private let descriptor: iconv_t

    /// Opens a descriptor; glibc knows every ``TextEncoding``, so failing is a broken C library.
    init(from encoding: TextEncoding) throws {
        let opened = iconv_open("UTF-8", encoding.iconvName)
        precondition(opened != iconv_t(bitPattern: -1), "iconv cannot convert from \(encoding.iconvName)")
        descriptor = opened!
    }

    deinit { iconv_close(descriptor) }

    /// The result of one conversion: the UTF-8, how many input bytes it used, and whether it
    /// stopped at an invalid sequence (else the unused bytes, if any, are a cut-off character).
    struct Result {
        var output: [UInt8]
        var consumed: Int
        var invalid: Bool
    }

    /// Converts as much of `input` as forms whole characters.
    /// - Complexity: O(n); the output is at most three bytes per input byte.
    func convert(_ input: [UInt8]) -> Result {
        // Windows-1252 and Latin-1 take up to 3 bytes of UTF-8 per byte; UTF-16, 3 per 2 bytes.
        var output = [UInt8](repeating: 0, count: input.count * 3 + 4)
        var inputLeft = input.count
        var outputLeft = output.count
        var invalid = false
        var input = input
        input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                while inputLeft > 0 {
                    if iconv(descriptor, &inPointer, &inputLeft, &outPointer, &outputLeft) != -1 { continue }
                    // EINVAL: a cut-off character; EILSEQ: an invalid one. E2BIG cannot happen.
                    invalid = errno == EILSEQ
                    break
                }
            }
        }
        output.removeLast(outputLeft)
        return Result(output: output, consumed: input.count - inputLeft, invalid: invalid)
    }
}

@available(*, unavailable)
extension IconvConverter: Sendable {}
