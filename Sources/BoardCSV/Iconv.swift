#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text conversion through the C library's iconv (Excel on Korean Windows saves CP949; old
/// Western files are Latin-1 or CP1252).
enum Iconv {
    enum Failure: Error, Equatable {
        case unknownEncoding
        /// The input is not valid in the source encoding at this byte offset.
        case invalidInput(Int)
    }

    static func convert(_ input: [UInt8], from: String, to: String) -> Result<[UInt8], Failure> {
        if input.isEmpty { return .success([]) }
        let cd = iconv_open(to, from)
        if cd == iconv_t(bitPattern: -1) { return .failure(.unknownEncoding) }
        defer { iconv_close(cd) }
        var output = [UInt8](repeating: 0, count: max(input.count * 3 / 2 + 16, 64))
        var produced = 0
        var consumed = 0
        var failure: Failure?
        var source = input
        source.withUnsafeMutableBufferPointer { inBuf in
            while true {
                var inPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuf.baseAddress!)
                    .advanced(by: consumed).assumingMemoryBound(to: CChar.self)
                var inLeft = inBuf.count - consumed
                let outCount = output.count
                let result: Int = output.withUnsafeMutableBytes { outBuf in
                    var outPtr: UnsafeMutablePointer<CChar>? = outBuf.baseAddress!.advanced(by: produced)
                        .assumingMemoryBound(to: CChar.self)
                    var outLeft = outCount - produced
                    let r = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                    produced = outCount - outLeft
                    return r
                }
                consumed = inBuf.count - inLeft
                if result != -1 && inLeft == 0 { break }
                if result == -1 && errno == E2BIG {
                    output.append(contentsOf: [UInt8](repeating: 0, count: output.count))
                    continue
                }
                if inLeft == 0 { break }
                failure = .invalidInput(consumed)
                break
            }
        }
        if let failure { return .failure(failure) }
        output.removeSubrange(produced...)
        return .success(output)
    }
}
