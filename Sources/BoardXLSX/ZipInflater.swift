import CZlib

/// Raw deflate (zip method 8) through zlib, from a part's compressed bytes in memory to
/// output chunks.
///
/// The stream has to end within the compressed bytes the directory records. ZIPFoundation
/// 0.9.20 read on until zlib said the stream had ended, and at the end of a file whose stream
/// did not end it read nothing forever (#17, Tests/FuzzFindings/xlsx-deflate-past-end.xlsx);
/// here running out of input, an error from zlib or a turn without progress is `ZipPartError`.
enum ZipInflater {
    /// Inflates `compressed`, handing each chunk of at most `chunkSize` bytes to `consume`
    /// (the chunk is only valid during the call). zlib takes the compressed bytes in windows
    /// of `window` bytes; `finished` gets each window once zlib is done with it.
    static func inflate(_ compressed: UnsafeRawBufferPointer, window: Int, chunkSize: Int,
                        finished: (UnsafeRawBufferPointer) -> Void,
                        _ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        var stream = z_stream()
        // Negative window bits: raw deflate, without zlib's header and trailer.
        let started = inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw ZipPartError.inflateFailed(started) }
        defer { inflateEnd(&stream) }
        let out = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { out.deallocate() }
        var fed = 0
        var current = UnsafeRawBufferPointer(start: nil, count: 0)
        defer { finished(current) }
        while true {
            if stream.avail_in == 0, fed < compressed.count {
                finished(current)
                // avail_in is 32-bit, so a window is at most 1 GiB whatever is asked.
                current = UnsafeRawBufferPointer(rebasing: compressed[fed..<(fed + min(compressed.count - fed, window, 1 << 30))])
                // zlib does not write through next_in; its header just lacks the const.
                stream.next_in = UnsafeMutablePointer(mutating: current.baseAddress!.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(current.count)
                fed += current.count
            }
            stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(chunkSize)
            let before = stream.avail_in
            let result = CZlib.inflate(&stream, Z_NO_FLUSH)
            let produced = chunkSize - Int(stream.avail_out)
            if produced > 0 { try consume(UnsafeRawBufferPointer(rebasing: out[..<produced])) }
            switch result {
            case Z_STREAM_END:
                return
            case Z_OK where produced > 0 || stream.avail_in != before:
                continue
            case Z_OK, Z_BUF_ERROR:
                // No progress with room for output: the input ran out before the stream ended.
                throw stream.avail_in == 0 && fed == compressed.count ? ZipPartError.cutShort : ZipPartError.inflateFailed(result)
            default:
                throw ZipPartError.inflateFailed(result)
            }
        }
    }
}
