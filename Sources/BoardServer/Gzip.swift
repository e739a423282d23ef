import CZlib

/// gzip (RFC 1952) through zlib, which the package already links to read workbooks.
/// Used once per feed version, never per request.
enum Gzip {
    /// The gzip encoding of `input`, or nil if zlib failed.
    static func compress(_ input: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 32)
        let produced: Int? = input.withUnsafeBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
                stream.avail_in = UInt32(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = UInt32(outBuf.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return nil }
                return Int(stream.total_out)
            }
        }
        guard let produced else { return nil }
        output.removeSubrange(produced...)
        return output
    }
}
